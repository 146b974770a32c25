/**
 * `gavel serve`: the decision service over HTTP (docs/serve.md), and `gavel serve token add|remove|list` for
 * its bearer tokens. Composes the runtime's check service, the harness hooks and the HTTP surface; decides
 * nothing itself. Refuses to listen anywhere but loopback without a token. Runs until SIGTERM or SIGINT, then
 * stops accepting, lets the decisions in flight finish and exits 0. A change to the config, rule or token files
 * (or SIGHUP) reloads them; a reload that fails follows `[serve] on_reload_error` (ADR 0028).
 */

import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { openOtlpExport } from '../../../audit';
import { formatProblem, loadConfig, userConfigDir } from '../../../config';
import { type Decision, EXIT, UsageError, verdictRank } from '../../../core';
import {
  type AuditSink,
  answerQuestion,
  BUILD_ID,
  faultFrom,
  fileAuditSink,
  findRulesDir,
  hookReviewBound,
  openCheckService,
  openRedisBreakerStore,
  openRedisRunState,
  openRuntimeCache,
  RULE_FILES,
  type RuntimeCache,
  watchFiles,
} from '../../../runtime';
import {
  fromClaudeCode,
  type HookSocket,
  harnessNamed,
  runHarnessHook,
  type SocketAnswer,
  type SocketFrame,
  socketDir,
  startHookSocket,
} from '../../harness';
import {
  addToken,
  balanceConnections,
  decisionApp,
  isLoopback,
  Metrics,
  parseListen,
  readTokens,
  relayWorkerMetrics,
  removeToken,
  type StoredToken,
  startServer,
  takeHandedConnections,
  tokensInForce,
  tokensPath,
  workerMetrics,
} from '../../http';
import type { CommandContext, CommandSpec, ParsedArgs } from '../command';

function tokenCommand(ctx: CommandContext, args: ParsedArgs): number {
  const [, verb, name] = args.positionals;
  const file = tokensPath(userConfigDir(ctx.env));
  if (verb === 'list' && name === undefined) {
    const read = readTokens(file);
    if (!read.ok) {
      ctx.stderr.write(`gavel serve: ${read.problem}\n`);
      return EXIT.configInvalid;
    }
    for (const t of read.tokens) ctx.stdout.write(`${t.name}\n`);
    return EXIT.ok;
  }
  if ((verb === 'add' || verb === 'remove') && name !== undefined && args.positionals.length === 3) {
    const done = verb === 'add' ? addToken(file, name) : removeToken(file, name);
    if (!done.ok) {
      ctx.stderr.write(`gavel serve: ${done.problem}\n`);
      return done.problem.startsWith('token name') ? EXIT.usage : EXIT.configInvalid;
    }
    if ('secret' in done) {
      ctx.stdout.write(`${done.secret}\n`);
      ctx.stderr.write(
        `gavel serve: token \`${name}\` stored as a hash in \`${file}\`; the secret above is shown once\n`,
      );
    } else if (!done.removed) {
      ctx.stderr.write(`gavel serve: no token named \`${name}\`\n`);
      return EXIT.usage;
    }
    return EXIT.ok;
  }
  throw new UsageError('usage: gavel serve token add NAME | remove NAME | list');
}

const REFUSED: SocketAnswer = { v: 1, ok: false };

/**
 * One hook call handed over the socket: answered only with a runtime kept for the call's project, environment
 * and unchanged files, as the hook would load it. Not yet loaded, changed since, a model review configured
 * (which could outlast the client's short wait and then be paid twice) or a test fault: refused, and the
 * hook decides in its own process.
 */
