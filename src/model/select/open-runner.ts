/**
 * Wraps a run's client in the runner with the user's caps, limits and cache. The cache is only an
 * optimisation: one that cannot be opened safely (a secret others can read) is skipped and said so
 * in `notices`, never half used.
 */

import type { Clock } from '../../core';
import { type CacheMode, type CacheOpener, NO_CACHE, openResponseCache } from '../cache/response-cache';
import type { ModelCatalog } from '../catalog/model-catalog';
import type { ModelClient } from '../client';
import { createModelRunner, type ModelRunner } from '../run/model-runner';
import type { RunCaps, SharedCaps } from '../run/run-budget';

/** What the decision service's replicas share (`[serve] redis_url`): the reply cache and the run's caps. */
export interface RunShared {
  openCache?: CacheOpener;
  caps?: SharedCaps;
}

export interface RunSettings {
  caps: RunCaps;
  concurrency: number;
  rpm: number;
  cacheMode: CacheMode;
  /** `userCacheDir(env, home)` unless the caller knows better. */
  cacheDir: string;
  estimate: boolean;
  clock: Clock;
  shared?: RunShared;
}

export function openRunner(
  client: ModelClient,
  catalog: ModelCatalog,
  settings: RunSettings,
): { runner: ModelRunner; notices: string[] } {
  const notices: string[] = [];
  let cache = NO_CACHE;
  // Scripted replies are test data: caching them would let one eval case answer another.
  const cacheable = client.provider !== 'scripted' && client.provider !== 'replay';
  if (settings.cacheMode !== 'off' && cacheable && !settings.estimate) {
    const open = settings.shared?.openCache ?? openResponseCache;
    const opened = open({
      dir: settings.cacheDir,
      clock: settings.clock,
      mode: settings.cacheMode,
    });
    if (opened.ok) cache = opened.cache;
    else notices.push(`reply cache not used: ${opened.problem}`);
  }
  const runner = createModelRunner({
    client,
    catalog,
    clock: settings.clock,
    caps: settings.caps,
    concurrency: settings.concurrency,
    rpm: settings.rpm,
    cache,
    estimate: settings.estimate,
    ...(settings.shared?.caps ? { sharedCaps: settings.shared.caps } : {}),
  });
  return { runner, notices };
}
