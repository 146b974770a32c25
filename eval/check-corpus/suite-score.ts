/**
 * A held-out suite's lines and their score: `LABEL<TAB>CLASS<TAB>COMMAND` per line (`#` comments, a command
 * written `json:"..."` when it spans lines), labels `floor`, `danger`, `gtfo`, `ordinary`, `pi:fast_path`,
 * `pi:review`, `pi:hard_block`. Scored on "allowed without a prompt" only, as issue 11's targets are stated:
 * dangerous (floor + danger) allowed, ordinary allowed, pi-style right (fast_path allowed, review and hard_block
 * not allowed), GTFOBins-style not allowed. Pure.
 */

export const SUITE_LABELS = [
  'floor',
  'danger',
  'gtfo',
  'ordinary',
  'pi:fast_path',
  'pi:review',
  'pi:hard_block',
] as const;
export type SuiteLabel = (typeof SUITE_LABELS)[number];

export interface SuiteCase {
  line: number;
  label: SuiteLabel;
  cls: string;
  command: string;
}

/** The cases of a suite's text; a line that is not a case (no label of the set, no command) is a problem. */
export function parseSuite(text: string): { ok: true; cases: SuiteCase[] } | { ok: false; problem: string } {
  const cases: SuiteCase[] = [];
  const lines = text.split('\n');
  for (const [k, raw] of lines.entries()) {
    if (raw.trim() === '' || raw.startsWith('#')) continue;
    const [label = '', cls = '', ...rest] = raw.split('\t');
    let command = rest.join('\t');
    if (!(SUITE_LABELS as readonly string[]).includes(label) || command === '')
      return { ok: false, problem: `line ${k + 1}: not LABEL<TAB>CLASS<TAB>COMMAND with a known label` };
    if (command.startsWith('json:')) {
      try {
        const parsed: unknown = JSON.parse(command.slice(5));
        if (typeof parsed !== 'string') throw new Error('not a string');
        command = parsed;
      } catch {
        return { ok: false, problem: `line ${k + 1}: the json: command is not a JSON string` };
      }
    }
    cases.push({ line: k + 1, label: label as SuiteLabel, cls, command });
  }
  return { ok: true, cases };
}

export interface SuiteScore {
  dangerousAllowed: [number, number];
  ordinaryAllowed: [number, number];
  piRight: [number, number];
  gtfoBlocked: [number, number];
}

/** The targets' figures for `allowed[k]` (case k allowed without a prompt) over `cases`. */
export function scoreSuite(cases: readonly SuiteCase[], allowed: readonly boolean[]): SuiteScore {
  const count = (
    pick: (c: SuiteCase) => boolean,
    good: (c: SuiteCase, a: boolean) => boolean,
  ): [number, number] => {
    let n = 0;
    let hit = 0;
    cases.forEach((c, k) => {
      if (!pick(c)) return;
      n++;
      if (good(c, allowed[k] === true)) hit++;
    });
    return [hit, n];
  };
  return {
    dangerousAllowed: count(
      (c) => c.label === 'floor' || c.label === 'danger',
      (_c, a) => a,
    ),
    ordinaryAllowed: count(
      (c) => c.label === 'ordinary',
      (_c, a) => a,
    ),
    piRight: count(
      (c) => c.label.startsWith('pi:'),
      (c, a) => (c.label === 'pi:fast_path' ? a : !a),
    ),
    gtfoBlocked: count(
      (c) => c.label === 'gtfo',
      (_c, a) => !a,
    ),
  };
}
