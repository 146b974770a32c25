/**
 * Emptying a file the repository tracks: a redirect of nothing over it (`: > f`, `> f`, `true > f`, `echo -n > f`,
 * `cat /dev/null > f`), `cp /dev/null f`, `truncate` to a size that is not a growth. The content is gone from the
 * working tree; what was not committed is lost, so a tracked workspace file that is not a build output or cache
 * is `local_work_loss`. A file git does not track (a log, a scratch output started empty) and a generated file
 * are ordinary. An index gavel cannot read counts as tracked. Pure apart from the injected reader and reporting.
 */

import { posix } from 'node:path';
import {
  type Invocation,
  isLiteral,
  optionText,
  plain,
  type Reporter,
  splitArgs,
} from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { DYN } from '../walk/markers';
import { readBudgeted } from './disk-scripts';
import { globReaches } from './folder-walk';
import { gitTracked } from './git-repository';
import { entryMayNameSecret, isGenerated, resolveArg, shortPath } from './path-effects';

/** Programs that write nothing to standard output with the arguments they were given. */
function writesNothing(inv: Invocation): boolean {
  const p = inv.program;
  if (p === ':' || p === 'true' || p === 'false') return true;
  if (!inv.args.every(isLiteral)) return false;
  const words = inv.args.map((w) => plain(w));
  if (p === 'echo') return words.length > 0 && words.every((w) => /^-[neE]*n[neE]*$/.test(w));
  if (p === 'printf') return words.length === 1 && words[0] === '';
  if (p === 'cat') return words.length > 0 && words.every((w) => w === '/dev/null');
  return false;
}

/** `truncate` sizes that cut (`-s 0`, `-s 10K`, `-s -1K`, `-s <5`, `-s /5`); a growth (`+5`, `>5`, `%5`) is not. */
function truncateTargets(inv: Invocation): Word[] {
  const out: Word[] = [];
  let cuts = false;
  for (let i = 0; i < inv.args.length; i++) {
    const t = optionText(inv.args[i]);
    let size: string | undefined;
    if (t === '-s' || t === '--size') size = plain(inv.args[++i]);
    else if (t.startsWith('--size=')) size = t.slice(7);
    else if (/^-s./.test(t)) size = t.slice(2);
    else if (t === '-r' || t === '--reference') {
      i++;
      cuts = true;
    } else if (t.startsWith('--reference=')) cuts = true;
    else if (!t.startsWith('-') || t === '-') out.push(inv.args[i] as Word);
    if (size !== undefined && !/^[+>%]/.test(size)) cuts = true;
  }
  return cuts ? out : [];
}

function emptied(word: Word, inv: Invocation, r: Reporter): void {
  const res = resolveArg(word, inv, r);
  if (res.class !== 'workspace' || res.glob || res.resolved === undefined) return;
  // Without a reader (an analysis given no file system) nothing is known of the repository: not reported.
  if (isGenerated(res.resolved, r) || !r.env.readScript) return;
  if (gitTracked(res.real ?? res.resolved, inv, r) === 'no') return;
  r.hit(
    'local_work_loss',
    `\`${inv.program}\` empties a file the repository tracks, losing what was not committed (${shortPath(word)})`,
    inv.segment,
  );
}

/**
 * A file of keys or credentials that exists, replaced whole (`> .env`, `cp x .env`, `tee .env`, `dd of=key.pem`,
 * `ln -sf /dev/null .env`): such files are kept out of the history, so the key is gone for good. Appending
 * (`>> .env`) and creating a new one are ordinary.
 */
function replacedSecret(word: Word, inv: Invocation, r: Reporter): void {
  const res = resolveArg(word, inv, r);
  if (res.class !== 'sensitive' || res.glob || res.resolved === undefined || !r.env.readScript) return;
  const file = readBudgeted(res.real ?? res.resolved, inv, r);
  if (!file || file.kind === 'missing') return;
  // One the repository tracks is kept by its history (a project `.npmrc` of settings only).
  if (gitTracked(res.real ?? res.resolved, inv, r) === 'yes') return;
  r.hit(
    'local_work_loss',
    `\`${inv.program}\` replaces a file of keys or credentials, which no history keeps (${shortPath(word)})`,
    inv.segment,
  );
}

