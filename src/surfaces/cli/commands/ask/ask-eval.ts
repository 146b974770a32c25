/**
 * `gavel ask eval [--rules FILE] [--model …]`: runs the package's eval and adversarial corpora
 * through the arbiter with the chosen answerers (a user's script through the model layer's
 * `parseScript`). Reads the corpora and files; judges nothing itself (runAskEval does).
 */

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import bundledPrompt from '../../../../../prompts/ask-arbiter.json' with { type: 'json' };
import {
  type EvalAnswerer,
  formatRulesProblem,
  loadArbiterPrompt,
  parseRules,
  readAdversarialCorpus,
  readEvalCorpus,
  renderEvalReport,
  runAskEval,
  selectEvalAnswerers,
} from '../../../../ask';
import { EXIT, GavelError, UsageError } from '../../../../core';
import { parseScript, type ScriptedReply } from '../../../../model';
import type { CommandContext, ParsedArgs } from '../../command';
import { parseJson, readText, str } from './ask-files';
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
  ctx: CommandContext,
  flag: string | undefined,
): { answerers: EvalAnswerer[]; script?: ScriptedReply[] } {
  const selected = selectEvalAnswerers(flag);
  if (!selected.ok) throw new UsageError(selected.problem);
  if (selected.scriptFile === undefined) return { answerers: selected.answerers };
  const file = resolve(ctx.cwd, selected.scriptFile);
  const script = parseScript(readText(file, 'script'));
  if (!script.ok) throw new UsageError(`script \`${file}\` ${script.problem}`);
  return { answerers: selected.answerers, script: script.replies };
}

export async function runEval(ctx: CommandContext, args: ParsedArgs): Promise<number> {
  const pkg = packageRoot();
  const rulesFlag = str(args, 'rules');
  const rules =
    rulesFlag !== undefined
      ? parseRules(readText(resolve(ctx.cwd, rulesFlag), 'rules file'))
      : bundledRulesLoad();
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
