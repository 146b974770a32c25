/**
 * The largest inputs `ask` reads: a question (stdin or `--file`), a rules file, the run state. A larger
 * input is refused (a question: exit 2; a rules file: rules-invalid; a run state: damaged, every model
 * call of the run escalates), never truncated; stdin is cut at the bound rather than read to its end
 * (`/dev/zero`). Data, no behaviour.
 */

export const ASK_INPUT_LIMITS = {
  question: 1024 * 1024,
  rules: 4 * 1024 * 1024,
  runState: 16 * 1024 * 1024,
} as const;
