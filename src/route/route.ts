/**
 * `route()`: the library entry. Resolves the range in a real git repository, collects the change's facts
 * and routes them. Git, the clock and all parsed inputs are passed in; reads no file itself and no
 * environment.
 */

import type { Clock } from '../core';
import { collectChange } from './git/collect-change';
import type { GitRunner } from './git/git-runner';
import { resolveRange } from './git/resolve-range';
import { routeChange } from './route-change';
import type { RoutePolicy } from './route-policy';
import type { PullRequestMeta, ReviewFindings, RouteResult, RunLogSummary } from './types';

export interface RouteRequest {
  /** A directory inside the repository. */
  cwd: string;
  base?: string;
  head?: string;
  pr?: PullRequestMeta;
  review?: ReviewFindings;
  runLog?: RunLogSummary;
  tier?: 0 | 1 | 2 | 3;
  notify?: readonly string[];
  /** The pull request itself is told about a flag (the GitHub step's comment): a flag needs no one else. */
  tellPullRequest?: boolean;
}

export async function route(
  request: RouteRequest,
  policy: RoutePolicy,
  deps: { git: GitRunner; clock: Clock },
): Promise<RouteResult> {
  const started = deps.clock.monotonicMs();
  const range = await resolveRange(deps.git, request.cwd, request.base, request.head);
  const facts = await collectChange(deps.git, range, policy.classifier);
  return routeChange(
    {
      facts,
      ...(request.pr ? { pr: request.pr } : {}),
      ...(request.review ? { review: request.review } : {}),
      ...(request.runLog ? { runLog: request.runLog } : {}),
      ...(request.tier !== undefined ? { tier: request.tier } : {}),
      ...(request.notify ? { notify: request.notify } : {}),
      ...(request.tellPullRequest ? { tellPullRequest: true } : {}),
      ms: Math.round(deps.clock.monotonicMs() - started),
    },
    policy,
  );
}
