/**
 * `gavel judge`: reviews agent configuration (skills, agents, commands, rules, CLAUDE.md/AGENTS.md, MCP
 * and settings files) with static checks, governance attachment, scores and a gate; `--estimate` prices
 * what a model review would send, sending nothing. Translates flags, config, git and the file system into
 * one `runJudge` call and prints the report; decides nothing itself.
 */

import { homedir } from 'node:os';
import { formatProblem, loadConfig } from '../../../config';
import { EXIT, UsageError } from '../../../core';
import {
  bundledJudgeData,
  CONFIDENCES,
  type Confidence,
  DEFAULT_LIMITS,
  detectCredentials,
  estimateRun,
  findProject,
  JUDGE_CATEGORIES,
  type JudgeCategory,
  parseFailOn,
  renderEstimateJson,
  renderEstimateText,
  renderJson,
  renderList,
  renderSarif,
  renderText,
  runJudge,
  type ShellAnalyzer,
  toProjectPath,
} from '../../../judge';
import { bundledCatalog, priceEntryOf } from '../../../model';
import { analyzeShell } from '../../../shell';
import type { CommandContext, CommandSpec, ParsedArgs } from '../command';
import { gitChangedFiles, nodeJudgeFs } from './judge-io';

/** The shell analyzer action review uses (src/shell): one set of shapes and categories for both (ADR 0006). */
export const JUDGE_SHELL_ANALYZER: ShellAnalyzer = analyzeShell;

function flag(args: ParsedArgs, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
}

function boolFlag(args: ParsedArgs, name: string, fallback: boolean): boolean {
  const v = flag(args, name);
  if (v === undefined) return fallback;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new UsageError(`--${name} takes \`true\` or \`false\`, not \`${v}\``);
}

