/**
 * Reads every signal of one part of a change (its files and submodules, plus the change-wide author, text,
 * review and run-log signals). Pure: the facts are already collected.
 */

import type { RoutePolicy } from './route-policy';
import { authorSignals } from './signals/author-signals';
import { fileSignals } from './signals/file-signals';
import { reviewSignals, runLogSignals } from './signals/review-signals';
import { submoduleSignals } from './signals/submodule-signals';
import { unreadSignals } from './signals/unread-signals';
import type {
  ChangedFile,
  CommitText,
  PullRequestMeta,
  ReviewFindings,
  RunLogSummary,
  Signal,
  SubmoduleBump,
  VersionChange,
} from './types';

export interface PartInput {
  files: readonly ChangedFile[];
  submodules: readonly SubmoduleBump[];
  versions: readonly VersionChange[];
  manifestOther: readonly string[];
  commits: readonly CommitText[];
  authorNewToHistory: boolean;
  /** What of the change was not read (gavel's words): unknown risk. */
  unread?: readonly string[];
  pr?: PullRequestMeta;
  review?: ReviewFindings;
  runLog?: RunLogSummary;
  tier?: 0 | 1 | 2 | 3;
}

export function readSignals(input: PartInput, policy: RoutePolicy): Signal[] {
  const files = fileSignals(
    {
      files: input.files,
      versions: input.versions,
      manifestOther: input.manifestOther,
      ...(input.tier !== undefined ? { tier: input.tier } : {}),
    },
    policy,
  );
  const sensitive = files.signals.find((s) => s.id === 'security-sensitive')?.files ?? [];
  const signals = [
    ...files.signals,
    ...submoduleSignals(input.submodules, policy),
    ...unreadSignals(input.unread ?? [], policy),
    ...authorSignals(
      {
        ...(input.pr ? { pr: input.pr } : {}),
        commits: input.commits,
        authorNewToHistory: input.authorNewToHistory,
        kinds: files.kinds,
        sensitiveFiles: sensitive,
      },
      policy,
    ),
    ...reviewSignals(input.review, policy),
    ...runLogSignals(input.runLog, policy),
  ];
  return signals.sort((a, b) => b.risk - a.risk || b.confidence - a.confidence || a.id.localeCompare(b.id));
}
