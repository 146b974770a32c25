/**
 * Deletes and writes on the local file system: rm, rmdir, unlink, shred, find -delete/-exec, cp/mv/tee/…,
 * dd, mkfs and friends, chmod setuid, and the nodes mkdir/mkfifo/mknod create. Decides destructive_root_delete,
 * recursive_delete_outside_workspace, local_work_loss (the whole workspace, or a recursive delete of a workspace
 * folder that is not a build output or cache), block_device_write and privilege_escalation. Links (`ln`) are
 * classed by detect-link.ts. Pure.
 */

import { isUnder } from '../../core';
import type { ResolvedPath } from '../classify/classify-path';
import { isGeneratedGlob } from '../data/generated-folders';
import { hasFlag, type Invocation, optionText, plain, type Reporter, splitArgs } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { type Flow, OPAQUE_FLOW } from '../walk/flow';
import { DYN, unprotect } from '../walk/markers';
import { detectLink } from './detect-link';
import { readBudgeted } from './disk-scripts';
import { detectEmptiedFiles } from './emptied-files';
import { globDeletesGenerated } from './folder-walk';
import { ignoredOutput } from './ignored-outputs';
import { EACH_FOUND, findNames, globBelow } from './listed-paths';
import { pagerEscape } from './pager-escape';
import { patchProgram } from './patch-files';
import {
  absoluteGlob,
  holdsSecrets,
  isBlockDevice,
  isGenerated,
  readsTree,
  resolveArg,
  shortPath,
  touchPath,
} from './path-effects';
import { noteSecretCopy } from './secret-copies';

/**
 * Classifies one recursive delete target. `partial`: only some files below it (a filtered find); `move`: the
 * tree moves away (`mv`), which empties where it was but loses nothing inside the workspace.
 */
export function recursiveDelete(
  word: Word,
  inv: Invocation,
  r: Reporter,
  partial = false,
  move = false,
): void {
  const res: ResolvedPath = touchPath(word, 'delete', inv, r);
  const p = res.resolved;
  const what = shortPath(word);
  if (p === undefined) {
    r.uncertain(
      'dynamic-path',
      `\`${inv.program}\` deletes recursively a path known only at run time (${what})`,
      inv.segment,
    );
    return;
  }
  const home = r.scope.home;
  // INVARIANT: a root (`/`, a top-level folder, home or an ancestor of it) is checked before the temp
  // exemption, so `rm -rf /tmp` or a home that happens to sit in a temp folder is never a scratch delete.
  // A symlink to a root (`rm -rf homelink/*`) deletes in the root it leads to.
  const seen = res.real === undefined ? [p] : [p, res.real];
  const top =
    seen.some((x) => x === '/' || isUnder(home, x) || /^\/[^/]+$/.test(x)) ||
    (res.class !== 'temp' && seen.some((x) => isSystemChild(x, r.scope.systemRoots)));
  // `rm -rf /home/*`, `/etc/*`, `/var/lib/*`: every entry of a system folder is the folder.
  const rootGlob = seen.some(
    (x) =>
      x === '/' ||
      isUnder(home, x) ||
      (!r.scope.tempDirs.includes(x) && (/^\/[^/]+$/.test(x) || isSystemChild(x, r.scope.systemRoots))),
  );
  if (!partial && !res.glob && top && r.scope.tempDirs.includes(p) && midComponentDynamic(word)) {
    // `rm -rf /tmp/build-$USER/`: the run-time part completes a name below the temp folder, which is reached
    // only if the value climbs with `/..`: not known either way, so a person decides (not the floor's deny).
    r.uncertain(
      'dynamic-path',
      `\`${inv.program}\` deletes recursively a path completed at run time (${what})`,
      inv.segment,
    );
    return;
  }
  if ((!partial && !res.glob && top) || (res.glob && rootGlob)) {
    r.hit(
      'destructive_root_delete',
      `\`${inv.program}\` deletes ${seen.includes(home) ? 'the home folder' : 'a system root'} (${what})`,
      inv.segment,
    );
    return;
  }
  if (res.class === 'temp') return;
  if (res.class === 'workspace') {
    // `rm -rf *.egg-info`: the glob resolves to its folder, but matches generated folders only.
    if (partial || (res.glob && isGeneratedGlob(plain(word).slice(plain(word).lastIndexOf('/') + 1)))) return;
    // `rm -rf packages/*/node_modules`: every folder the glob expands to is a generated one.
    const glob = res.glob ? absoluteGlob(word.text, inv, r) : undefined;
    if (glob !== undefined && globDeletesGenerated(unprotect(glob), inv, r, (x) => isGenerated(x, r))) return;
    if (r.scope.workspaceRoots.includes(p)) {
      r.hit('local_work_loss', `\`${inv.program}\` deletes the whole workspace (${what})`, inv.segment);
    } else if (!move && !isGenerated(p, r) && !ignoredOutput(p, r)) {
      // Build outputs and caches come back with a build; anything else may be uncommitted work.
      const loss = () =>
        r.hit(
          'local_work_loss',
          `\`${inv.program}\` deletes recursively a workspace folder that is not a build output or cache (${what})`,
          inv.segment,
        );
      if (!regularFile(p, res, inv, r)) loss();
      // A regular file goes as `rm` alone takes it, unless another command of the line may put a folder there.
      else r.afterWalk(() => othersMayMakeFolder(p, inv, r) && loss());
    }
    return;
  }
  r.hit(
    'recursive_delete_outside_workspace',
    `\`${inv.program}\` deletes recursively in ${res.class} space (${what})`,
    inv.segment,
  );
}

