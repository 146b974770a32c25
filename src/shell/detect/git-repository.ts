/**
 * The repository a git command works in, as git itself finds it (from the cwd or `-C` folder up to `/`: a `.git`
 * folder, or a `.git` file naming the git folder of a worktree or submodule), and what of it runs programs: the
 * repository configuration (keys of data/git-exec-keys.ts, with `include.path`/`includeIf.*.path` files
 * followed), the hooks the subcommand fires (in `.git/hooks` or `core.hooksPath`), and, for a push without a
 * refspec, the current branch (`HEAD`) against the default one (the remote's `HEAD`). A nested repository is the
 * one git finds. Read through the surface's reader (a folder reads as `not-regular`); without a reader nothing is
 * read. Never quotes a file, a branch name or a value. Pure apart from the injected reader and reporting.
 * INVARIANT: a repository file that cannot be read or followed is uncertain, never silently allowed.
 */

import { posix } from 'node:path';
import { isUnder, sha256Hex } from '../../core';
import { parseGitConfig, urlHoldsCredential } from '../classify/git-config';
import { GIT_COMMANDS } from '../data/git-commands';
import { gitExecKey } from '../data/git-exec-keys';
import { HUSKY_DISPATCHERS, HUSKY_PATH_FIRST, HUSKY_START_UP_FILES } from '../data/husky-dispatchers';
import { SCRIPT_FILE_WRAPPER } from '../types';
import type { Invocation, Reporter, ScriptBinding } from '../unwrap/invocation';
import { literalWord } from '../walk/decode-word';
import { OPAQUE_FLOW } from '../walk/flow';
import { binShadows } from './bin-shadows';
import { directKind, readBudgeted, runFileText } from './disk-scripts';
import { diffDriverRuns } from './git-diff-drivers';
import { driverUnused, type ShownWords } from './git-driver-paths';
import { HOOK_NAME, runsSomething } from './git-exec-config';
import { mergeToolRuns } from './git-merge-drivers';
import { contactsRemote, isReplaced, readsIndex } from './git-setting-scope';
import { foldersUp, followedPath, inFolder } from './project-file';
import { noteWritten } from './written-scripts';

export interface Repository {
  /** The top of the working tree. */
  top: string;
  /** The git folder (`.git`, or the one a `.git` file names). */
  gitDir: string;
  /** Where config and hooks live (a linked worktree's common folder). */
  commonDir: string;
}

type Found = Repository | 'none' | 'unknown';

/** What of the command decides which configured settings it uses: its positional words, the keys it replaces. */
export interface SettingScope {
  positionals: readonly string[];
  /** From git-setting-scope.ts `replacedKeys`. */
  replaced: ReadonlySet<string>;
  /** What the command's patches cover, for the diff drivers bound to some files only (git-driver-paths.ts). */
  shown?: ShownWords;
}

const WRAPPER = `git${SCRIPT_FILE_WRAPPER}`;
const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`git\` ${why}`, inv.segment, 'kept');

/** Hooks each subcommand may fire, besides the ones every index or ref update fires. */
const HOOKS: Readonly<Record<string, readonly string[]>> = {
  commit: ['pre-commit', 'prepare-commit-msg', 'commit-msg', 'post-commit', 'post-rewrite', 'pre-auto-gc'],
  merge: ['pre-merge-commit', 'prepare-commit-msg', 'commit-msg', 'post-merge', 'pre-auto-gc'],
  pull: [
    'pre-merge-commit',
    'prepare-commit-msg',
    'commit-msg',
    'post-merge',
    'post-checkout',
    'post-rewrite',
    'pre-rebase',
    'pre-auto-gc',
  ],
  checkout: ['post-checkout'],
  switch: ['post-checkout'],
  clone: ['post-checkout'],
  worktree: ['post-checkout'],
  push: ['pre-push', 'push-to-checkout'],
  rebase: ['pre-rebase', 'post-rewrite', 'post-checkout', 'prepare-commit-msg', 'commit-msg', 'pre-auto-gc'],
  am: ['applypatch-msg', 'pre-applypatch', 'post-applypatch', 'post-rewrite', 'pre-auto-gc'],
  'cherry-pick': ['prepare-commit-msg', 'commit-msg', 'post-commit'],
  revert: ['prepare-commit-msg', 'commit-msg', 'post-commit'],
  gc: ['pre-auto-gc'],
  maintenance: ['pre-auto-gc'],
  fetch: ['pre-auto-gc'],
  'send-email': ['sendemail-validate'],
};
/** Subcommands that neither write the index nor update a ref (no `post-index-change`/`reference-transaction`). */
const READ_ONLY = new Set(
  'log show rev-parse ls-files ls-tree ls-remote cat-file blame annotate describe shortlog grep config help version rev-list for-each-ref show-ref name-rev whatchanged var check-ignore check-attr count-objects show-branch verify-commit verify-tag cherry range-diff diff-tree merge-base archive bundle'.split(
    ' ',
  ),
);
/** Keys that matter only to subcommands that talk to a remote. */
const REMOTE_KEYS =
  /^(credential(\..+)?\.helper|core\.(sshcommand|gitproxy|askpass)|remote\..+\.(uploadpack|receivepack)|protocol(\..+)?\.allow)$/i;

/** A diff driver bound to files by their attributes. */
const NAMED_DRIVER = /^diff\..+\.(?:command|textconv)$/;

/** Files followed by `include.path` within one analysis of a configuration. */
const MAX_INCLUDES = 8;

