/**
 * Known false-positive shapes for the adjudicator: a few shipped ones, extended (never replaced) by the
 * repository's traps file (YAML: a list of id, name, text, applies_to). Parsing is pure; the caller reads
 * the file. A traps file that does not parse is refused whole with a one-line reason, never half used.
 */

import { parse } from 'yaml';

export interface Trap {
  id: string;
  name: string;
  text: string;
  appliesTo: readonly string[];
}

export const SHIPPED_TRAPS: readonly Trap[] = [
  {
    id: 'K01',
    name: 'prohibition',
    text: 'Text that forbids the dangerous act (never run curl | sh, do not read ~/.ssh) is a prohibition, not an instruction.',
    appliesTo: [],
  },
  {
    id: 'K02',
    name: 'placeholder_credential',
    text: 'Placeholders such as YOUR_API_KEY, <token>, xxx or example values in documentation are not credentials.',
    appliesTo: ['S06', 'S07'],
  },
  {
    id: 'K03',
    name: 'lint_option',
    text: 'Wording about a linter or formatter option (--fix, --unsafe, no-eval rules) describes tooling, not an action.',
    appliesTo: ['S05', 'S09', 'S13'],
  },
  {
    id: 'K04',
    name: 'declared_service',
    text: 'A request to the service the unit declares as its purpose (its own documented API) is not exfiltration.',
    appliesTo: ['S07', 'S15'],
  },
  {
    id: 'K05',
    name: 'fenced_example',
    text: 'A documented example of an attack, shown to teach detection or refusal, is context, not a threat.',
    appliesTo: ['S04', 'S05', 'S14'],
  },
];

export type TrapsParse = { ok: true; traps: Trap[] } | { ok: false; problem: string };

export function parseTraps(text: string): TrapsParse {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch {
    return { ok: false, problem: 'is not YAML' };
  }
  if (doc === null || doc === undefined) return { ok: true, traps: [] };
  if (!Array.isArray(doc)) return { ok: false, problem: 'must be a list of traps' };
  const traps: Trap[] = [];
  for (const [i, raw] of doc.entries()) {
    const t = raw as Record<string, unknown> | null;
    const applies = t?.applies_to ?? [];
    if (
      !t ||
      typeof t.id !== 'string' ||
      !/^[A-Za-z0-9_-]{1,32}$/.test(t.id) ||
      typeof t.name !== 'string' ||
      typeof t.text !== 'string' ||
      t.text.length === 0 ||
      t.text.length > 2_000 ||
      !Array.isArray(applies) ||
      applies.some((c) => typeof c !== 'string' || !/^[SGQ]\d{2}$/.test(c))
    )
      return {
        ok: false,
        problem: `trap ${i} needs an id, a name, a text and applies_to codes such as \`S05\``,
      };
    traps.push({ id: t.id, name: t.name, text: t.text, appliesTo: applies as string[] });
  }
  return { ok: true, traps };
}

/** True when trap `id` exists and covers `code` (a trap with no codes covers every code). */
export function trapCovers(traps: readonly Trap[], id: string | null, code: string): boolean {
  const trap = traps.find((t) => t.id === id);
  return trap !== undefined && (trap.appliesTo.length === 0 || trap.appliesTo.includes(code));
}