async function answerOverSocket(
  frame: SocketFrame,
  runtimes: RuntimeCache,
  io: { clock: CommandContext['clock']; audit: AuditSink },
): Promise<SocketAnswer> {
  const adapter = harnessNamed(frame.harness);
  if (!adapter || faultFrom(frame.env)) return REFUSED;
  const call = adapter.readCall(frame.stdin, frame.env);
  if (typeof call === 'string') return REFUSED;
  const kept = runtimes.peek(call.cwd, frame.env);
  if (kept.state !== 'fresh' || (kept.runtime.ok && kept.runtime.review)) return REFUSED;
  const reply = await runHarnessHook(adapter, frame.stdin, {
    env: frame.env,
    clock: io.clock,
    audit: io.audit,
    cwd: frame.cwd,
    runtime: async () => kept.runtime,
  });
  return { v: 1, ok: true, exitCode: reply.exitCode, stdout: reply.stdout, stderr: reply.stderr };
}

/**
 * Set by the primary in the environment of the one worker that answers the hook socket (`1`), else `0`. Not
 * named `GAVEL_*`: the config refuses GAVEL_ variables it does not know.
 */
const SOCKET_WORKER = 'GVL_SERVE_SOCKET_WORKER';
/** Set in a worker's environment: the public port, whose connections the primary hands to the workers. */
const HANDED_PORT = 'GVL_SERVE_HANDED_PORT';

/** Most worker processes `--workers` starts, and how often the primary starts a new one for one that died. */
const MAX_WORKERS = 64;
const MAX_RESTARTS = 10;

/**
 * `--workers`: absent is 1 (one process, no cluster); `auto` is one per core this process may use
 * (availableParallelism, at most MAX_WORKERS; on one core, one process); else a whole number. Undefined: refused.
 */
function workerCount(value: string | undefined): number | undefined {
  if (value === undefined) return 1;
  if (value === 'auto') return Math.min(MAX_WORKERS, Math.max(1, availableParallelism()));
  const n = Number(value);
  return /^\d+$/.test(value) && n >= 1 && n <= MAX_WORKERS ? n : undefined;
}

/**
 * `--workers N` (N > 1), the primary: listens itself and hands each connection to the worker holding the
 * fewest (connection-balancer.ts), starts N worker processes (node:cluster; each a whole service), starts
 * another for one that dies (at most MAX_RESTARTS times), passes SIGHUP on, and on SIGTERM or SIGINT stops
 * accepting, stops them all and exits once each has finished its decisions in flight. Audit lines
 * of all workers go to the same log: each line is one `write` on an O_APPEND descriptor, so lines never
 * interleave inside one another.
 */
async function superviseWorkers(
  ctx: CommandContext,
  n: number,
  listen: { host: string; port: number },
): Promise<number> {
  // The primary accepts and hands each connection to the worker holding the fewest (connection-balancer.ts).
  let balancer: Awaited<ReturnType<typeof balanceConnections>>;
  try {
    balancer = await balanceConnections(listen.host, listen.port);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    ctx.stderr.write(`gavel serve: cannot listen on \`${listen.host}:${listen.port}\` (${code})\n`);
    return EXIT.internal;
  }
  const workers = new Set<ReturnType<typeof cluster.fork>>();
  // One worker answers the hook socket (with --socket); the one started for it when it dies takes it over.
  let socketHolder: ReturnType<typeof cluster.fork> | undefined;
  const start = (holdsSocket: boolean) => {
    const w = cluster.fork({
      [SOCKET_WORKER]: holdsSocket ? '1' : '0',
      [HANDED_PORT]: String(balancer.port),
    });
    workers.add(w);
    if (holdsSocket) socketHolder = w;
    return w;
  };
  for (let i = 0; i < n; i++) start(i === 0);
  // GET /metrics in any worker answers the sum over all of them.
  const stopRelay = relayWorkerMetrics(() => workers);
  let restarts = 0;
  let stopping = false;
  return new Promise<number>((done) => {
    const onHup = () => {
      for (const w of workers) w.process.kill('SIGHUP');
    };
    const resolve = (code: number) => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      process.off('SIGHUP', onHup);
      stopRelay();
      cluster.removeAllListeners('exit');
      ctx.stderr.write(`gavel serve: ${n} workers stopped\n`);
      done(code);
    };
    const stop = () => {
      stopping = true;
      // Stop accepting first; each worker then finishes the connections it holds.
      void balancer.stop();
      for (const w of workers) w.process.kill('SIGTERM');
      if (workers.size === 0) resolve(EXIT.ok);
    };
    cluster.on('exit', (worker, code, signal) => {
      workers.delete(worker);
      if (stopping) {
        if (workers.size === 0) resolve(EXIT.ok);
        return;
      }
      ctx.stderr.write(`gavel serve: worker ${worker.id} exited (${code ?? signal})\n`);
      if (restarts < MAX_RESTARTS) {
        restarts += 1;
        start(worker === socketHolder);
      } else if (workers.size === 0) {
        void balancer.stop();
        resolve(EXIT.internal);
      }
    });
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    process.on('SIGHUP', onHup);
  });
}

