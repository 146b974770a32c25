/**
 * `gavel ask`: answers one tagged policy question (stdin or --file) with the arbiter, and its
 * subcommands `rules validate [file]`, `log` and `eval`. Translates files, flags and stdin into the
 * arbiter's inputs and prints its answer; decides nothing itself.
 * The one place of the arbiter that reads files: the question, the rules file, the run's state and
 * script, and the log; it writes the log line, the run state and the autonomous answers line.
 */

import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import bundledPrompt from '../../../../prompts/ask-arbiter.json' with { type: 'json' };
import bundledRules from '../../../../rules/arbiter-rules.json' with { type: 'json' };
import {
  type Answerer,
  type AskAnswer,
  type AskSettings,
  ask,
  chooseModel,
  EMPTY_RUN,
  type EvalAnswerer,
  formatRulesProblem,
  isMode,
  LOG_ROWS,
  loadArbiterPrompt,
  loadRules,
  parseRules,
  type RulesLoad,
  type RunState,
  readAdversarialCorpus,
  readEvalCorpus,
  readRunState,
  readScript,
  renderEvalReport,
  runAskEval,
  type ScriptReply,
  scriptedTestClient,
  selectEvalAnswerers,
  summarizeAskLog,
} from '../../../ask';
import { type Config, formatProblem, loadConfig } from '../../../config';
import { EXIT, exitForOutcome, GavelError, IoError, UsageError } from '../../../core';
import type { CommandContext, CommandSpec, ParsedArgs } from '../command';
import { renderTable } from '../table';

export const PROJECT_RULES = join('.gavel', 'arbiter-rules.json');
const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const MODEL_NAME = /^(rules|tier|scripted:.+|[a-z0-9][a-z0-9.-]*\/\S+)$/;
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

const str = (args: ParsedArgs, name: string): string | undefined => {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
};

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `${what} \`${path}\` cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

/** The rules in force: `--rules`, else the project's file (which replaces the bundled one), else bundled. */
function rulesInForce(
  ctx: CommandContext,
  root: string,
  flag: string | undefined,
): { load: RulesLoad; label: string } {
  const file = flag !== undefined ? resolve(ctx.cwd, flag) : join(root, PROJECT_RULES);
  if (flag === undefined && !existsSync(file))
    return { load: loadRules(bundledRules), label: 'bundled rules' };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return { load: { ok: false, problem: { path: '', message: `cannot be read (${code})` } }, label: file };
  }
  return { load: parseRules(text), label: file };
}

function logDir(config: Config | undefined, root: string): string {
  return config?.audit.dir !== undefined ? resolve(root, config.audit.dir) : join(root, '.gavel', 'logs');
}

function appendLine(file: string, value: unknown): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, `${JSON.stringify(value)}\n`);
  } catch (error) {
    throw new IoError('io', `cannot write \`${file}\``, { cause: error });
  }
}

function answererFor(ctx: CommandContext, config: Config | undefined, flag: string | undefined): Answerer {
  const choice = chooseModel({
    flag,
    pin: config?.ask.model,
    tier: config?.ask.tier ?? 'light',
    sessionModel: config?.model.model,
    catalog: {},
  });
  switch (choice.use) {
    case 'rules':
      return { kind: 'rules' };
    case 'refused':
      return { kind: 'refused', source: choice.source };
    case 'none':
      return { kind: 'none', reason: choice.reason };
    case 'model': {
      if (!choice.name.startsWith('scripted:')) {
        return { kind: 'none', reason: 'provider models are not wired into `gavel ask` in this build' };
      }
      const file = resolve(ctx.cwd, choice.name.slice('scripted:'.length));
      const script = readScript(parseJson(readText(file, 'script'), file));
      if (!script.ok) throw new UsageError(`\`${file}\`: ${script.problem}`);
      return {
        kind: 'model',
        client: scriptedTestClient(script.replies, 'scripted/script'),
        source: choice.source,
      };
    }
    default: {
      const never: never = choice;
      throw new Error(`unreachable: ${JSON.stringify(never)}`);
    }
  }
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`\`${where}\` is not valid JSON`);
  }
}

function readRun(file: string | undefined): { run: RunState; damaged: boolean } {
  if (file === undefined || !existsSync(file)) return { run: EMPTY_RUN, damaged: false };
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    doc = undefined;
  }
  const run = readRunState(doc);
  // INVARIANT: a damaged run state never resets the cap: the run counts as having used every call.
  return run
    ? { run, damaged: false }
    : { run: { calls: Number.MAX_SAFE_INTEGER, cache: {} }, damaged: true };
}

