/**
 * Installs gavel's hook into a harness's settings, idempotently: Claude Code (`.claude/settings.json`, user or
 * project), Codex (`~/.codex/hooks.json`) and pi (`~/.pi/agent/extensions/gavel.ts`). A JSON settings file is
 * merged, never replaced: every existing key and hook is kept, and the previous file is copied to
 * `<file>.gavel-backup` before the first change. A file that is not valid JSON is left untouched and reported.
 * Reads and writes only the files it names.
 */

import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const HARNESS_NAMES = ['claude-code', 'codex', 'pi'] as const;
export type HarnessName = (typeof HARNESS_NAMES)[number];

export interface InstallPlan {
  harness: HarnessName;
  file: string;
  command: string;
}

export type InstallResult =
  | { ok: true; file: string; changed: boolean; backup?: string }
  | { ok: false; file: string; problem: string };

export const HOOK_EVENTS = ['PreToolUse', 'PermissionRequest'] as const;
export const HOOK_TIMEOUT_S = 30;

export function settingsFile(harness: HarnessName, home: string, projectRoot?: string): string {
  switch (harness) {
    case 'claude-code':
      return join(projectRoot ?? home, '.claude', 'settings.json');
    case 'codex':
      return join(projectRoot ?? home, '.codex', 'hooks.json');
    case 'pi':
      return join(
        projectRoot ? join(projectRoot, '.pi') : join(home, '.pi', 'agent'),
        'extensions',
        'gavel.ts',
      );
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

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
