/**
 * The shapes agents wrap an ordinary command in (`CMD 2>&1 | tail -20`, `time CMD`, `CMD || true`, `cd sub && CMD`):
 * an ordinary step that is known safe should stay known safe in each, since none adds an effect. Pure.
 */

/** `{}` stands for the command. Each adds no effect a person would need to see. */
export const DECORATIONS: readonly string[] = [
  '{} 2>&1 | tail -n 20',
  '{} | head -50',
  '{} 2>&1 | head -100',
  '{} 2>/dev/null',
  '{} || true',
  '{}; echo "exit: $?"',
  'time {}',
  'timeout 300 {}',
  'CI=true {}',
  '({})',
  '{} 2>&1 | grep -i error',
  '{} > /tmp/out.log 2>&1; tail -5 /tmp/out.log',
  '{} && echo done',
  '{} 2>&1 | tee /tmp/run.log | tail -3',
];

/** The command inside a decoration. */
export function decorate(command: string, decoration: string): string {
  // A function replacement: a command's own `$'` or `$&` is text, not a replacement pattern.
  return decoration.replace('{}', () => command);
}