async function runQuestion(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const modeFlag = str(args, 'mode');
  if (modeFlag !== undefined && !isMode(modeFlag))
    throw new UsageError('`--mode` must be ask, review-auto or autonomous');
  const modelFlag = str(args, 'model');
  if (modelFlag !== undefined && !MODEL_NAME.test(modelFlag)) {
    throw new UsageError('`--model` must be rules, tier, provider/model or scripted:FILE');
  }
  const runFlag = str(args, 'run-id') ?? ctx.env.GAVEL_RUN_ID;
  if (runFlag !== undefined && !RUN_ID.test(runFlag))
    throw new UsageError('`--run-id` must be letters, digits, `.`, `_` or `-`');
  const file = str(args, 'file');
  const text = file !== undefined ? readText(resolve(ctx.cwd, file), 'question file') : await ctx.readStdin();
  if (text.trim() === '') throw new UsageError('no question: pipe one on stdin or pass `--file`');
  let question: unknown;
  let unreadable = false;
  try {
    question = JSON.parse(text);
  } catch {
    unreadable = true;
  }
  const loaded = loadConfig({ cwd: ctx.cwd, env: ctx.env });
  const root = loaded.projectRoot;
  const config = loaded.ok ? loaded.config : undefined;
  const settings: AskSettings = loaded.ok
    ? {
        ok: true,
        enabled: loaded.config.ask.enabled,
        callCap: loaded.config.ask.call_cap,
        timeoutMs: loaded.config.ask.timeout_ms,
      }
    : { ok: false, problem: formatProblem(loaded.problem) };
  if (!loaded.ok) ctx.stderr.write(`gavel ask: ${formatProblem(loaded.problem)}\n`);
  const rules = rulesInForce(ctx, root, str(args, 'rules'));
  if (!rules.load.ok)
    ctx.stderr.write(`gavel ask: ${rules.label}: ${formatRulesProblem(rules.load.problem)}\n`);
  const prompt = loadArbiterPrompt(bundledPrompt);
  if (!prompt.ok) throw new GavelError('internal', `the bundled prompt is invalid: ${prompt.problem}`);
  const runId = runFlag ?? `adhoc-${ctx.clock.now().toISOString().replace(/[-:.]/g, '')}`;
  const runDir = join(root, '.gavel', 'runs', runId);
  const stateFile = runFlag !== undefined ? join(runDir, 'ask-state.json') : undefined;
  const { run, damaged } = readRun(stateFile);
  if (damaged)
    ctx.stderr.write(`gavel ask: \`${stateFile}\` is damaged: model questions of this run escalate (cap)\n`);
  const sessionId = str(args, 'session-id');
  if (sessionId !== undefined && !SESSION_ID.test(sessionId)) {
    throw new UsageError('`--session-id` must be letters, digits, `.`, `_`, `:` or `-` (at most 128)');
  }
  const answer = await ask(
    {
      question: unreadable ? undefined : question,
      defaultMode: modeFlag ?? 'review-auto',
      settings,
      rules: rules.load,
      prompt: prompt.prompt,
      answerer: answererFor(ctx, config, modelFlag),
      run,
      runId,
      ...(sessionId !== undefined ? { sessionId } : {}),
    },
    ctx.clock,
  );
  // INVARIANT: the record is written before the answer is printed; no record, no answer.
  appendLine(join(logDir(config, root), 'ask.ndjson'), answer.record);
  // A named run keeps its own copy, so the record travels with the run.
  if (runFlag !== undefined) appendLine(join(runDir, 'ask.ndjson'), answer.record);
  if (answer.answersLine)
    appendLine(resolve(ctx.cwd, str(args, 'answers') ?? join(runDir, 'answers.ndjson')), answer.answersLine);
  if (stateFile !== undefined && !damaged) writeState(stateFile, answer.run);
  printAnswer(ctx, answer, args.values.json === true);
  if (unreadable) {
    ctx.stderr.write(`gavel ask: ${file !== undefined ? `\`${file}\`` : 'stdin'} is not valid JSON\n`);
    return EXIT.usage;
  }
  if (answer.record.problem !== undefined && loaded.ok && rules.load.ok) {
    ctx.stderr.write(`gavel ask: ${answer.record.problem}\n`);
  }
  return exitForOutcome(answer.decision.outcome);
}

function writeState(file: string, run: RunState): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(run)}\n`);
  } catch (error) {
    throw new IoError('io', `cannot write \`${file}\``, { cause: error });
  }
}

function printAnswer(ctx: CommandContext, answer: AskAnswer, json: boolean): void {
  const d = answer.decision;
  if (json) {
    const out = {
      ...d,
      kind: answer.kind,
      mode: answer.mode,
      disposition: answer.disposition,
      ...(answer.notice ? { notice: answer.notice } : {}),
    };
    ctx.stdout.write(`${JSON.stringify(out)}\n`);
    return;
  }
  const rule = d.ruleId ? ` ${d.ruleId}` : '';
  ctx.stdout.write(`${d.verdict} (${d.basis}${rule}): ${d.reason}\n`);
  if (answer.notice) ctx.stderr.write(`${answer.notice}\n`);
}

