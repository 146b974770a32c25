/**
 * Basis: why a decision was made. One closed set shared by every surface.
 * Add a member deliberately, with a line in docs/vocabulary.md; never an ad hoc string.
 */

export const BASES = [
  'floor', // the sealed floor settled it before any model
  'rule', // a deterministic rule or policy entry settled it
  'model', // a model reviewer's checked answer, outcome derived in code
  'unnamed-target', // a reviewer's approval whose verified quote of the user does not name what it grants
  'cache', // a cached, validated model answer
  'cap', // a call, token or cost cap was reached
  'timeout', // a model or stage ran out of time
  'model-error', // the provider failed (network, 5xx after retries)
  'invalid-output', // the model answered something that failed validation
  'model-refused', // the model refused, or is on the refused list
  'config-invalid', // a config file or variable did not validate
  'rules-invalid', // a rules or policy file did not validate
  'no-model', // a model was needed and none is configured
  'invalid-kind', // a question of a kind gavel does not know
  'invalid-facts', // a question whose facts do not match its kind
  'invalid-input', // a request that could not be read at all
  'no-recommendation', // a question without a recommended option
  'untagged', // a question without a policy tag: the caller keeps its own old behaviour
  'breaker', // the circuit breaker is open
  'mode-off', // review mode `off`: passed through with a record
  'mode-ask', // review mode `ask`: a person decides
  'uncertain', // the request could not be modelled (dynamic text, unknown shape)
  'unlisted', // nothing knows the request: not in the safe catalogue, no category, no rule; the harness's own prompt decides
  'internal-error', // a bug or broken I/O inside gavel; always fails closed
] as const;

export type Basis = (typeof BASES)[number];

export function isBasis(value: unknown): value is Basis {
  return typeof value === 'string' && (BASES as readonly string[]).includes(value);
}
