/**
 * The decision service behind `gavel serve` and `gavel mcp`: action review with a policy loaded once and
 * reloaded on demand, instead of once per call as a hook does. Takes a request as `gavel check` reads it
 * (gavel's shape or a `tool_name` payload through the adapter the caller passes in), judges every target, keeps
 * the strictest, records one audit line naming the client, and returns the Decision.
 * Reload (ADR 0028): a reload that fails validation keeps the last valid policy, and every decision made
 * meanwhile names it (its version and sha256) and carries detail `stalePolicy: true`; with `fail-closed`, or
 * with no valid policy ever loaded, every request is a deny with the loader's basis. Decides nothing itself.
 * Fail closed: an unreadable request is a deny (`invalid-input`), a line that cannot be written a deny
 * (`internal-error`), anything thrown a deny (`internal-error`).
 */

import { closeAuditLogs } from '../../audit';
import { type AdaptToolCall, type BreakerStore, checkTargets, parseRequest } from '../../check';
import { type Basis, type Clock, type Decision, decide, NO_POLICY } from '../../core';
import type { RunShared } from '../../model';
import { type AuditSink, auditLogFor, checkMeta, recordOrDeny } from '../check/audit-seam';
import { recordJudged } from '../check/judge-call';
import { loadRuntime, type Runtime } from '../check/load-runtime';
import { withClient } from './client-detail';

type Loaded = Extract<Runtime, { ok: true }>;

/** Distinct request folders whose project root is remembered, per loaded policy. */
export const ROOT_CACHE_SIZE = 1024;

/**
 * What one loaded policy answers the same for every request, computed once instead of per request: the
 * project root of each request folder (a walk up the tree, remembered for at most ROOT_CACHE_SIZE folders, the
 * oldest forgotten first) and the decision log's path. A reload builds a new one, so a `.git` or `gavel.toml`
 * made since is seen then (or on SIGHUP).
 */
interface Prepared {
  runtime: Loaded;
  defaults: Loaded['defaults'];
  logFile: string;
}

function prepare(runtime: Loaded, cwd: string, env: CheckServiceOptions['env']): Prepared {
  const roots = new Map<string, string[]>();
  const workspaceRoots = (folder: string): string[] => {
    const known = roots.get(folder);
    if (known) return known;
    const found = runtime.defaults.workspaceRoots(folder);
    if (roots.size >= ROOT_CACHE_SIZE) {
      const oldest = roots.keys().next().value;
      if (oldest !== undefined) roots.delete(oldest);
    }
    roots.set(folder, found);
    return found;
  };
  return {
    runtime,
    defaults: { ...runtime.defaults, workspaceRoots },
    logFile: auditLogFor(runtime, cwd, env),
  };
}

export interface CheckServiceOptions {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  clock: Clock;
  audit: AuditSink;
  /** The audit line's `kind`: `http`, `mcp`. */
  kind: string;
  /** Reads `{tool_name, tool_input}` payloads (the CLI passes Claude Code's adapter). */
  adaptToolCall?: AdaptToolCall;
  rulesDir?: string;
  /** `[serve] on_reload_error`: keep the last valid policy (default), or deny everything until fixed. */
  onReloadError?: 'keep-last' | 'fail-closed';
  /** `[serve] redis_url`: the reviewer's breaker store shared by every replica. */
  openBreaker?: () => BreakerStore;
  /** `[serve] redis_url`: the reviewer's reply cache and run caps shared by every replica of a policy. */
  sharedRun?: (policySha256: string) => RunShared;
}

/** Who asked: the token's name, recorded in the audit line (never the token). */
export interface Caller {
  client?: string;
  runId?: string;
}

export interface Served {
  decision: Decision;
  suggestions: string[];
}

export type ReloadResult =
  | { ok: true; policy: Decision['policy'] }
  | { ok: false; basis: Extract<Basis, 'rules-invalid' | 'config-invalid'>; problem: string; kept: boolean };

export interface CheckService {
  check(json: unknown, caller: Caller): Promise<Served>;
  /** Loads the config and rules again; on failure the last valid policy stays (see the header). */
  reload(): Promise<ReloadResult>;
  /** The policy in force, or undefined when none ever loaded. */
  policy(): Decision['policy'] | undefined;
  /** True while a reload has failed and the last valid policy serves. */
  stale(): boolean;
  /** Records a deny the surface answered before judging (timeout, unreadable body). */
  recordDeny(
    basis: Extract<Basis, 'timeout' | 'invalid-input' | 'internal-error'>,
    reason: string,
    caller: Caller,
  ): Decision;
  close(): void;
}

