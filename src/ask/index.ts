/**
 * ask: the policy-question arbiter. A tagged question (kind + typed facts) from an unattended review
 * loop is settled by the floor, the rules file and, optionally, a model whose answer code verifies.
 */

export { unrecordedAnswer } from './answer/conclude';
export {
  ANSWER_FAULTS,
  type AnswerFault,
  type Verified,
  verifyReply,
} from './answer/verify-answer';
export {
  type Answerer,
  type AskAnswer,
  type AskInput,
  type AskSettings,
  ask,
} from './ask';
export {
  ADVERSARIAL_CATEGORIES,
  type AdversarialCase,
  type AdversarialCategory,
  type EvalCase,
  readAdversarialCorpus,
  readEvalCorpus,
} from './eval/ask-corpus';
export { SCRIPTED_MODELS, type ScriptedModel, scriptedReply } from './eval/liars';
export {
  ALL_EVAL_ANSWERERS,
  type AnswererReport,
  type EvalAnswerer,
  type EvalReport,
  type EvalRun,
  MIN_AGREEMENT,
  renderEvalReport,
  runAskEval,
} from './eval/run-ask-eval';
export { type EvalSelection, SHIPPED_RECORDING, selectEvalAnswerers } from './eval/select-eval-answerers';
export { checkFloor, FLOOR_CAUSES, type FloorCause } from './floor/check-floor';
export { ASK_INPUT_LIMITS } from './limits/input-limits';
export {
  type ArbiterCatalog,
  type ArbiterSource,
  chooseModel,
  isRefusedModel,
  type ModelChoice,
  REFUSED_MODELS,
  TIERS,
  type Tier,
} from './limits/resolve-model';
export { EMPTY_RUN, type RunState, readRunState } from './limits/run-state';
export { type AskAudit, buildAskAudit, UNKNOWN_KIND } from './log/ask-audit';
export { type AskLogRow, type AskLogSummary, LOG_ROWS, summarizeAskLog } from './log/summarize-ask-log';
export { type AnswersLine, DISPOSITIONS, type Disposition } from './mode/dispose';
export {
  type ArbiterPrompt,
  buildArbiterRequest,
  loadArbiterPrompt,
  promptRef,
} from './prompt/arbiter-prompt';
export { FACTS_BY_KIND, isMode, KINDS, type Kind, MODES, type Mode } from './question/kinds';
export {
  type Envelope,
  type FloorFlags,
  type Question,
  readEnvelope,
  readQuestion,
} from './question/parse-question';
export { loadRules, parseRules } from './rules/load-rules';
export { rulesVerdict } from './rules/rule-holds';
export {
  formatRulesProblem,
  type Rule,
  type RuleSet,
  type RulesLoad,
  type RulesProblem,
} from './rules/rule-set';