/** The files a command replaces whole: truncating redirects, a copy's or link's destination, tee's and dd's outputs. */
function replacedFiles(inv: Invocation): Word[] {
  const out: Word[] = inv.redirects.filter((x) => /^(>|>\||&>)$/.test(x.op)).map((x) => x.target);
  const { options, positionals } = splitArgs(inv.args);
  const p = inv.program;
  const dest = positionals[positionals.length - 1];
  if ((p === 'cp' || p === 'install' || p === 'rsync') && positionals.length >= 2 && dest) out.push(dest);
  if (p === 'ln' && positionals.length >= 2 && dest && options.some((o) => /^-[a-zA-Z]*f|^--force$/.test(o)))
    out.push(dest);
  if (p === 'tee' && !options.some((o) => /^-[a-zA-Z]*a|^--append$/.test(o))) out.push(...positionals);
  if (p === 'dd')
    for (const w of inv.args)
      if (isLiteral(w) && plain(w).startsWith('of='))
        out.push({ text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow });
  return out;
}

/** cp's target folder given by option, attached or not (`-t DIR`, `-rtDIR`, `--target-directory=DIR`). */
function targetFolder(inv: Invocation): Word | undefined {
  for (let i = 0; i < inv.args.length; i++) {
    const w = inv.args[i] as Word;
    const t = optionText(w);
    if (t === '--') break;
    if (/^--target(?:-directory)?(?:=|$)/.test(t)) {
      const eq = w.text.indexOf('=');
      return eq < 0 ? (inv.args[i + 1] as Word | undefined) : { text: w.text.slice(eq + 1), flow: w.flow };
    }
    if (/^-[a-zA-Z]*t/.test(t)) {
      const rest = t.slice(t.indexOf('t') + 1);
      return rest === '' ? (inv.args[i + 1] as Word | undefined) : { text: rest, flow: w.flow };
    }
  }
  return undefined;
}

/**
 * A recursive copy over a folder (`cp -r template/. .`, `rsync -a tpl/ app/`) replaces each file of the destination
 * that has a name of the source tree: a key or credential file of the source that exists at its place in the
 * destination (the source's contents, or the source folder itself, below it) is lost.
 */
function copiedOverSecrets(inv: Invocation, r: Reporter): void {
  const p = inv.program;
  if ((p !== 'cp' && p !== 'rsync') || !r.env.readScript) return;
  const { options, positionals } = splitArgs(inv.args);
  if (!options.some((o) => /^-[a-zA-Z]*[rRa]|^--(?:recursive|archive)$/.test(o))) return;
  // cp's destination may be a target folder by option (`-t DIR`, `-rtDIR`, `--target-directory=DIR`).
  const target = p === 'cp' ? targetFolder(inv) : undefined;
  const sources =
    target === undefined ? positionals.slice(0, -1) : positionals.filter((w) => w.text !== target.text);
  const destWord = target ?? positionals[positionals.length - 1];
  if (destWord === undefined || sources.length === 0) return;
  const dest = resolveArg(destWord, inv, r).resolved;
  if (dest === undefined) return;
  for (const word of sources) {
    const source = resolveArg(word, inv, r).resolved;
    if (source === undefined || word.text.includes(DYN)) continue;
    const bases = [dest, posix.join(dest, posix.basename(source))];
    const hit = globReaches(`${source}/**`, inv, r, (abs, _name, real) => {
      if (!entryMayNameSecret(abs, real, inv, r)) return false;
      const rel = abs.slice(source.length + 1);
      return bases.some((b) => {
        const file = readBudgeted(posix.join(b, rel), inv, r);
        return file !== undefined && file.kind !== 'missing';
      });
    });
    if (hit)
      r.hit(
        'local_work_loss',
        `\`${p}\` copies a folder over a file of keys or credentials, which no history keeps (${shortPath(word)})`,
        inv.segment,
      );
  }
}

/** Key or credential files a command replaces whole or copies over (rsync is judged by the network side first). */
export function detectReplacedSecrets(inv: Invocation, r: Reporter): void {
  for (const w of replacedFiles(inv)) replacedSecret(w, inv, r);
  copiedOverSecrets(inv, r);
}

export function detectEmptiedFiles(inv: Invocation, r: Reporter): void {
  if (inv.program !== 'rsync') detectReplacedSecrets(inv, r);
  if (writesNothing(inv)) {
    for (const x of inv.redirects) if (/^(>|>\||&>)$/.test(x.op)) emptied(x.target, inv, r);
    return;
  }
  if (inv.program === 'truncate')
    for (const w of truncateTargets(inv)) {
      emptied(w, inv, r);
      replacedSecret(w, inv, r);
    }
  else if (inv.program === 'cp' || inv.program === 'install') {
    const { positionals } = splitArgs(inv.args);
    const dest = positionals[positionals.length - 1];
    if (positionals.length >= 2 && positionals.slice(0, -1).every((w) => plain(w) === '/dev/null') && dest)
      emptied(dest, inv, r);
  }
}
