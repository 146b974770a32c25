/**
 * The route eval corpus: every case, built as a real git repository by code.
 */

import { LISTED_CASES } from './cases-listed';
import { ROUTINE_CASES } from './cases-routine';
import { SEED_CASES } from './cases-seed';

export type { BuiltCase, FailureMode, RouteCase } from './case-kit';
export { codeLines, git, MAINTAINER, NEWCOMER, Repo, tempRoot } from './git-fixture';

export const ROUTE_CASES = [...SEED_CASES, ...LISTED_CASES, ...ROUTINE_CASES];