/** git's search for the repository, from `start` up to `/`. */
export function findRepository(start: string, inv: Invocation, r: Reporter): Found {
  for (const dir of foldersUp(start)) {
    const dotgit = inFolder(dir, '.git');
    const f = readBudgeted(dotgit, inv, r);
    if (!f) return 'unknown';
    if (f.kind === 'missing') {
      // A folder that is itself a git directory (HEAD, objects/, refs/): git takes it as a bare repository.
      const bare = gitDirectory(dir, inv, r);
      if (bare === 'unknown') return 'unknown';
      if (bare) return { top: dir, gitDir: dir, commonDir: bare };
      continue;
    }
    if (f.kind === 'unreadable') {
      if (f.why !== 'not-regular') return 'unknown';
      // A `.git` folder's `commondir` names where its config, hooks and refs live, as for a worktree's. git passes
      // over a `.git` folder without a HEAD, objects/ or refs/ and looks further up (a folder that is itself a git
      // directory first); one whose pieces are there in a form gavel does not model is unknown.
      const commonDir = gitDirectory(dotgit, inv, r);
      if (commonDir === 'unknown') return 'unknown';
      if (commonDir !== false) return { top: dir, gitDir: dotgit, commonDir };
      const bare = gitDirectory(dir, inv, r);
      if (bare === 'unknown') return 'unknown';
      if (bare) return { top: dir, gitDir: dir, commonDir: bare };
      continue;
    }
    // A worktree or submodule: the file is `gitdir: <path>` (relative to its folder), git strips only the line
    // breaks that end it: spaces are part of the path.
    const named = f.text.startsWith('gitdir: ') ? f.text.slice(8).replace(/[\r\n]+$/, '') : '';
    if (named === '' || /[\r\n]/.test(named)) return 'unknown';
    const gitDir = followedPath(dir, named, r);
    if (gitDir === undefined) return 'unknown';
    const commonDir = commonOf(gitDir, inv, r);
    if (commonDir === undefined) return 'unknown';
    return { top: dir, gitDir, commonDir };
  }
  return 'none';
}

/** The top of the working tree of the repository git finds from `start`; `none` outside one, `unknown` when unread. */
export function repositoryTop(start: string, inv: Invocation, r: Reporter): string | 'none' | 'unknown' {
  const found = findRepository(start, inv, r);
  return typeof found === 'string' ? found : found.top;
}

/**
 * The file an `include.path` value names, as git places it: `~/` in the home folder, a relative path beside the
 * including file (symbolic links followed before `..`). Undefined for what gavel cannot place (`~user/`, git's
 * `%(prefix)/`, a link it cannot resolve).
 */
export function includedPath(value: string, from: string, r: Reporter): string | undefined {
  if (value.startsWith('~/')) return posix.join(r.scope.home, value.slice(2));
  if (value.startsWith('~') || value.startsWith('%(')) return undefined;
  return followedPath(posix.dirname(from), value, r);
}

/** The folder a git directory's `commondir` file names (itself without one); undefined when it cannot be read. */
function commonOf(gitDir: string, inv: Invocation, r: Reporter): string | undefined {
  const common = readBudgeted(inFolder(gitDir, 'commondir'), inv, r);
  if (!common || common.kind === 'unreadable') return undefined;
  if (common.kind !== 'text') return gitDir;
  // git strips only the line breaks that end the file.
  const named = common.text.replace(/[\r\n]+$/, '');
  return named === '' || /[\r\n]/.test(named) ? undefined : followedPath(gitDir, named, r);
}

/** A `HEAD` git takes: a symbolic ref into `refs/`, or an object name. */
const VALID_HEAD = /^(?:ref:\s*refs\/\S+|[0-9a-f]{40}|[0-9a-f]{64})\s*$/;

/**
 * Is `dir` a git directory as git's discovery checks one: a `HEAD`, and `objects/` and `refs/` where its `commondir`
 * says (itself without one)? Its common folder when it plainly is; false when one of them is missing (git passes
 * over it too); 'unknown' when it cannot be told or they are there in a form gavel does not model (a `HEAD` git may
 * still take, `objects` a file), never a guess either way.
 */
function gitDirectory(dir: string, inv: Invocation, r: Reporter): string | false | 'unknown' {
  const head = readBudgeted(inFolder(dir, 'HEAD'), inv, r);
  if (!head || head.kind === 'unreadable') return 'unknown';
  if (head.kind === 'missing') return false;
  const common = commonOf(dir, inv, r);
  if (common === undefined) return 'unknown';
  const folder = (name: string) => {
    const f = readBudgeted(inFolder(common, name), inv, r);
    if (f === undefined) return 'unknown';
    if (f.kind === 'missing') return 'missing';
    return f.kind === 'unreadable' && f.why === 'not-regular' ? 'folder' : 'unknown';
  };
  const found = [folder('objects'), folder('refs')];
  if (found.includes('missing')) return false;
  if (found.includes('unknown') || !VALID_HEAD.test(head.text)) return 'unknown';
  return common;
}

/** What a repository's configuration says, as far as the command at hand is concerned. */
interface Config {
  hooksPath?: string;
  pushRefspecs: boolean;
  /** A remote URL (or an `insteadOf` base) carries a password or token in its user part. */
  credentialUrl?: boolean;
  /** A partial clone: git fetches a missing object from the promisor remote on any command that reads one. */
  promisor?: boolean;
  /**
   * Remote-only values skipped on a command that names no remote, which run after all on a partial clone (`''`: a
   * transport allowed that can run a command).
   */
  remoteOnly: string[];
}

