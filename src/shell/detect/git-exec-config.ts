/**
 * git configuration that runs programs: `git -c key=value`, `--config-env=key=VAR`, `git clone --config`,
 * and persistent `git config [scope] key value` / `git config set key value`, by the key table in
 * data/git-exec-keys.ts. A literal value is analysed as the shell script git would run; a value known only at
 * run time (a variable, `--config-env`) or a configuration file included by path is an uncertainty. A stored
 * value runs later, on a harmless-looking git command: that is persistence. Pure apart from reporting.
 */

import { posix } from 'node:path';
import { isUnder } from '../../core';
import {
  GIT_EXEC_OPTIONS,
  GIT_OPTIONAL_EXEC_OPTIONS,
  type GitExecKey,
  gitExecKey,
} from '../data/git-exec-keys';
import type { ShellEnv } from '../types';
import { type Invocation, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW } from '../walk/flow';
import { DYN } from '../walk/markers';
import { readBudgeted } from './disk-scripts';
import { resolveArg, touchPath } from './path-effects';

/** One `key=value` setting; `value` undefined when it is known only at run time. */
export interface GitSetting {
  key: string;
  value: string | undefined;
  /** How it was given, when not by `-c`: `--config-env`. */
  via?: string;
}

/** Splits a `-c` argument. A key computed at run time is reported as the key `$…`. */
export function settingOf(word: Word | undefined, fromEnv = false): GitSetting | undefined {
  if (!word) return undefined;
  const text = plain(word);
  const eq = text.indexOf('=');
  const key = eq < 0 ? text : text.slice(0, eq);
  if (key.includes(DYN)) return { key: '$…', value: undefined };
  // `-c key` without a value is the boolean true.
  const value = eq < 0 ? 'true' : text.slice(eq + 1);
  if (fromEnv) return { key, value: undefined, via: '--config-env' };
  return { key, value: value.includes(DYN) ? undefined : value };
}

function short(key: string): string {
  return key.length > 40 ? `${key.slice(0, 39)}…` : key;
}

/**
 * True when the setting makes git run something (so storing it is persistence). `env`: the catalogue's inert values
 * of the variable git reads in place of the key (`core.sshCommand` / `GIT_SSH_COMMAND`).
 */
export function runsSomething(entry: GitExecKey, value: string | undefined, env?: ShellEnv): boolean {
  if (value === undefined) return true;
  // Spaces only are taken off: a line break or a tab around the value is part of what git hands the shell (`sh -c
  // 'value "$@"'`), where a line break starts another command.
  const bare = value.replace(/^ +| +$/g, '');
  if (entry.inert?.test(bare)) return false;
  if (entry.variable !== undefined && env?.inertValue?.(entry.variable, bare) === true) return false;
  return (entry.kind !== 'alias' && entry.kind !== 'bang') || value.trimStart().startsWith('!');
}

/** Keys naming a file git reads whose text it may print or put into a commit. */
const READ_FILE_KEYS = /^(?:blame\.ignorerevsfile|commit\.template|mailmap\.file)$/i;

/** Analyses one setting; returns true when it runs a program. */
export function runSetting(s: GitSetting, inv: Invocation, r: Reporter, how: string): boolean {
  if (s.key === '$…') {
    r.uncertain(
      'dynamic-script',
      `\`git ${how}\` sets a configuration key known only at run time`,
      inv.segment,
    );
    return true;
  }
  // A file git reads and may print (`blame.ignoreRevsFile`: a line it cannot parse is quoted in the error) is read.
  if (READ_FILE_KEYS.test(s.key) && s.value !== undefined) {
    touchPath({ text: s.value, flow: NO_FLOW }, 'read', inv, r);
    return false;
  }
  const entry = gitExecKey(s.key);
  if (entry?.kind === 'alias' && s.value !== undefined && !s.value.trimStart().startsWith('!')) {
    // `alias.x='-c core.pager=… log'`: git arguments, which may carry settings of their own.
    r.script(`git ${s.value}`, inv, 'shell-string', `git ${how} ${short(s.key)}`);
    return false;
  }
  if (!entry || !runsSomething(entry, s.value, r.env)) return false;
  const label = `git ${s.via ?? how} ${short(s.key)}`;
  if (s.value === undefined) {
    r.uncertain('dynamic-script', `\`${label}\` runs a command known only at run time`, inv.segment);
    return true;
  }
  switch (entry.kind) {
    case 'script':
      r.script(s.value, inv, 'shell-string', label);
      return true;
    case 'helper':
    case 'alias':
    case 'bang':
      r.script(s.value.trimStart().replace(/^!/, ''), inv, 'shell-string', label);
      return true;
    case 'file':
      r.uncertain(
        'dynamic-script',
        `\`${label}\` reads a configuration file or template whose content is not shown`,
        inv.segment,
      );
      return true;
    case 'protocol':
      r.uncertain(
        'dynamic-script',
        `\`${label}\` allows a transport that can run a command named in the URL`,
        inv.segment,
      );
      return true;
    default: {
      const never: never = entry.kind;
      return never;
    }
  }
}

