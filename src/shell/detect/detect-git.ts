/**
 * git: force pushes, rewrites and deletions of shared refs, loss of uncommitted local work, skipped hooks,
 * and remotes given as URLs. Pure. Options are matched case-insensitively for long names, exactly for short
 * ones (`branch -d` is safe, `-D` is not).
 */

import { hasFlag, type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW } from '../walk/flow';
import { DYN } from '../walk/markers';
import { gitMove, recursiveDelete } from './detect-filesystem';
import { expandGitAlias } from './git-aliases';
import { configValuesCarry, configValuesPrinted } from './git-config-values';
import {
  cloneSettings,
  type GitSetting,
  gitConfigWrite,
  hooksInRepository,
  runSetting,
  settingOf,
  subcommandScripts,
} from './git-exec-config';
import { pushPublishes } from './git-push-publish';
import {
  armedHooks,
  declaresHooks,
  gitRepository,
  isSharedRef,
  type PushContext,
  verifyHooksPresent,
} from './git-repository';
import { gitSecrets } from './git-secrets';
import { replacedKeys } from './git-setting-scope';
import { hostOf, isLocalHost, networkTarget } from './network-target';
import { gitPagerEscape } from './pager-escape';
import { gitPatch } from './patch-files';
import { resolveArg, touchPath } from './path-effects';

/** Subcommands that do not read the repository of the folder they run in. */
const NO_REPOSITORY = new Set(['', 'help', 'version', 'clone', 'init']);
const GLOBAL_VALUES = new Set([
  '-C',
  '-c',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--exec-path',
  '--config-env',
  '--super-prefix',
]);

/** Long options whose value is the next word, and options with an optional value from a known set. */
const LONG_VALUES = new Set([
  '--conflict',
  '--unified',
  '--inter-hunk-context',
  '--pathspec-from-file',
  '--source',
  '-m',
  '--message',
  '-F',
  '--file',
  '--author',
  '--date',
]);
const OPTIONAL_VALUES: Record<string, readonly string[]> = {
  '--track': ['direct', 'inherit'],
  '--recurse-submodules': ['checkout', 'on-demand', 'yes', 'no', 'check', 'only'],
};

function pushSetting(into: GitSetting[], s: GitSetting | undefined): void {
  if (s) into.push(s);
}

function isUrl(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^[\w.-]+@[\w.-]+:/.test(text);
}

/**
 * `git config [scope] core.hooksPath <value>` (or `set`): replaces the repository hooks unless the value is a
 * folder of the repository itself, set in the repository's own configuration. `--global`, `--system` and
 * `--file` reach other repositories, where a relative folder means something else.
 */
function hooksPathReplaced(
  positionals: readonly Word[],
  opts: readonly string[],
  inv: Invocation,
  r: Reporter,
) {
  const setting = hooksPathSetting(positionals, opts);
  if (setting === undefined) return false;
  if (setting.value === undefined) return true;
  const otherScope = hasFlag(opts, 'f', ['--global', '--system', '--file', '--blob']);
  return otherScope || !hooksInRepository(plain(setting.value), inv, r);
}

/** `git config core.hooksPath <value>` (or `set`): the value set; undefined when the key is read or unset. */
function hooksPathSetting(
  positionals: readonly Word[],
  opts: readonly string[],
): { value: Word | undefined } | undefined {
  const at = positionals.findIndex((w) => /^core\.hookspath$/i.test(plain(w)));
  if (at < 0 || hasFlag(opts, '', ['--get', '--get-all', '--list', '--unset', '--unset-all']))
    return undefined;
  if (['get', 'unset', 'list'].includes(plain(positionals[0]).toLowerCase())) return undefined;
  return { value: positionals[at + 1] };
}

/** Pathspecs that name the whole tree (or the whole folder git works in). */
const WHOLE_TREE = /^(?:\.\/?|:\/?|:\/\*|\*|:\(top\)\.?|:\(top\)\*?)$/;