/** Reads and analyses one configuration file (and the files it includes); false when it could not be. */
/** The system's configuration files: the administrator's (as the machine's own programs are), read for aliases only. */
export const SYSTEM_GIT_CONFIGS = [
  '/etc/gitconfig',
  '/usr/local/etc/gitconfig',
  '/opt/homebrew/etc/gitconfig',
];

/** The user's configuration files git reads before the repository's own: the XDG file, then the home file. */
export function userGitConfigs(home: string): string[] {
  return [posix.join(home, '.config/git/config'), posix.join(home, '.gitconfig')];
}

/**
 * The subcommands that may open an editor (a message, a todo list, a patch to edit): `branch --edit-description`
 * (also abbreviated, `git branch --edit`: white-box review), a hunk edited in `checkout`/`reset`/`restore -p`.
 */
const EDITOR_SUBS = new Set([
  'branch',
  'checkout',
  'reset',
  'restore',
  'commit',
  'merge',
  'rebase',
  'revert',
  'cherry-pick',
  'tag',
  'notes',
  'am',
  'add',
  'config',
  'pull',
  'stash',
  'send-email',
  'format-patch',
  'replace',
  'var',
]);

/**
 * Values of the user's own or the system's configuration that name a well-known program by its name (a pager, an
 * editor, git's or gh's credential helper, gpg): the user's installed software, as a program on PATH is.
 */
const OWN_KNOWN: readonly (readonly [RegExp, RegExp])[] = [
  [
    /^(?:core\.pager|pager\..+|interactive\.difffilter)$/,
    /^(?:less|more|most|delta|diff-so-fancy|diff-highlight|bat|cat)(?:\s+[-\w=.,:]+)*$/,
  ],
  [
    /^(?:core|sequence)\.editor$/,
    /^(?:vim?|nvim|nano|emacs|emacsclient|code|code-insiders|subl|micro|hx|kak|mate|zed|cursor)(?:\s+[-\w=.,:]+)*$/,
  ],
  [
    /^credential(?:\..+)?\.helper$/,
    /^(?:(?:store|cache|osxkeychain|manager|manager-core|libsecret|wincred|gnome-keyring)(?:\s+[-\w=.,:]+)*|!(?:\/usr\/(?:local\/)?bin\/)?gh auth git-credential)$/,
  ],
  [/^gpg(?:\..+)?\.program$/, /^(?:\/usr\/(?:local\/)?bin\/)?(?:gpg2?|gpgsm|ssh-keygen)$/],
];

function analyseConfig(
  path: string,
  sub: string,
  repo: Repository,
  inv: Invocation,
  r: Reporter,
  into: Config,
  seen: Set<string>,
  options: readonly string[],
  scope: SettingScope,
  own = false,
): boolean {
  if (seen.has(path)) return true;
  seen.add(path);
  if (seen.size > MAX_INCLUDES) {
    say(inv, r, 'reads more included configuration files than one review follows');
    return false;
  }
  const file = readBudgeted(path, inv, r);
  if (!file) return false;
  if (file.kind === 'missing') return true;
  if (file.kind === 'unreadable') {
    say(inv, r, 'reads a git configuration file that could not be read');
    return false;
  }
  const entries = parseGitConfig(file.text);
  if (!entries) {
    say(inv, r, 'reads a git configuration file gavel cannot follow');
    return false;
  }
  for (const { key, value } of entries) {
    const lower = key.toLowerCase();
    if (value === undefined) {
      say(inv, r, 'reads a git configuration value gavel cannot follow');
      return false;
    }
    if (/^(include|includeif\..+)\.path$/.test(lower)) {
      // A missing included file is skipped by git; one that exists is read as part of this configuration.
      const target = includedPath(value, path, r);
      if (target === undefined) {
        say(inv, r, 'includes a configuration file gavel cannot place');
        return false;
      }
      if (!analyseConfig(target, sub, repo, inv, r, into, seen, options, scope, own)) return false;
      continue;
    }
    if (lower === 'core.hookspath') into.hooksPath = value;
    if (/^remote\..+\.(url|pushurl)$/.test(lower) && urlHoldsCredential(value)) into.credentialUrl = true;
    if (/^url\..+\.(insteadof|pushinsteadof)$/.test(lower) && urlHoldsCredential(key.slice(4)))
      into.credentialUrl = true;
    if (/^remote\..+\.(push|mirror)$/.test(lower)) into.pushRefspecs = true;
    if (lower === 'extensions.partialclone' || /^remote\..+\.promisor$/.test(lower)) into.promisor = true;
    const entry = gitExecKey(key);
    if (!entry || entry.kind === 'file') continue;
    // A value given for this command (`-c key=…`, `GIT_SSH_COMMAND=…`) replaces the files' own.
    if (isReplaced(key, scope.replaced)) continue;
    // The file-system monitor runs only when git reads the index (`status`, `diff`), never for `log` or `branch`.
    if (lower === 'core.fsmonitor' && !readsIndex(sub, options, scope.positionals)) continue;
    // An editor opens only for a subcommand that asks for text to edit.
    if (/^(?:core|sequence)\.editor$/.test(lower) && !EDITOR_SUBS.has(sub)) continue;
    if (own && OWN_KNOWN.some(([k, v]) => k.test(lower) && v.test(value.trim()))) continue;
    // An alias runs only as that subcommand, and never in place of one of git's own (git-aliases.ts expands the
    // rest); a pager of a subcommand only for it.
    if (entry.kind === 'alias' && (lower !== `alias.${sub}` || GIT_COMMANDS.has(sub))) continue;
    if (/^pager\./.test(lower) && lower !== `pager.${sub}`) continue;
    if (REMOTE_KEYS.test(lower) && !contactsRemote(sub, options, scope.positionals)) {
      if (runsSomething(entry, value, r.env)) into.remoteOnly.push(entry.kind === 'protocol' ? '' : value);
      continue;
    }
    // A diff driver runs only when a diff's content is shown (`git diff`, `log -p`), never for `status` or `push`.
    if (!diffDriverRuns(lower, sub, options, scope.positionals)) continue;
    // A merge driver only where git merges a file's content; a diff or merge tool only under its own subcommand.
    if (!mergeToolRuns(lower, sub, options, scope.positionals)) continue;
    // …and only for a file whose attributes name it (`*.sql diff=pg`): none of those the patches cover.
    if (
      NAMED_DRIVER.test(lower) &&
      driverUnused(
        key,
        sub,
        scope.shown,
        repo.top,
        [
          ...userGitConfigs(r.scope.home),
          path,
          inFolder(repo.commonDir, 'config'),
          inFolder(repo.gitDir, 'config.worktree'),
        ],
        inv,
        r,
      )
    )
      continue;
    // An alias of git arguments may carry settings or another alias of its own: not followed.
    if (entry.kind === 'alias' && !value.trimStart().startsWith('!')) {
      say(inv, r, 'runs an alias of its configuration');
      continue;
    }
    if (!runsSomething(entry, value, r.env)) continue;
    if (entry.kind === 'protocol') {
      say(inv, r, 'allows a transport in its configuration that can run a command');
      continue;
    }
    // The value is a command line git runs through a shell (a leading `!` marks one for aliases and helpers).
    runFileText(value.trimStart().replace(/^!/, ''), inv, r, WRAPPER);
  }
  return true;
}