function validateRules(ctx: CommandContext, args: ParsedArgs, fileArg: string | undefined): number {
  const root = loadConfig({ cwd: ctx.cwd, env: ctx.env }).projectRoot;
  const projectFile = join(root, PROJECT_RULES);
  let load: RulesLoad;
  let label: string;
  if (fileArg !== undefined) {
    label = resolve(ctx.cwd, fileArg);
    load = parseRules(readText(label, 'rules file'));
  } else if (existsSync(projectFile)) {
    label = projectFile;
    load = rulesInForce(ctx, root, undefined).load;
  } else {
    label = 'bundled rules';
    load = loadRules(bundledRules);
  }
  if (!load.ok) {
    ctx.stderr.write(`${label}: ${formatRulesProblem(load.problem)}\n`);
    return EXIT.configInvalid;
  }
  const r = load.rules;
  if (args.values.json === true) {
    ctx.stdout.write(
      `${JSON.stringify({ file: label, version: r.version, sha256: r.sha256, rules: r.rules.length, notices: load.notices })}\n`,
    );
  } else {
    ctx.stdout.write(`${label}: valid, version ${r.version}, sha256 ${r.sha256}, ${r.rules.length} rules\n`);
    for (const n of load.notices) ctx.stderr.write(`${label}: note: ${n}\n`);
  }
  return EXIT.ok;
}

function showLog(ctx: CommandContext, args: ParsedArgs): number {
  const loaded = loadConfig({ cwd: ctx.cwd, env: ctx.env });
  const file = join(logDir(loaded.ok ? loaded.config : undefined, loaded.projectRoot), 'ask.ndjson');
  const text = existsSync(file) ? readText(file, 'log') : '';
  const runId = str(args, 'run-id');
  const summary = summarizeAskLog(text.split('\n'), {
    ...(runId !== undefined ? { runId } : {}),
    last: LOG_ROWS,
  });
  if (args.values.json === true) {
    ctx.stdout.write(`${JSON.stringify(summary)}\n`);
    return EXIT.ok;
  }
  if (summary.rows.length > 0) {
    ctx.stdout.write(
      renderTable(summary.rows, [
        { header: 'time', cell: (r) => r.time },
        { header: 'kind', cell: (r) => r.kind ?? '-' },
        { header: 'verdict', cell: (r) => r.verdict },
        { header: 'rule', cell: (r) => r.ruleId ?? '-' },
        { header: 'reason', cell: (r) => r.reason },
      ]),
    );
  }
  const unreadable = summary.unreadable > 0 ? ` · ${summary.unreadable} unreadable lines` : '';
  ctx.stdout.write(
    `arbiter ${summary.asked} asked · ${summary.escalated} escalated · ${summary.denied} denied${unreadable}\n`,
  );
  return EXIT.ok;
}

/** The checkout or installed package root: the nearest ancestor of this file with gavel's package.json. */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (parseJson(readFileSync(pkg, 'utf8'), pkg) as { name?: string }).name === 'gavel')
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new GavelError('internal', 'the gavel package root was not found');
    dir = parent;
  }
}

function evalAnswerers(
  ctx: CommandContext,
  flag: string | undefined,
): { answerers: EvalAnswerer[]; script?: ScriptReply[] } {
  const selected = selectEvalAnswerers(flag);
  if (!selected.ok) throw new UsageError(selected.problem);
  if (selected.scriptFile === undefined) return { answerers: selected.answerers };
  const file = resolve(ctx.cwd, selected.scriptFile);
  const script = readScript(parseJson(readText(file, 'script'), file));
  if (!script.ok) throw new UsageError(`\`${file}\`: ${script.problem}`);
  return { answerers: selected.answerers, script: script.replies };
}

