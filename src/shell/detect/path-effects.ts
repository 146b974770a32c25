/**
 * What touching a path means: resolves a word for an invocation, records it on the segment, and reports the
 * categories that follow from the path alone (secret reads, writes to shell rc files, cron, services, agent
 * and gavel configuration, block devices), by the path table's patterns. Pure apart from reporting.
 */

import { isUnder } from '../../core';
import {
  isSensitiveEntry,
  matchesSet,
  type PathScope,
  type ResolvedPath,
  realOf,
  resolvePath,
} from '../classify/classify-path';
import { isGitRecord } from '../classify/git-records';
import { wordMayNameSecret } from '../classify/glob-reach';
import { personWrittenHomeFile } from '../classify/home-trees';
import { homeFilesBelow, homeTwins } from '../classify/home-twins';
import { instructionImports } from '../classify/instruction-imports';
import { clearedRead, holdsSecretContent, homeFileCarries, markedRead } from '../classify/secret-content';
import { isGeneratedFolder } from '../data/generated-folders';
import type { PathRef } from '../types';
import { type Invocation, isLiteral, plain, type Reporter, shown } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW } from '../walk/flow';
import { DYN, unprotect } from '../walk/markers';
import { globReaches, walkFiles } from './folder-walk';
import { SECRET_SEARCH_PROGRAMS } from './secret-search';

export function resolveArg(word: Word, inv: Invocation, r: Reporter): ResolvedPath {
  const text = word.text;
  if (inv.cwd === undefined && !text.startsWith('/') && !text.startsWith('~') && !text.startsWith(DYN)) {
    return { class: 'outside', glob: false };
  }
  return resolvePath(text, r.scope, inv.cwd ?? r.scope.cwd);
}

/** A path at or below a generated folder, inside a workspace root. */
export function isGenerated(path: string | undefined, r: Reporter): boolean {
  if (path === undefined) return false;
  const root = r.scope.workspaceRoots.find((w) => isUnder(path, w));
  if (root === undefined || root === path) return false;
  return path
    .slice(root.length + 1)
    .split('/')
    .some(isGeneratedFolder);
}

/** The agent's and gavel's own configuration (the table's `self_modification`). */
export function isAgentConfig(path: string, scope: PathScope): boolean {
  return matchesSet(path, scope.selfModification);
}

/** Files whose change makes something run later (the table's `persistence`). */
export function isPersistence(path: string, scope: PathScope): boolean {
  return matchesSet(path, scope.persistence);
}

export function isBlockDevice(path: string): boolean {
  // `/dev/disk/by-id/…` and the other by-* folders are links to the disks and their partitions.
  return /^\/dev\/(sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|rdisk\d|md\d|dm-\d|mapper\/|loop\d|sr\d|disk\/by-[a-z]+\/|block\/|zvol\/|zd\d|nbd\d|rbd\d|bcache\d|ubd[a-z]|root$)/.test(
    path,
  );
}

/** The sensitive patterns of the table and the user's `[check] sensitive` additions (joined once per environment). */
function sensitivePatterns(r: Reporter): readonly string[] {
  // No additions (the bundled policy's case): the table itself, no copy of it per request.
  if (!r.env.sensitivePaths?.length) return r.env.paths.sensitive;
  let joined = sensitiveByEnv.get(r.env);
  if (!joined) {
    joined = [...r.env.paths.sensitive, ...r.env.sensitivePaths];
    sensitiveByEnv.set(r.env, joined);
  }
  return joined;
}
const sensitiveByEnv = new WeakMap<Reporter['env'], readonly string[]>();

/** A read through a glob (or run-time text) that may expand to a secret is a read of the secret. */
function withGlobReach(
  res: ResolvedPath,
  word: Word,
  role: PathRef['role'],
  inv: Invocation,
  r: Reporter,
): ResolvedPath {
  if (role !== 'read' || res.class === 'sensitive') return res;
  if (wordMayNameSecret(word.text, r.scope, sensitivePatterns(r), inv.cwd ?? r.scope.cwd))
    return { ...res, class: 'sensitive' };
  return secretBelow(word, inv, r) ? { ...res, class: 'sensitive' } : res;
}