/**
 * Is `ref` the default branch: the remote's default as the repository says, or a branch every team treats as
 * shared (`main`, `master`, `trunk`, `develop`, ...). `full`: only as `refs/heads/<name>` (what `update-ref` takes).
 */
function isDefaultBranch(ref: string, ctx: PushContext | undefined, full = false): boolean {
  const name = full ? ref.replace(/^refs\/heads\//, '') : ref;
  if (full && name === ref) return false;
  return name === ctx?.defaultBranch || isSharedRef(name);
}

/**
 * A push from a repository whose work tree is a secret folder (`git -C ~/.ssh push URL`, a repository made in
 * `~/.aws` and pushed): every file of it leaves, so it is exfiltration unless the target is this machine.
 */
function pushesSecretFolder(folder: string | undefined, target: string, inv: Invocation, r: Reporter): void {
  if (folder === undefined) return;
  if (resolveArg({ text: folder, flow: NO_FLOW }, inv, r).class !== 'sensitive') return;
  const host = hostOf(target);
  const local =
    /^(\/|\.|~|file:)/i.test(target) || (host !== undefined && isUrl(target) && isLocalHost(host));
  if (!local) r.exfiltration(inv.segment, '`git push` sends a repository of secret files to another machine');
}

/**
 * A push that names no branch (`git push`, `git push origin`, `git push origin HEAD`) or every branch (`--all`)
 * while the current branch is the default one: what an explicit push to it is (a force push rewrites a shared
 * branch; a plain one is reviewed). True when it reported.
 */
function implicitDefault(
  refs: readonly string[],
  opts: readonly string[],
  ctx: PushContext | undefined,
  inv: Invocation,
  r: Reporter,
  force: boolean,
): boolean {
  const all = hasFlag(opts, '', ['--all', '--branches']);
  if (!ctx || !(all || refs.every((ref) => /^\+?(HEAD|@)$/.test(ref)))) return false;
  // `git push --tags` with no refspec pushes the tags alone (`--tags` is its refspec), no branch.
  if (!all && refs.length === 0 && hasFlag(opts, '', ['--tags'])) return false;
  if (ctx.configuredRefspecs && refs.length === 0)
    r.uncertain('dynamic-script', '`git push` pushes what the repository configuration names', inv.segment);
  const forced = force || refs.some((ref) => ref.startsWith('+'));
  if (ctx.current === 'unknown') {
    r.uncertain('dynamic-script', '`git push` pushes a current branch gavel could not read', inv.segment);
    return true;
  }
  if (ctx.current === 'other' && !all) return false;
  if (forced)
    r.hit(
      'history_rewrite_on_shared_ref',
      '`git push` force-pushes the default branch (the current one, or every branch)',
      inv.segment,
    );
  else
    r.uncertain(
      'dynamic-script',
      '`git push` pushes straight to the default branch (the current one), which skips review',
      inv.segment,
    );
  return true;
}

/**
 * Subcommands that print the URLs of the repository configuration: `remote -v`, `remote get-url|show`,
 * `ls-remote --get-url`, and a read of the configuration that may cover `remote.*.url` or `url.*` keys.
 */
function printsRemoteUrls(sub: string, positionals: readonly Word[], opts: readonly string[]): boolean {
  const first = plain(positionals[0]).toLowerCase();
  if (sub === 'remote')
    return (first === '' && hasFlag(opts, 'v', ['--verbose'])) || first === 'get-url' || first === 'show';
  if (sub === 'ls-remote') return opts.includes('--get-url');
  if (sub !== 'config') return false;
  if (opts.some((o) => /^--(unset|unset-all|add|replace-all|rename-section|remove-section|edit)$/.test(o)))
    return false;
  const words = positionals.map((w) => plain(w).toLowerCase());
  const verb = ['get', 'list', 'get-regexp'].includes(words[0] ?? '') ? words.shift() : undefined;
  if (
    verb === undefined &&
    ['set', 'unset', 'edit', 'rename-section', 'remove-section'].includes(words[0] ?? '')
  )
    return false;
  if (words.length > 1 && verb === undefined && !opts.some((o) => /^--get/.test(o))) return false;
  const key = words[0];
  return key === undefined || /url|^remote|insteadof|[\\^$*+?()[\]{}|]/.test(key);
}

/**
 * A push deleting `name` removes a tag or a ref the repository does not know as a branch: a delete of a feature branch
 * is known only by the repository's own refs (its branch, or the remote's as last fetched), never by the name's look,
 * and never when a tag of the name is there (a release tag made on the remote after the last fetch is not here).
 */
function deletesNoKnownBranch(name: string, context: PushContext | undefined): boolean {
  if (context?.isBranch === undefined || context.isTag === undefined) return false;
  const explicit = name.startsWith('refs/heads/');
  const bare = name.replace(/^refs\/heads\//, '');
  return !context.isBranch(bare) || (!explicit && context.isTag(bare));
}

export function detectGit(inv: Invocation, r: Reporter): undefined {
  const args = inv.args;
  let i = 0;
  const settings: GitSetting[] = [];
  // The folder git works in: the cwd, moved by each `-C` in turn (undefined once it is known only at run time).
  let folder = inv.cwd;
  let elsewhere = false;
  let workTree: Word | undefined;
  while (i < args.length) {
    const t = optionText(args[i]);
    if (!t.startsWith('-')) break;
    const name = t.split('=')[0] ?? t;
    const word = args[i] as Word;
    const attached = (at: number): Word => ({ text: word.text.slice(at), flow: word.flow });
    if (name === '--exec-path' && t.includes('='))
      r.uncertain(
        'dynamic-command',
        '`git --exec-path=…` runs git commands from another folder',
        inv.segment,
      );
    if (name === '-C') {
      const dir = args[i + 1];
      if (!dir || !isLiteral(dir)) folder = undefined;
      else if (plain(dir) !== '' && folder !== undefined)
        folder = resolveArg(dir, { ...inv, cwd: folder }, r).resolved;
    }
    if (/^--(git-dir|work-tree)$/.test(name)) elsewhere = true;
    if (name === '--work-tree')
      workTree = t.includes('=') ? attached(word.text.indexOf('=') + 1) : (args[i + 1] as Word | undefined);
    if (name === '-c') pushSetting(settings, settingOf(args[i + 1]));
    else if (name === '--config-env')
      pushSetting(
        settings,
        settingOf(t.includes('=') ? attached(word.text.indexOf('=') + 1) : args[i + 1], true),
      );
    else if (t.startsWith('-c') && t.length > 2) pushSetting(settings, settingOf(attached(2)));
    if (GLOBAL_VALUES.has(name) && !t.includes('=')) i += 2;
    else i++;
  }
  const sub = optionText(args[i]).toLowerCase();
  const rest = args.slice(i + 1);
  // `git st` with `[alias] st = status -sb`: what the alias runs is analysed in its place.
  if (
    folder !== undefined &&
    !elsewhere &&
    isLiteral(args[i]) &&
    ![...r.assignedNames].some((n) => /^(?:GIT_.*|HOME|XDG_CONFIG_HOME)$/.test(n)) &&
    !settings.some((c) => c.key.toLowerCase() === `alias.${sub}`) &&
    // The name as typed: git looks for a `git-<Name>` program by it before the alias (any case) is found.
    expandGitAlias(optionText(args[i]), args.slice(0, i), rest, folder, inv, r)
  )
    return undefined;
  const texts = rest.map((w) => optionText(w));
  const end = texts.indexOf('--');
  const before = end < 0 ? texts : texts.slice(0, end);
  // Short options that take a value end their cluster: `-bfeature` is `-b feature`, not `-f`.
  const valueShorts = sub === 'checkout' ? 'bBo' : sub === 'switch' ? 'cC' : sub === 'commit' ? 'mFcCt' : '';
  const opts = before
    .filter((t) => t.startsWith('-') && t !== '-')
    .map((t) => {
      if (t.startsWith('--')) return t.toLowerCase();
      const cut = [...t.slice(1)].findIndex((c) => valueShorts.includes(c));
      return cut < 0 ? t : t.slice(0, cut + 2);
    });
  const skip = new Set<number>();
  before.forEach((t, k) => {
    const next = before[k + 1] ?? '';
    if (LONG_VALUES.has(t) || (OPTIONAL_VALUES[t] ?? []).includes(next)) skip.add(k + 1);
  });
  const positionals = rest.filter(
    (w, k) => (end >= 0 && k > end) || (!skip.has(k) && !optionText(w).startsWith('-')),
  );
  const flag = (short: string, ...long: string[]) => hasFlag(opts, short, long);
  const loss = (what: string) => r.hit('local_work_loss', `\`git ${sub}\` ${what}`, inv.segment);
  // `--no-verify` turns a control off where a hook it skips is there (a `-c` setting may name another folder); where
  // none is installed but the repository declares some (`.husky/`, `.pre-commit-config.yaml`), it skips what the
  // team meant to run: a person decides. Skipping hooks nobody declared turns nothing off.
  const skipsHooks = () => {
    if (settings.some((c) => /^core\.hookspath$/i.test(c.key)) || elsewhere) return true;
    if (verifyHooksPresent(folder, sub, inv, r)) return true;
    if (declaresHooks(folder, inv, r))
      r.uncertain(
        'dynamic-script',
        `\`git ${sub} --no-verify\` skips hooks the repository declares, not installed in this clone`,
        inv.segment,
      );
    return false;
  };

  gitSecrets(sub, rest, opts, end, inv, r, folder);
  gitPagerEscape(
    inv,
    r,
    sub,
    args.slice(0, i).map((w) => optionText(w)),
  );
  let pushContext: PushContext | undefined;
  if (elsewhere || r.assignedNames.has('GIT_DIR') || r.assignedNames.has('GIT_WORK_TREE'))
    r.uncertain(
      'dynamic-script',
      '`git` works in a git folder named on its command line, whose configuration and hooks are not read',
      inv.segment,
    );
  else if (!NO_REPOSITORY.has(sub))
    pushContext = gitRepository(folder, sub, inv, r, printsRemoteUrls(sub, positionals, opts), opts, {
      // Every word that is no option, values of options included (`--contains :file`); one known only at run time
      // may name the index (`:file`).
      positionals: rest
        .filter((w, k) => !isLiteral(w) || (end >= 0 && k > end) || !optionText(w).startsWith('-'))
        .map((w) => (isLiteral(w) ? plain(w) : ':')),
      replaced: replacedKeys(
        settings.map((c) => c.key),
        // Only variables given to git itself: a wrapper may drop or reset them (`env -u`, `env -i`, `sudo`).
        (r.segments[inv.segment]?.wrappers.length ?? 1) === 0
          ? (r.segments[inv.segment]?.assigned ?? [])
          : [],
      ),
      shown: { folder, rest, dashdash: end },
    });
  // `git config --list`, `--get-regexp`, `--get KEY`: the values printed, a credential among them.
  if (sub === 'config' && !elsewhere) {
    const printed = configValuesPrinted(
      opts,
      positionals.map((w) => (isLiteral(w) ? plain(w) : '$')),
    );
    if (printed !== undefined && configValuesCarry(printed, folder, inv, r))
      r.hit(
        'secret_material_read',
        '`git config` prints a configuration value that holds a credential',
        inv.segment,
      );
  }
  if (sub === 'clone') settings.push(...cloneSettings(rest));
  subcommandScripts(sub, rest, inv, r);
  if (settings.some((c) => /^core\.hookspath$/i.test(c.key) && !hooksInRepository(c.value, inv, r))) {
    r.hit('disable_security_control', '`git -c core.hooksPath` replaces the repository hooks', inv.segment);
  }
  // `-c core.fsmonitor='cmd' status`, `-c alias.x='!cmd' x`: the value is a command git runs.
  for (const c of settings) runSetting(c, inv, r, '-c');
  for (const w of positionals) {
    if (/^ext::/i.test(plain(w)))
      r.uncertain('dynamic-script', '`git` uses an `ext::` remote, which runs a command', inv.segment);
  }
  for (const w of positionals) if (isUrl(plain(w))) networkTarget(plain(w), 'git', inv, r);

  switch (sub) {
    case 'push': {
      pushesSecretFolder(folder, plain(positionals[0]), inv, r);
      if (flag('', '--no-verify') && skipsHooks())
        r.hit('disable_security_control', '`git push --no-verify` skips the pre-push hooks', inv.segment);
      const refs = positionals.slice(1).map((w) => plain(w));
      const lease = opts.some(
        (o) =>
          o === '--force-with-lease' || o.startsWith('--force-with-lease=') || o === '--force-if-includes',
      );
      const forced =
        flag('f') ||
        opts.some((o) => o.startsWith('--force') && !/^--force-(with-lease(=.*)?|if-includes)$/.test(o));
      const strayForce = opts.some(
        (o) => o.startsWith('--force') && !/^--force(-(with-lease(=.*)?|if-includes))?$/.test(o),
      );
      const force = (forced && (!lease || strayForce)) || refs.some((ref) => ref.startsWith('+'));
      const del = flag('d', '--delete') || refs.some((ref) => ref.startsWith(':'));
      const dest = (ref: string) => ref.replace(/^\+/, '').split(':').pop() ?? ref;
      // The remote's own default branch counts whatever its name (`trunk`), by any spelling git accepts.
      const isDefault = (ref: string) =>
        pushContext?.defaultBranch !== undefined &&
        ref.replace(/^(refs\/)?(heads\/)?/, '') === pushContext.defaultBranch;
      // A pattern of every branch name (`refs/heads/*:refs/heads/*`) covers the default one too.
      const shared = refs.some(
        (ref) =>
          isSharedRef(dest(ref)) ||
          isDefault(dest(ref)) ||
          /^[*?[]/.test(dest(ref).replace(/^(refs\/)?(heads\/)?/, '')),
      );
      // `--prune` deletes every remote ref the patterns cover that is not here.
      if (flag('', '--prune'))
        r.hit(
          'remote_resource_delete',
          '`git push --prune` deletes remote branches missing here',
          inv.segment,
        );
      // `--repo=URL` names the remote as an operand would.
      for (const o of opts)
        if (o.startsWith('--repo=') && isUrl(o.slice(7))) networkTarget(o.slice(7), 'git', inv, r);
      if (flag('', '--mirror'))
        r.hit(
          'history_rewrite_on_shared_ref',
          '`git push --mirror` overwrites every ref of the remote',
          inv.segment,
        );
      // A delete that names no branch after the remote (`git push --delete main`: `main` is taken as the
      // remote) cannot be told from a shared one. Deleting a named feature branch is everyday work (a merged
      // branch cleaned up): no category; what the catalogue knows of the push decides.
      else if (del && (shared || refs.length === 0))
        r.hit('history_rewrite_on_shared_ref', '`git push --delete` removes a shared branch', inv.segment);
      // A tag (a release others fetch), a pattern or a name computed at run time: a remote delete, reviewed.
      else if (
        del &&
        refs.some(
          (ref) =>
            /^(refs\/tags\/|v?\d)|[*?[]|\$/.test(dest(ref)) ||
            ref.includes(DYN) ||
            deletesNoKnownBranch(dest(ref), pushContext),
        )
      )
        r.hit(
          'remote_resource_delete',
          '`git push --delete` removes a remote tag or a branch not named',
          inv.segment,
        );
      else if (implicitDefault(refs, opts, pushContext, inv, r, force)) return undefined;
      else if ((force || lease) && shared)
        r.hit('history_rewrite_on_shared_ref', '`git push` force-pushes a shared branch', inv.segment);
      else if (force)
        r.hit('force_push', '`git push` force-pushes and may drop commits on the remote', inv.segment);
      else if (!del) pushPublishes(refs, opts, pushContext?.defaultBranch, inv, r);
      return undefined;
    }
    case 'apply':
      gitPatch('apply', rest, { ...inv, cwd: folder }, r);
      return undefined;
    case 'commit':
    case 'merge':
    case 'pull':
    case 'am':
    case 'rebase':
      if (sub === 'am') gitPatch('am', rest, { ...inv, cwd: folder }, r);
      if (flag(sub === 'commit' ? 'n' : '', '--no-verify') && skipsHooks())
        r.hit(
          'disable_security_control',
          `\`git ${sub} --no-verify\` skips the repository hooks`,
          inv.segment,
        );
      return undefined;
    case 'reset':
      if (flag('', '--hard', '--merge', '--keep')) loss('discards uncommitted changes');
      return undefined;
    case 'checkout': {
      // `checkout -B main X` moves the default branch as `branch -f main X` does.
      if (flag('B') && isDefaultBranch(plain(positionals[0]), pushContext))
        loss('moves or overwrites the default branch, dropping its commits from this clone');
      const dashdash = end >= 0 && end < texts.length - 1;
      const creates = flag('b', '--orphan') || flag('B');
      const overwrites =
        flag('f', '--force', '--pathspec-from-file', '--ours', '--theirs', '--merge') || dashdash;
      if (
        overwrites ||
        (!creates && (positionals.length >= 2 || positionals.some((w) => plain(w) === '.')))
      ) {
        loss('overwrites files in the working tree');
      }
      return undefined;
    }
    case 'restore':
      if (flag('h', '--help')) return undefined;
      if (!flag('S', '--staged') || flag('W', '--worktree')) loss('overwrites files in the working tree');
      return undefined;
    case 'switch':
      if (flag('f', '--force', '--discard-changes')) loss('discards uncommitted changes');
      if (flag('C', '--force-create') && isDefaultBranch(plain(positionals[0]), pushContext))
        loss('moves or overwrites the default branch, dropping its commits from this clone');
      return undefined;
    case 'clean':
      if (flag('f', '--force') && !flag('n', '--dry-run')) {
        loss('deletes untracked files');
        // Every untracked file of the named work tree goes: judged as a recursive delete of that folder. The
        // environment names one too (`GIT_WORK_TREE=~ git clean -fdx`).
        const envTree = r.segments[inv.segment]?.assignedValues?.find(([n]) => n === 'GIT_WORK_TREE')?.[1];
        const tree = workTree ?? (envTree === undefined ? undefined : { text: envTree, flow: NO_FLOW });
        if (tree !== undefined) recursiveDelete(tree, inv, r);
        // Without one, every untracked file below the folder git works in (or below each pathspec): in home or a
        // system folder (`cd ~ && git init && git clean -fdx`) that is the folder's own recursive delete.
        else if (folder !== undefined) {
          const here = resolveArg({ text: folder, flow: NO_FLOW }, inv, r);
          if (here.class !== 'workspace' && here.class !== 'temp') {
            const at = { ...inv, cwd: folder };
            // `-e PATTERN` excludes (its pattern is no pathspec); pathspecs from a file are not known: the folder.
            const excluded = new Set(
              rest.flatMap((w, k) => (/^(?:-[a-zA-Z]*e|--exclude)$/.test(plain(w)) ? [rest[k + 1]] : [])),
            );
            const specs = flag('', '--pathspec-from-file')
              ? []
              : positionals.filter((w) => plain(w) !== '--' && !excluded.has(w));
            for (const w of specs.length > 0 ? specs : [{ text: folder, flow: NO_FLOW }])
              recursiveDelete(w, at, r);
          }
        }
      }
      return undefined;
    case 'branch':
      if (flag('D') || (flag('d', '--delete') && flag('f', '--force')))
        loss('deletes a branch with unmerged commits');
      // `git branch -f main HEAD~5`, `git branch -M x main`: the default branch moved or overwritten here.
      else if (
        (flag('f', '--force') || flag('M') || flag('C')) &&
        positionals.some((w) => isDefaultBranch(plain(w), pushContext))
      )
        loss('moves or overwrites the default branch, dropping its commits from this clone');
      return undefined;
    // A tag deleted here is gone (git keeps no log of tags): an annotated tag's message and signature with it.
    case 'tag':
      if (flag('d', '--delete')) loss('deletes a tag, which git keeps no log of');
      // `-f` replaces a tag of that name: the one it pointed at is gone as a deleted one is.
      else if (flag('f', '--force')) loss('replaces a tag of that name, which git keeps no log of');
      return undefined;
    case 'stash': {
      const action = plain(positionals[0]).toLowerCase();
      if (action === 'drop' || action === 'clear') loss(`${action}s stashed changes`);
      return undefined;
    }
    case 'worktree': {
      const action = plain(positionals[0]).toLowerCase();
      if (action === 'remove' && flag('f', '--force')) loss('removes a worktree with its changes');
      // `git worktree add PATH`: a checkout written at PATH (`~/.config/autostart` is persistence).
      const at = positionals[1];
      if (action === 'add' && at !== undefined) touchPath(at, 'write', inv, r);
      return undefined;
    }
    case 'clone': {
      // `git clone SRC DIR`: the copy is written at DIR.
      const dir = positionals[1];
      if (dir !== undefined) touchPath(dir, 'write', inv, r);
      return undefined;
    }
    case 'filter-branch':
    case 'filter-repo':
      r.hit(
        'history_rewrite_on_shared_ref',
        `\`git ${sub}\` rewrites the history of every branch it touches`,
        inv.segment,
      );
      return undefined;
    case 'reflog':
      if (
        plain(positionals[0]).toLowerCase() === 'expire' ||
        plain(positionals[0]).toLowerCase() === 'delete'
      )
        loss('drops the records that recover lost commits');
      return undefined;
    case 'gc':
      if (opts.some((o) => o.startsWith('--prune=now'))) loss('prunes unreachable commits now');
      return undefined;
    case 'prune':
      // Objects no ref reaches (a branch's commits after its ref file is gone) are deleted for good.
      if (!flag('n', '--dry-run')) loss('deletes the objects no ref reaches, for good');
      return undefined;
    case 'update-ref':
      if (flag('d')) loss('deletes a ref');
      else if (isDefaultBranch(plain(positionals[0]), pushContext, true))
        loss('moves the default branch, dropping its commits from this clone');
      return undefined;
    case 'mv':
      gitMove(rest, inv, r);
      return undefined;
    case 'rm':
      // `git rm -rf .`, `git rm -r :/`: every tracked file of the tree (after `checkout --orphan`, all of it).
      if (flag('r') && !flag('', '--cached') && positionals.some((w) => WHOLE_TREE.test(plain(w))))
        loss('deletes every tracked file of the tree');
      return undefined;
    case 'config':
      gitConfigWrite(rest, inv, r);
      if (hooksPathReplaced(positionals, opts, inv, r)) {
        r.hit(
          'disable_security_control',
          '`git config core.hooksPath` replaces the repository hooks',
          inv.segment,
        );
      } else {
        const armed = hooksPathSetting(positionals, opts)?.value;
        if (armed !== undefined) armedHooks(plain(armed), inv, r);
      }
      return undefined;
    default:
      return undefined;
  }
}

export type { Word };
