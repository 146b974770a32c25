/**
 * `gavel ask`: answers one tagged policy question (stdin or --file) with the arbiter, and its
 * subcommands `rules validate [file]`, `log` and `eval`. The command's spec and dispatch only; each
 * part lives in `ask/`: the question (ask-question), who answers (open-answerer), the audit record
 * (record-answer), the rules in force (ask-rules), the log (ask-log) and the eval (ask-eval).
 */

import { EXIT, UsageError } from '../../../core';
import type { CommandSpec } from '../command';
import { modelFlagOptions } from '../model-flags';
import { runEval } from './ask/ask-eval';
import { showLog } from './ask/ask-log';
import { runQuestion } from './ask/ask-question';
import { validateRules } from './ask/ask-rules';

export const askCommand: CommandSpec = {
  name: 'ask',
  summary: 'answer a policy question of an unattended review loop from numbered rules',
  usage:
    'gavel ask [--file FILE] [options] | gavel ask rules validate [FILE] | gavel ask log | gavel ask eval',
  description: [
    'Reads one question (JSON: kind, facts, options, recommended, floor, mode) on stdin or from --file and',
    'prints the decision. The floor is checked first; then the rules (`.gavel/arbiter-rules.json` when the',
    'project has one, which replaces the bundled rules) are applied by the deterministic evaluator, or by a',
    'model whose answer is verified in code. One record per question goes to the audit log',
    '(`.gavel/logs/decisions.ndjson`, surface `ask`); a record that cannot be written makes the answer an',
    'escalate (a deny in an autonomous run) with basis `internal-error`.',
    '',
    '`rules validate [FILE]` checks a rules file and prints its version and sha256 (exit 3 when invalid).',
    '`log` lists the last thirty questions (time, kind, verdict, rule) and the counts asked/escalated.',
    '`eval` runs eval/corpora/ask with the rules evaluator, an honest and lying scripted models (exit 10',
    'when the eval fails).',
    '',
    '--model beats GAVEL_ASK_MODEL and [ask] model. --no-cache and --cache-readonly set the reply cache',
    "(the run's own answers in .gavel/runs/<run> are kept either way). With --estimate nothing is sent and",
    'nothing is written: the request is built and priced, a question that needed the model shows as',
    'escalate with basis `no-model`, and the exit code is about the estimate: 0 within the caps, 1 over a',
    'cap, 3 when the config is invalid.',
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
    ...modelFlagOptions,
    model: {
      type: 'string',
      valueName: 'MODEL',
      description:
        'rules (default) | provider/model | provider/light|standard | tier | scripted:FILE | replay:DIR; for eval: all | rules | honest | liars | case | scripted:FILE',
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
      description: 'the agent session, written to the audit record',
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
    'gavel ask --model anthropic/light --run-id nightly-42 --file question.json',
    'gavel ask --model anthropic/light --estimate --file question.json',
    'gavel ask log --run-id nightly-42',
    'gavel ask eval --rules .gavel/arbiter-rules.json',
  ],
  async run(ctx, args) {
    const [sub, ...rest] = args.positionals;
    const only = ['no-cache', 'cache-readonly', 'estimate'].find((f) => args.values[f] === true);
    if (sub !== undefined && only !== undefined)
      throw new UsageError(`\`--${only}\` applies to a question, not to \`${sub}\``);
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