/**
 * Does a read through a glob read a secret-named file the glob expands to on disk (`cat config/*` beside
 * `config/master.key`; `find . -type f | xargs cat` reads `./**`, every file below, hidden ones too)? The
 * pattern-only reading cannot say: most folders hold none. Bounded (folder-walk.ts).
 */
export function secretBelow(word: Word, inv: Invocation, r: Reporter): boolean {
  // Content searches print only the lines their pattern matches: secret-search.ts judges what they read.
  if (!r.env.readScript || SECRET_SEARCH_PROGRAMS().includes(inv.program)) return false;
  const abs = absoluteGlob(word.text, inv, r);
  if (abs === undefined) return false;
  return globReaches(
    unprotect(abs),
    inv,
    r,
    (path, name, real) =>
      entryMayNameSecret(path, real, inv, r) ||
      keptCarries(real ?? path, r) ||
      (DATA_NAME.test(name) && contentSecret(real ?? path, inv, r)),
  );
}

/**
 * Names of files that may hold a credential whatever they are called (a service-account JSON as `app-data.json`, a
 * key file with no extension): data and settings files, not source code or documents (review 30a).
 */
const DATA_NAME =
  /^[^.]+$|\.(?:json|ya?ml|properties|ini|cfg|conf|cnf|toml|xml|txt|key|pem|env|dat|bak|old|orig)$/i;

/** Does a file a glob reached hold a secret by its content? Past the content budget: uncertain, not presumed. */
function contentSecret(abs: string, inv: Invocation, r: Reporter): boolean {
  const content = holdsSecretContent(abs, r.env, r);
  if (content === 'unknown')
    r.uncertain('too-large', `\`${inv.program}\` reads more files than gavel looks inside`, inv.segment);
  return content === true;
}

/**
 * Does a home file a person keeps (home-trees.ts), reached through a glob (`cat ~/.local/bin/*`), carry a credential
 * by its content (homeFileCarries)? Past the content budget it may.
 */
function keptCarries(abs: string, r: Reporter): boolean {
  return personWrittenHomeFile(abs, r.env) && homeFileCarries(abs, r.env, r) !== false;
}