async function serveCommandRun(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const loaded = loadConfig({ cwd: ctx.cwd, env: ctx.env });
  if (!loaded.ok) {
    ctx.stderr.write(`gavel serve: ${formatProblem(loaded.problem)}\n`);
    return EXIT.configInvalid;
  }
  const serveConfig = loaded.config.serve;
  const listen = parseListen((args.values.listen as string | undefined) ?? serveConfig.listen);
  if (!listen.ok) throw new UsageError(listen.problem);
  const tokenFile = tokensPath(userConfigDir(ctx.env));
  const stored = readTokens(tokenFile);
  if (!stored.ok) {
    ctx.stderr.write(`gavel serve: ${stored.problem}\n`);
    return EXIT.configInvalid;
  }
  let tokens: StoredToken[] = tokensInForce(stored.tokens, ctx.env.GAVEL_SERVE_TOKEN);
  if (tokens.length === 0 && !isLoopback(listen.host)) {
    ctx.stderr.write(
      `gavel serve: no token is configured, so it listens on loopback only, not \`${listen.host}\`; add one with \`gavel serve token add NAME\` or set GAVEL_SERVE_TOKEN\n`,
    );
    return EXIT.usage;
  }
  const workers = workerCount(args.values.workers as string | undefined);
  if (workers === undefined)
    throw new UsageError(`\`--workers\` must be \`auto\` or a whole number from 1 to ${MAX_WORKERS}`);
  if (workers > 1 && cluster.isPrimary) return superviseWorkers(ctx, workers, listen);
  const otlpEndpoint = loaded.config.audit.otlp_endpoint;
  const otlp = otlpEndpoint ? openOtlpExport(otlpEndpoint, ctx.version) : undefined;
  const audit = fileAuditSink(ctx.clock, otlp ? (record) => otlp.emit(record) : undefined);
  const redisUrl = serveConfig.redis_url;
  const runState = redisUrl ? openRedisRunState({ url: redisUrl, clock: ctx.clock }) : undefined;
  const service = await openCheckService({
    cwd: ctx.cwd,
    env: ctx.env,
    clock: ctx.clock,
    audit,
    kind: 'http',
    adaptToolCall: fromClaudeCode,
    onReloadError: serveConfig.on_reload_error,
    ...(redisUrl ? { openBreaker: () => openRedisBreakerStore({ url: redisUrl }) } : {}),
    ...(runState ? { sharedRun: (sha: string) => runState.sharedRun(sha) } : {}),
  });
  const metrics = new Metrics();
  // A worker's /metrics is the sum over every worker (the primary gathers them).
  const allMetrics = cluster.isWorker
    ? workerMetrics(() => metrics.snapshot({ stalePolicy: service.stale(), inFlight: app.inFlight() }))
    : undefined;
  // Hook calls (`/v1/hook/<harness>`, the socket) keep the runtime of each project between calls.
  const hookRuntimes = openRuntimeCache({ clock: ctx.clock, maxReviewMs: hookReviewBound });
  const hookIo = {
    env: ctx.env,
    clock: ctx.clock,
    audit,
    cwd: ctx.cwd,
    runtime: (cwd: string) => hookRuntimes.get(cwd, ctx.env),
  };
  const app = decisionApp({
    service,
    tokens: () => tokens,
    hook: (name, payload) => {
      const adapter = harnessNamed(name);
      if (!adapter) return undefined;
      // The decisions this call records, kept (the strictest) for /metrics.
      let decided: Decision | undefined;
      const seen: AuditSink = (decision, meta) => {
        if (!decided || verdictRank(decision.verdict) > verdictRank(decided.verdict)) decided = decision;
        return audit(decision, meta);
      };
      return runHarnessHook(adapter, payload, { ...hookIo, audit: seen }).then((reply) => ({
        ...reply,
        ...(decided ? { decision: decided } : {}),
      }));
    },
    // A question as `gavel ask` reads it, with the user's model settings; an ad-hoc run of one question.
    ask: async (json) => {
      const run = await answerQuestion({
        cwd: ctx.cwd,
        env: ctx.env,
        clock: ctx.clock,
        notice: () => {},
        text: JSON.stringify(json),
        model: { estimate: false },
      });
      const a = run.answer;
      return { ...a.decision, mode: a.mode, kind: a.kind, disposition: a.disposition };
    },
    metrics,
    ...(allMetrics ? { allMetrics } : {}),
    maxBodyBytes: serveConfig.max_body_bytes,
    timeoutMs: serveConfig.request_timeout_ms,
  });
  const reload = async () => {
    const r = await service.reload();
    const again = readTokens(tokenFile);
    if (again.ok) tokens = tokensInForce(again.tokens, ctx.env.GAVEL_SERVE_TOKEN);
    if (r.ok) {
      ctx.stderr.write(
        `gavel serve: reloaded, policy v${r.policy.version} ${r.policy.sha256.slice(0, 12)}\n`,
      );
    } else {
      metrics.reloadFailed();
      ctx.stderr.write(
        `gavel serve: reload failed, ${r.kept ? 'the last valid policy serves' : 'every request is denied'}: ${r.problem}\n`,
      );
    }
  };
  const rulesDir = findRulesDir();
  const unwatch = watchFiles(
    [
      loaded.files.user,
      loaded.files.project,
      ...loaded.files.outer,
      tokenFile,
      ...(rulesDir ? RULE_FILES.map((f) => join(rulesDir, f)) : []),
    ],
    () => void reload(),
  );
  let socket: HookSocket | undefined;
  // With workers, one answers the hook socket (docs/serve.md, "Workers": why one), and its replacement after it.
  if (args.values.socket === true && (cluster.isPrimary || ctx.env[SOCKET_WORKER] === '1')) {
    const uid = process.getuid?.();
    const opened =
      BUILD_ID && uid !== undefined
        ? await startHookSocket({
            dir: socketDir(ctx.env, uid),
            buildId: BUILD_ID,
            answer: (frame) => answerOverSocket(frame, hookRuntimes, { clock: ctx.clock, audit }),
          }).catch((error: Error) => error.message)
        : 'the hook socket needs a built gavel (`npm run build`) on a system with user ids';
    if (typeof opened === 'string') {
      unwatch();
      hookRuntimes.close();
      service.close();
      runState?.close();
      await otlp?.shutdown();
      ctx.stderr.write(`gavel serve: ${opened}\n`);
      return EXIT.usage;
    }
    socket = opened;
  }
  let started: Awaited<ReturnType<typeof startServer>>;
  // A worker of --workers gets its connections from the primary, and binds only a loopback port of its own
  // (what gives its server the timeouts and the connection tracking a graceful stop needs).
  const handedPort = cluster.isWorker ? Number(ctx.env[HANDED_PORT] ?? '') : 0;
  let stopTaking: (() => void) | undefined;
  try {
    const timeouts = {
      headersMs: Math.min(serveConfig.request_timeout_ms, 10_000),
      requestMs: serveConfig.request_timeout_ms + 1_000,
    };
    started =
      handedPort > 0
        ? await startServer(app, '127.0.0.1', 0, timeouts, true)
        : await startServer(app, listen.host, listen.port, timeouts);
    if (handedPort > 0) stopTaking = takeHandedConnections(started.adopt);
  } catch (error) {
    unwatch();
    await socket?.stop();
    hookRuntimes.close();
    service.close();
    runState?.close();
    await otlp?.shutdown();
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    ctx.stderr.write(`gavel serve: cannot listen on \`${listen.host}:${listen.port}\` (${code})\n`);
    return EXIT.internal;
  }
  const policy = service.policy();
  const host = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
  // The one place a command waits for signals: the service runs until it is told to stop.
  return new Promise<number>((resolve) => {
    const onHup = () => void reload();
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      process.off('SIGHUP', onHup);
      unwatch();
      stopTaking?.();
      void Promise.all([started.stop(serveConfig.request_timeout_ms + 1_000), socket?.stop()]).then(
        async () => {
          hookRuntimes.close();
          service.close();
          runState?.close();
          await otlp?.shutdown();
          ctx.stderr.write('gavel serve: stopped\n');
          // A worker's channel to the primary would keep it alive.
          if (cluster.isWorker) cluster.worker?.disconnect();
          resolve(EXIT.ok);
        },
      );
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    process.on('SIGHUP', onHup);
    // Said once the signals are handled: whoever waits for this line may stop the service at once.
    ctx.stderr.write(
      `gavel serve: listening on http://${host}:${handedPort > 0 ? handedPort : started.port} (${tokens.length === 0 ? 'loopback, no token' : `${tokens.length} token(s)`}; ${policy ? `policy v${policy.version} ${policy.sha256.slice(0, 12)}` : 'no valid policy: every request is denied'}; ${redisUrl ? 'shared state in redis' : 'local state'}${otlp ? '; audit also to otlp' : ''}${socket ? `; hook socket ${socket.paths.socket}` : ''}${cluster.isWorker ? `; worker pid ${process.pid}` : ''})\n`,
    );
  });
}

