/**
 * The git runner route uses: the hardened reader's (src/reader), under the name route's callers know.
 * Every repository-controlled behaviour is pinned there, in one place (ADR 0022).
 */

import { pinnedGitRunner } from '../../reader';

export type { GitResult, GitRunner } from '../../reader';

/** A runner for the real `git`, with the environment the caller passes (route reads no environment itself). */
export const nodeGitRunner = pinnedGitRunner;
