/**
 * Installs gavel's hook into a harness's settings, idempotently: a command hook merged into a JSON settings file
 * (Claude Code's `.claude/settings.json`, Codex's `.codex/hooks.json`) or a one-line extension file (pi). Each
 * harness's adapter says which file (`commandHookInstaller`, `piExtensionInstaller`). A JSON settings file is
 * merged, never replaced: every other key and hook is kept, gavel's own earlier hook (from any location) is
 * replaced, and the file as it was before gavel first touched it is kept once as `<file>.gavel-backup`, never
 * overwritten. A file that is not valid JSON, or whose hooks are not the shape the harness reads, is left
 * untouched and reported; an empty file is read as `{}`.
 * The command it writes is shell-quoted and ends in `|| exit 2`, so a gavel that cannot start (a moved
 * installation: 127, a path that is not executable: 126) blocks the call instead of letting it through; in a
 * project's file it names `gavel` on PATH, never this machine's path. In user scope on Linux it runs gavel under
 * coreutils `timeout -s KILL 21` when that is installed (ADR 0069). Reads and writes only the files it names.
 */

import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isRecord } from '../../../core';
import type { HarnessInstall } from '../adapter';
import { OUTSIDE_DEADLINE_S, outsideDeadlineProgram } from '../outside-deadline';

export type InstallResult =
  | { ok: true; file: string; changed: boolean; backup?: string }
  /** `malformed`: the file is not what the harness reads (bad JSON, a wrong shape): the user's to fix (exit 2). */
  | { ok: false; file: string; problem: string; malformed?: boolean };

export const HOOK_EVENTS = ['PreToolUse', 'PermissionRequest'] as const;
export const HOOK_TIMEOUT_S = 30;

/** `text` as one shell word (POSIX single quotes). */
export const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * The hook command for `harness`: the gavel installed at `gavelRoot` (user scope), or `gavel` on PATH (a
 * project's file, which a team commits). Any exit but 0 and 2 becomes 2, which both harnesses read as a block.
 * `machine.timeout`: the `timeout` program to run it under (default: the one this machine has, if any).
 */
export function hookCommandLine(
  harness: string,
  gavelRoot: string | undefined,
  machine: { timeout?: string | undefined } = { timeout: outsideDeadlineProgram() },
): string {
  const timeoutProgram = machine.timeout;
  const gavel = gavelRoot === undefined ? 'gavel' : shellQuote(join(gavelRoot, 'bin', 'gavel'));
  // On Linux (user scope) gavel runs under `timeout -s KILL`, which keeps its deadline without the hook forking
  // a killer of its own (../outside-deadline.ts); a project's file names no program of this machine.
  const under =
    gavelRoot !== undefined && timeoutProgram !== undefined
      ? `${shellQuote(timeoutProgram)} -s KILL ${OUTSIDE_DEADLINE_S} `
      : '';
  return `${under}${gavel} hook ${harness} || exit 2`;
}

/** True when `command` is a gavel hook for `harness`, from any installation or an older `gavel init`. */
export function isGavelHook(command: unknown, harness: string): boolean {
  if (typeof command !== 'string') return false;
  const m = /^(.*?) hook (\S+)(?: \|\| exit 2)?$/.exec(command.trim());
  return m?.[2] === harness && /(?:^|\/)gavel'?$/.test(m[1] ?? '');
}

/** The commands of gavel's hooks for `harness` under `event`. */
function gavelHooks(settings: Record<string, unknown>, event: string, harness: string): string[] {
  const groups = isRecord(settings.hooks) ? settings.hooks[event] : undefined;
  if (!Array.isArray(groups)) return [];
  return groups.flatMap((g) =>
    isRecord(g) && Array.isArray(g.hooks)
      ? g.hooks.flatMap((h) => (isRecord(h) && isGavelHook(h.command, harness) ? [String(h.command)] : []))
      : [],
  );
}

/** Drops gavel's hooks for `harness` from a matcher group list, and the groups left empty by that. */
function withoutGavel(groups: unknown[], harness: string): unknown[] {
  return groups.flatMap((g) => {
    if (!isRecord(g) || !Array.isArray(g.hooks)) return [g];
    const hooks = g.hooks.filter((h) => !(isRecord(h) && isGavelHook(h.command, harness)));
    if (hooks.length === g.hooks.length) return [g];
    return hooks.length === 0 ? [] : [{ ...g, hooks }];
  });
}

/** Adds gavel's matcher group for each event, replacing gavel's earlier one and keeping the rest. Pure. */
export function mergeHooks(
  settings: Record<string, unknown>,
  command: string,
  harness: string,
): Record<string, unknown> {
  const hooks: Record<string, unknown> = isRecord(settings.hooks) ? { ...settings.hooks } : {};
  for (const event of HOOK_EVENTS) {
    const groups = withoutGavel(Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [], harness);
    groups.push({ matcher: '*', hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_S }] });
    hooks[event] = groups;
  }
  return { ...settings, hooks };
}

