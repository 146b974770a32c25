/**
 * Loaded runtimes kept between hook calls by a long-lived process (`gavel serve`'s `/v1/hook/<harness>` and
 * its socket fast path), instead of loading config and rules on every call as a hook process does. A runtime
 * is keyed by the call's project root, the whole environment (hashed, never kept as text) and the stat
 * signature (device, inode, size, mtime and ctime in nanoseconds) of every file a load reads: the user
 * config, the project's and outer `gavel.toml` files and the bundled rule files. The key is computed afresh
 * for every call, so a changed file is seen on the next call. Reads file metadata; decides nothing.
 */

import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { findProjectRoot, outerProjectFiles, userConfigFile } from '../../config';
import type { Clock } from '../../core';
import { findRulesDir, loadRuntime, RULE_FILES, type Runtime } from './load-runtime';

/** Distinct (project, environment) pairs whose runtime is kept; the least recently used goes first. */
export const RUNTIME_CACHE_SIZE = 32;

type Env = Readonly<Record<string, string | undefined>>;

/** Where a call's runtime comes from: `slot` names the project and environment, `key` also the files. */
export interface ConfigKey {
  slot: string;
  key: string;
}

function statSignature(file: string): string {
  try {
    const s = statSync(file, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.mode}`;
  } catch (error) {
    return `absent:${(error as NodeJS.ErrnoException).code ?? 'error'}`;
  }
}

/** The environment as one digest: every variable, sorted, so a call with another env gets its own runtime. */
export function envDigest(env: Env): string {
  const hash = createHash('sha256');
  for (const name of Object.keys(env).sort()) {
    const value = env[name];
    if (value !== undefined) hash.update(name).update('\0').update(value).update('\0');
  }
  return hash.digest('hex');
}

/** The key of the runtime a call in `cwd` would load now. */
export function configKeyOf(cwd: string, env: Env, rulesDir: string | undefined): ConfigKey {
  const root = findProjectRoot(cwd);
  const slot = createHash('sha256').update(root).update('\0').update(envDigest(env)).digest('hex');
  const files = [
    userConfigFile(env),
    ...outerProjectFiles(root, env),
    join(root, 'gavel.toml'),
    ...(rulesDir ? RULE_FILES.map((f) => join(rulesDir, f)) : []),
  ];
  const hash = createHash('sha256').update(slot);
  for (const f of files) hash.update('\0').update(f).update('\0').update(statSignature(f));
  return { slot, key: hash.digest('hex') };
}

export type Cached =
  | { state: 'fresh'; runtime: Runtime }
  /** Nothing kept for this key yet (never loaded, or a file changed since): a load has been started. */
  | { state: 'loading' };

export interface RuntimeCache {
  /** The kept runtime for this call, when its files are unchanged; otherwise starts loading it. */
  peek(cwd: string, env: Env): Cached;
  /** The runtime for this call, loading it when needed. */
  get(cwd: string, env: Env): Promise<Runtime>;
  close(): void;
}

export interface RuntimeCacheOptions {
  clock: Clock;
  /** A bound on one model review (the hook's), from the call's env. */
  maxReviewMs: (env: Env) => number;
  rulesDir?: string;
}

interface Entry {
  key: string;
  runtime: Promise<Runtime>;
  settled?: Runtime;
}

export function openRuntimeCache(options: RuntimeCacheOptions): RuntimeCache {
  const rulesDir = options.rulesDir ?? findRulesDir();
  const entries = new Map<string, Entry>();
  // Replaced runtimes: their reviewer may still be finishing a call, so closed on close(), not when replaced.
  const retired: Runtime[] = [];

  const load = (cwd: string, env: Env, at: ConfigKey): Entry => {
    const old = entries.get(at.slot);
    if (old?.key === at.key) {
      entries.delete(at.slot);
      entries.set(at.slot, old);
      return old;
    }
    const entry: Entry = {
      key: at.key,
      runtime: loadRuntime({
        cwd,
        env,
        clock: options.clock,
        maxReviewMs: options.maxReviewMs(env),
        ...(rulesDir ? { rulesDir } : {}),
      }),
    };
    void entry.runtime.then(
      (r) => {
        entry.settled = r;
      },
      () => {
        // A load that throws is not kept: the next call loads again.
        if (entries.get(at.slot) === entry) entries.delete(at.slot);
      },
    );
    if (old?.settled?.ok) retired.push(old.settled);
    entries.delete(at.slot);
    entries.set(at.slot, entry);
    if (entries.size > RUNTIME_CACHE_SIZE) {
      const [oldest] = entries;
      if (oldest) {
        entries.delete(oldest[0]);
        if (oldest[1].settled?.ok) retired.push(oldest[1].settled);
      }
    }
    return entry;
  };

  return {
    peek(cwd, env) {
      const at = configKeyOf(cwd, env, rulesDir);
      const kept = entries.get(at.slot);
      if (kept?.key === at.key && kept.settled) return { state: 'fresh', runtime: kept.settled };
      load(cwd, env, at);
      return { state: 'loading' };
    },
    get(cwd, env) {
      return load(cwd, env, configKeyOf(cwd, env, rulesDir)).runtime;
    },
    close() {
      for (const e of entries.values()) if (e.settled?.ok) e.settled.review?.close();
      for (const r of retired) if (r.ok) r.review?.close();
      entries.clear();
      retired.length = 0;
    },
  };
}
