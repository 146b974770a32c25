/**
 * `gavel init <claude-code|codex|pi|opencode|gemini|copilot|cursor>`: installs gavel's hook, idempotently, merging into existing settings
 * and keeping a backup. Decides nothing.
 */

import { dirname } from 'node:path';
import { findProjectRoot, userHome } from '../../../config';
import { EXIT, IoError, UsageError } from '../../../core';
import { findRulesDir } from '../../../runtime';
import { HARNESS_NAMES, harnessNamed } from '../../harness';
import type { CommandSpec } from '../command';

/** The checkout or package root gavel runs from (the folder holding `rules/`). */
export function gavelRoot(): string {
  const rules = findRulesDir();
  if (!rules) throw new IoError('io', 'cannot find the gavel installation (its `rules/` folder is missing)');
  return dirname(rules);
}

export const initCommand: CommandSpec = {
  name: 'init',
  summary: 'install the gavel hook into claude-code, codex, pi, opencode, gemini, copilot or cursor',
  usage: 'gavel init <claude-code|codex|pi|opencode|gemini|copilot|cursor> [--project]',
  description:
    "Claude Code: adds PreToolUse and PermissionRequest hooks to ~/.claude/settings.json (or the project's .claude/settings.json with --project). Codex: the same in ~/.codex/hooks.json (turn hooks on with `[features] codex_hooks = true` in ~/.codex/config.toml). pi: writes ~/.pi/agent/extensions/gavel.ts. OpenCode: writes the plugin ~/.config/opencode/plugins/gavel.js. Gemini CLI: a BeforeTool hook in ~/.gemini/settings.json. Copilot CLI: ~/.copilot/hooks/gavel.json (.github/hooks/gavel.json with --project). Cursor: ~/.cursor/hooks.json. Existing keys and hooks are kept; gavel's earlier hook (from any location) is replaced, never doubled; the file as it was before gavel first changed it is saved once as `<file>.gavel-backup` and never overwritten. An empty file is read as {}; a file that is not valid JSON (the message gives line and column) or whose hooks are not the shape the harness reads is left untouched (exit 2). Running it again changes nothing.",
  options: {
    project: { type: 'boolean', description: 'install for the current project instead of the user' },
    json: { type: 'boolean', description: 'print what was done as one JSON object' },
  },
  positionals: [
    { name: 'harness', description: 'claude-code, codex, pi, opencode, gemini, copilot or cursor' },
  ],
  exits: [EXIT.ok, EXIT.internal, EXIT.usage],
  examples: ['gavel init claude-code', 'gavel init pi --project'],
  async run(ctx, args) {
    const harness = harnessNamed(args.positionals[0]);
    if (!harness)
      throw new UsageError(
        `unknown harness \`${String(args.positionals[0])}\` (${HARNESS_NAMES.join(', ')})`,
      );
    const home = userHome(ctx.env);
    const project = args.values.project === true ? findProjectRoot(ctx.cwd) : undefined;
    const file = harness.install.file(home, project);
    const result = harness.install.write(file, gavelRoot(), project === undefined ? 'user' : 'project');
    if (!result.ok) {
      ctx.stderr.write(`gavel init: \`${result.file}\` ${result.problem}\n`);
      return result.malformed ? EXIT.usage : EXIT.internal;
    }
    if (args.values.json === true) {
      const note = harness.install.note ?? null;
      const out = { file: result.file, changed: result.changed, backup: result.backup ?? null, note };
      ctx.stdout.write(`${JSON.stringify(out)}\n`);
      return EXIT.ok;
    }
    if (!result.changed) ctx.stdout.write(`already installed: ${result.file}\n`);
    else
      ctx.stdout.write(
        `installed: ${result.file}${result.backup ? ` (previous file saved as ${result.backup})` : ''}\n`,
      );
    if (harness.install.note) ctx.stdout.write(`note: ${harness.install.note}\n`);
    return EXIT.ok;
  },
};

export default initCommand;