/** Submodules, nested below the git folder's `modules` at most this deep (`modules/libs/a`). */
const MODULE_DEPTH = 3;

/**
 * The configuration of each submodule (`.git/modules/<name>/config`, names nested as folders) and of each repository
 * embedded at a path `.gitmodules` names (`<path>/.git/config`), analysed as the repository's own: `git status` and
 * `git diff` run git in each to ask whether it changed. A layout gavel cannot list is uncertain.
 */
function submoduleConfigs(
  repo: Repository,
  sub: string,
  inv: Invocation,
  r: Reporter,
  options: readonly string[],
  given: SettingScope,
): void {
  // A submodule's files are not the superproject's: what its drivers are bound to is not listed.
  const { shown: _shown, ...scope } = given;
  const walk = (folder: string, depth: number): boolean => {
    const listed = readBudgeted(folder, inv, r);
    if (!listed || listed.kind === 'missing') return true;
    if (listed.kind !== 'unreadable' || !listed.entries) {
      say(inv, r, 'works in a repository whose submodules could not be listed');
      return false;
    }
    for (const name of listed.entries) {
      const dir = inFolder(folder, name);
      const config = readBudgeted(inFolder(dir, 'config'), inv, r);
      if (config?.kind === 'text') {
        const into: Config = { pushRefspecs: false, remoteOnly: [] };
        if (!analyseConfig(inFolder(dir, 'config'), sub, repo, inv, r, into, new Set(), options, scope))
          return false;
        if (!walk(inFolder(dir, 'modules'), depth + 1)) return false;
      } else if (depth >= MODULE_DEPTH) {
        say(inv, r, 'works in a repository whose submodules are nested deeper than gavel reads');
        return false;
      } else if (!walk(dir, depth + 1)) return false;
    }
    return true;
  };
  if (!walk(inFolder(repo.commonDir, 'modules'), 1)) return;
  const gitmodules = readBudgeted(inFolder(repo.top, '.gitmodules'), inv, r);
  if (gitmodules?.kind !== 'text') return;
  for (const m of gitmodules.text.matchAll(/^\s*path\s*=\s*(.+?)\s*$/gm)) {
    const embedded = inFolder(posix.resolve(repo.top, m[1] ?? ''), '.git');
    const dotgit = readBudgeted(embedded, inv, r);
    if (dotgit?.kind === 'unreadable' && dotgit.why === 'not-regular') {
      const into: Config = { pushRefspecs: false, remoteOnly: [] };
      analyseConfig(inFolder(embedded, 'config'), sub, repo, inv, r, into, new Set(), options, scope);
    }
  }
}

/** The hooks folder: `core.hooksPath` (relative to the top of the working tree) or the git folder's `hooks`. */
function hooksFolder(config: Config, repo: Repository, home: string): string {
  const h = config.hooksPath;
  if (h === undefined || h === '') return inFolder(repo.commonDir, 'hooks');
  // git expands a leading `~/` (a path setting), as in `core.hooksPath = ~/hooks` of the user's configuration.
  if (h === '~' || h.startsWith('~/')) return posix.join(home, h.slice(1));
  return posix.resolve(repo.top, h);
}

/** husky's generated hook, which runs the user's hook of the same name one folder up (`.husky/<name>`). */
const HUSKY_SHIM = /^#!\/usr\/bin\/env sh\n\. "\$\(dirname "\$0"\)\/h"\n?$/;

/** The message file git hands the hooks that edit or check a message, by subcommand (the first argument). */
const MESSAGE_HOOKS = new Set(['commit-msg', 'prepare-commit-msg']);

/**
 * The arguments git runs hook `name` with: `$0` the hook's path, and for the message hooks `$1` the message
 * file in the git folder (`.git/COMMIT_EDITMSG`, `.git/MERGE_MSG` for a merge); every other argument (a ref,
 * a remote's name or URL, a flag) is unknown, as a value computed at run time is.
 */