/** Programs the other commands of a line may be: they change only the paths they name, or nothing. */
const LISTS_WHAT_IT_CHANGES = new Set([
  'cd',
  'pushd',
  'popd',
  'true',
  ':',
  'echo',
  'printf',
  'pwd',
  'ls',
  'cat',
  'test',
  '[',
  'rm',
  'rmdir',
  'mkdir',
  'touch',
]);

/**
 * A regular file at `p`, reached through no link (`rm -rf node_modules package-lock.json`: a recursive delete of the
 * lock file is its delete).
 */
function regularFile(p: string, res: ResolvedPath, inv: Invocation, r: Reporter): boolean {
  if (res.real !== undefined || res.glob) return false;
  const there = readBudgeted(p, inv, r);
  return there?.kind === 'text' || (there?.kind === 'unreadable' && there.why === 'too-large');
}

/**
 * Could another command of the line, before it, after it or beside it (`&`, a pipe), put a folder at `p`: a
 * program that does not name what it changes (`git stash pop`, a checkout), or one that writes, moves or deletes at
 * or around `p`? Asked once every segment of the line is known.
 */
function othersMayMakeFolder(p: string, inv: Invocation, r: Reporter): boolean {
  return r.segments.some(
    (seg, k) =>
      k !== inv.segment &&
      (!LISTS_WHAT_IT_CHANGES.has(seg.program) ||
        seg.paths.some(
          (x) =>
            x.role !== 'read' &&
            x.role !== 'arg' &&
            (x.resolved === undefined || isUnder(x.resolved, p) || isUnder(p, x.resolved)),
        )),
  );
}

function rm(inv: Invocation, r: Reporter): void {
  const { options, positionals } = splitArgs(inv.args);
  const recursive = hasFlag(options, 'r', ['--recursive']) || hasFlag(options, 'R');
  for (const target of positionals) {
    if (recursive) recursiveDelete(target, inv, r, target.text.includes(EACH_FOUND));
    else if (target.text.endsWith('/**'))
      // Every file below a folder (`find . -type f -print0 | xargs -0 rm -f`, a listing with no name test, or
      // `rm ./**` under globstar): the folder's files whatever their depth, as `find . -type f -delete` deletes.
      recursiveDelete({ text: target.text.slice(0, -3) || '/', flow: target.flow }, inv, r, false);
    else touchPath(target, 'delete', inv, r);
  }
}

const FIND_FILTERS =
  /^-(i?name|i?path|i?wholename|i?regex|type|newer|mtime|mmin|atime|amin|ctime|cmin|size|empty|user|group|perm|links|inum|samefile|not|prune)$/;