export async function openCheckService(options: CheckServiceOptions): Promise<CheckService> {
  let current: Prepared | undefined;
  let lastProblem: { basis: Extract<Basis, 'rules-invalid' | 'config-invalid'>; problem: string } | undefined;
  let isStale = false;
  const retired: Prepared[] = [];

  const load = async (): Promise<ReloadResult> => {
    const next = await loadRuntime({
      cwd: options.cwd,
      env: options.env,
      clock: options.clock,
      ...(options.rulesDir ? { rulesDir: options.rulesDir } : {}),
      ...(options.openBreaker ? { openBreaker: options.openBreaker } : {}),
      ...(options.sharedRun ? { sharedRun: options.sharedRun } : {}),
    });
    if (!next.ok) {
      lastProblem = { basis: next.basis, problem: next.problem };
      if (options.onReloadError === 'fail-closed' && current) {
        retired.push(current);
        current = undefined;
      }
      isStale = current !== undefined;
      return { ok: false, basis: next.basis, problem: next.problem, kept: current !== undefined };
    }
    // The old runtime's reviewer may still be finishing a call: closed on shutdown, not here.
    if (current) retired.push(current);
    current = prepare(next, options.cwd, options.env);
    isStale = false;
    lastProblem = undefined;
    return { ok: true, policy: next.deps.policy.ref };
  };
  await load();

  const denyNow = (basis: Basis, reason: string, caller: Caller, policy = NO_POLICY): Decision => {
    const d = decide({ verdict: 'deny', basis, reason, policy });
    const logFile = current?.logFile ?? auditLogFor(undefined, options.cwd, options.env);
    const m = checkMeta({ kind: options.kind, logFile, subject: options.kind, runId: caller.runId });
    m.detail = withClient({}, caller.client, isStale);
    return recordOrDeny(options.audit, d, m);
  };

  const judge = async (json: unknown, caller: Caller, prepared: Prepared): Promise<Served> => {
    const { runtime } = prepared;
    const parsed = parseRequest(json, {
      ...prepared.defaults,
      ...(options.adaptToolCall ? { adaptToolCall: options.adaptToolCall } : {}),
    });
    if (!parsed.ok) {
      // A fixed reason: the parser's problem can quote what the request held.
      const d = denyNow(
        'invalid-input',
        'unreadable request: not a tool call gavel reads',
        caller,
        runtime.deps.policy.ref,
      );
      return { decision: d, suggestions: [] };
    }
    // INVARIANT: a request with no target is never an allow.
    if (parsed.requests.length === 0) {
      const d = denyNow(
        'invalid-input',
        'the request names nothing to judge',
        caller,
        runtime.deps.policy.ref,
      );
      return { decision: d, suggestions: [] };
    }
    const worst = await checkTargets(parsed.requests, runtime.deps, runtime.deps.policy.ref);
    return recordJudged(worst, parsed.requests, runtime, options.audit, {
      kind: options.kind,
      logFile: prepared.logFile,
      subject: options.kind,
      runId: caller.runId,
      detail: (reviewer) => withClient(reviewer ?? {}, caller.client, isStale),
    });
  };

  return {
    async check(json, caller) {
      const prepared = current;
      if (!prepared) {
        const why = lastProblem ?? { basis: 'config-invalid' as const, problem: 'no policy is loaded' };
        return {
          decision: denyNow(why.basis, `gavel cannot judge: ${why.problem}`, caller),
          suggestions: [],
        };
      }
      try {
        return await judge(json, caller, prepared);
      } catch {
        const reason = 'internal error while judging the request; it is denied';
        return {
          decision: denyNow('internal-error', reason, caller, prepared.runtime.deps.policy.ref),
          suggestions: [],
        };
      }
    },
    reload: load,
    policy: () => current?.runtime.deps.policy.ref,
    stale: () => isStale,
    recordDeny: (basis, reason, caller) => denyNow(basis, reason, caller, current?.runtime.deps.policy.ref),
    close() {
      for (const r of [...retired, ...(current ? [current] : [])]) r.runtime.review?.close();
      retired.length = 0;
      // Lines are written synchronously: closing the kept descriptors is all a shutdown owes the log.
      closeAuditLogs();
    },
  };
}
