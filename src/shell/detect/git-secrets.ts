/**
 * git printing a secret or sending one away: a content subcommand naming a sensitive file in history or beside
 * the repository (`git show HEAD:.env`, `git cat-file -p HEAD:.env`, `git log -p -- .env`, `git diff --no-index
 * x ~/.ssh/id_rsa`, `git grep --no-index`), and a secret staged or used as a message (`git add -f .env`,
 * `git update-index --add`, `git commit -F <secret>`, `git notes add -F`, `git tag -F`, a push of the stash).
 * What patches print with no secret named on the line (`git log -p`, `git show`) is git-history.ts's.
 * Pure apart from the injected reader and git listing, and reporting.
 */

import { posix } from 'node:path';
import { holdsSecretContent } from '../classify/secret-content';
import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW } from '../walk/flow';
import { readBudgeted } from './disk-scripts';
import { walkFiles } from './folder-walk';
import { DROPPED_WITH_VALUE, HISTORY, historyPrints, KEPT_WITH_VALUE, PATCH } from './git-history';
import { catFilePrints, isObjectPath, objectsPrint } from './git-objects';
import { repositoryTop } from './git-repository';
import {
  entryMayNameSecret,
  holdsSecrets,
  mayNameSecret,
  resolveArg,
  touchPath,
  treeHoldsSecret,
} from './path-effects';
import { holdsSecretCopy, madeSecretCopy } from './secret-copies';
import { stagedSecret } from './staged-secrets';

/** Subcommands that print file contents from history or the work tree. */
const CONTENT = new Set([
  'show',
  'cat-file',
  'diff',
  'grep',
  'blame',
  'annotate',
  'log',
  'whatchanged',
  'archive',
  'format-patch',
  'range-diff',
  'difftool',
]);
/** Plumbing and porcelain printing patches with a patch option, and the subcommand whose listing stands for it. */
const PLUMBING: Readonly<Record<string, string>> = {
  reflog: 'log',
  'diff-tree': 'show',
  'diff-index': 'diff',
  'diff-files': 'diff',
};

/** The operands before `--` that name revisions: no option, no `rev:path` object, no file of the folder. */
function revisions(rest: readonly Word[], dashdash: number, inv: Invocation, r: Reporter): Word[] {
  const before = dashdash >= 0 ? rest.slice(0, dashdash) : rest;
  return before.filter((w, k) => {
    const t = optionText(w);
    if (t.startsWith('-') || isObjectPath(w)) return false;
    // The value of an option that takes the next word (`-n 3`, `--author x`) names no revision.
    const previous = optionText(before[k - 1]);
    if (KEPT_WITH_VALUE.has(previous) || DROPPED_WITH_VALUE.has(previous)) return false;
    if (!isLiteral(w)) return true;
    const abs = resolveArg(w, inv, r).resolved;
    const f = abs === undefined ? undefined : readBudgeted(abs, inv, r);
    return f === undefined || f.kind === 'missing';
  });
}

function secretHit(inv: Invocation, r: Reporter, why: string): void {
  r.hit('secret_material_read', `\`git\` ${why}`, inv.segment);
}

function exfil(inv: Invocation, r: Reporter, why: string): void {
  r.hit('credential_exfiltration', `\`git\` ${why}`, inv.segment);
}