export const serveCommand: CommandSpec = {
  name: 'serve',
  summary: 'run the decision service over HTTP (POST /v1/check, /v1/hook/<harness>); `serve token add NAME`',
  usage:
    'gavel serve [--listen HOST:PORT] [--workers N|auto] [--socket] | gavel serve token add NAME | remove NAME | list',
  description:
    'Answers `POST /v1/check` (the body `gavel check` reads; the Decision as JSON), `POST /v1/hook/<harness>` (the harness hook payload; its reply), `GET /healthz` and `GET /metrics` (Prometheus text). With tokens (`gavel serve token add NAME` prints the secret once and stores its hash in the user config folder; GAVEL_SERVE_TOKEN holds one more, named `env`) every request but /healthz needs `Authorization: Bearer <secret>`, and the token name is recorded in each audit line; without any it listens on loopback only. Bodies are bounded by `[serve] max_body_bytes`, requests by `[serve] request_timeout_ms` (then a deny, basis `timeout`). SIGHUP reloads config and rules; SIGTERM stops accepting, finishes the decisions in flight and exits 0. See docs/serve.md.',
  options: {
    listen: {
      type: 'string',
      valueName: 'HOST:PORT',
      description: 'where to listen (default `[serve] listen`, 127.0.0.1:8787)',
    },
    workers: {
      type: 'string',
      valueName: 'N|auto',
      description:
        'run N worker processes sharing the port; `auto`: one per core (default 1: one process, one core)',
    },
    socket: {
      type: 'boolean',
      description:
        'also answer hook calls of this user on a unix socket (the fast path, docs/serve.md; ADR 0040)',
    },
  },
  positionals: [
    {
      name: 'token',
      description: '`token add NAME`, `token remove NAME` or `token list`',
      optional: true,
      multiple: true,
    },
  ],
  exits: [EXIT.ok, EXIT.internal, EXIT.usage, EXIT.configInvalid],
  examples: [
    'gavel serve',
    'gavel serve token add ci-runner',
    'GAVEL_SERVE_TOKEN=... gavel serve --listen 0.0.0.0:8787',
  ],
  async run(ctx, args) {
    if (args.positionals[0] === 'token') return tokenCommand(ctx, args);
    if (args.positionals.length > 0) throw new UsageError(`unknown argument \`${args.positionals[0]}\``);
    return serveCommandRun(ctx, args);
  },
};

export default serveCommand;