/** Options of `git config` that take a value. */
const CONFIG_VALUES = new Set([
  '-f',
  '--file',
  '--blob',
  '--type',
  '--default',
  '--comment',
  '--value',
  '-t',
]);
const READS = new Set([
  '--get',
  '--get-all',
  '--get-regexp',
  '--get-urlmatch',
  '--get-color',
  '--get-colorbool',
  '--list',
  '-l',
  '--unset',
  '--unset-all',
  '--remove-section',
  '--rename-section',
  '-e',
  '--edit',
]);
const SUBCOMMANDS = new Set(['list', 'get', 'unset', 'rename-section', 'remove-section', 'edit']);

/** `git config …` (args after `config`): a stored command is persistence, and its value is analysed. */
export function gitConfigWrite(args: readonly Word[], inv: Invocation, r: Reporter): void {
  const positionals: Word[] = [];
  let scope = 'the repository configuration';
  let reads = false;
  for (let i = 0; i < args.length; i++) {
    const t = optionText(args[i]);
    const name = t.split('=')[0] ?? t;
    if (t === '--global') scope = "the user's git configuration, outside the workspace";
    else if (t === '--system') scope = 'the system git configuration, outside the workspace';
    else if (READS.has(name)) reads = true;
    if (name === '-f' || name === '--file') {
      const file = t.includes('=') ? { text: t.slice(t.indexOf('=') + 1), flow: args[i]?.flow } : args[i + 1];
      if (file?.flow) touchPath(file as Word, 'write', inv, r);
      scope = 'a git configuration file';
    }
    if (CONFIG_VALUES.has(name) && !t.includes('=')) i++;
    else if (!t.startsWith('-')) positionals.push(args[i] as Word);
  }
  let [first, ...rest] = positionals;
  const verb = plain(first).toLowerCase();
  if (verb === 'set') [first, ...rest] = rest;
  else if (SUBCOMMANDS.has(verb)) return;
  if (reads || !first || rest.length === 0) return;
  const key = plain(first);
  const value = rest[0];
  const setting: GitSetting = key.includes(DYN)
    ? { key: '$…', value: undefined }
    : { key, value: plain(value).includes(DYN) ? undefined : plain(value) };
  if (runSetting(setting, inv, r, 'config'))
    r.hit(
      'persistence',
      `\`git config ${short(setting.key)}\` stores a command that git runs later, in ${scope}`,
      inv.segment,
    );
}

/** `git clone -c key=value` / `--config key=value`: written into the new repository and used at once. */
export function cloneSettings(args: readonly Word[]): GitSetting[] {
  const out: GitSetting[] = [];
  args.forEach((w, k) => {
    const t = optionText(w);
    if (t === '-c' || t === '--config') {
      const s = settingOf(args[k + 1]);
      if (s) out.push(s);
    } else if (t.startsWith('--config=')) {
      const s = settingOf({ text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow });
      if (s) out.push(s);
    } else if (/^-c[^-]/.test(t)) {
      const s = settingOf({ text: w.text.slice(2), flow: w.flow });
      if (s) out.push(s);
    }
  });
  return out;
}

function runValue(value: Word | undefined, inv: Invocation, r: Reporter, label: string): void {
  if (!value) return;
  const text = plain(value);
  if (text.includes(DYN))
    r.uncertain('dynamic-script', `\`${label}\` runs a command known only at run time`, inv.segment);
  else r.script(text, inv, 'shell-string', label);
}

/**
 * Subcommands that run a command given as an argument: `rebase -x`, `clone -u`, `grep -O…`, `submodule
 * foreach`, `bisect run`. `rest` are the words after the subcommand.
 */
