/**
 * The routes of `gavel serve` as a hono app: POST /v1/check (the body `gavel check` reads, the Decision as
 * JSON), POST /v1/ask (a question as `gavel ask` reads it, when an asker is given), POST /v1/hook/<harness>
 * (the harness's hook payload, its reply), GET /healthz, GET /metrics. Translates HTTP and decides nothing:
 * every decision comes from the services passed in.
 * Fail closed: a missing or wrong bearer token is 401 with no detail; a body over the bound is 413 and a body
 * that is not JSON 400, both with a recorded deny; a request that runs past its time is answered with a deny
 * (basis `timeout`, recorded) and status 503; anything thrown is a 500 with a recorded deny.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Context, Hono } from 'hono';
import type { Decision } from '../../core';
import type { Caller, CheckService, Served } from '../../runtime';
import { deadlineQueue } from './deadline-queue';
import type { Metrics } from './metrics';
import { type BodyRead, readBody, readIncoming } from './read-body';
import { type StoredToken, tokenNamed } from './token-store';

/** What a hook process would print and exit with, carried over HTTP. */
export interface HookAnswer {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** The strictest decision the hook recorded, counted in /metrics; absent when it judged nothing. */
  decision?: Decision;
}

export interface AppDeps {
  service: CheckService;
  /** The tokens in force; none means open (the caller has checked the address is loopback). */
  tokens: () => readonly StoredToken[];
  /** Runs a harness's hook on a payload; undefined for a harness gavel does not know. */
  hook?: (harness: string, payload: string) => Promise<HookAnswer> | undefined;
  /** Answers a policy question (`POST /v1/ask`); absent: 404. */
  ask?: (json: unknown, caller: Caller) => Promise<Decision>;
  metrics: Metrics;
  /** With workers: /metrics as the sum over every worker (worker-metrics.ts); undefined when not gathered. */
  allMetrics?: () => Promise<string | undefined>;
  maxBodyBytes: number;
  timeoutMs: number;
}

const CLOSE = { connection: 'close' } as const;
const JSON_TYPE = { 'content-type': 'application/json' } as const;

interface CheckAnswer {
  status: number;
  /** The Decision and its suggestions, as JSON text. */
  text: string;
  close: boolean;
}

const TIMEOUT_REASON = 'the decision did not finish in time; the request is denied';

export interface DecisionApp {
  /** `env` is what @hono/node-server passes: the Node request, whose body is then read without web streams. */
  fetch: (request: Request, env?: NodeEnv) => Response | Promise<Response>;
  /** POST /v1/check on Node's own request and response (the lean route; see start-server.ts). */
  checkNode: (incoming: IncomingMessage, outgoing: ServerResponse) => void;
  inFlight: () => number;
}

export interface NodeEnv {
  incoming?: IncomingMessage;
}

type AppEnv = { Bindings: NodeEnv; Variables: { caller: Caller } };

