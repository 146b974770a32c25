/**
 * `gavel reviewer`: the model reviewer's disclosure (mode, posture, model, provider and egress host, context,
 * prompt hashes, the untrusted-context rule), and the confirm-backed change of `[check] reviewer_posture`,
 * `[check] reviewer_model` or `[check] mode` in the user config: asked on a terminal, `--yes` for scripts;
 * choosing `auto` prints the disclosure first. Edits only those lines of the user's file (comments kept) and
 * writes nothing that would not load. Sends nothing to any model.
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline/promises';
import {
  CHECK_MODES,
  formatProblem,
  loadConfig,
  REVIEWER_POSTURES,
  userConfigFile,
  userHome,
} from '../../../config';
import { EXIT } from '../../../core';
import { bundledCatalog, parseModelSpec } from '../../../model';
import { loadRuntime, reviewerDisclosure, reviewerPolicyFor } from '../../../runtime';
import type { CommandContext, CommandSpec } from '../command';

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Sets `key = value` in the `[check]` table of a TOML text, keeping every other line. */
export function setCheckKey(text: string, key: string, value: string): string {
  const line = `${key} = ${JSON.stringify(value)}`;
  const lines = text.split('\n');
  const header = lines.findIndex((l) => /^\s*\[check\]\s*(#.*)?$/.test(l));
  if (header < 0) return `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}\n[check]\n${line}\n`;
  let end = lines.length;
  for (let i = header + 1; i < lines.length; i += 1) {
    if (/^\s*\[/.test(lines[i] ?? '')) {
      end = i;
      break;
    }
  }
  const at = lines.findIndex((l, i) => i > header && i < end && new RegExp(`^\\s*${key}\\s*=`).test(l));
  if (at >= 0) lines[at] = line;
  else lines.splice(header + 1, 0, line);
  return lines.join('\n');
}

async function confirm(ctx: CommandContext, question: string, yes: boolean): Promise<boolean | 'no-tty'> {
  if (yes) return true;
  if (!process.stdin.isTTY || !process.stdout.isTTY) return 'no-tty';
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await rl.question(`${question} [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
    ctx.stdout.write('');
  }
}

export const reviewerCommand: CommandSpec = {
  name: 'reviewer',
  summary: "show the model reviewer's disclosure; change its posture or model, or turn on mode auto",
  usage: 'gavel reviewer [--posture P] [--model SPEC] [--mode MODE] [--yes]',
  description:
    'Without options, prints what mode `auto` sends where and on what terms. With --posture, --model or --mode,\n' +
    'writes that `[check]` key of your user config (~/.config/gavel/config.toml) after you confirm on a\n' +
    'terminal, or with --yes. Choosing `--mode auto` prints the disclosure first: setting it is your consent.',
  options: {
    posture: { type: 'string', valueName: 'P', description: '`strict`, `default` or `permissive`' },
    model: {
      type: 'string',
      valueName: 'SPEC',
      description:
        'the reviewer model: `provider/model`, `provider/<tier>`, `scripted:<file>`, `replay:<dir>`',
    },
    mode: { type: 'string', valueName: 'MODE', description: '`off`, `ask` or `auto`' },
    yes: { type: 'boolean', description: 'write without asking (scripts)' },
  },
  exits: [EXIT.ok, EXIT.internal, EXIT.usage, EXIT.configInvalid],
  examples: ['gavel reviewer', 'gavel reviewer --posture strict --yes', 'gavel reviewer --mode auto'],
  async run(ctx, args) {
    const home = userHome(ctx.env);
    const changes: [string, string][] = [];
    const { posture, model, mode } = args.values;
    if (typeof posture === 'string') {
      if (!(REVIEWER_POSTURES as readonly string[]).includes(posture)) {
        ctx.stderr.write(
          `gavel reviewer: unknown posture \`${posture}\`: expected strict, default or permissive\n`,
        );
        return EXIT.usage;
      }
      changes.push(['reviewer_posture', posture]);
    }
    if (typeof model === 'string') {
      const parsed = parseModelSpec(model, bundledCatalog());
      if (!parsed.ok) {
        ctx.stderr.write(`gavel reviewer: ${parsed.problem}\n`);
        return EXIT.usage;
      }
      changes.push(['reviewer_model', model]);
    }
    if (typeof mode === 'string') {
      if (!(CHECK_MODES as readonly string[]).includes(mode)) {
        ctx.stderr.write(`gavel reviewer: unknown mode \`${mode}\`: expected off, ask or auto\n`);
        return EXIT.usage;
      }
      changes.push(['mode', mode]);
    }

    const loaded = loadConfig({ cwd: ctx.cwd, env: ctx.env });
    if (!loaded.ok) {
      ctx.stderr.write(`gavel reviewer: ${formatProblem(loaded.problem)}\n`);
      return EXIT.configInvalid;
    }
    const runtime = await loadRuntime({ cwd: ctx.cwd, env: ctx.env, clock: ctx.clock });
    if (!runtime.ok) {
      ctx.stderr.write(`gavel reviewer: ${runtime.problem}\n`);
      return EXIT.configInvalid;
    }
    runtime.review?.close();
    const disclosure = () =>
      reviewerDisclosure({
        config: loaded.config,
        sources: loaded.sources,
        projectRoot: loaded.projectRoot,
        env: ctx.env,
        home,
        now: () => ctx.clock.now(),
        readFile: readText,
        policy: reviewerPolicyFor({
          config: loaded.config,
          modelSource: loaded.sources['model.model'],
          sources: loaded.sources,
          policy: runtime.deps.policy,
          env: ctx.env,
          home,
          clock: ctx.clock,
        }),
      });
    if (changes.length === 0 || changes.some(([k, v]) => k === 'mode' && v === 'auto')) {
      ctx.stdout.write(`${disclosure().join('\n')}\n`);
      if (changes.length === 0) return EXIT.ok;
    }

    const file = userConfigFile(ctx.env);
    const before = existsSync(file) ? (readText(file) ?? '') : '';
    let after = before;
    for (const [key, value] of changes) after = setCheckKey(after, key, value);
    const summary = changes.map(([k, v]) => `${k} = "${v}"`).join(', ');
    const answer = await confirm(ctx, `write ${summary} to \`${file}\`?`, args.values.yes === true);
    if (answer === 'no-tty') {
      ctx.stderr.write(
        'gavel reviewer: not a terminal: nothing written; pass `--yes` to write without asking\n',
      );
      return EXIT.usage;
    }
    if (!answer) {
      ctx.stdout.write('nothing written\n');
      return EXIT.ok;
    }
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, after, { mode: 0o600 });
    const check = loadConfig({ cwd: ctx.cwd, env: ctx.env });
    if (!check.ok) {
      writeFileSync(file, before, { mode: 0o600 });
      ctx.stderr.write(
        `gavel reviewer: the change would not load, so it was undone: ${formatProblem(check.problem)}\n`,
      );
      return EXIT.configInvalid;
    }
    ctx.stdout.write(`wrote ${summary} to \`${file}\`\n`);
    return EXIT.ok;
  },
};

export default reviewerCommand;
