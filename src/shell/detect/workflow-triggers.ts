/**
 * What a change the code host's CLI makes to a pull request or issue starts: a workflow of the repository
 * (`.github/workflows/*.yml`) triggered by the label added (`gh pr edit --add-label`, `gh issue edit --add-label`:
 * `pull_request_target`, `pull_request` or `issues` with `labeled`), the comment posted (`gh pr comment`, `gh issue
 * comment`: `issue_comment`, `pull_request_review_comment`) or the pull request marked ready (`ready_for_review`).
 * A workflow that runs with the repository's secrets or a token that writes (`secrets.`, `permissions: … write`,
 * `id-token: write`) does what its steps say, publishing and deploying among them: the change is uncertain. Read as
 * text, over-approximated: a workflow whose conditions name the label (or the comment's words) counts only for that
 * label (or a body holding those words); one naming none counts for every label or comment; a label or body known
 * only at run time counts for all. A workflows folder gavel cannot list is uncertain. Pure apart from the injected
 * reader and reporting; never quotes a file.
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import { listBudgeted, readBudgeted } from './disk-scripts';
import { repositoryTop } from './git-repository';

/** Workflow files read per command. */
const MAX_WORKFLOWS = 48;

/** What the command does to the pull request or issue. */
type Change =
  | { kind: 'label'; names: (string | undefined)[] }
  | { kind: 'comment'; body: string | undefined }
  | { kind: 'ready' };

/**
 * Runs with secrets or a token that writes: a secret named, the token used (`github.token`, `GITHUB_TOKEN`, a script
 * action), a permission to write in any spelling; or no `permissions` at all (the token's default may write).
 */
const PRIVILEGED = /\bsecrets\.|\bgithub\.token\b|\bGITHUB_TOKEN\b|\bwrite(?:-all)?\b|actions\/github-script/;
const privileged = (text: string) => PRIVILEGED.test(text) || !/^\s*permissions\s*:/m.test(text);

function changeOf(inv: Invocation): Change | undefined {
  const words = inv.args;
  const [noun, verb] = [plain(words[0]), plain(words[1])];
  if ((noun === 'pr' || noun === 'issue') && verb === 'edit') {
    const names: (string | undefined)[] = [];
    for (let k = 2; k < words.length; k++) {
      const t = plain(words[k]);
      const value = t.startsWith('--add-label=') ? words[k] : t === '--add-label' ? words[k + 1] : undefined;
      if (value === undefined) continue;
      const text = t.startsWith('--add-label=') ? plain(value).slice('--add-label='.length) : plain(value);
      for (const name of text.split(',')) names.push(isLiteral(value) ? name.trim() : undefined);
    }
    return names.length > 0 ? { kind: 'label', names } : undefined;
  }
  if ((noun === 'pr' || noun === 'issue') && verb === 'comment') {
    for (let k = 2; k < words.length; k++) {
      const t = plain(words[k]);
      if (t === '--body' || t === '-b') {
        const v = words[k + 1];
        return { kind: 'comment', body: v !== undefined && isLiteral(v) ? plain(v) : undefined };
      }
      const w = words[k];
      if (t.startsWith('--body=') && w !== undefined)
        return { kind: 'comment', body: isLiteral(w) ? t.slice('--body='.length) : undefined };
    }
    // A body from a file, an editor or standard input: not known.
    return { kind: 'comment', body: undefined };
  }
  if (noun === 'pr' && verb === 'ready' && !words.some((w) => plain(w) === '--undo'))
    return { kind: 'ready' };
  return undefined;
}

/** The quoted words of a workflow's expressions about `what` (`contains(github.event.comment.body, '/deploy')`). */
function literalsNear(text: string, what: RegExp): string[] | undefined {
  const out: string[] = [];
  let mentioned = false;
  for (const line of text.split('\n')) {
    // Only a condition names what starts a job (`if:`, a comparison); a line printing the labels names none.
    if (!what.test(line) || !/\bif\s*:|contains\(|startsWith\(|endsWith\(|[=!]=/.test(line)) continue;
    mentioned = true;
    for (const m of line.matchAll(/'([^']*)'|"([^"]*)"/g)) out.push((m[1] ?? m[2]) as string);
  }
  return mentioned ? out : undefined;
}

/** Does this workflow start on the change? */
function triggers(text: string, change: Change): boolean {
  if (change.kind === 'ready')
    return /\bready_for_review\b/.test(text) && /\bpull_request(?:_target)?\b/.test(text);
  if (change.kind === 'label') {
    if (!/\blabeled\b/.test(text) || !/\b(?:pull_request(?:_target)?|issues)\b/.test(text)) return false;
    const named = literalsNear(text, /\blabels?\b/);
    // No condition names a label: any label starts it.
    if (named === undefined) return true;
    // The label named by a condition, or quoted anywhere in the workflow (a list of labels, an `env` value).
    const quoted = (n: string) => text.includes(`'${n}'`) || text.includes(`"${n}"`);
    return change.names.some((n) => n === undefined || named.includes(n) || quoted(n));
  }
  if (!/\b(?:issue_comment|pull_request_review_comment)\b/.test(text)) return false;
  const words = literalsNear(text, /\bcomment\.body\b/);
  if (words === undefined || change.body === undefined) return true;
  return words.some((w) => w !== '' && (change.body as string).includes(w));
}

export function workflowTriggers(inv: Invocation, r: Reporter): void {
  if (inv.program !== 'gh' || inv.cwd === undefined || !r.env.readScript) return;
  // Another repository's workflows are not this one's.
  if (inv.args.some((w) => /^(?:-R|--repo)(?:=|$)/.test(plain(w)))) return;
  const change = changeOf(inv);
  if (change === undefined) return;
  const top = repositoryTop(inv.cwd, inv, r);
  if (top === 'none' || top === 'unknown') return;
  const why = started(posix.join(top, '.github/workflows'), change, inv, r);
  if (why !== undefined) r.uncertain('dynamic-script', `\`gh\` ${why}`, inv.segment, 'kept');
}

/** Why the change may start a privileged workflow of `folder` (a fixed phrase), or undefined when none starts. */
function started(folder: string, change: Change, inv: Invocation, r: Reporter): string | undefined {
  const unlisted = 'changes a pull request or issue whose workflows gavel could not list';
  const listing = listBudgeted(folder, r);
  if (listing === undefined || listing === 'over') return unlisted;
  if (listing.kind === 'missing') return undefined;
  if (listing.kind !== 'unreadable' || listing.entries === undefined) return unlisted;
  const files = listing.entries.filter((n) => /\.ya?ml$/.test(n));
  if (files.length > MAX_WORKFLOWS)
    return 'changes a pull request or issue with more workflows than one review reads';
  for (const name of files) {
    const file = readBudgeted(posix.join(folder, name), inv, r);
    if (file?.kind !== 'text') return 'changes a pull request or issue whose workflows gavel could not read';
    if (triggers(file.text, change) && privileged(file.text))
      return 'starts a workflow of the repository that runs with its secrets or a token that writes';
  }
  return undefined;
}
