/**
 * The composition root of the policy-question arbiter: given one question's text and the caller's
 * choices, opens the config, the rules in force, the prompt, the run's state and who answers (rules or a
 * model), asks the arbiter, records the answer in the audit log before it is returned (no record, no
 * allow), writes the autonomous answers line and the run state. Every surface (`gavel ask`, later HTTP
 * and MCP) calls `answerQuestion` with a request value and gets a value back; nothing here reads argv
 * or writes stdout: notices go to the request's `notice` sink.
 * With `estimate` nothing is sent and nothing is written (no record, no answers line, no run state).
 */

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import bundledPrompt from '../../../prompts/ask-arbiter.json' with { type: 'json' };
import {
  ASK_INPUT_LIMITS,
  type AskAnswer,
  type AskInput,
  type AskSettings,
  ask,
  EMPTY_RUN,
  formatRulesProblem,
  loadArbiterPrompt,
  type Mode,
  type RunState,
  readRunState,
} from '../../ask';
import { formatProblem, loadConfig } from '../../config';
import { GavelError, UsageError } from '../../core';
import type { EstimateView } from '../../model';
import { readRegularFile } from '../../reader';
import { decisionLogPath } from '../log-location';
import { capsOf, type ModelOptions } from '../model-options';
import { appendLine, writeJson } from './ask-files';
import { rulesInForce } from './ask-rules';
import { type AskWorld, openAnswerer } from './open-answerer';
import { recordAnswer } from './record-answer';

/** A run id names a folder under `.gavel/runs/`: a plain name, never a path. */
export const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface AskRequest extends AskWorld {
  /** The question as JSON text; text that is not JSON is answered (fail closed) and flagged `unreadable`. */
  text: string;
  /** The mode when the question names none (default `review-auto`). */
  mode?: Mode;
  sessionId?: string;
  /** A named run (call cap, cache, answers file, state); none: an ad-hoc run of one question. */
  runId?: string;
  /** A rules file (from `cwd`) instead of the project's or the bundled rules. */
  rulesFile?: string;
  /** The autonomous run answers file (from `cwd`; default `.gavel/runs/<run>/answers.ndjson`). */
  answersFile?: string;
  model: ModelOptions;
}

export type AskRun =
  | {
      kind: 'answered';
      /** The answer as recorded (an internal-error escalate when the record could not be written). */
      answer: AskAnswer;
      /** The text was not JSON (the answer is the arbiter's fail-closed one). */
      unreadable: boolean;
      /** Config and rules were valid: a problem of the answer is worth a line of its own. */
      inputsValid: boolean;
      configValid: boolean;
    }
  | {
      kind: 'estimated';
      answer: AskAnswer;
      /** The estimate; `undefined` when the config did not validate (no caps to estimate against). */
      estimate: EstimateView | undefined;
    };

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

export async function answerQuestion(request: AskRequest): Promise<AskRun> {
  const { cwd, env, clock } = request;
  if (request.runId !== undefined && !RUN_ID.test(request.runId))
    throw new UsageError('a run id must be letters, digits, `.`, `_` or `-`');
  let question: unknown;
  let unreadable = false;
  try {
    question = JSON.parse(request.text);
  } catch {
    unreadable = true;
  }
  const loaded = loadConfig({ cwd, env });
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
  if (!loaded.ok) request.notice(formatProblem(loaded.problem));
  const rules = rulesInForce(cwd, root, request.rulesFile);
  if (!rules.load.ok) request.notice(`${rules.label}: ${formatRulesProblem(rules.load.problem)}`);
  const prompt = loadArbiterPrompt(bundledPrompt);
  if (!prompt.ok) throw new GavelError('internal', `the bundled prompt is invalid: ${prompt.problem}`);
  const named = request.runId;
  const runId = named ?? `adhoc-${clock.now().toISOString().replace(/[-:.]/g, '')}`;
  const runDir = join(root, '.gavel', 'runs', runId);
  const stateFile = named !== undefined ? join(runDir, 'ask-state.json') : undefined;
  const { run, damaged } = readRun(stateFile);
  if (damaged) request.notice(`\`${stateFile}\` is damaged: model questions of this run escalate (cap)`);
  const { answerer, egress } = openAnswerer(request, {
    config,
    sources: loaded.ok ? loaded.sources : {},
    flags: request.model,
  });
  const input: AskInput = {
    question: unreadable ? undefined : question,
    defaultMode: request.mode ?? 'review-auto',
    settings,
    rules: rules.load,
    prompt: prompt.prompt,
    answerer,
    run,
    runId,
    ...(request.sessionId !== undefined ? { sessionId: request.sessionId } : {}),
  };
  const asked = await ask(input, clock);
  if (request.model.estimate) {
    if (config === undefined) return { kind: 'estimated', answer: asked, estimate: undefined };
    const estimate: EstimateView = {
      plan: answerer.kind === 'model' ? answerer.runner.report().estimate : undefined,
      egress,
      caps: capsOf(config),
      ...(answerer.kind === 'model' ? {} : { none: `no model answers (${answerer.kind})` }),
    };
    return { kind: 'estimated', answer: asked, estimate };
  }
  // INVARIANT: the record is written before the answer is returned; no record, no allow.
  const answer = recordAnswer(
    request,
    {
      log: decisionLogPath({ dir: config?.audit.dir, projectRoot: root, env }),
      ...(named !== undefined ? { runCopy: join(runDir, 'ask.ndjson') } : {}),
    },
    input,
    asked,
  );
  if (answer.answersLine)
    appendLine(resolve(cwd, request.answersFile ?? join(runDir, 'answers.ndjson')), answer.answersLine);
  if (stateFile !== undefined && !damaged) writeJson(stateFile, answer.run);
  return {
    kind: 'answered',
    answer,
    unreadable,
    inputsValid: loaded.ok && rules.load.ok,
    configValid: loaded.ok,
  };
}