/** The path of a `<rev>:<path>` or `:<stage>:<path>` object name; undefined when the word is not one. */
function objectPath(w: Word): Word | undefined {
  const t = w.text;
  const m = /^(?::[0-3]:|[^:]*:)(?!\/\/)/.exec(t);
  if (!m || /^[a-z][a-z0-9+.-]*:\/\//i.test(t)) return undefined;
  const rest = t.slice(m[0].length);
  return rest === '' ? undefined : { text: rest, flow: w.flow };
}

/**
 * Does the work tree's file at an object's path (`HEAD:conf/deploy.json` from the top of the work tree,
 * `HEAD:./x.json` from where git works) hold a credential by its content? The committed file is taken to be alike:
 * a file since deleted or changed is judged by its name only.
 */
function objectContentSecret(obj: Word, folder: string | undefined, inv: Invocation, r: Reporter): boolean {
  if (!isLiteral(obj) || folder === undefined) return false;
  const text = plain(obj);
  const base = /^\.\.?(?:\/|$)/.test(text) ? folder : repositoryTop(folder, inv, r);
  if (base === 'none' || base === 'unknown') return false;
  return holdsSecretContent(posix.resolve(base, text), r.env, r) === true;
}

/**
 * Called by detectGit with the subcommand, its words after it and its options (lower-cased long names).
 * `dashdash` is the index in `rest` of `--`, or -1.
 */
/**
 * Does what a literal operand names hold secret material by its content (secret-content.ts)? A folder force-added
 * (`git add -f deploy/secrets`, which stages its ignored files too) is walked (bounded, folder-walk.ts): a file
 * there that is secret by its name or its content counts. `unknown` when a file could not be looked at.
 */
function secretContent(w: Word, force: boolean, inv: Invocation, r: Reporter): boolean | 'unknown' {
  if (!isLiteral(w)) return false;
  const abs = resolveArg(w, inv, r).resolved;
  if (abs === undefined) return false;
  const file = readBudgeted(abs, inv, r);
  if (!(file?.kind === 'unreadable' && file.why === 'not-regular')) return holdsSecretContent(abs, r.env, r);
  // A folder added without `-f` stages what git does not ignore, as `git add .` does (staged-secrets.ts).
  if (!force) return false;
  let found: boolean | 'unknown' = false;
  walkFiles([abs], true, inv, r, (_folder, _name, path, real) => {
    const content = entryMayNameSecret(path, real, inv, r) || holdsSecretContent(real ?? path, r.env, r);
    if (content === false) return false;
    found = content;
    return content === true;
  });
  return found;
}

export function gitSecrets(
  sub: string,
  rest: readonly Word[],
  opts: readonly string[],
  dashdash: number,
  inv: Invocation,
  r: Reporter,
  folder: string | undefined = inv.cwd,
): void {
  const texts = rest.map((w) => optionText(w));
  const operands = rest.filter(
    (_, k) => (dashdash >= 0 && k > dashdash) || !(texts[k] ?? '').startsWith('-'),
  );
  const named = (w: Word) => mayNameSecret(w, inv, r);
  if (CONTENT.has(sub)) {
    const noIndex = opts.includes('--no-index');
    if (noIndex) {
      // Two folders are compared file by file, each file's text printed where they differ (`--no-index . empty/`).
      for (const w of operands) {
        const res = touchPath(w, 'read', inv, r);
        if (
          res.class !== 'sensitive' &&
          (holdsSecrets(res.resolved, r) || treeHoldsSecret(res.resolved, inv, r))
        )
          secretHit(
            inv,
            r,
            `diff --no-index prints a folder that holds secret material (${plain(w).slice(0, 48)})`,
          );
      }
      return;
    }
    const prints = sub !== 'log' && sub !== 'whatchanged' ? true : opts.some((o) => PATCH.test(o));
    if (!prints) return;
    for (const w of operands) {
      const obj = objectPath(w);
      if ((obj !== undefined && (named(obj) || objectContentSecret(obj, folder, inv, r))) || named(w)) {
        secretHit(inv, r, `${sub} prints a secret file from the repository (${plain(w).slice(0, 48)})`);
        return;
      }
    }
    if (sub === 'cat-file') {
      catFilePrints(operands, opts, folder, inv, r);
      return;
    }
    // `git show <blob-hash>` prints a file's content, not a patch.
    if (sub === 'show' && objectsPrint(sub, revisions(rest, dashdash, inv, r), folder, inv, r) !== 'commit')
      return;
    if (HISTORY.has(sub)) historyPrints(sub, rest, opts, dashdash, folder, inv, r);
    return;
  }
  const plumbing = PLUMBING[sub];
  if (plumbing !== undefined && opts.some((o) => PATCH.test(o))) {
    if (opts.includes('--stdin')) {
      r.uncertain(
        'dynamic-path',
        `\`git ${sub}\` prints the patches of the commits its input names`,
        inv.segment,
      );
      return;
    }
    // `git reflog [show] -p` is `git log -g -p`; `git diff-tree -p <commit>` is `git show`'s patch, with two
    // trees `git diff`'s; `git diff-index -p`, `git diff-files -p` are `git diff`'s.
    let words = sub === 'reflog' && optionText(rest[0]) === 'show' ? rest.slice(1) : rest;
    let end = words.findIndex((w) => optionText(w) === '--');
    if (sub === 'reflog') {
      words = [{ text: '-g', flow: NO_FLOW }, ...words];
      if (end >= 0) end++;
    }
    const revs = revisions(words, end, inv, r);
    const as = sub === 'diff-tree' ? (revs.length === 1 ? 'show' : 'diff') : plumbing;
    historyPrints(as, words, opts, end, folder, inv, r);
    return;
  }
  if (sub === 'stash' && optionText(rest[0]) === 'show' && opts.some((o) => PATCH.test(o)))
    historyPrints(sub, rest.slice(1), opts, dashdash < 0 ? -1 : dashdash - 1, folder, inv, r);
  const force = opts.some((o) => o === '--force' || /^-[a-zA-Z]*f/.test(o));
  if (sub === 'add' || sub === 'stage') {
    if (operands.some(named)) {
      exfil(inv, r, 'stages a secret file, to be committed and pushed');
      return;
    }
    // A file named otherwise whose content is a secret's (a service-account JSON, a private key): as `cat` reads it.
    const contents = operands.map((w) => secretContent(w, force, inv, r));
    if (contents.includes(true)) {
      exfil(inv, r, 'stages a file that holds secret material, to be committed and pushed');
      return;
    }
    if (contents.includes('unknown'))
      r.uncertain('too-large', '`git add` stages more files than gavel looks inside', inv.segment);
    // A copy of secret material made earlier in this line (`cp -r ~ ./hc && git add -f hc`, `git add -A`).
    const all = opts.some((o) => o === '-a' || o === '--all' || /^-[a-zA-Z]*A/.test(o));
    if (
      madeSecretCopy(r) &&
      ((operands.length === 0 && all) ||
        operands.some((w) => holdsSecretCopy(resolveArg(w, inv, r).resolved, r)))
    ) {
      exfil(inv, r, 'stages a copy of secret material made earlier in this command');
      return;
    }
    const everything =
      operands.length === 0
        ? opts.some((o) => o === '-a' || o === '--all' || /^-[a-zA-Z]*A/.test(o))
        : operands.some((w) => /^(?:\.|\.\/|\*|:\/|:\/\.)$/.test(plain(w)) || /[*?[]/.test(plain(w)));
    if (force && (everything || operands.length === 0)) {
      exfil(inv, r, 'force-adds ignored files, secrets among them');
      return;
    }
    // `git add -A` / `git add .` with an untracked `.env` no ignore rule covers stages it as `git add .env` would.
    const staged = stagedSecret(operands, all, inv, r);
    if (staged !== undefined)
      r.uncertain(
        'dynamic-path',
        `\`git add\` stages every file of the folder, a secret-named one git neither tracks nor ignores among them`,
        inv.segment,
      );
    return;
  }
  if (sub === 'update-index') {
    if (operands.some(named)) exfil(inv, r, 'stages a secret file in the index');
    return;
  }
  if (sub === 'commit' || sub === 'tag' || sub === 'notes' || sub === 'merge') {
    // `-F <file>` / `--file=<file>` / `-F<file>`: the file becomes the message, and leaves with the next push.
    for (let k = 0; k < rest.length; k++) {
      const t = texts[k] ?? '';
      const w = rest[k] as Word;
      let file: Word | undefined;
      if (t === '-F' || t === '--file' || t === '-t' || t === '--template') file = rest[k + 1];
      else if (t.startsWith('--file=') || t.startsWith('--template='))
        file = { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow };
      else if (/^-[a-zA-Z]*F./.test(t) && !t.startsWith('--'))
        file = { text: w.text.slice(w.text.indexOf('F') + 1), flow: w.flow };
      if (file !== undefined && file.text !== '-' && named(file)) {
        exfil(inv, r, `${sub} takes its message from a secret file`);
        return;
      }
    }
    if (sub === 'commit' && operands.some(named)) exfil(inv, r, 'commits a secret file');
    return;
  }
  if (sub === 'push') {
    const refs = operands.slice(1).map((w) => plain(w).replace(/^\+/, '').split(':')[0] ?? '');
    if (refs.some((ref) => /^(?:refs\/)?stash(?:@\{.*\})?$/.test(ref)))
      exfil(inv, r, 'pushes the stash, which may hold untracked and ignored files');
  }
}