export function decisionApp(deps: AppDeps): DecisionApp {
  const app = new Hono<AppEnv>();
  let inFlight = 0;
  // Every request has the same time: one timer for all of them (deadline-queue.ts).
  const deadlines = deadlineQueue(deps.timeoutMs);
  const race = deadlines.race;
  const bodyOf = (c: Context<AppEnv>): Promise<BodyRead> => {
    const incoming = (c.env as NodeEnv | undefined)?.incoming;
    return incoming ? readIncoming(incoming, deps.maxBodyBytes) : readBody(c.req.raw, deps.maxBodyBytes);
  };

  /** The caller a bearer header names; undefined when tokens exist and it names none (401). */
  const callerOf = (header: string | undefined): Caller | undefined => {
    const tokens = deps.tokens();
    if (tokens.length === 0) return {};
    const m = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header ?? '');
    const name = m?.[1] ? tokenNamed(tokens, m[1]) : undefined;
    if (!name) {
      deps.metrics.refuse('unauthorized');
      return undefined;
    }
    return { client: name };
  };

  const answered = (served: Served, started: number): Served => {
    deps.metrics.observe(served.decision, performance.now() - started);
    return served;
  };

  /**
   * POST /v1/check, whichever way the request came in: the status, the answer's JSON text and whether the
   * connection must close (a body left unread). Every path ends in a recorded decision.
   */
  const answerCheck = async (caller: Caller, read: Promise<BodyRead>): Promise<CheckAnswer> => {
    const started = performance.now();
    inFlight += 1;
    try {
      const work = (async () => {
        const body = await read;
        if (!body.ok) {
          deps.metrics.refuse(body.why === 'too-large' ? 'too-large' : 'bad-request');
          const reason =
            body.why === 'too-large'
              ? `the request body is over ${deps.maxBodyBytes} bytes; it is denied`
              : 'the request body could not be read; it is denied';
          const d = deps.service.recordDeny('invalid-input', reason, caller);
          return { status: body.why === 'too-large' ? 413 : 400, served: { decision: d, suggestions: [] } };
        }
        let json: unknown;
        try {
          json = JSON.parse(body.text);
        } catch {
          deps.metrics.refuse('bad-request');
          const d = deps.service.recordDeny(
            'invalid-input',
            'the request is not valid JSON; it is denied',
            caller,
          );
          return { status: 400, served: { decision: d, suggestions: [] } };
        }
        return { status: 200, served: await deps.service.check(json, caller) };
      })();
      const r = await race(work);
      if (!r.done) {
        deps.metrics.refuse('timeout');
        const d = deps.service.recordDeny('timeout', TIMEOUT_REASON, caller);
        const s = answered({ decision: d, suggestions: [] }, started);
        return { status: 503, text: JSON.stringify({ ...s.decision, suggestions: [] }), close: true };
      }
      const s = answered(r.value.served, started);
      // A body left unread (over the bound) is not drained: the connection closes after the answer.
      return {
        status: r.value.status,
        text: JSON.stringify({ ...s.decision, suggestions: s.suggestions }),
        close: r.value.status !== 200,
      };
    } catch {
      const d = deps.service.recordDeny(
        'internal-error',
        'internal error while serving the request; it is denied',
        caller,
      );
      return { status: 500, text: JSON.stringify({ ...d, suggestions: [] }), close: false };
    } finally {
      inFlight -= 1;
    }
  };

  /**
   * The lean route: POST /v1/check straight from Node's request, with no framework routing and no web
   * Request or Response built; the answer's head and body go out in one write (a string body with its length).
   */
  const checkNode = (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    const caller = callerOf(incoming.headers.authorization);
    if (!caller) {
      outgoing.writeHead(401, { 'www-authenticate': 'Bearer', 'content-length': '0' });
      outgoing.end();
      return;
    }
    void answerCheck(caller, readIncoming(incoming, deps.maxBodyBytes))
      .then((a) => {
        const headers: Record<string, string | number> = {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(a.text),
        };
        if (a.close) headers.connection = 'close';
        outgoing.writeHead(a.status, headers);
        outgoing.end(a.text);
      })
      .catch(() => outgoing.destroy());
  };

  app.get('/healthz', (c) => {
    const policy = deps.service.policy();
    return c.json({ ok: policy !== undefined, stalePolicy: deps.service.stale() }, policy ? 200 : 503);
  });

  // Every route below needs a token when any is configured.
  app.use('*', async (c, next) => {
    const caller = callerOf(c.req.header('authorization'));
    if (!caller) return c.body(null, 401, { 'www-authenticate': 'Bearer' });
    c.set('caller', caller);
    return next();
  });

  app.get('/metrics', async (c) => {
    const own = { stalePolicy: deps.service.stale(), inFlight };
    // With workers, the sum over all of them; a worker that cannot gather them answers 503, never a part.
    const text = deps.allMetrics ? await deps.allMetrics() : deps.metrics.render(own);
    if (text === undefined) return c.text('metrics of the other workers did not arrive in time\n', 503);
    return c.text(text, 200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
  });

  app.post('/v1/check', async (c) => {
    const a = await answerCheck(c.get('caller'), bodyOf(c));
    return c.body(a.text, a.status as 200, a.close ? { ...JSON_TYPE, ...CLOSE } : JSON_TYPE);
  });

  app.post('/v1/ask', async (c) => {
    const ask = deps.ask;
    if (!ask) return c.json({ error: 'this server answers no policy questions' }, 404);
    const started = performance.now();
    const caller = c.get('caller');
    inFlight += 1;
    try {
      const body = await bodyOf(c);
      if (!body.ok) return c.json({ error: 'the request body is too large or unreadable' }, 413, CLOSE);
      let json: unknown;
      try {
        json = JSON.parse(body.text);
      } catch {
        return c.json({ error: 'the question is not valid JSON' }, 400);
      }
      const r = await race(ask(json, caller));
      const d = r.done ? r.value : deps.service.recordDeny('timeout', TIMEOUT_REASON, caller);
      deps.metrics.observe(d, performance.now() - started);
      return c.json(d, r.done ? 200 : 503);
    } finally {
      inFlight -= 1;
    }
  });

  app.post('/v1/hook/:harness', async (c) => {
    const hook = deps.hook;
    const harness = c.req.param('harness');
    const started = performance.now();
    inFlight += 1;
    try {
      const body = await bodyOf(c);
      const payload = body.ok ? body.text : '';
      // An unreadable or oversized payload is handed to the hook as empty: the harness's own block follows.
      const work = hook?.(harness, payload);
      if (!work) return c.json({ error: 'unknown harness' }, 404);
      const r = await race(work);
      const reply: HookAnswer = r.done
        ? r.value
        : {
            stdout: '',
            stderr: `gavel: ${TIMEOUT_REASON}\n`,
            exitCode: 2,
            decision: deps.service.recordDeny('timeout', TIMEOUT_REASON, c.get('caller')),
          };
      if (!r.done) deps.metrics.refuse('timeout');
      // Counted as /v1/check decisions are: by verdict and basis, with the time to answer.
      if (reply.decision) deps.metrics.observe(reply.decision, performance.now() - started);
      const headers = { 'x-gavel-exit-code': String(reply.exitCode), ...(body.ok ? {} : CLOSE) };
      // The harness's own answer when the hook answered on stdout; otherwise the exit code and stderr, which a
      // client must treat as a block whenever the exit code is not 0.
      if (reply.exitCode === 0)
        return c.body(reply.stdout, 200, { ...headers, 'content-type': 'application/json' });
      return c.json({ exit_code: reply.exitCode, stderr: reply.stderr }, 200, headers);
    } finally {
      inFlight -= 1;
    }
  });

  app.notFound((c) => c.json({ error: 'not found' }, 404));
  app.onError((_error, c) => c.json({ error: 'internal error' }, 500));
  return { fetch: (request, env) => app.fetch(request, env), checkNode, inFlight: () => inFlight };
}
