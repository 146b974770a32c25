/**
 * The arbiter's eval as a runtime call: reads the package's eval and adversarial corpora, the rules (a
 * file, or the bundled ones) and a user's script (through the model layer's `parseScript`), and runs them
 * through the arbiter with the chosen answerers. Reads the corpora and files; judges nothing itself
 * (runAskEval does); prints nothing.
 */

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import bundledPrompt from '../../../prompts/ask-arbiter.json' with { type: 'json' };
import {
  type EvalAnswerer,
  type EvalReport,
  type EvalRun,
  formatRulesProblem,
  loadArbiterPrompt,
  parseRules,
  readAdversarialCorpus,
  readEvalCorpus,
  runAskEval,
  SHIPPED_RECORDING,
  selectEvalAnswerers,
} from '../../ask';
import { type Clock, GavelError, UsageError } from '../../core';
import { labelledReplay, parseScript, type ScriptedReply } from '../../model';
import { parseJson, readText } from './ask-files';
import { bundledRulesLoad } from './ask-rules';

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
  cwd: string,
  pkg: string,
  flag: string | undefined,
): { answerers: EvalAnswerer[]; script?: ScriptedReply[]; replay?: NonNullable<EvalRun['replay']> } {
  const selected = selectEvalAnswerers(flag);
  if (!selected.ok) throw new UsageError(selected.problem);
  if (selected.answerers.includes('replay')) {
    const dir =
      selected.replayDir !== undefined ? resolve(cwd, selected.replayDir) : join(pkg, SHIPPED_RECORDING);
    const opened = labelledReplay(dir);
    if (!opened.ok) throw new UsageError(opened.problem);
    return {
      answerers: selected.answerers,
      replay: { dir, clientFor: opened.clientFor, misses: opened.misses },
    };
  }
  if (selected.scriptFile === undefined) return { answerers: selected.answerers };
  const file = resolve(cwd, selected.scriptFile);
  const script = parseScript(readText(file, 'script'));
  if (!script.ok) throw new UsageError(`script \`${file}\` ${script.problem}`);
  return { answerers: selected.answerers, script: script.replies };
}

export type AskEvalRun =
  | { ok: true; report: EvalReport }
  /** The rules did not validate: `problem` names them (`FILE: ...` or `bundled rules: ...`). */
  | { ok: false; problem: string };

/** Runs the eval; a corpus, script or answerer choice that cannot be used is a usage error. */
export async function runPackageAskEval(input: {
  cwd: string;
  clock: Clock;
  rulesFile?: string | undefined;
  model?: string | undefined;
}): Promise<AskEvalRun> {
  const pkg = packageRoot();
  const rules =
    input.rulesFile !== undefined
      ? parseRules(readText(resolve(input.cwd, input.rulesFile), 'rules file'))
      : bundledRulesLoad();
  if (!rules.ok)
    return {
      ok: false,
      problem: `${input.rulesFile ?? 'bundled rules'}: ${formatRulesProblem(rules.problem)}`,
    };
  const evalFile = join(pkg, 'eval', 'corpora', 'ask', 'eval.jsonl');
  const advFile = join(pkg, 'eval', 'corpora', 'ask', 'adversarial.jsonl');
  const evalCases = readEvalCorpus(readText(evalFile, 'corpus'));
  if (!evalCases.ok) throw new UsageError(`\`${evalFile}\`: ${evalCases.problem}`);
  const adversarial = readAdversarialCorpus(readText(advFile, 'corpus'));
  if (!adversarial.ok) throw new UsageError(`\`${advFile}\`: ${adversarial.problem}`);
  const prompt = loadArbiterPrompt(bundledPrompt);
  if (!prompt.ok) throw new GavelError('internal', `the bundled prompt is invalid: ${prompt.problem}`);
  const { answerers, script, replay } = evalAnswerers(input.cwd, pkg, input.model);
  const report = await runAskEval(
    {
      evalCases: evalCases.cases,
      adversarialCases: adversarial.cases,
      rules: rules.rules,
      prompt: prompt.prompt,
      answerers,
      ...(script ? { script } : {}),
      ...(replay ? { replay } : {}),
    },
    input.clock,
  );
  return { ok: true, report };
}
