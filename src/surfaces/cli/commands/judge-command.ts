/**
 * `gavel judge`: reviews agent configuration (skills, agents, commands, rules, CLAUDE.md/AGENTS.md, MCP
 * and settings files) with static checks, governance attachment, scores and a gate; `--estimate` prices
 * what a model review would send, sending nothing. Reads the flags into one `judgeProject` call (src/runtime/judge:
 * config, project, model review, run) and prints the report, the list or the estimate; decides nothing itself.
 */

import { EXIT, UsageError } from '../../../core';
import {
  JUDGE_CATEGORIES,
  type JudgeCategory,
  type JudgeReport,
  type JudgeRole,
  renderEstimateJson,
  renderEstimateText,
  renderJson,
  renderList,
  renderSarif,
  renderText,
} from '../../../judge';
import {
  type JudgeModelFlags,
  type JudgeProjectRequest,
  type JudgeProjectResult,
  judgeProject,
  type RubricRequest,
} from '../../../runtime';
import type { CommandContext, CommandSpec, ParsedArgs } from '../command';
import { modelFlagOptions, readModelFlags } from '../model-flags';

function flag(args: ParsedArgs, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
}

/** A `true|false` flag, or undefined when it is not given. */
function optionalBoolFlag(args: ParsedArgs, name: string): boolean | undefined {
  const v = flag(args, name);
  if (v === undefined) return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new UsageError(`--${name} takes \`true\` or \`false\`, not \`${v}\``);
}

function boolFlag(args: ParsedArgs, name: string, fallback: boolean): boolean {
  return optionalBoolFlag(args, name) ?? fallback;
}

function numberFlag(args: ParsedArgs, name: string, whole: boolean): number | undefined {
  const v = flag(args, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n) || n < 0 || (whole && !Number.isInteger(n)))
    throw new UsageError(`--${name} takes ${whole ? 'a whole number' : 'a number'}, not \`${v}\``);
  return n;
}

const ROLES: readonly JudgeRole[] = ['security', 'governance', 'quality', 'adjudicator'];