function hookArguments(
  path: string,
  name: string,
  sub: string,
  repo: Repository,
  r: Reporter,
): ScriptBinding {
  const words = [literalWord(path)];
  if (MESSAGE_HOOKS.has(name)) {
    const message = inFolder(repo.gitDir, sub === 'merge' || sub === 'pull' ? 'MERGE_MSG' : 'COMMIT_EDITMSG');
    // git writes the message there before the hook runs: what the file holds now is not what the hook reads.
    noteWritten(message, r);
    words.push(literalWord(message));
  }
  return { positional: { words, exact: false, rest: OPAQUE_FLOW }, shell: 'new' };
}

function runHook(
  dir: string,
  name: string,
  sub: string,
  repo: Repository,
  inv: Invocation,
  r: Reporter,
): void {
  const path = inFolder(dir, name);
  const file = readBudgeted(path, inv, r);
  if (!file || file.kind === 'missing') return;
  if (file.kind === 'unreadable') {
    say(inv, r, 'fires a repository hook that could not be read');
    return;
  }
  if (HUSKY_SHIM.test(file.text) && posix.basename(dir) === '_') {
    // The shim sources `h` beside it: husky's own dispatcher, which sources the user's start-up files first.
    const h = readBudgeted(inFolder(dir, 'h'), inv, r);
    if (h?.kind !== 'text' || !HUSKY_DISPATCHERS.has(sha256Hex(h.text))) {
      say(inv, r, 'fires a husky hook whose dispatcher is not one husky writes');
      return;
    }
    for (const rel of HUSKY_START_UP_FILES) {
      const start = readBudgeted(posix.join(r.scope.home, rel), inv, r);
      if (start?.kind === 'unreadable')
        say(inv, r, "fires a husky hook after a start-up file of the user's that could not be read");
      else if (start?.kind === 'text') runFileText(start.text.replaceAll('\u0000', ''), inv, r, WRAPPER);
    }
    const user = readBudgeted(inFolder(posix.dirname(dir), name), inv, r);
    if (!user || user.kind === 'unreadable') say(inv, r, 'fires a repository hook that could not be read');
    else if (user.kind === 'text') {
      const userPath = inFolder(posix.dirname(dir), name);
      const from = r.segments.length;
      runFileText(
        user.text.replaceAll('\u0000', ''),
        inv,
        r,
        WRAPPER,
        hookArguments(userPath, name, sub, repo, r),
      );
      // husky 9.1 puts the repository's `node_modules/.bin` first on PATH: a file there named like a system tool
      // runs instead of it.
      if (HUSKY_PATH_FIRST.has(sha256Hex(h.text))) binShadows(from, [repo.top], inv, r);
    }
    return;
  }
  if (directKind(file.text) !== 'shell') {
    say(inv, r, 'fires a repository hook written in another language, which gavel does not follow');
    return;
  }
  runFileText(file.text.replaceAll('\u0000', ''), inv, r, WRAPPER, hookArguments(path, name, sub, repo, r));
}

/** The hooks `--no-verify` skips, by subcommand. */
const VERIFY_HOOKS: Readonly<Record<string, readonly string[]>> = {
  commit: ['pre-commit', 'commit-msg'],
  merge: ['pre-merge-commit', 'commit-msg'],
  pull: ['pre-merge-commit', 'commit-msg'],
  push: ['pre-push'],
  am: ['applypatch-msg', 'pre-applypatch'],
  rebase: ['pre-rebase'],
};

/**
 * Would `git <sub> --no-verify` skip a hook that is there? False only when the repository, its `core.hooksPath`
 * (the user's configurations and the repository's, none including another file) and the hooks folder are read
 * and it holds none of the hooks the option skips: skipping what is not there turns nothing off.
 */
