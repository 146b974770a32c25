/**
 * Installs gavel's hook into a harness's settings, idempotently: a command hook merged into a JSON settings file
 * (Claude Code's `.claude/settings.json`, Codex's `.codex/hooks.json`) or a one-line extension file (pi). Each
 * harness's adapter says which file (`commandHookInstaller`, `piExtensionInstaller`). A JSON settings file is
 * merged, never replaced: every existing key and hook is kept, and the previous file is copied to
 * `<file>.gavel-backup` before the first change. A file that is not valid JSON is left untouched and reported.
 * Reads and writes only the files it names.
 */

import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isRecord as isObject } from '../../../core';
import type { HarnessInstall } from '../adapter';

export type InstallResult =
  | { ok: true; file: string; changed: boolean; backup?: string }
  | { ok: false; file: string; problem: string };

export const HOOK_EVENTS = ['PreToolUse', 'PermissionRequest'] as const;
export const HOOK_TIMEOUT_S = 30;

/** True when a hooks object already runs `command` for `event`. */
export function hasHook(settings: unknown, event: string, command: string): boolean {
  if (!isObject(settings) || !isObject(settings.hooks)) return false;
  const groups = settings.hooks[event];
  if (!Array.isArray(groups)) return false;
  return groups.some(
    (g) => isObject(g) && Array.isArray(g.hooks) && g.hooks.some((h) => isObject(h) && h.command === command),
  );
}

/** Adds gavel's matcher group for each event, keeping everything already there. Pure. */
export function mergeHooks(settings: Record<string, unknown>, command: string): Record<string, unknown> {
  const hooks: Record<string, unknown> = isObject(settings.hooks) ? { ...settings.hooks } : {};
  for (const event of HOOK_EVENTS) {
    const groups = Array.isArray(hooks[event]) ? [...(hooks[event] as unknown[])] : [];
    if (!hasHook({ hooks: { [event]: groups } }, event, command)) {
      groups.push({ matcher: '*', hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_S }] });
    }
    hooks[event] = groups;
  }
  return { ...settings, hooks };
}

export function piExtensionSource(extensionEntry: string): string {
  return `// Installed by \`gavel init pi\`: every tool call is judged by gavel. Remove this file to uninstall.\nexport { default } from ${JSON.stringify(extensionEntry)};\n`;
}

function writeWithBackup(file: string, text: string): InstallResult {
  let backup: string | undefined;
  if (existsSync(file)) {
    backup = `${file}.gavel-backup`;
    copyFileSync(file, backup);
  } else {
    mkdirSync(dirname(file), { recursive: true });
  }
  writeFileSync(file, text);
  return { ok: true, file, changed: true, ...(backup ? { backup } : {}) };
}

export function installJsonHooks(file: string, command: string): InstallResult {
  let settings: Record<string, unknown> = {};
  if (existsSync(file)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return { ok: false, file, problem: 'is not valid JSON; left untouched' };
    }
    if (!isObject(parsed)) return { ok: false, file, problem: 'is not a JSON object; left untouched' };
    if (parsed.hooks !== undefined && !isObject(parsed.hooks))
      return { ok: false, file, problem: '`hooks` is not an object; left untouched' };
    settings = parsed;
  }
  if (HOOK_EVENTS.every((e) => hasHook(settings, e, command))) return { ok: true, file, changed: false };
  return writeWithBackup(file, `${JSON.stringify(mergeHooks(settings, command), null, 2)}\n`);
}

export function installPiExtension(file: string, extensionEntry: string): InstallResult {
  const text = piExtensionSource(extensionEntry);
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return { ok: true, file, changed: false };
  return writeWithBackup(file, text);
}

/** The hook command that runs the gavel installed at `gavelRoot` for `harness`. */
export function hookCommandLine(gavelRoot: string, harness: string): string {
  return `${join(gavelRoot, 'bin', 'gavel')} hook ${harness}`;
}

/** A harness whose hooks are commands in a JSON settings file at `path(home, projectRoot)`. */
export function commandHookInstaller(
  harness: string,
  path: (home: string, projectRoot?: string) => string[],
): HarnessInstall {
  return {
    file: (home, projectRoot) => join(...path(home, projectRoot)),
    write: (file, gavelRoot) => installJsonHooks(file, hookCommandLine(gavelRoot, harness)),
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
