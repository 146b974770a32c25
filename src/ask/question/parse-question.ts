/**
 * Reads one policy question from a parsed JSON value, in two steps: the envelope (mode, floor flags,
 * whether it is tagged) and then the tagged part (kind, facts, options, recommended).
 * Pure. The free text and option labels are type-checked and then dropped: they are never copied into
 * the result, so nothing downstream can pass them to a model or a log. Problems name only gavel's own
 * vocabulary (field and fact names it defines), never a key or value taken from the question.
 * INVARIANT: anything not exactly as specified is a problem value; nothing is coerced or half read.
 */

import { isRecord } from '../../core';
import {
  APPROVALS,
  type Approval,
  FACTS_BY_KIND,
  type Facts,
  type FactValue,
  isKind,
  isMode,
  type Kind,
  MAX_OPTIONS,
  type Mode,
} from './kinds';

export interface FloorFlags {
  irreversible: boolean;
  /** Only whether it is set is kept: the name itself is the caller's text. */
  namedAction: boolean;
  outsideContent: boolean;
  operatorRefused: boolean;
  approval: readonly Approval[];
}

export interface Envelope {
  mode: Mode;
  tagged: boolean;
  floor?: FloorFlags;
}

export interface Question {
  kind: Kind;
  facts: Facts;
  options: number;
  recommended: number;
}

export type QuestionProblemBasis = 'invalid-input' | 'invalid-kind' | 'invalid-facts' | 'no-recommendation';

export type EnvelopeResult = { ok: true; envelope: Envelope } | { ok: false; problem: string; mode: Mode };
export type QuestionResult =
  | { ok: true; question: Question }
  | { ok: false; basis: QuestionProblemBasis; problem: string; kind?: Kind };

const TOP_KEYS = new Set(['kind', 'facts', 'options', 'recommended', 'floor', 'mode', 'text', 'labels']);
const FLOOR_KEYS = ['irreversible', 'namedAction', 'outsideContent', 'operatorRefused', 'approval'] as const;

/** Mode, floor flags and tagging. `defaultMode` applies when the question names no mode. */
export function readEnvelope(raw: unknown, defaultMode: Mode): EnvelopeResult {
  const fail = (problem: string, mode: Mode = defaultMode): EnvelopeResult => ({ ok: false, problem, mode });
  if (!isRecord(raw)) return fail('a question must be a JSON object');
  if (Object.keys(raw).some((k) => !TOP_KEYS.has(k))) {
    return fail(`the question has a field gavel does not know (known: ${[...TOP_KEYS].join(', ')})`);
  }
  let mode = defaultMode;
  if (raw.mode !== undefined) {
    if (!isMode(raw.mode)) return fail('`mode` must be one of ask, review-auto, autonomous');
    mode = raw.mode;
  }
  if (raw.text !== undefined && typeof raw.text !== 'string') return fail('`text` must be a string', mode);
  if (
    raw.labels !== undefined &&
    !(Array.isArray(raw.labels) && raw.labels.every((l) => typeof l === 'string'))
  ) {
    return fail('`labels` must be a list of strings', mode);
  }
  const tagged = raw.kind !== undefined || raw.facts !== undefined;
  const envelope: Envelope = { mode, tagged };
  if (raw.floor !== undefined) {
    const floor = readFloor(raw.floor);
    if (typeof floor === 'string') return fail(floor, mode);
    envelope.floor = floor;
  } else if (tagged) {
    return fail('a tagged question must carry `floor`', mode);
  }
  return { ok: true, envelope };
}

function readFloor(raw: unknown): FloorFlags | string {
  if (!isRecord(raw)) return '`floor` must be an object';
  if (Object.keys(raw).some((k) => !(FLOOR_KEYS as readonly string[]).includes(k))) {
    return `\`floor\` has a field gavel does not know (known: ${FLOOR_KEYS.join(', ')})`;
  }
  for (const key of ['irreversible', 'outsideContent', 'operatorRefused'] as const) {
    if (typeof raw[key] !== 'boolean') return `\`floor.${key}\` must be true or false`;
  }
  if (raw.namedAction !== null && typeof raw.namedAction !== 'string') {
    return '`floor.namedAction` must be a string or null';
  }
  const approval = raw.approval;
  if (!Array.isArray(approval)) return '`floor.approval` must be a list';
  if (!approval.every((a) => (APPROVALS as readonly unknown[]).includes(a))) {
    return `\`floor.approval\` may list only ${APPROVALS.join(', ')}`;
  }
  return {
    irreversible: raw.irreversible as boolean,
    namedAction: raw.namedAction !== null,
    outsideContent: raw.outsideContent as boolean,
    operatorRefused: raw.operatorRefused as boolean,
    approval: [...new Set(approval as Approval[])].sort(),
  };
}

/** Kind, facts, options and the recommended option of a tagged question whose envelope was read. */
export function readQuestion(raw: Record<string, unknown>): QuestionResult {
  if (!isKind(raw.kind)) {
    return { ok: false, basis: 'invalid-kind', problem: 'the question kind is not one gavel answers' };
  }
  const kind = raw.kind;
  const facts = readFacts(kind, raw.facts);
  if (typeof facts === 'string') return { ok: false, basis: 'invalid-facts', problem: facts, kind };
  const options = raw.options;
  if (typeof options !== 'number' || !Number.isInteger(options) || options < 1 || options > MAX_OPTIONS) {
    return {
      ok: false,
      basis: 'invalid-input',
      problem: `\`options\` must be a whole number from 1 to ${MAX_OPTIONS}`,
      kind,
    };
  }
  const recommended = raw.recommended;
  if (recommended === undefined || recommended === null) {
    return { ok: false, basis: 'no-recommendation', problem: 'the question recommends no option', kind };
  }
  if (
    typeof recommended !== 'number' ||
    !Number.isInteger(recommended) ||
    recommended < 0 ||
    recommended >= options
  ) {
    return {
      ok: false,
      basis: 'no-recommendation',
      problem: '`recommended` must be the index of one of the options (0-based)',
      kind,
    };
  }
  return { ok: true, question: { kind, facts, options, recommended } };
}

function readFacts(kind: Kind, raw: unknown): Facts | string {
  const specs = FACTS_BY_KIND[kind];
  const names = Object.keys(specs);
  const expected = `a \`${kind}\` question carries exactly ${names.join(', ')}`;
  if (!isRecord(raw)) return `\`facts\` must be an object: ${expected}`;
  if (Object.keys(raw).some((k) => !Object.hasOwn(specs, k)))
    return `\`facts\` has a fact the kind does not carry: ${expected}`;
  const facts: Record<string, FactValue> = {};
  for (const name of names) {
    const spec = specs[name];
    const value = raw[name];
    if (spec === undefined) continue;
    if (value === undefined) return `\`facts.${name}\` is missing: ${expected}`;
    if (spec.type === 'boolean') {
      if (typeof value !== 'boolean') return `\`facts.${name}\` must be true or false`;
      facts[name] = value;
      continue;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) return `\`facts.${name}\` must be a number`;
    if (spec.integer && !Number.isInteger(value)) return `\`facts.${name}\` must be a whole number`;
    if (value < spec.min || value > spec.max)
      return `\`facts.${name}\` must be from ${spec.min} to ${spec.max}`;
    facts[name] = Object.is(value, -0) ? 0 : value;
  }
  return facts;
}