export function verifyHooksPresent(
  folder: string | undefined,
  sub: string,
  inv: Invocation,
  r: Reporter,
): boolean {
  const names = VERIFY_HOOKS[sub];
  if (!names || !r.env.readScript || folder === undefined) return true;
  if ([...r.assignedNames].some((n) => n.startsWith('GIT_'))) return true;
  // A repository an earlier command of the line makes (`git clone x c && cd c`) is not the one read.
  if (
    r.segments
      .slice(0, inv.segment)
      .some((seg) => seg.program === 'git' && seg.argv.some((a) => a === 'clone' || a === 'init'))
  )
    return true;
  const repo = findRepository(folder, inv, r);
  if (repo === 'none' || repo === 'unknown') return true;
  const config: Config = { pushRefspecs: false, remoteOnly: [] };
  // The system's configuration, the user's and the repository's; a worktree's own configuration only counts when
  // the extension is on, which is not told here: one that sets the hooks folder counts as hooks installed.
  const files = [...SYSTEM_GIT_CONFIGS, ...userGitConfigs(r.scope.home), inFolder(repo.commonDir, 'config')];
  for (const path of [...files, inFolder(repo.gitDir, 'config.worktree')]) {
    const file = readBudgeted(path, inv, r);
    if (file?.kind === 'missing') continue;
    if (file?.kind !== 'text') return true;
    const entries = parseGitConfig(file.text);
    if (!entries) return true;
    for (const { key, value } of entries) {
      const lower = key.toLowerCase();
      if (/^(include|includeif\..+)\.path$/.test(lower) || value === undefined) return true;
      if (lower !== 'core.hookspath') continue;
      // Only a plain value is placed here (`~user/`, `%(prefix)/` are git's own expansions).
      if (!files.includes(path) || /^~[^/]|%\(/.test(value)) return true;
      config.hooksPath = value;
    }
  }
  const dir = hooksFolder(config, repo, r.scope.home);
  return names.some((name) => {
    const hook = readBudgeted(inFolder(dir, name), inv, r);
    if (hook?.kind === 'missing') return false;
    // husky's generated shim runs `.husky/<name>` one folder up, and nothing when that is not there.
    if (hook?.kind === 'text' && HUSKY_SHIM.test(hook.text) && posix.basename(dir) === '_')
      return readBudgeted(inFolder(posix.dirname(dir), name), inv, r)?.kind !== 'missing';
    return true;
  });
}

/** The files and folders by which a repository declares hooks its clones install (husky, pre-commit, lefthook). */
const DECLARED_HOOKS = [
  '.husky',
  '.githooks',
  '.pre-commit-config.yaml',
  '.pre-commit-config.yml',
  'lefthook.yml',
  'lefthook.yaml',
  '.lefthook.yml',
  '.lefthook.yaml',
];

/**
 * Does the repository `folder` lies in declare hooks its clones install (`.husky/`, `.pre-commit-config.yaml`,
 * `lefthook.yml`), installed here or not? True when it cannot be told.
 */
export function declaresHooks(folder: string | undefined, inv: Invocation, r: Reporter): boolean {
  if (!r.env.readScript || folder === undefined) return true;
  const repo = findRepository(folder, inv, r);
  if (repo === 'none' || repo === 'unknown') return true;
  return DECLARED_HOOKS.some((name) => readBudgeted(inFolder(repo.top, name), inv, r)?.kind !== 'missing');
}

/** The subcommand that fires each hook, for the arguments it is run with (a message file for the message hooks). */
const HOOK_SUBCOMMAND: Readonly<Record<string, string>> = { 'pre-push': 'push', 'post-merge': 'merge' };

/**
 * `git config core.hooksPath DIR` (a folder of the repository): every hook there runs on the later commands that
 * fire it, judged now as `pre-commit install` is, each as git runs it (a husky `_` folder through its dispatcher).
 * Both readings of a relative value are read (git's, from the top of the working tree, and from the cwd).
 */
export function armedHooks(value: string, inv: Invocation, r: Reporter): void {
  if (!r.env.readScript || inv.cwd === undefined) return;
  const repo = findRepository(inv.cwd, inv, r);
  if (repo === 'none') return;
  if (repo === 'unknown') {
    say(inv, r, 'arms hooks in a repository whose git folder could not be read');
    return;
  }
  const folders = new Set([posix.resolve(repo.top, value), posix.resolve(inv.cwd, value)]);
  for (const folder of folders) {
    const listed = readBudgeted(folder, inv, r);
    if (!listed || listed.kind === 'missing') continue;
    if (listed.kind === 'text' || !listed.entries) {
      say(inv, r, 'arms a hooks folder that could not be listed');
      return;
    }
    for (const name of listed.entries.filter((n) => HOOK_NAME.test(n)))
      runHook(folder, name, HOOK_SUBCOMMAND[name] ?? 'commit', repo, inv, r);
  }
}

/** The branch a ref file names (`ref: refs/heads/main` -> `main`); undefined for a detached or unread HEAD. */
function branchOf(file: ReturnType<typeof readBudgeted>, prefix: string): string | undefined {
  if (file?.kind !== 'text') return undefined;
  const m = /^ref:\s*(\S+)\s*$/.exec(file.text.trim());
  return m?.[1]?.startsWith(prefix) ? m[1].slice(prefix.length) : undefined;
}

/** What a push with no refspec (or `HEAD`) pushes: the current branch, told apart as default or not. */
export interface PushContext {
  /** `default`: the remote's default branch or a shared one by name; `unknown`: `HEAD` could not be read. */
  current: 'default' | 'other' | 'unknown';
  /** The configuration names push refspecs or a mirror: what a bare push sends is set there. */
  configuredRefspecs: boolean;
  /** The remote's default branch (`refs/remotes/origin/HEAD`), when it could be read. */
  defaultBranch?: string;
  /** Is `name` a tag of the repository (`refs/tags/<name>`, loose or packed), or can that not be told? */
  isTag?: (name: string) => boolean;
  /** Is `name` known here as a branch (`refs/heads/<name>`, or origin's as last fetched; loose or packed)? */
  isBranch?: (name: string) => boolean;
}

/**
 * Does an earlier segment of the line write or delete one of `paths`, a file below one or a folder above one
 * (`cp x .git/config`, `mv h .git/hooks/pre-commit`)? Only paths named count: a checkout or a pull rewrites the work
 * tree, never these.
 */
export function writtenEarlier(paths: readonly string[], inv: Invocation, r: Reporter): boolean {
  return r.segments.slice(0, inv.segment).some((seg) =>
    seg.paths.some((p) => {
      const at = p.resolved;
      if ((p.role !== 'write' && p.role !== 'delete') || at === undefined) return false;
      return paths.some((x) => at === x || at.startsWith(`${x}/`) || x.startsWith(`${at}/`));
    }),
  );
}

/** Hook managers, by the arguments with which they write the repository's hooks. */
const HOOK_INSTALLERS: Readonly<Record<string, RegExp>> = {
  'pre-commit': /(?:^|\s)install(?:\s|$)/,
  prek: /(?:^|\s)install(?:\s|$)/,
  // husky installs whatever its arguments.
  husky: /(?:)/,
  lefthook: /(?:^|\s)install(?:\s|$)/,
  overcommit: /--install/,
  'git-lfs': /(?:^|\s)install(?:\s|$)/,
};

/** Options of `git config` that only read. */
const CONFIG_READS =
  /^(?:--get(?:-all|-regexp|-urlmatch|-color|colorbool)?|-l|--list|--show-origin|--show-scope|get|list)$/;

/**
 * Does an earlier segment of the line change a repository's configuration through git (`git config KEY VALUE`,
 * `git remote add`/`set-url`, `git submodule`, `git init`), which records no path written?
 */
export function configChangedEarlier(inv: Invocation, r: Reporter): boolean {
  return r.segments.slice(0, inv.segment).some((seg) => {
    // A hook manager installing the repository's hooks (`pre-commit install && git commit`).
    if (HOOK_INSTALLERS[seg.program]?.test(seg.argv.slice(1).join(' '))) return true;
    if (seg.program !== 'git') return false;
    if (/^lfs$/.test(seg.argv[1] ?? '') && seg.argv.includes('install')) return true;
    const words = seg.argv.slice(1);
    const k = words.findIndex((w) => /^(?:config|remote|submodule|init)$/.test(w));
    if (k < 0) return false;
    const rest = words.slice(k + 1);
    if (words[k] === 'config') {
      if (rest.some((w) => CONFIG_READS.test(w))) return false;
      // The key set (after `set` and the options): one that runs something, names hooks or includes a file.
      const key = rest
        .filter((w, j) => !w.startsWith('-') && !/^(?:-f|--file|--type|--comment)$/.test(rest[j - 1] ?? ''))
        .find((w) => w !== 'set');
      if (key === undefined) return false;
      return (
        key.includes('$') ||
        /^(?:core\.hookspath|include(?:if\..+)?\.path|alias\..+)$/i.test(key) ||
        gitExecKey(key) !== undefined
      );
    }
    if (words[k] === 'remote')
      return rest.length > 0 && !/^(?:-v|--verbose|show|get-url)$/.test(rest[0] ?? '');
    return true;
  });
}

/**
 * Reads the repository `git <sub>` works in from `folder` (its cwd or `-C` folder) and analyses what of it runs:
 * configuration and hooks. Returns what a bare push needs, or undefined when no repository was read.
 */
export function gitRepository(
  folder: string | undefined,
  sub: string,
  inv: Invocation,
  r: Reporter,
  printsUrls = false,
  options: readonly string[] = [],
  scope: SettingScope = { positionals: [], replaced: new Set() },
): PushContext | undefined {
  if (!r.env.readScript) return undefined;
  if (folder === undefined) {
    say(inv, r, 'works in a folder known only at run time, whose configuration and hooks are not read');
    return undefined;
  }
  const inWorkspace = r.scope.workspaceRoots.some(
    (w) => w !== '/' && w !== r.scope.home && isUnder(folder, w),
  );
  const repo = findRepository(folder, inv, r);
  if (repo === 'unknown') {
    say(inv, r, 'works in a repository whose git folder could not be read');
    return undefined;
  }
  // Outside the workspace (`git -C /tmp/x`): a repository there, or one made there first, is not the workspace's.
  if (!inWorkspace && (repo !== 'none' || folder !== inv.cwd))
    say(inv, r, 'works in a folder outside the workspace, whose configuration and hooks run there');
  if (repo === 'none') return undefined;
  // A configuration or hooks folder an earlier command of the line changes is not the one read now
  // (`git config core.hooksPath hooks && git commit` runs hooks/pre-commit, which the config on disk does not name).
  const configFile = inFolder(repo.commonDir, 'config');
  if (configChangedEarlier(inv, r) || writtenEarlier([configFile, inFolder(repo.commonDir, 'hooks')], inv, r))
    say(inv, r, 'works in a repository whose configuration or hooks an earlier command of the line changes');
  const config: Config = { pushRefspecs: false, remoteOnly: [] };
  const seen = new Set<string>();
  // The user's own files first (a later file's single value wins, as git reads them), then the repository's: a
  // program any of them names runs on this command.
  for (const file of userGitConfigs(r.scope.home))
    if (!analyseConfig(file, sub, repo, inv, r, config, seen, options, scope, true)) return undefined;
  if (!analyseConfig(configFile, sub, repo, inv, r, config, seen, options, scope)) return undefined;
  // A worktree's own configuration (`extensions.worktreeConfig`), of the main worktree too.
  analyseConfig(inFolder(repo.gitDir, 'config.worktree'), sub, repo, inv, r, config, seen, options, scope);
  // A command that reads the index asks each submodule whether it changed: git runs there with its own configuration.
  if (readsIndex(sub, options, scope.positionals)) submoduleConfigs(repo, sub, inv, r, options, scope);
  // A partial clone fetches what it lacks from its promisor remote on `git log ID` too (the ssh command, helpers).
  if (config.promisor)
    for (const value of config.remoteOnly)
      if (value === '') say(inv, r, 'allows a transport in its configuration that can run a command');
      else runFileText(value.trimStart().replace(/^!/, ''), inv, r, WRAPPER);
  // `git remote -v`, `git config --get remote.origin.url`: the URL printed holds the password or token.
  if (printsUrls && config.credentialUrl)
    r.hit(
      'secret_material_read',
      '`git` prints a remote URL of the repository configuration that holds a password or token',
      inv.segment,
    );
  const hooks = [...(HOOKS[sub] ?? [])];
  if (!READ_ONLY.has(sub)) hooks.push('post-index-change', 'reference-transaction');
  const dir = hooksFolder(config, repo, r.scope.home);
  for (const name of hooks) runHook(dir, name, sub, repo, inv, r);
  // push: what a bare push sends; branch and update-ref: which branch is the default one.
  if (sub !== 'push' && sub !== 'branch' && sub !== 'update-ref') return undefined;
  const head = readBudgeted(inFolder(repo.gitDir, 'HEAD'), inv, r);
  const current = branchOf(head, 'refs/heads/');
  const remoteHead = branchOf(
    readBudgeted(inFolder(repo.commonDir, 'refs/remotes/origin/HEAD'), inv, r),
    'refs/remotes/origin/',
  );
  let state: PushContext['current'] = 'other';
  if (head?.kind !== 'text') state = 'unknown';
  else if (current !== undefined && (current === remoteHead || isSharedRef(current))) state = 'default';
  // An earlier command of the line that checks out another branch changes what a bare push sends.
  const switched = switchedEarlier(inv, r);
  if (switched === 'unknown' && state === 'other') state = 'unknown';
  else if (
    switched !== undefined &&
    switched !== 'unknown' &&
    (switched === remoteHead || isSharedRef(switched))
  )
    state = 'default';
  const context: PushContext = { current: state, configuredRefspecs: config.pushRefspecs };
  if (remoteHead !== undefined) context.defaultBranch = remoteHead;
  // A name the repository holds as a tag: a push deleting it removes a release others fetch. One that cannot be
  // read counts as one.
  const repository = repo;
  // `undefined`: the ref store could not be read.
  const holds = (ref: string): boolean | undefined => {
    const loose = readBudgeted(inFolder(repository.commonDir, ref), inv, r);
    if (loose?.kind === 'text') return true;
    if (loose?.kind !== 'missing') return undefined;
    const packed = readBudgeted(inFolder(repository.commonDir, 'packed-refs'), inv, r);
    if (packed?.kind === 'missing') return false;
    return packed?.kind !== 'text' ? undefined : packed.text.split('\n').some((l) => l.endsWith(` ${ref}`));
  };
  const plainName = (name: string) => /^[\w./-]+$/.test(name) && !name.split('/').includes('..');
  context.isTag = (name: string) => !plainName(name) || holds(`refs/tags/${name}`) !== false;
  context.isBranch = (name: string) =>
    plainName(name) &&
    (holds(`refs/heads/${name}`) === true || holds(`refs/remotes/origin/${name}`) === true);
  return context;
}

/**
 * The branch an earlier git command of the line checks out (`git checkout main`, `git switch -c x`,
 * `git symbolic-ref HEAD refs/heads/main`): its name, 'unknown' when it cannot be told, undefined when none does.
 * A word after `checkout` may be a file to restore: the caller only ever makes a push more shared by it.
 */
function switchedEarlier(inv: Invocation, r: Reporter): string | 'unknown' | undefined {
  let out: string | 'unknown' | undefined;
  for (const seg of r.segments.slice(0, inv.segment)) {
    if (seg.program !== 'git') continue;
    const at = seg.argv.findIndex((w) => /^(?:checkout|switch|symbolic-ref)$/.test(w));
    if (at < 0) continue;
    const rest = seg.argv.slice(at + 1);
    if (seg.argv[at] === 'symbolic-ref') {
      const value = rest.filter((w) => !w.startsWith('-'));
      if (value[0] !== 'HEAD' || value.length < 2) continue;
      out = /^refs\/heads\/(.+)$/.exec(value[1] ?? '')?.[1] ?? 'unknown';
      continue;
    }
    if (rest.includes('--')) continue;
    const created = rest.findIndex((w) => /^-[bBcC]$|^--(?:create|force-create|orphan)$/.test(w));
    const name = created >= 0 ? rest[created + 1] : rest.find((w) => !w.startsWith('-'));
    if (name !== undefined) out = name;
  }
  return out;
}

/** Branch names every team treats as shared (a full `refs/heads/` name too). */
const SHARED_REF =
  /^(refs\/)?(heads\/)?(main|master|trunk|develop|development|release([/-].*)?|prod(uction)?|stable|gh-pages)$/i;

export function isSharedRef(name: string): boolean {
  return SHARED_REF.test(name);
}

/**
 * Whether git tracks the file at `abs`: its path is an entry of the repository's index (`.git/index`, versions 2
 * and 3, read through the budgeted reader). `no` outside a repository or with no index; `unknown` when the index
 * cannot be read (too large, version 4's compressed paths, no reader): callers treat that as tracked.
 */
export function gitTracked(abs: string, inv: Invocation, r: Reporter): 'yes' | 'no' | 'unknown' {
  if (!r.env.readScript) return 'unknown';
  const repo = findRepository(posix.dirname(abs), inv, r);
  if (repo === 'none') return 'no';
  if (repo === 'unknown') return 'unknown';
  const rel = posix.relative(repo.top, abs);
  if (rel === '' || rel.startsWith('..')) return 'unknown';
  const index = readBudgeted(inFolder(repo.gitDir, 'index'), inv, r);
  if (!index) return 'unknown';
  if (index.kind === 'missing') return 'no';
  if (index.kind !== 'text' || !index.text.startsWith('DIRC')) return 'unknown';
  const version = index.text.charCodeAt(7);
  if (version !== 2 && version !== 3) return 'unknown';
  // Each entry ends with its path and a NUL; the two bytes before the path hold its length (low 12 bits).
  const needle = `${rel}\u0000`;
  const low = Math.min(Buffer.byteLength(rel), 0xfff) & 0xff;
  for (let at = index.text.indexOf(needle); at > 0; at = index.text.indexOf(needle, at + 1)) {
    const before = index.text.charCodeAt(at - 1);
    if (before === low || (low >= 0x80 && before === 0xfffd)) return 'yes';
  }
  return 'no';
}
