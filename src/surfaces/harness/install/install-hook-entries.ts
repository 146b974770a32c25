/**
 * Installs gavel's hook into the JSON hook files of the harnesses whose lists are not Claude Code's: Gemini CLI
 * (`hooks.BeforeTool`, matcher groups of `{type, command, timeout}` in milliseconds), GitHub Copilot CLI and
 * Cursor (`{"version": 1, "hooks": {event: [entry, ...]}}`, one flat entry per hook). Each harness gives its
 * events and how gavel's entry looks (`EntryHookSpec`); this file owns the merge: every other key and entry is
 * kept, gavel's earlier entry for the harness (from any installation) is replaced, the file as it was before gavel
 * first touched it is kept once as `<file>.gavel-backup` (./install-hook.ts), and a second run changes nothing.
 * A file that is not valid JSON, or whose hooks are not the shape the harness reads, is left untouched and
 * reported; an empty file is read as `{}`. Reads and writes only the file it names.
 */

import { join } from 'node:path';
import { isRecord } from '../../../core';
import type { HarnessInstall } from '../adapter';
import { hookCommandLine, type InstallResult, readHookFile, writeWithBackup } from './install-hook';

export interface EntryHookSpec {
  harness: string;
  /** The events gavel's entry goes under, in `hooks`. */
  events: readonly string[];
  /** gavel's entry in an event's list, running `command`. */
  entry(command: string): Record<string, unknown>;
  /** Keys a file gets when it lacks them (`version`). */
  base?: Record<string, unknown>;
  /** The command line (default: ./install-hook.ts's, `... hook <harness> || exit 2`). */
  commandLine?(harness: string, gavelRoot: string | undefined): string;
}

/** True when `command` runs gavel's hook for `harness`, from any installation or an earlier `gavel init`. */
export function runsGavelHook(command: unknown, harness: string): boolean {
  if (typeof command !== 'string') return false;
  const escaped = harness.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  return new RegExp(`(?:^|/)gavel'? hook ${escaped}(?:\\s|$)`).test(command.trim());
}

/** The command fields of one entry: its own (`command`, `bash`) and, in a matcher group, its hooks'. */
function commandsOf(entry: unknown): unknown[] {
  if (!isRecord(entry)) return [];
  return [entry.command, entry.bash];
}

/** An event's list without gavel's entries for `harness` (and without matcher groups left empty by that). */
function withoutGavel(list: unknown[], harness: string): unknown[] {
  return list.flatMap((item) => {
    if (isRecord(item) && Array.isArray(item.hooks)) {
      const hooks = item.hooks.filter((h) => !commandsOf(h).some((c) => runsGavelHook(c, harness)));
      if (hooks.length === item.hooks.length) return [item];
      return hooks.length === 0 ? [] : [{ ...item, hooks }];
    }
    return commandsOf(item).some((c) => runsGavelHook(c, harness)) ? [] : [item];
  });
}

/** `settings` with gavel's entry last under each of `spec.events`, every other key and entry kept. Pure. */
export function mergeEntries(
  settings: Record<string, unknown>,
  command: string,
  spec: EntryHookSpec,
): Record<string, unknown> {
  const hooks: Record<string, unknown> = isRecord(settings.hooks) ? { ...settings.hooks } : {};
  for (const event of spec.events) {
    const list = withoutGavel(Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [], spec.harness);
    hooks[event] = [...list, spec.entry(command)];
  }
  return { ...spec.base, ...settings, hooks };
}

export function installEntries(file: string, command: string, spec: EntryHookSpec): InstallResult {
  const settings = readHookFile(file, spec.events);
  if (typeof settings === 'string') return { ok: false, file, problem: settings, malformed: true };
  const merged = mergeEntries(settings, command, spec);
  if (JSON.stringify(merged) === JSON.stringify(settings)) return { ok: true, file, changed: false };
  return writeWithBackup(file, `${JSON.stringify(merged, null, 2)}\n`);
}

/** A harness whose hook is an entry in the JSON file at `path(home, projectRoot)`, merged as `spec` says. */
export function entryHookInstaller(
  spec: EntryHookSpec,
  path: (home: string, projectRoot?: string) => string[],
): HarnessInstall {
  const line = spec.commandLine ?? hookCommandLine;
  return {
    file: (home, projectRoot) => join(...path(home, projectRoot)),
    write: (file, gavelRoot, scope) =>
      installEntries(file, line(spec.harness, scope === 'project' ? undefined : gavelRoot), spec),
    installed: (text) => text.includes(`hook ${spec.harness}`),
  };
}
