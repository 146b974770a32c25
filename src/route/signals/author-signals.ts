/**
 * Signals about the author and the change's own words: association and first-time contributors, a
 * first-time author touching sensitive paths, uncertainty phrases and claims of approval in the PR title,
 * body and commit messages. Pure.
 * INVARIANT: text written in a PR or a commit can only add risk. Only pattern ids and short, sanitized
 * matched phrases leave this file; a claim of approval is itself a risk signal.
 */

import type { RoutePolicy } from '../route-policy';
import { sanitize } from '../sanitize';
import { matchPhrases, type PhraseRule } from '../signal-rules';
import type { CommitText, PullRequestMeta, SecurityKind, Signal } from '../types';
import { listSome, makeSignal } from './make-signal';

export interface AuthorSignalInput {
  pr?: PullRequestMeta;
  commits: readonly CommitText[];
  authorNewToHistory: boolean;
  kinds: readonly SecurityKind[];
  sensitiveFiles: readonly string[];
}

const TRUSTED = new Set(['OWNER', 'MEMBER', 'COLLABORATOR']);
const FIRST_TIME = new Set(['FIRST_TIMER', 'FIRST_TIME_CONTRIBUTOR']);

export function authorSignals(input: AuthorSignalInput, policy: RoutePolicy): Signal[] {
  const signals: Signal[] = [];
  const { pr } = input;
  let firstTime: string | null = null;
  if (pr === undefined) {
    signals.push(
      makeSignal(policy, 'no-pr-metadata', ['no pull-request metadata given: author association unknown']),
    );
    if (input.authorNewToHistory) firstTime = 'no commit by the head commits\u2019 author before the base';
  } else if (FIRST_TIME.has(pr.association)) {
    firstTime = `author association ${pr.association}`;
  } else if (!TRUSTED.has(pr.association)) {
    if (input.authorNewToHistory)
      firstTime = `author association ${pr.association} and no earlier commit in the history`;
    else signals.push(makeSignal(policy, 'author-external', [`author association ${pr.association}`]));
  }
  if (firstTime !== null) {
    signals.push(makeSignal(policy, 'author-first-time', [firstTime]));
    if (input.kinds.length > 0) {
      signals.push(
        makeSignal(
          policy,
          'first-time-sensitive',
          [`a first-time contributor changes ${input.kinds.join(', ')} paths`],
          {
            files: input.sensitiveFiles,
          },
        ),
      );
    }
  }

  const texts: { where: string; text: string }[] = [];
  if (pr !== undefined) {
    texts.push({ where: 'PR title', text: pr.title }, { where: 'PR body', text: pr.body });
  }
  for (const c of input.commits) texts.push({ where: `commit ${c.sha.slice(0, 7)}`, text: c.message });

  const unsure = phrases(texts, policy.rules.uncertainty);
  if (unsure.length > 0) {
    signals.push(
      makeSignal(policy, 'author-uncertainty', [`the author signals doubt: ${listSome(unsure, 4)}`]),
    );
  }
  const claims = phrases(texts, policy.rules.approvalClaims);
  if (claims.length > 0) {
    signals.push(
      makeSignal(policy, 'approval-claim', [
        `the change's own text tries to steer review: ${listSome(claims, 4)}`,
        'ignored as a claim: nothing written in a PR can lower risk',
      ]),
    );
  }
  return signals;
}

function phrases(texts: readonly { where: string; text: string }[], rules: readonly PhraseRule[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of texts) {
    for (const m of matchPhrases(rules, t.text)) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(`${t.where} "${sanitize(m.match.replace(/"/g, "'"), 40)}"`);
    }
  }
  return out;
}