function find(inv: Invocation, r: Reporter): Flow {
  const args = inv.args;
  const roots: Word[] = [];
  let i = 0;
  while (i < args.length && !/^[-(!]/.test(plain(args[i]))) roots.push(args[i++] as Word);
  if (roots.length === 0) roots.push({ text: '.', flow: OPAQUE_FLOW });
  // Expression words outside -exec … ; (an `-delete` inside an -exec command is that command's argument).
  const rest: string[] = [];
  const restWords: Word[] = [];
  for (let k = i; k < args.length; k++) {
    const t = optionText(args[k]);
    if (['-exec', '-execdir', '-ok', '-okdir'].includes(t)) {
      while (k < args.length && !/^(;|\+)$/.test(plain(args[k]))) k++;
      continue;
    }
    rest.push(t);
    restWords.push(args[k] as Word);
  }
  // `-type f` (or any type but folders, which only go when empty) keeps every file of that kind: no filter.
  const nameFiltered = rest.some(
    (t, k) => FIND_FILTERS.test(t) && (t !== '-type' || /d/.test(rest[k + 1] ?? '')),
  );
  const filtered = nameFiltered || rest.includes('-maxdepth');
  // The globs the name tests select, when there are any (`*` selects every file: `{}` alone says that).
  const names = findNames(restWords).filter((n) => n !== '*');
  for (const root of roots) touchPath(root, 'arg', inv, r);
  // `-fprint FILE`, `-fprint0 FILE`, `-fls FILE`, `-fprintf FILE FORMAT`: find writes (truncates) FILE.
  for (let k = i; k < args.length; k++)
    if (/^-(fprint0?|fprintf|fls)$/.test(optionText(args[k])) && args[k + 1])
      touchPath(args[k + 1] as Word, 'write', inv, r);
  if (rest.includes('-delete')) {
    for (const root of roots)
      recursiveDelete({ text: filtered ? `${root.text}/{}` : root.text, flow: root.flow }, inv, r, filtered);
  }
  for (let k = i; k < args.length; k++) {
    const t = optionText(args[k]);
    if (!['-exec', '-execdir', '-ok', '-okdir'].includes(t)) continue;
    const cmd: Word[] = [];
    for (k++; k < args.length && !/^(;|\+)$/.test(plain(args[k])); k++) cmd.push(args[k] as Word);
    for (const root of roots) {
      const each = filtered ? `${root.text}/${EACH_FOUND}` : `${root.text}/*`;
      // A file found stands alone as `{}`: the command is judged on what the name tests can match too, as a
      // listing through xargs is (`find . -name .env -exec cat {} \;` reads a secret).
      // A delete of what is found is judged below as one, and a move as each file it finds (what matters there
      // is where they go): their name tests are not globs of whole trees.
      const head = plain(cmd[0]).split('/').pop() ?? '';
      const deletes = /^(rm|unlink|shred)$/.test(head);
      // A command run on every file found with no name test reads every file below the root, hidden ones too:
      // `root/**` (a reader of it is judged on the files there, path-effects.ts; a content search on the lines its
      // pattern matches, secret-search.ts).
      const searched = names.length === 0 ? ['*'] : names;
      const found = (deletes || head === 'mv' ? [] : searched).map((n) => ({
        text: globBelow(root, n),
        flow: OPAQUE_FLOW,
      }));
      const argv = cmd.flatMap((w) =>
        plain(w) === '{}'
          ? [{ text: each, flow: w.flow }, ...found]
          : plain(w).includes('{}')
            ? [{ text: w.text.replaceAll(EACH_FOUND, each).replaceAll('{}', each), flow: w.flow }]
            : [w],
      );
      if (argv.length > 0) r.command(argv, inv, `find ${t}`);
      // rm, unlink or shred run on every file found is a recursive delete of the search root. A recursive rm of
      // every entry down to a depth (`find ~ -mindepth 1 -maxdepth 1 -exec rm -rf {} +`) empties the root whole.
      if (deletes) {
        const recursive = cmd.slice(1).some((w) => /^(-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)$/.test(plain(w)));
        const partial = filtered && (nameFiltered || !recursive);
        recursiveDelete({ text: partial ? `${root.text}/{}` : root.text, flow: root.flow }, inv, r, partial);
      }
    }
  }
  return OPAQUE_FLOW;
}

/**
 * `git mv [-f] [-k] [-n] [-v] SRC... DST`: the move `mv` makes, in the work tree (a destination in `.git/hooks` or
 * `.git/config` is written as `mv` would write it); a dry run moves nothing.
 */
export function gitMove(words: readonly Word[], inv: Invocation, r: Reporter): void {
  const texts = words.map((w) => optionText(w));
  const end = texts.indexOf('--');
  if (texts.some((t, k) => (end < 0 || k < end) && /^(?:--dry-run|-[fkv]*n[fkv]*)$/.test(t))) return;
  // Its options (`-f`, `-k`, `-v`, `--sparse`) choose no path: the operands are read as mv's are.
  copyLike({ ...inv, args: [...words] }, r, true);
}

function copyLike(inv: Invocation, r: Reporter, move: boolean): void {
  const { options, positionals } = splitArgs(inv.args);
  const targetOpt = inv.args.findIndex((w) => /^(-t|--target-directory)/.test(plain(w)));
  let dest: Word | undefined;
  let sources = positionals;
  if (targetOpt >= 0) dest = inv.args[targetOpt + 1];
  else {
    dest = positionals[positionals.length - 1];
    sources = positionals.slice(0, -1);
  }
  let secretCopied = false;
  // Moved out of the workspace (`mv src /tmp/x`), work leaves the project: gone from it, not only renamed.
  const away = move && dest !== undefined && resolveArg(dest, inv, r).class !== 'workspace';
  // Moving a folder away removes it from where it was: classed like a recursive delete.
  for (const s of sources) {
    if (move) {
      recursiveDelete(s, inv, r, false, true);
      const from = away ? resolveArg(s, inv, r) : undefined;
      if (
        from?.class === 'workspace' &&
        from.resolved !== undefined &&
        !r.scope.workspaceRoots.includes(from.resolved) &&
        !isGenerated(from.resolved, r)
      )
        r.hit(
          'local_work_loss',
          `\`${inv.program}\` moves workspace content out of the workspace (${shortPath(s)})`,
          inv.segment,
        );
    } else {
      const res = touchPath(s, 'read', inv, r);
      if (res.class === 'sensitive') secretCopied = true;
      // `cp -r ~ ./x`: a recursive copy of a folder that holds secrets (home, ~/.config) copies them.
      else if (readsTree(inv, options) && holdsSecrets(res.resolved, r)) {
        secretCopied = true;
        r.hit(
          'secret_material_read',
          `\`${inv.program}\` copies a whole folder that holds secret material (${shortPath(s)})`,
          inv.segment,
        );
      }
    }
  }
  const written = dest ? touchPath(dest, 'write', inv, r) : undefined;
  // The copy now holds the secret whatever its name: staging it later in the line stages the secret.
  if (secretCopied) noteSecretCopy(written?.resolved, r);
}

function chmod(inv: Invocation, r: Reporter): void {
  const { positionals } = splitArgs(inv.args);
  const mode = plain(positionals[0]);
  if (/(^|[,ugoa])[ugoa]*[+=][rwxXt]*s/.test(mode) || /^[2467]\d{3}$/.test(mode)) {
    r.hit('privilege_escalation', `\`${inv.program}\` sets a setuid or setgid bit`, inv.segment);
  }
  for (const p of positionals.slice(1)) touchPath(p, 'write', inv, r);
}

/** mkdir/mkfifo/mknod create a node at each path: a write there (`mkfifo gavel.toml` changes gavel's config). */
function makeNodes(inv: Invocation, r: Reporter): void {
  const names: Word[] = [];
  for (let i = 0; i < inv.args.length; i++) {
    const t = optionText(inv.args[i]);
    if (t === '-m' || t === '--mode') i++;
    else if (!t.startsWith('-') || t === '-') names.push(inv.args[i] as Word);
  }
  // mknod NAME TYPE [MAJOR MINOR]: only the first is a path.
  for (const w of inv.program === 'mknod' ? names.slice(0, 1) : names) touchPath(w, 'write', inv, r);
}

function dd(inv: Invocation, r: Reporter): void {
  for (const w of inv.args) {
    const t = plain(w);
    // dcfldd also writes to every `of=`, and to `split=`/`hashlog=` files.
    if (/^(of|of:[\w-]+|vf)=/.test(t))
      touchPath({ text: w.text.slice(t.indexOf('=') + 1), flow: w.flow }, 'write', inv, r);
    if (t.startsWith('if=')) touchPath({ text: w.text.slice(3), flow: w.flow }, 'read', inv, r);
  }
}

/** ddrescue INFILE OUTFILE [MAPFILE]: the second is written (`--force` lets it be a device). */
function ddrescue(inv: Invocation, r: Reporter): void {
  const [from, to, map] = splitArgs(inv.args).positionals;
  if (from) touchPath(from, 'read', inv, r);
  if (to) touchPath(to, 'write', inv, r);
  if (map) touchPath(map, 'write', inv, r);
}

/** `nvme format|sanitize|write|write-zeroes DEVICE` and `sg_format DEVICE` erase or overwrite the device. */
function eraser(inv: Invocation, r: Reporter): void {
  const positionals = splitArgs(inv.args).positionals;
  const erases =
    inv.program !== 'nvme' ||
    /^(format|sanitize|write|write-zeroes|write-uncor|ns-delete|delete-ns)$/.test(plain(positionals[0]));
  if (!erases) return;
  for (const w of inv.program === 'nvme' ? positionals.slice(1) : positionals) touchPath(w, 'write', inv, r);
}

const FORMATTERS = new Set([
  'mkfs',
  'mke2fs',
  'mkswap',
  'wipefs',
  'fdisk',
  'sfdisk',
  'cfdisk',
  'parted',
  'sgdisk',
  'gdisk',
  'blkdiscard',
  'badblocks',
  'cryptsetup',
  'diskutil',
  'newfs',
  'zpool',
  'hdparm',
]);

/** A mode that leaves the owner unable to read (`000`, `0244`, `a-rwx`, `u=`, `-r`). */
function ownerLosesRead(mode: string): boolean {
  if (/^0?[0-7]{3}$/.test(mode)) return Number(mode.at(-3)) < 4;
  return mode.split(',').some((clause) => {
    const m = /^([ugoa]*)([-=])([rwxXst]*)$/.exec(clause);
    if (!m) return false;
    const who = m[1] ?? '';
    if (who !== '' && !/[ua]/.test(who)) return false;
    return m[2] === '-' ? (m[3] ?? '').includes('r') : !(m[3] ?? '').includes('r');
  });
}

/**
 * `chmod -R 000 .`: every file under a workspace folder loses its owner's read bit, and the modes it had (which
 * files ran, which were private) are gone with it: nothing restores them but a fresh checkout.
 */
function lockOut(inv: Invocation, r: Reporter): void {
  const { positionals } = splitArgs(inv.args);
  if (!ownerLosesRead(plain(positionals[0]))) return;
  for (const w of positionals.slice(1)) {
    const res = resolveArg(w, inv, r);
    if (res.class === 'workspace' && !isGenerated(res.resolved, r))
      r.hit(
        'local_work_loss',
        `\`chmod -R\` takes the owner's read permission from every file under a workspace folder (${shortPath(w)})`,
        inv.segment,
      );
  }
}

export function detectFilesystem(inv: Invocation, r: Reporter): Flow | undefined {
  detectEmptiedFiles(inv, r);
  pagerEscape(inv, r);
  const p = inv.program;
  if (p === 'rm') rm(inv, r);
  else if (
    (p === 'srm' || p === 'wipe') &&
    inv.args.some((w) => /^(-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)$/.test(plain(w)))
  )
    // Secure deleters (secure-delete's srm, wipe) with -r/-R overwrite and remove whole trees, as rm -r does.
    for (const w of splitArgs(inv.args).positionals) recursiveDelete(w, inv, r);
  else if (p === 'rmdir' || p === 'unlink' || p === 'srm' || p === 'wipe')
    for (const w of splitArgs(inv.args).positionals) touchPath(w, 'delete', inv, r);
  else if (p === 'shred') {
    for (const w of splitArgs(inv.args).positionals) {
      const res = touchPath(w, 'delete', inv, r);
      if ([res.resolved, res.real].some((x) => x !== undefined && isBlockDevice(x)))
        r.hit('block_device_write', `\`shred\` overwrites the block device ${shortPath(w)}`, inv.segment);
    }
  } else if (p === 'find') return find(inv, r);
  else if (p === 'cp' || p === 'install' || p === 'rsync-local') copyLike(inv, r, false);
  else if (p === 'ln') detectLink(inv, r);
  else if (p === 'patch') patchProgram(inv, r);
  else if (p === 'mkdir' || p === 'mkfifo' || p === 'mknod') makeNodes(inv, r);
  else if (p === 'mv') copyLike(inv, r, true);
  else if (p === 'tee' || p === 'touch' || p === 'truncate')
    for (const w of splitArgs(inv.args).positionals) touchPath(w, 'write', inv, r);
  else if (p === 'sed' && inv.args.some((w) => /^(--in-place|-[a-zA-Z]*i)/.test(plain(w)))) {
    for (const w of splitArgs(inv.args).positionals.slice(1)) touchPath(w, 'write', inv, r);
  } else if (p === 'rimraf' || p === 'del-cli' || p === 'trash' || p === 'trash-put') {
    for (const w of splitArgs(inv.args).positionals) recursiveDelete(w, inv, r);
  } else if (
    (p === 'chmod' || p === 'chown' || p === 'chgrp') &&
    hasFlag(splitArgs(inv.args).options, 'R', ['--recursive'])
  ) {
    for (const w of splitArgs(inv.args).positionals.slice(1)) {
      const res = touchPath(w, 'write', inv, r);
      const at = res.resolved;
      if (
        at !== undefined &&
        (at === '/' || isUnder(r.scope.home, at) || /^\/[^/]+$/.test(at)) &&
        res.class !== 'temp'
      ) {
        r.hit(
          'destructive_root_delete',
          `\`${p} -R\` changes every file under a system root or home (${shortPath(w)})`,
          inv.segment,
        );
      }
    }
    if (p === 'chmod') {
      chmod(inv, r);
      lockOut(inv, r);
    }
  } else if (p === 'chmod') chmod(inv, r);
  else if (p === 'setcap') r.hit('privilege_escalation', '`setcap` grants file capabilities', inv.segment);
  else if (p === 'dd' || p === 'dcfldd' || p === 'dc3dd') dd(inv, r);
  else if (p === 'ddrescue' || p === 'gddrescue') ddrescue(inv, r);
  else if (p === 'nvme' || p === 'sg_format' || p === 'sg_sanitize') eraser(inv, r);
  else if (FORMATTERS.has(p) || p.startsWith('mkfs.')) {
    const sub = plain(splitArgs(inv.args).positionals[0]);
    const readOnly =
      (p === 'fdisk' || p === 'sfdisk' || p === 'parted' || p === 'diskutil' || p === 'zpool') &&
      /^(-l|list|info|status|print)$/.test(sub || plain(inv.args[0]));
    if (!readOnly && inv.args.length > 0)
      r.hit('block_device_write', `\`${p}\` formats or repartitions a block device`, inv.segment);
  } else return undefined;
  return p === 'tee' ? undefined : OPAQUE_FLOW;
}

/**
 * Does the word's first run-time part follow literal text in the same path component (`/tmp/build-$USER`), so
 * that the folder before it is not itself the target? A component that is wholly run-time text (`/tmp/$X`,
 * `~/$X`, `$HOME`) may be empty or anything and stays the folder before it.
 */
function midComponentDynamic(word: Word): boolean {
  const text = word.text;
  const at = text.indexOf(DYN);
  if (at <= 0) return false;
  const before = text.slice(0, at);
  const component = before.slice(before.lastIndexOf('/') + 1);
  return component !== '' && !/^[~.]+$/.test(component) && !/[*?[]/.test(component);
}

/** Folders whose direct children are installs or sites of the user's own choosing, not the system's. */
const OWN_CHILDREN = new Set(['/opt', '/srv', '/Applications']);

/** `/var/lib`, `/usr/bin`, `/etc/ssh`: a folder directly under a system root is a whole system folder too. */
function isSystemChild(path: string, systemRoots: readonly string[]): boolean {
  const m = /^(\/[^/]+)\/[^/]+$/.exec(path);
  return m?.[1] !== undefined && systemRoots.includes(m[1]) && !OWN_CHILDREN.has(m[1]);
}