export function subcommandScripts(sub: string, rest: readonly Word[], inv: Invocation, r: Reporter): void {
  const options = GIT_EXEC_OPTIONS[sub] ?? [];
  const optional = GIT_OPTIONAL_EXEC_OPTIONS[sub] ?? [];
  rest.forEach((w, k) => {
    const t = optionText(w);
    if (t === '--') return;
    for (const o of [...options, ...optional]) {
      const label = `git ${sub} ${o}`;
      const attachedAt = o.startsWith('--')
        ? t.startsWith(`${o}=`)
          ? o.length + 1
          : -1
        : t.startsWith(o) && t.length > 2
          ? 2
          : -1;
      if (t === o && options.includes(o)) runValue(rest[k + 1], inv, r, label);
      else if (attachedAt > 0) runValue({ text: w.text.slice(attachedAt), flow: w.flow }, inv, r, label);
    }
  });
  const words = rest.map((w) => plain(w).toLowerCase());
  if (sub === 'submodule') {
    const at = words.indexOf('foreach');
    if (at < 0) return;
    let k = at + 1;
    while (k < rest.length && /^(--recursive|-q|--quiet)$/.test(words[k] ?? '')) k++;
    const cmd = rest.slice(k);
    // The words are joined and run by a shell in each submodule.
    if (cmd.length > 0)
      runValue(
        { text: cmd.map((w) => w.text).join(' '), flow: cmd[0]?.flow ?? inv.stdin },
        inv,
        r,
        'git submodule foreach',
      );
  } else if (sub === 'bisect' && words[0] === 'run' && rest.length > 1) {
    r.command(rest.slice(1), inv, 'git bisect run');
  }
}

/**
 * Whether a `core.hooksPath` value keeps the hooks inside the repository (`.githooks`, `.husky`): the
 * repository's own hooks, still run. A value known only at run time, `/dev/null`, a folder outside the
 * workspace (or a symlink leading out of it) replaces them. git takes a relative value from the top of the
 * working tree, gavel knows only the cwd: both readings must land in the workspace.
 */
export function hooksInRepository(value: string | undefined, inv: Invocation, r: Reporter): boolean {
  if (value === undefined || value.includes(DYN) || value.trim() === '') return false;
  const word: Word = { text: value, flow: inv.stdin };
  const top =
    inv.cwd === undefined ? undefined : r.scope.workspaceRoots.find((w) => isUnder(inv.cwd as string, w));
  const roots = [inv, { ...inv, cwd: top }];
  return roots.every((at) => {
    if (at.cwd === undefined) return false;
    const res = resolveArg(word, at, r);
    return (
      res.class === 'workspace' &&
      !res.glob &&
      res.resolved !== undefined &&
      (res.real === undefined || res.real === res.resolved) &&
      !silencesHooks(res.resolved, top, inv, r)
    );
  });
}

/** The names of git's hooks (a file of another name in a hooks folder is never run). */
export const HOOK_NAME =
  /^(?:pre-commit|prepare-commit-msg|commit-msg|post-commit|pre-push|pre-rebase|post-checkout|post-merge|pre-merge-commit|pre-applypatch|applypatch-msg|post-applypatch|pre-receive|update|post-receive|post-update|push-to-checkout|pre-auto-gc|post-rewrite|sendemail-validate|fsmonitor-watchman|reference-transaction|post-index-change)$/;

/** The hook names in a folder, or undefined when it cannot be listed; none for a missing folder. */
function hookNames(folder: string, inv: Invocation, r: Reporter): string[] | undefined {
  const f = readBudgeted(folder, inv, r);
  if (f === undefined) return undefined;
  if (f.kind === 'missing' || f.kind === 'text') return [];
  if (!f.entries) return undefined;
  return f.entries.filter((n) => HOOK_NAME.test(n));
}

/**
 * Does pointing git at `folder` switch the repository's hooks off: `.git/hooks` holds hooks that run today and
 * `folder` holds none (`core.hooksPath src`)? That is `--no-verify` for every later command. Not when it cannot be
 * told (no reader, a folder not listed): the folder is the repository's own, as before.
 */
function silencesHooks(folder: string, top: string | undefined, inv: Invocation, r: Reporter): boolean {
  if (!r.env.readScript || top === undefined) return false;
  const now = hookNames(posix.join(top, '.git', 'hooks'), inv, r);
  if (now === undefined || now.length === 0) return false;
  const next = hookNames(folder, inv, r);
  return next !== undefined && next.length === 0;
}