function listFlag(args: ParsedArgs, name: string): string[] {
  const v = args.values[name];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** The model flags of a judge run: the shared ones and the judge's roles, caps and pacing. */
function judgeModelFlags(args: ParsedArgs, cwd: string): JudgeModelFlags {
  const flags: JudgeModelFlags = { ...readModelFlags(args, cwd) };
  const adj = flag(args, 'adjudicator-model');
  if (adj !== undefined) flags.adjudicatorModel = adj;
  for (const pair of listFlag(args, 'model-for')) {
    const [role, model] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    if (!pair.includes('=') || !ROLES.includes(role as JudgeRole) || model === '')
      throw new UsageError(`--model-for takes ROLE=MODEL (roles: ${ROLES.join(', ')}), not \`${pair}\``);
    flags.modelFor = { ...flags.modelFor, [role]: model };
  }
  const set = <K extends keyof JudgeModelFlags>(k: K, v: JudgeModelFlags[K] | undefined) => {
    if (v !== undefined) flags[k] = v;
  };
  set('maxCostUsd', numberFlag(args, 'max-cost', false));
  set('maxTokens', numberFlag(args, 'max-tokens', true));
  set('maxCalls', numberFlag(args, 'max-calls', true));
  const conc = numberFlag(args, 'concurrency', true);
  if (conc === 0) throw new UsageError('--concurrency takes a whole number of at least 1');
  set('concurrency', conc);
  set('rpm', numberFlag(args, 'rpm', true));
  return flags;
}

/** `--skill NAME|path:DIR` (governance) and `--skill-for CATEGORY=NAME|path:DIR`; runtime adds `[judge.skills]`. */
function rubricRequests(args: ParsedArgs): RubricRequest[] {
  const out: RubricRequest[] = listFlag(args, 'skill').map((ref) => ({
    ref,
    category: 'governance',
    fromRepo: false,
  }));
  for (const pair of listFlag(args, 'skill-for')) {
    const i = pair.indexOf('=');
    const category = pair.slice(0, i) as JudgeCategory;
    if (i < 0 || !JUDGE_CATEGORIES.includes(category) || pair.slice(i + 1) === '')
      throw new UsageError(`--skill-for takes CATEGORY=NAME or CATEGORY=path:DIR, not \`${pair}\``);
    out.push({ ref: pair.slice(i + 1), category, fromRepo: false });
  }
  return out;
}

/**
 * The flags of one judge run read into the runtime's request (bad flags are UsageError). `gavel judge` and the
 * MCP `judge` tool both build their run here, so a tool call means exactly what the same flags mean on the CLI.
 */
export function judgeRequest(
  ctx: CommandContext,
  args: ParsedArgs,
  notice: (line: string) => void,
): JudgeProjectRequest {
  const changedFlag = flag(args, 'changed');
  const since = flag(args, 'since');
  if (changedFlag !== undefined && since !== undefined)
    throw new UsageError('use either --changed=REV or --since REV');
  const failOn = args.values['fail-on'];
  return {
    cwd: ctx.cwd,
    env: ctx.env,
    clock: ctx.clock,
    version: ctx.version,
    paths: args.positionals,
    failOn: Array.isArray(failOn) ? failOn.filter((x): x is string => typeof x === 'string') : undefined,
    minConfidence: flag(args, 'min-confidence'),
    categories: flag(args, 'categories')
      ?.split(',')
      .map((c) => c.trim()),
    changedSince: changedFlag ?? since,
    impact: boolFlag(args, 'impact', true),
    attachRules: optionalBoolFlag(args, 'attach-rules'),
    attachInstructions: optionalBoolFlag(args, 'attach-claude-md'),
    allowLlm: args.values['allow-llm'] === true,
    estimate: args.values.estimate === true,
    explainDrops: args.values['explain-drops'] === true,
    modelFlags: () => judgeModelFlags(args, ctx.cwd),
    rubrics: () => rubricRequests(args),
    notice,
  };
}

/** What a judge run prints: its stdout text, its stderr lines (without the `gavel judge:` prefix), its exit. */
export interface JudgeAnswer {
  stdout: string;
  notes: string[];
  exitCode: number;
}

/** Renders one judge run's result as `gavel judge` prints it in `format` (`--list` when `list`). */
export function judgeAnswer(judged: JudgeProjectResult, format: string, list: boolean): JudgeAnswer {
  if (!judged.ok) return { stdout: '', notes: [judged.problem], exitCode: EXIT.configInvalid };
  const { outcome, data } = judged;
  const nothing = outcome.report.units.length === 0 && outcome.report.run.coverage.notReviewed.length === 0;
  if (list) {
    const stdout = renderList(
      outcome.planned.map((p) => p.unit),
      outcome.why,
      outcome.report.run.coverage.notReviewed,
      outcome.links,
    );
    return { stdout, notes: [], exitCode: nothing ? EXIT.nothingFound : EXIT.ok };
  }
  // Zero units is said, never a silent pass; with --changed it is the ordinary "nothing changed".
  if (nothing && !judged.changed) {
    const note =
      'no unit found: no skill, agent, command, rule, instruction, MCP or settings file here (see `gavel judge --list`)';
    return { stdout: '', notes: [note], exitCode: EXIT.nothingFound };
  }
  if (judged.estimate) {
    const { run: est, maxCostUsd } = judged.estimate;
    const stdout = format === 'json' ? renderEstimateJson(est) : renderEstimateText(est, { maxCostUsd });
    if (!est.overCap) return { stdout, notes: [], exitCode: EXIT.ok };
    const note = `the estimate ($${(est.expectedCostUsd ?? 0).toFixed(2)}) exceeds the cap ($${maxCostUsd.toFixed(2)})`;
    return { stdout, notes: [note], exitCode: EXIT.internal };
  }
  const report = outcome.report;
  const stdout =
    format === 'json'
      ? renderJson(report)
      : format === 'sarif'
        ? renderSarif(report, data.rules.codes)
        : renderText(report, data.rules.codes);
  return { stdout, notes: [], exitCode: gateExit(report.summary.decision) };
}

function gateExit(decision: JudgeReport['summary']['decision']): number {
  switch (decision) {
    case 'pass':
      return EXIT.ok;
    case 'fail':
      return EXIT.deny;
    case 'incomplete':
      return EXIT.escalate;
    default: {
      const never: never = decision;
      return never;
    }
  }
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const format = flag(args, 'format') ?? 'text';
  if (!['text', 'json', 'sarif'].includes(format))
    throw new UsageError(`--format is text, json or sarif, not \`${format}\``);
  if (args.values.estimate === true && format === 'sarif')
    throw new UsageError('--estimate prints text or json');
  const notice = (line: string) => ctx.stderr.write(`gavel judge: ${line}\n`);
  const judged = await judgeProject(judgeRequest(ctx, args, notice));
  const answer = judgeAnswer(judged, format, args.values.list === true);
  ctx.stdout.write(answer.stdout);
  for (const note of answer.notes) notice(note);
  return answer.exitCode;
}

export const judgeCommand: CommandSpec = {
  name: 'judge',
  summary: 'review agent configuration (skills, CLAUDE.md, rules, MCP and settings) and gate on findings',
  usage: 'gavel judge [options] [path ...]',
  description: [
    'With no paths, judges every unit below the working directory that a harness reads: skills (a folder with',
    'SKILL.md, or under .claude/, .agents/, .codex/, .github/, .gemini/ skills/), plugins (.claude-plugin/plugin.json',
    'or a marketplace manifest: their skills, agents, commands, hooks and MCP files), .claude/ agents, commands, rules,',
    'settings and hooks, CLAUDE.md, AGENTS.md, GEMINI.md at every level, .mcp.json, .vscode/mcp.json, .codex/config.toml,',
    'Cursor, Gemini and Copilot files. A skill is its directory; anything else is one file. `--list` shows what was',
    'found and why; finding nothing exits 4. It needs a',
    'project (a git repository or a folder with AGENTS.md, CLAUDE.md or .claude/) and refuses $HOME and /.',
    'Symlinks are never followed. One run takes at most 200 units; files up to 2 MiB; units up to 1,000 files and 16 MiB.',
    'Codes, severities and the scoring formula: docs/codes.md and docs/judge.md.',
  ].join('\n'),
  options: {
    format: { type: 'string', valueName: 'text|json|sarif', description: 'output format (default text)' },
    changed: {
      type: 'string',
      optionalValue: 'HEAD',
      valueName: 'REV',
      description: 'only units changed since REV (committed, staged, unstaged, untracked); bare: HEAD',
    },
    since: { type: 'string', valueName: 'REV', description: 'the same as --changed=REV' },
    impact: {
      type: 'string',
      optionalValue: 'true',
      valueName: 'true|false',
      description: 'with --changed, also units a changed rule or CLAUDE.md attaches to (default true)',
    },
    'fail-on': {
      type: 'string',
      multiple: true,
      valueName: 'LIST',
      description:
        'gate: category:severity, category:none, score:N, category:score:N (default security:high,governance:high,quality:none)',
    },
    'min-confidence': {
      type: 'string',
      valueName: 'low|medium|high',
      description: 'drop findings below this confidence (default low)',
    },
    categories: {
      type: 'string',
      valueName: 'LIST',
      description: 'categories to review: security,governance,quality (default all)',
    },
    'attach-rules': {
      type: 'string',
      optionalValue: 'true',
      valueName: 'true|false',
      description: 'attach path-scoped .claude/rules/ (default true)',
    },
    'attach-claude-md': {
      type: 'string',
      optionalValue: 'true',
      valueName: 'true|false',
      description: 'attach ancestor CLAUDE.md/AGENTS.md and their @imports (default true)',
    },
    list: {
      type: 'boolean',
      description:
        'list the units found and why (the layout or manifest), and what could not be reviewed; judges nothing',
    },
    ...modelFlagOptions,
    estimate: {
      type: 'boolean',
      description:
        'build and price every request a model review would send, per unit; sends nothing; exits 1 over the cap',
    },
    'allow-llm': {
      type: 'boolean',
      description: 'run the model review (reviewers, quote verifier, adjudicator) with the configured model',
    },
    'adjudicator-model': { type: 'string', valueName: 'SPEC', description: 'the adjudicator model' },
    'model-for': {
      type: 'string',
      multiple: true,
      valueName: 'ROLE=SPEC',
      description: 'a model for one role: security, governance, quality or adjudicator',
    },
    'max-cost': {
      type: 'string',
      valueName: 'USD',
      description: 'spend cap of the run (default $2.00, or [caps] max_cost_usd from your user config)',
    },
    'max-tokens': { type: 'string', valueName: 'N', description: 'token cap of the run (default [caps])' },
    'max-calls': { type: 'string', valueName: 'N', description: 'call cap of the run (default [caps])' },
    concurrency: { type: 'string', valueName: 'N', description: 'calls in flight at once (default 4)' },
    rpm: { type: 'string', valueName: 'N', description: 'calls started per minute (default: no limit)' },
    'explain-drops': {
      type: 'boolean',
      description: 'list every dropped candidate with the stage, the reason and the counter-quote',
    },
    skill: {
      type: 'string',
      multiple: true,
      valueName: 'NAME|path:DIR',
      description: 'a rubric skill for the governance review (## C1 - title criteria)',
    },
    'skill-for': {
      type: 'string',
      multiple: true,
      valueName: 'CATEGORY=NAME|path:DIR',
      description: 'a rubric skill for another category',
    },
  },
  positionals: [
    {
      name: 'path',
      description: 'files or directories to judge; a file inside a skill selects the skill',
      multiple: true,
      optional: true,
    },
  ],
  exits: [
    EXIT.ok,
    EXIT.internal,
    EXIT.usage,
    EXIT.configInvalid,
    EXIT.nothingFound,
    EXIT.deny,
    EXIT.escalate,
  ],
  examples: [
    'gavel judge',
    'gavel judge .claude/skills/deploy --fail-on security:medium,governance:high',
    'gavel judge --changed=origin/main --format sarif > judge.sarif',
    'gavel judge --estimate --model anthropic/claude-sonnet-4-5',
    'gavel judge --allow-llm --max-cost 1 --explain-drops',
  ],
  run,
};