async function runEval(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const pkg = packageRoot();
  const rulesFlag = str(args, 'rules');
  const rules =
    rulesFlag !== undefined
      ? parseRules(readText(resolve(ctx.cwd, rulesFlag), 'rules file'))
      : loadRules(bundledRules);
  if (!rules.ok) {
    ctx.stderr.write(`${rulesFlag ?? 'bundled rules'}: ${formatRulesProblem(rules.problem)}\n`);
    return EXIT.configInvalid;
  }
  const evalFile = join(pkg, 'eval', 'corpora', 'ask', 'eval.jsonl');
  const advFile = join(pkg, 'eval', 'corpora', 'ask', 'adversarial.jsonl');
  const evalCases = readEvalCorpus(readText(evalFile, 'corpus'));
  if (!evalCases.ok) throw new UsageError(`\`${evalFile}\`: ${evalCases.problem}`);
  const adversarial = readAdversarialCorpus(readText(advFile, 'corpus'));
  if (!adversarial.ok) throw new UsageError(`\`${advFile}\`: ${adversarial.problem}`);
  const prompt = loadArbiterPrompt(bundledPrompt);
  if (!prompt.ok) throw new GavelError('internal', `the bundled prompt is invalid: ${prompt.problem}`);
  const { answerers, script } = evalAnswerers(ctx, str(args, 'model'));
  const report = await runAskEval(
    {
      evalCases: evalCases.cases,
      adversarialCases: adversarial.cases,
      rules: rules.rules,
      prompt: prompt.prompt,
      answerers,
      ...(script ? { script } : {}),
    },
    ctx.clock,
  );
  ctx.stdout.write(args.values.json === true ? `${JSON.stringify(report)}\n` : renderEvalReport(report));
  return report.passed ? EXIT.ok : EXIT.deny;
}

export const askCommand: CommandSpec = {
  name: 'ask',
  summary: 'answer a policy question of an unattended review loop from numbered rules',
  usage:
    'gavel ask [--file FILE] [options] | gavel ask rules validate [FILE] | gavel ask log | gavel ask eval',
  description: [
    'Reads one question (JSON: kind, facts, options, recommended, floor, mode) on stdin or from --file and',
    'prints the decision. The floor is checked first; then the rules (`.gavel/arbiter-rules.json` when the',
    'project has one, which replaces the bundled rules) are applied by the deterministic evaluator, or by a',
    'model whose answer is verified in code. One line per question goes to `.gavel/logs/ask.ndjson`.',
    '',
    '`rules validate [FILE]` checks a rules file and prints its version and sha256 (exit 3 when invalid).',
    '`log` lists the last thirty questions (time, kind, verdict, rule) and the counts asked/escalated.',
    '`eval` runs eval/corpora/ask with the rules evaluator, an honest and lying scripted models (exit 10',
    'when the eval fails).',
  ].join('\n'),
  options: {
    file: {
      type: 'string',
      short: 'f',
      valueName: 'FILE',
      description: 'read the question from FILE instead of stdin',
    },
    json: { type: 'boolean', description: 'print the decision (or report) as JSON' },
    mode: {
      type: 'string',
      valueName: 'MODE',
      description: 'ask | review-auto | autonomous, when the question names none (default review-auto)',
    },
    model: {
      type: 'string',
      valueName: 'MODEL',
      description:
        'rules (default) | provider/model | tier | scripted:FILE; for eval: all | rules | honest | liars | case',
    },
    rules: {
      type: 'string',
      valueName: 'FILE',
      description: 'use this rules file instead of the project or bundled one',
    },
    'run-id': {
      type: 'string',
      valueName: 'ID',
      description: 'the run this question belongs to (call cap, cache, answers file); also GAVEL_RUN_ID',
    },
    'session-id': {
      type: 'string',
      valueName: 'ID',
      description: 'the agent session, written to the log line',
    },
    answers: {
      type: 'string',
      valueName: 'FILE',
      description: 'the autonomous run answers file (default .gavel/runs/<run>/answers.ndjson)',
    },
  },
  positionals: [
    {
      name: 'subcommand',
      description: 'rules validate [FILE] | log | eval (none: answer a question)',
      optional: true,
      multiple: true,
    },
  ],
  exits: [EXIT.ok, EXIT.internal, EXIT.usage, EXIT.configInvalid, EXIT.deny, EXIT.escalate],
  examples: [
    `echo '{"kind":"budget","facts":{"budgetUsedPercent":85,"raisesBudget":false},"options":3,"recommended":0,"floor":{"irreversible":false,"namedAction":null,"outsideContent":false,"operatorRefused":false,"approval":[]},"mode":"autonomous"}' | gavel ask --json`,
    'gavel ask rules validate .gavel/arbiter-rules.json',
    'gavel ask log --run-id nightly-42',
    'gavel ask eval --rules .gavel/arbiter-rules.json',
  ],
  async run(ctx, args) {
    const [sub, ...rest] = args.positionals;
    switch (sub) {
      case undefined:
        return runQuestion(ctx, args);
      case 'rules':
        if (rest[0] !== 'validate' || rest.length > 2)
          throw new UsageError('usage: gavel ask rules validate [FILE]');
        return validateRules(ctx, args, rest[1]);
      case 'log':
        if (rest.length > 0) throw new UsageError(`unexpected argument \`${rest[0]}\``);
        return showLog(ctx, args);
      case 'eval':
        if (rest.length > 0) throw new UsageError(`unexpected argument \`${rest[0]}\``);
        return runEval(ctx, args);
      default:
        throw new UsageError(`unknown subcommand \`${sub}\` (known: rules validate, log, eval)`);
    }
  },
};