export function piExtensionSource(extensionEntry: string): string {
  return `// Installed by \`gavel init pi\`: every tool call is judged by gavel. Remove this file to uninstall.\nexport { default } from ${JSON.stringify(extensionEntry)};\n`;
}

/** Writes `text`; the first time gavel changes an existing file, it is kept as `<file>.gavel-backup`. */
export function writeWithBackup(file: string, text: string): InstallResult {
  let backup: string | undefined;
  if (existsSync(file)) {
    backup = `${file}.gavel-backup`;
    if (!existsSync(backup)) copyFileSync(file, backup);
  } else {
    mkdirSync(dirname(file), { recursive: true });
  }
  writeFileSync(file, text);
  return { ok: true, file, changed: true, ...(backup ? { backup } : {}) };
}

/** Line and column (1-based) where JSON.parse stopped: its `at position N`, or the end of an input cut short. */
export function jsonErrorPlace(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const m = /at position (\d+)/.exec(message);
  const at = m ? Number(m[1]) : /end of JSON input/.test(message) ? text.length : undefined;
  if (at === undefined) return 'no position known';
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

/**
 * Reads a hook file for merging: `{}` when absent or empty; a problem when it is not a JSON object whose `hooks`
 * holds a list under each of `events`. Shared by every JSON hook file (Claude Code's settings, the entry files).
 */
export function readHookFile(file: string, events: readonly string[]): Record<string, unknown> | string {
  if (!existsSync(file)) return {};
  const text = readFileSync(file, 'utf8');
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return `is not valid JSON (${jsonErrorPlace(text, error)}); left untouched`;
  }
  if (!isRecord(parsed)) return 'is not a JSON object; left untouched';
  if (parsed.hooks === undefined) return parsed;
  if (!isRecord(parsed.hooks)) return '`hooks` is not an object; left untouched';
  for (const event of events) {
    const list = parsed.hooks[event];
    if (list !== undefined && !Array.isArray(list)) return `\`hooks.${event}\` is not a list; left untouched`;
  }
  return parsed;
}

export function installJsonHooks(file: string, command: string, harness: string): InstallResult {
  const settings = readHookFile(file, HOOK_EVENTS);
  if (typeof settings === 'string') return { ok: false, file, problem: settings, malformed: true };
  if (HOOK_EVENTS.every((e) => gavelHooks(settings, e, harness).join('\n') === command))
    return { ok: true, file, changed: false };
  const merged = mergeHooks(settings, command, harness);
  return writeWithBackup(file, `${JSON.stringify(merged, null, 2)}\n`);
}

export function installPiExtension(file: string, extensionEntry: string): InstallResult {
  const text = piExtensionSource(extensionEntry);
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return { ok: true, file, changed: false };
  return writeWithBackup(file, text);
}

/** A harness whose hooks are commands in a JSON settings file at `path(home, projectRoot)`. */
export function commandHookInstaller(
  harness: string,
  path: (home: string, projectRoot?: string) => string[],
): HarnessInstall {
  return {
    file: (home, projectRoot) => join(...path(home, projectRoot)),
    write: (file, gavelRoot, scope) =>
      installJsonHooks(file, hookCommandLine(harness, scope === 'project' ? undefined : gavelRoot), harness),
    installed: (text) => text.includes(`hook ${harness}`),
  };
}

/** pi: a one-line extension under `~/.pi/agent/extensions/` (or the project's `.pi/extensions/`) re-exporting `entry`. */
export function piExtensionInstaller(entry: string[]): HarnessInstall {
  return {
    file: (home, projectRoot) =>
      join(projectRoot ? join(projectRoot, '.pi') : join(home, '.pi', 'agent'), 'extensions', 'gavel.ts'),
    write: (file, gavelRoot) => installPiExtension(file, join(gavelRoot, ...entry)),
    installed: (text) => text.includes(entry.slice(0, -1).join('/')),
  };
}
