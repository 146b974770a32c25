/**
 * `gavel config`: the config in force, where each value came from, and every notice (values a
 * repository was not allowed to set). Exits EXIT.configInvalid with the one-line problem when a file or
 * variable does not validate.
 */

import { formatProblem, loadConfig, TABLE_NAMES, tableSettings } from '../../../config';
import { EXIT } from '../../../core';
import type { CommandSpec } from '../command';
import { style } from '../style';
import { renderTable } from '../table';

export const configCommand: CommandSpec = {
  name: 'config',
  summary: 'show the config in force, where each value came from, and any notice',
  usage: 'gavel config [--json]',
  description:
    'Reads the user config ($XDG_CONFIG_HOME/gavel/config.toml, else ~/.config/gavel/config.toml), GAVEL_*\n' +
    'variables and the project gavel.toml (nearest ancestor with gavel.toml or .git). A repository can\n' +
    'tighten the user settings but never loosen them, and can never set models, endpoints, key variables,\n' +
    'spend caps or the audit folder: such values are ignored and listed as notices.',
  options: {
    json: { type: 'boolean', description: 'print the result as JSON' },
  },
  exits: [EXIT.ok, EXIT.internal, EXIT.usage, EXIT.configInvalid],
  examples: ['gavel config', 'GAVEL_CHECK_MODE=off gavel config --json'],
  async run(ctx, args) {
    const result = loadConfig({ cwd: ctx.cwd, env: ctx.env });
    const s = style(ctx.color);
    if (!result.ok) {
      if (args.values.json) {
        ctx.stdout.write(
          `${JSON.stringify({ ok: false, problem: result.problem, files: result.files }, null, 2)}\n`,
        );
      }
      ctx.stderr.write(`gavel config: ${formatProblem(result.problem)}\n`);
      return EXIT.configInvalid;
    }
    if (args.values.json) {
      const { ok, config, sources, notices, projectRoot, files, read } = result;
      ctx.stdout.write(
        `${JSON.stringify({ ok, projectRoot, files, read, config, sources, notices }, null, 2)}\n`,
      );
      return EXIT.ok;
    }
    const rows: { key: string; value: string; source: string }[] = [];
    for (const table of TABLE_NAMES) {
      const values = result.config[table] as Record<string, unknown>;
      for (const [key] of tableSettings(table)) {
        const path = `${table}.${key}`;
        const value = values[key];
        rows.push({
          key: path,
          value: value === undefined ? '(unset)' : JSON.stringify(value),
          source: result.sources[path] ?? 'default',
        });
      }
    }
    const found = (read: boolean) => (read ? 'read' : 'not found');
    ctx.stdout.write(`project root: ${result.projectRoot}\n`);
    ctx.stdout.write(`project file: ${result.files.project} (${found(result.read.project)})\n`);
    for (const outer of result.files.outer) ctx.stdout.write(`outer file:   ${outer} (read, tighten only)\n`);
    ctx.stdout.write(`user file:    ${result.files.user} (${found(result.read.user)})\n\n`);
    ctx.stdout.write(
      renderTable(rows, [
        { header: 'key', cell: (r) => r.key },
        { header: 'value', cell: (r) => r.value },
        { header: 'source', cell: (r) => r.source, paint: (t, r) => (r.source === 'default' ? s.dim(t) : t) },
      ]),
    );
    if (result.notices.length > 0) {
      ctx.stdout.write(`\n${s.yellow('notices')}:\n`);
      for (const n of result.notices) ctx.stdout.write(`  ${formatProblem(n)}\n`);
    }
    return EXIT.ok;
  },
};
