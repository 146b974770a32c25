/**
 * `gavel ask` with no subcommand: reads the flags and one question (stdin or --file), calls the ask
 * runtime (answerQuestion: config, rules, run state, who answers, the audit record) and prints the
 * decision (exit 3 when the config or the rules file is invalid: the answer printed then is the
 * fail-closed one), or with `--estimate` the unrecorded answer and the estimate (exit 0 within the caps, 1 over,
 * 3 without a valid config). Protocol in, runtime call, render out; decides nothing itself.
 */

import { resolve } from 'node:path';
import { ASK_INPUT_LIMITS, type AskAnswer, isMode } from '../../../../ask';
import { EXIT, exitForOutcome, UsageError } from '../../../../core';
import { type EstimateView, estimateExit, estimateJson, renderEstimate } from '../../../../model';
import { answerQuestion, RUN_ID, readAskText } from '../../../../runtime';
import type { CommandContext, ParsedArgs } from '../../command';
import { readModelFlags } from '../../model-flags';

const MODEL_NAME = /^(rules|tier|scripted:.+|replay:.+|[a-z0-9][a-z0-9.-]*\/\S+)$/;
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export const str = (args: ParsedArgs, name: string): string | undefined => {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
};

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
  return { mode: mode !== undefined && isMode(mode) ? mode : undefined, modelFlags, sessionId };
}

export async function runQuestion(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const flag = flags(ctx, args);
  const runFlag = str(args, 'run-id') ?? ctx.env.GAVEL_RUN_ID;
  if (runFlag !== undefined && !RUN_ID.test(runFlag))
    throw new UsageError('`--run-id` must be letters, digits, `.`, `_` or `-`');
  const file = str(args, 'file');
  const text =
    file !== undefined
      ? readAskText(resolve(ctx.cwd, file), 'question file', ASK_INPUT_LIMITS.question)
      : await ctx.readStdin(ASK_INPUT_LIMITS.question);
  if (text.trim() === '') throw new UsageError('no question: pipe one on stdin or pass `--file`');
  const rulesFile = str(args, 'rules');
  const answersFile = str(args, 'answers');
  const asked = await answerQuestion({
    cwd: ctx.cwd,
    env: ctx.env,
    clock: ctx.clock,
    notice: (line) => ctx.stderr.write(`gavel ask: ${line}\n`),
    text,
    model: flag.modelFlags,
    ...(flag.mode !== undefined ? { mode: flag.mode } : {}),
    ...(flag.sessionId !== undefined ? { sessionId: flag.sessionId } : {}),
    ...(runFlag !== undefined ? { runId: runFlag } : {}),
    ...(rulesFile !== undefined ? { rulesFile } : {}),
    ...(answersFile !== undefined ? { answersFile } : {}),
  });
  const json = args.values.json === true;
  if (asked.kind === 'estimated') return printEstimate(ctx, asked.answer, asked.estimate, json);
  const answer = asked.answer;
  printAnswer(ctx, answer, json);
  if (asked.unreadable) {
    ctx.stderr.write(`gavel ask: ${file !== undefined ? `\`${file}\`` : 'stdin'} is not valid JSON\n`);
    return EXIT.usage;
  }
  // An invalid config or rules file is exit 3 (README's table), whatever the fail-closed answer printed.
  if (!asked.inputsValid) return EXIT.configInvalid;
  if (answer.problem !== undefined) ctx.stderr.write(`gavel ask: ${answer.problem}\n`);
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