/** A word holding an unquoted glob as an absolute pattern (`~` and the working folder applied); else undefined. */
export function absoluteGlob(text: string, inv: Invocation, r: Reporter): string | undefined {
  if (text.includes(DYN) || !/[*?[]/.test(text) || text.length > 1024) return undefined;
  if (text.startsWith('/')) return text;
  if (text === '~' || text.startsWith('~/')) return `${r.scope.home}${text.slice(1)}`;
  return `${inv.cwd ?? r.scope.cwd}/${text}`;
}

/**
 * Whether a word given to a program may name a secret file: it resolves to a sensitive path, or its glob or
 * run-time text may expand to one. Used where a program's operands are not otherwise taken as paths.
 */
export function mayNameSecret(word: Word, inv: Invocation, r: Reporter): boolean {
  const text = word.text;
  if (text.length === 0 || text.length > 4096) return false;
  const cwd = inv.cwd ?? r.scope.cwd;
  if (wordMayNameSecret(text, r.scope, sensitivePatterns(r), cwd)) return true;
  if (text.includes(DYN)) return false;
  return resolvePath(text, r.scope, cwd).class === 'sensitive';
}

/**
 * mayNameSecret for a file a walk reached (folder-walk.ts), whose real path the walk may know without resolving
 * it (`real`): both paths are classed, as resolvePath classes a path and where it leads. Undefined: resolved.
 */
export function entryMayNameSecret(
  abs: string,
  real: string | undefined,
  inv: Invocation,
  r: Reporter,
): boolean {
  if (real === undefined) return mayNameSecret({ text: abs, flow: NO_FLOW }, inv, r);
  if (abs.length > 4096) return false;
  if (wordMayNameSecret(abs, r.scope, sensitivePatterns(r), inv.cwd ?? r.scope.cwd)) return true;
  return isSensitiveEntry(abs, r.scope) || (real !== abs && isSensitiveEntry(real, r.scope));
}

/** Records a path and reports what follows from its class and role. */
export function touchPath(word: Word, role: PathRef['role'], inv: Invocation, r: Reporter): ResolvedPath {
  const reached = withGlobReach(resolveArg(word, inv, r), word, role, inv, r);
  // A repository's git config or a project's rc file read whole and carrying no credential is no secret read.
  // A home file whose content carries a credential (a start-up file exporting a token) is a secret read.
  const res = role === 'read' ? markedRead(clearedRead(reached, r.scope, r.env, r), r.env, r) : reached;
  r.path(inv.segment, {
    raw: shown(word, 120),
    ...(res.resolved === undefined ? {} : { resolved: res.resolved }),
    class: res.class,
    role,
    ...(res.glob ? { glob: true } : {}),
    ...(res.class === 'workspace' && isGenerated(res.resolved, r) ? { generated: true } : {}),
    ...(res.real === undefined ? {} : { real: res.real }),
  });
  // A symlink on the way: what the path names and where it really leads both count, and so does a home file that
  // leads to it (a dotfiles repository's `zsh/.zshrc` is `~/.zshrc`), or that a folder deleted takes away.
  for (const p of res.real === undefined ? [res.resolved] : [res.resolved, res.real])
    pathHits(p, role, word, inv, r);
  if (role !== 'read' && res.class === 'workspace' && res.resolved !== undefined)
    for (const p of homeTwinsOf(res.resolved, role, r.scope)) pathHits(p, role, word, inv, r);
  if (role === 'read' && res.class === 'sensitive') {
    r.hit(
      'secret_material_read',
      `\`${inv.program}\` reads secret material (${shortPath(word)})`,
      inv.segment,
    );
  } else if (role === 'read' && !res.glob && res.resolved !== undefined) {
    readsSecretContent(res.real ?? res.resolved, inv, r);
  } else if (role === 'delete' && (res.class === 'sensitive' || (res.glob && secretBelow(word, inv, r)))) {
    // A key or credential file is kept out of the history (`.gitignore`): deleted, nothing brings it back. A glob
    // counts by the files it expands to on disk (`rm -f android/*` beside a keystore), not by its text.
    r.hit(
      'local_work_loss',
      `\`${inv.program}\` deletes a file of keys or credentials, which no history keeps (${shortPath(word)})`,
      inv.segment,
    );
  }
  return res;
}

/**
 * A file read whose content has a secret shape is a secret read; past the per-request budget of files looked
 * inside, the read is uncertain (never presumed clean). True when it reported a secret read.
 */
export function readsSecretContent(abs: string, inv: Invocation, r: Reporter): boolean {
  const content = contentSecret(abs, inv, r);
  if (content)
    r.hit('secret_material_read', `\`${inv.program}\` reads a file that holds secret material`, inv.segment);
  return content;
}

/** A hook git runs (`.git/hooks/pre-commit`, a submodule's, husky's `.husky/_` shims), not a `.sample`. */
const INSTALLED_HOOK = /\/\.git\/(?:modules\/.+\/)?hooks(?:\/(?![^/]*\.sample$)[^/]+)?$|\/\.husky\/_(?:\/|$)/;

function pathHits(
  p: string | undefined,
  role: PathRef['role'],
  word: Word,
  inv: Invocation,
  r: Reporter,
): void {
  if ((role === 'write' || role === 'delete') && p !== undefined) {
    if (isAgentConfig(p, r.scope) || instructionImports(r.env).has(p)) {
      r.hit(
        'agent_self_modification',
        `\`${inv.program}\` changes agent or gavel configuration (${shortPath(word)})`,
        inv.segment,
      );
    }
    // An installed hook lives outside the history: deleting it silently skips the checks it runs, as
    // `--no-verify` does (a tracked hook's removal, `.husky/pre-commit`, shows in the commit).
    if (role === 'delete' && INSTALLED_HOOK.test(p)) {
      r.hit(
        'disable_security_control',
        `\`${inv.program}\` removes an installed git hook (${shortPath(word)})`,
        inv.segment,
      );
    }
    // git's own records (refs, packed refs, the reflog, the index, objects, grafts): a branch, the record that
    // recovers a lost commit or the staged work goes with them.
    if (isGitRecord(p)) {
      r.hit(
        'local_work_loss',
        `\`${inv.program}\` ${role === 'delete' ? 'deletes' : 'overwrites'} git's own records (${shortPath(word)})`,
        inv.segment,
      );
    }
    if (role === 'write' && isPersistence(p, r.scope)) {
      r.hit(
        'persistence',
        `\`${inv.program}\` writes a file that runs at login, on a schedule or as a service (${shortPath(word)})`,
        inv.segment,
      );
    }
    if (role === 'write' && isBlockDevice(p)) {
      r.hit(
        'block_device_write',
        `\`${inv.program}\` writes to the block device ${shortPath(word)}`,
        inv.segment,
      );
    }
  }
}

/** Home files a write or delete of a workspace path reaches through their links (home-twins.ts). */
export function homeTwinsOf(path: string, role: PathRef['role'], scope: PathScope): string[] {
  const twins = homeTwins(path, scope);
  return role === 'delete'
    ? [...twins, ...homeFilesBelow(path, scope).filter((h) => !twins.includes(h))]
    : twins;
}

/** True when a folder holds secret material below it (home, `~/.config`, `/etc`): a recursive read takes it. */
export function holdsSecrets(path: string | undefined, r: Reporter): boolean {
  if (path === undefined) return false;
  // A link to home (`tar c homelink`) reads the tree it leads to.
  const real = realOf(path, r.scope);
  return [path, ...(real == null ? [] : [real])].some(
    (p) =>
      r.scope.sensitive.prefixes.some((s) => isUnder(s, p) && s !== p) ||
      HOMES.some((h) => h === p || isUnder(h, p)),
  );
}

/** The folders every user's home is in: each holds keys and tokens, whoever's home is running. */
const HOMES = ['/home', '/Users', '/root'];

/** Programs that read a whole folder tree given one, with no option to say so (`tar -cf a.tar dir`). */
const RECURSIVE_BY_DEFAULT: readonly string[] = [
  'tar',
  'gtar',
  'bsdtar',
  'zip',
  '7z',
  'rsync',
  'rclone',
  'rg',
  'ag',
  'duplicity',
  'borg',
  'restic',
  // Structural and pager diffs compare two folders file by file, printing what differs.
  'difft',
  'delta',
];

/** Programs that read whole folder trees: those above, and those that do with `-r`/`-a` (`scp -r`, `grep -r`, `cp -a`). */
export const TREE_READERS = new Set([...RECURSIVE_BY_DEFAULT, 'scp', 'grep', 'cp', 'diff', 'colordiff']);

/**
 * Programs that print what they read of a folder tree (`diff -rN dir empty/` prints every file of dir), as an
 * archiver writing to standard output does.
 */
export const TREE_PRINTERS: ReadonlySet<string> = new Set(['diff', 'colordiff', 'difft', 'delta']);

/**
 * Does the archiver write the archive, members and all, to standard output, where the agent sees it (`tar -cf - .`,
 * `tar c .` with no archive named, `zip -r - .`)? An uncompressed tar shows each member's text as it is.
 */
export function archivesToStdout(inv: Invocation): boolean {
  const words = inv.args.map((w) => plain(w));
  if (inv.program === 'zip') return words.find((w) => w === '-' || !w.startsWith('-')) === '-';
  if (!['tar', 'gtar', 'bsdtar'].includes(inv.program)) return false;
  const clusters = words.filter((w, k) => /^-[A-Za-z][^=]*$/.test(w) || (k === 0 && /^[A-Za-z]+$/.test(w)));
  const creates = words.includes('--create') || clusters.some((c) => c.includes('c'));
  if (!creates) return false;
  const long = words.findIndex((w) => w === '--file' || w.startsWith('--file='));
  if (long >= 0) return (words[long]?.startsWith('--file=') ? words[long].slice(7) : words[long + 1]) === '-';
  const cluster = clusters.findIndex((c) => c.includes('f'));
  if (cluster < 0) return true;
  // `-cf ARCHIVE`, `-cf-` glued after the f, or old style `cf ARCHIVE`.
  const c = clusters[cluster] as string;
  const glued = c.startsWith('-') ? c.slice(c.indexOf('f') + 1) : '';
  return (glued !== '' ? glued : words[words.indexOf(c) + 1]) === '-';
}

/** Does a tree an archiver reads hold a secret-named file on disk (a bounded walk, hidden files included)? */
export function treeHoldsSecret(path: string | undefined, inv: Invocation, r: Reporter): boolean {
  if (path === undefined || !r.env.readScript) return false;
  return walkFiles([path], true, inv, r, (_folder, _name, abs, real) =>
    entryMayNameSecret(abs, real, inv, r),
  );
}

export function readsTree(inv: Invocation, options: readonly string[]): boolean {
  if (RECURSIVE_BY_DEFAULT.includes(inv.program)) return true;
  return options.some((o) => /^-[a-zA-Z]*[rRa]/.test(o) || o === '--recursive' || o === '--archive');
}

export function shortPath(word: Word): string {
  return `\`${shown(word, 48)}\``;
}

/** Redirect writes and reads of one invocation. */
export function redirectEffects(inv: Invocation, r: Reporter): void {
  for (const redirect of inv.redirects) {
    const target = redirect.target.text;
    if (
      /^&?\d*-?$/.test(target) ||
      target === '/dev/null' ||
      /^\/dev\/(stdout|stderr|tty|fd\/\d)$/.test(target)
    )
      continue;
    if (redirect.op.includes('>')) {
      touchPath(redirect.target, 'write', inv, r);
      // `echo x >> "$RCFILE"`: a file named only at run time may be a start-up file, a hook, a control file.
      if (runTimeName(redirect.target))
        r.uncertain('dynamic-path', `\`${inv.program}\` writes a file named only at run time`, inv.segment);
    } else if (redirect.op.includes('<')) {
      touchPath(redirect.target, 'read', inv, r);
      // `cat < "$KUBECONFIG"`, `while read l; do echo "$l"; done < "$1"`: input from a file named only at run
      // time may be any file, a secret too (a listing's line, a loop's glob or a pipe is bounded).
      if (!redirect.op.startsWith('<<') && runTimeName(redirect.target))
        r.uncertain('dynamic-path', `\`${inv.program}\` reads a file named only at run time`, inv.segment);
    }
  }
}

/**
 * A word naming a file only at run time (`$X`, `$(cmd)`, `"$1"`, `src/$F`: any part of it may hold `..` or a whole
 * path), not a listing's line, a loop's glob or a process substitution's pipe. A word starting with `/` or `~` is
 * resolved as a path whose run-time parts may name anything below it (glob-reach.ts), judged there.
 */
export function runTimeName(word: Word): boolean {
  const text = plain(word);
  return (
    !isLiteral(word) &&
    !text.startsWith('/') &&
    !text.startsWith('~') &&
    !word.flow.listed &&
    !word.flow.pipe &&
    !word.flow.pattern
  );
}

/** Secret material arriving on stdin: through the pipe or from a `<` redirect of a sensitive file. */
export function stdinSensitive(inv: Invocation, r: Reporter): boolean {
  if (inv.stdin.sensitive) return true;
  return inv.redirects.some((x) => x.op === '<' && resolveArg(x.target, inv, r).class === 'sensitive');
}