async function run(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const format = flag(args, 'format') ?? 'text';
  if (!['text', 'json', 'sarif'].includes(format))
    throw new UsageError(`--format is text, json or sarif, not \`${format}\``);
  const estimate = args.values.estimate === true;
  if (estimate && format === 'sarif') throw new UsageError('--estimate prints text or json');
  const loaded = loadConfig({ cwd: ctx.cwd, env: ctx.env });
  if (!loaded.ok) {
    ctx.stderr.write(`gavel judge: ${formatProblem(loaded.problem)}\n`);
    return EXIT.configInvalid;
  }
  const cfg = loaded.config.judge;
  const home = ctx.env.HOME || homedir();
  const fs = nodeJudgeFs();
  const project = findProject(fs, ctx.cwd, home);
  if (!project.ok) throw new UsageError(project.message);
  if (cfg.traps_file !== undefined) {
    // Repository-configured trap files stay inside the project, symlinks included.
    const rel = toProjectPath(project.root, project.root, cfg.traps_file);
    const parts = rel === undefined ? [] : rel.split('/');
    const viaLink = parts.some(
      (_, i) => fs.stat(`${project.root}/${parts.slice(0, i + 1).join('/')}`)?.type === 'symlink',
    );
    if (rel === undefined || rel === '' || viaLink) {
      ctx.stderr.write(
        `gavel judge: ${loaded.files.project}: \`judge.traps_file\`: must name a file inside the project, not through a symlink\n`,
      );
      return EXIT.configInvalid;
    }
  }
  const failOnFlag = args.values['fail-on'];
  const parsed =
    Array.isArray(failOnFlag) && failOnFlag.length > 0
      ? parseFailOn(failOnFlag)
      : parseFailOn(cfg.fail_on, { strictest: true });
  if (!parsed.ok) throw new UsageError(`--fail-on: ${parsed.message}`);
  const minConfidence = (flag(args, 'min-confidence') ?? cfg.min_confidence) as Confidence;
  if (!CONFIDENCES.includes(minConfidence))
    throw new UsageError(`--min-confidence is low, medium or high, not \`${minConfidence}\``);
  const categories = (flag(args, 'categories')
    ?.split(',')
    .map((c) => c.trim()) ?? [...cfg.categories]) as JudgeCategory[];
  const unknown = categories.find((c) => !JUDGE_CATEGORIES.includes(c));
  if (unknown !== undefined) throw new UsageError(`--categories: unknown category \`${unknown}\``);
  const changedFlag = flag(args, 'changed');
  const since = flag(args, 'since');
  if (changedFlag !== undefined && since !== undefined)
    throw new UsageError('use either --changed=REV or --since REV');
  const base = changedFlag ?? since;
  const impact = boolFlag(args, 'impact', true);
  const changed =
    base === undefined ? undefined : { base, files: gitChangedFiles(project.root, base), impact };
  const notices = loaded.notices.map(formatProblem);
  const allowLlm = args.values['allow-llm'] === true;
  const data = bundledJudgeData();
  const outcome = await runJudge({
    fs,
    root: project.root,
    cwd: ctx.cwd,
    home,
    paths: args.positionals,
    ...(changed ? { changed } : {}),
    limits: DEFAULT_LIMITS,
    gate: parsed.gate,
    minConfidence,
    categories,
    attachRules: boolFlag(args, 'attach-rules', cfg.attach_rules),
    attachInstructions: boolFlag(args, 'attach-claude-md', cfg.attach_claude_md),
    suppressions: cfg.suppress,
    data,
    analyzer: JUDGE_SHELL_ANALYZER,
    clock: ctx.clock,
    notices,
    version: ctx.version,
    estimate,
    // The model half (reviewers, verifier, adjudicator) plugs in as `review`; until then a requested
    // review leaves every unit partial with basis no-model.
    modelRequested: allowLlm,
  });
  if (!outcome.ok) throw new UsageError(outcome.message);
  const nothing = outcome.report.units.length === 0 && outcome.report.run.coverage.notReviewed.length === 0;
  if (args.values.list === true) {
    ctx.stdout.write(
      renderList(
        outcome.planned.map((p) => p.unit),
        outcome.why,
        outcome.report.run.coverage.notReviewed,
        outcome.links,
      ),
    );
    return nothing ? EXIT.nothingFound : EXIT.ok;
  }
  // Zero units is said, never a silent pass; with --changed it is the ordinary "nothing changed".
  if (nothing && !changed) {
    ctx.stderr.write(
      'gavel judge: no unit found: no skill, agent, command, rule, instruction, MCP or settings file here (see `gavel judge --list`)\n',
    );
    return EXIT.nothingFound;
  }
  if (estimate) {
    const maxCostFlag = flag(args, 'max-cost');
    const maxCostUsd = maxCostFlag === undefined ? loaded.config.caps.max_cost_usd : Number(maxCostFlag);
    if (!Number.isFinite(maxCostUsd) || maxCostUsd < 0)
      throw new UsageError(`--max-cost takes dollars, not \`${maxCostFlag}\``);
    const model = flag(args, 'model') ?? loaded.config.model.model;
    const planned = outcome.planned.map((p) => ({
      ...p,
      withheld: p.unit.files.some(
        (f) => f.text !== undefined && detectCredentials(f.text, data.credentials).length > 0,
      ),
    }));
    const est = estimateRun(
      planned,
      categories,
      priceEntryOf(model, bundledCatalog()),
      { maxCostUsd, maxCalls: loaded.config.caps.max_calls, maxTokens: loaded.config.caps.max_tokens },
      DEFAULT_LIMITS.maxUnits,
    );
    ctx.stdout.write(format === 'json' ? renderEstimateJson(est) : renderEstimateText(est, { maxCostUsd }));
    if (est.overCap) {
      ctx.stderr.write(
        `gavel judge: the estimate ($${(est.expectedCostUsd ?? 0).toFixed(2)}) exceeds the cap ($${maxCostUsd.toFixed(2)})\n`,
      );
      return EXIT.escalate;
    }
    return EXIT.ok;
  }
  const report = outcome.report;
  const out =
    format === 'json'
      ? renderJson(report)
      : format === 'sarif'
        ? renderSarif(report, data.rules.codes)
        : renderText(report, data.rules.codes);
  ctx.stdout.write(out);
  switch (report.summary.decision) {
    case 'pass':
      return EXIT.ok;
    case 'fail':
      return EXIT.deny;
    case 'incomplete':
      return EXIT.escalate;
    default: {
      const never: never = report.summary.decision;
      return never;
    }
  }
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
    estimate: {
      type: 'boolean',
      description: 'list per unit what a model review would attach, send and cost; sends nothing',
    },
    model: {
      type: 'string',
      valueName: 'MODEL',
      description: 'model to price with --estimate (e.g. anthropic/claude-sonnet-4-5)',
    },
    'max-cost': {
      type: 'string',
      valueName: 'USD',
      description: 'spend cap the estimate is compared with (default [caps] max_cost_usd)',
    },
    'allow-llm': {
      type: 'boolean',
      description: 'ask for the model review (not in this build: units end partial, basis no-model)',
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
  ],
  run,
};
