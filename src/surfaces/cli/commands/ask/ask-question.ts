/**
 * `gavel ask` with no subcommand: reads one question (stdin or --file), the config, the rules in
 * force and the run's state, asks the arbiter, records the answer in the audit log, writes the
 * autonomous answers line and the run state, then prints the decision. Decides nothing itself.
 * With `--estimate` nothing is sent and nothing is written (no record, no answers line, no run state):
 * the answer (never an allow made by a model) and the estimate are printed, exit 0 within the caps, 1 over.
 */

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import bundledPrompt from '../../../../../prompts/ask-arbiter.json' with { type: 'json' };
import {
  ASK_INPUT_LIMITS,
  type AskAnswer,
  type AskInput,
  type AskSettings,
  ask,
  EMPTY_RUN,
  formatRulesProblem,
  isMode,
  loadArbiterPrompt,
  type RunState,
  readRunState,
} from '../../../../ask';
import { auditLogPath } from '../../../../audit';
import { formatProblem, loadConfig } from '../../../../config';
import { EXIT, exitForOutcome, GavelError, UsageError } from '../../../../core';
import { readRegularFile } from '../../../../reader';
import { capsOf } from '../../../../runtime';
import type { CommandContext, ParsedArgs } from '../../command';
import { readModelFlags } from '../../model-flags';
import { type EstimateView, estimateExit, estimateJson, renderEstimate } from '../../render-estimate';
import { appendLine, readText, str, writeJson } from './ask-files';
import { rulesInForce } from './ask-rules';
import { openAnswerer } from './open-answerer';
import { recordAnswer } from './record-answer';

const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const MODEL_NAME = /^(rules|tier|scripted:.+|replay:.+|[a-z0-9][a-z0-9.-]*\/\S+)$/;
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

function readRun(file: string | undefined): { run: RunState; damaged: boolean } {
  if (file === undefined || !existsSync(file)) return { run: EMPTY_RUN, damaged: false };
  let doc: unknown;
  // A FIFO, device or oversized file in place of the state is damaged state (never a hang, never a reset).
  const read = readRegularFile(file, ASK_INPUT_LIMITS.runState);
  try {
    doc = read.ok ? JSON.parse(read.text) : undefined;
  } catch {
    doc = undefined;
  }
  const run = readRunState(doc);
  // INVARIANT: a damaged run state never resets the cap: the run counts as having used every call.
  return run
    ? { run, damaged: false }
    : { run: { calls: Number.MAX_SAFE_INTEGER, cache: {} }, damaged: true };
}

function flags(ctx: CommandContext, args: ParsedArgs) {
  const mode = str(args, 'mode');
  if (mode !== undefined && !isMode(mode))
    throw new UsageError('`--mode` must be ask, review-auto or autonomous');
  const model = str(args, 'model');
  if (model !== undefined && !MODEL_NAME.test(model)) {
    throw new UsageError('`--model` must be rules, tier, provider/model, scripted:FILE or replay:DIR');
  }
  // ask's own vocabulary (rules, tier, refused names) is checked by chooseModel, not as a model spec.
  const modelFlags = readModelFlags(args, ctx.cwd, { checkSpec: false });
  const sessionId = str(args, 'session-id');
  if (sessionId !== undefined && !SESSION_ID.test(sessionId)) {
    throw new UsageError('`--session-id` must be letters, digits, `.`, `_`, `:` or `-` (at most 128)');
  }
  return { mode, modelFlags, sessionId };
}

export async function runQuestion(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const flag = flags(ctx, args);
  const runFlag = str(args, 'run-id') ?? ctx.env.GAVEL_RUN_ID;
  if (runFlag !== undefined && !RUN_ID.test(runFlag))
    throw new UsageError('`--run-id` must be letters, digits, `.`, `_` or `-`');
  const file = str(args, 'file');
  const text =
    file !== undefined
      ? readText(resolve(ctx.cwd, file), 'question file', ASK_INPUT_LIMITS.question)
      : await ctx.readStdin(ASK_INPUT_LIMITS.question);
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
  const { answerer, egress } = openAnswerer(ctx, {
    config,
    sources: loaded.ok ? loaded.sources : {},
    flags: flag.modelFlags,
  });
  const input: AskInput = {
    question: unreadable ? undefined : question,
    defaultMode: flag.mode ?? 'review-auto',
    settings,
    rules: rules.load,
    prompt: prompt.prompt,
    answerer,
    run,
    runId,
    ...(flag.sessionId !== undefined ? { sessionId: flag.sessionId } : {}),
  };
  const asked = await ask(input, ctx.clock);
  if (flag.modelFlags.estimate) {
    // The config did not validate: there are no caps to estimate against (said on stderr above).
    if (config === undefined) return printEstimate(ctx, asked, undefined, args.values.json === true);
    const view: EstimateView = {
      plan: answerer.kind === 'model' ? answerer.runner.report().estimate : undefined,
      egress,
      caps: capsOf(config),
      ...(answerer.kind === 'model' ? {} : { none: `no model answers (${answerer.kind})` }),
    };
    return printEstimate(ctx, asked, view, args.values.json === true);
  }
  // INVARIANT: the record is written before the answer is printed; no record, no allow.
  const answer = recordAnswer(
    ctx,
    {
      log: auditLogPath({ dir: config?.audit.dir, projectRoot: root }),
      ...(runFlag !== undefined ? { runCopy: join(runDir, 'ask.ndjson') } : {}),
    },
    input,
    asked,
  );
  if (answer.answersLine)
    appendLine(resolve(ctx.cwd, str(args, 'answers') ?? join(runDir, 'answers.ndjson')), answer.answersLine);
  if (stateFile !== undefined && !damaged) writeJson(stateFile, answer.run);
  printAnswer(ctx, answer, args.values.json === true);
  if (unreadable) {
    ctx.stderr.write(`gavel ask: ${file !== undefined ? `\`${file}\`` : 'stdin'} is not valid JSON\n`);
    return EXIT.usage;
  }
  if (answer.problem !== undefined && loaded.ok && rules.load.ok)
    ctx.stderr.write(`gavel ask: ${answer.problem}\n`);
  return exitForOutcome(answer.decision.outcome);
}

/** `--estimate`: the unrecorded answer and the estimate; exit by the caps (3: no valid config). */
function printEstimate(
  ctx: CommandContext,
  answer: AskAnswer,
  view: EstimateView | undefined,
  json: boolean,
): number {
  const d = answer.decision;
  if (json) {
    const estimate = view ? estimateJson(view) : null;
    ctx.stdout.write(`${JSON.stringify({ ...d, kind: answer.kind, mode: answer.mode, estimate })}\n`);
  } else {
    ctx.stdout.write(`${d.verdict} (${d.basis}${d.ruleId ? ` ${d.ruleId}` : ''}): ${d.reason}\n`);
    if (view) ctx.stdout.write(renderEstimate(view));
  }
  return view ? estimateExit(view) : EXIT.configInvalid;
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
