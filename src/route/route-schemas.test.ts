/**
 * The published JSON Schemas of route's three file formats agree with the code: what the findings and
 * cases parsers accept validates and what they refuse does not, and what route prints validates against
 * the result schema. Real results come from routing real git repositories (route-command and eval tests).
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { BASES, OUTCOMES } from '../core';
import { parseCases } from './calibrate/parse-cases';
import { parseFindings } from './inputs/parse-findings';
import { unrecordedResult } from './route-audit';
import { SIGNAL_IDS } from './types';

const ROOT = join(import.meta.dirname, '..', '..');
const schema = (name: string) =>
  JSON.parse(readFileSync(join(ROOT, 'schema', `${name}.schema.json`), 'utf8'));
const ajv = new Ajv2020({ strict: true, allErrors: true });
const findingsSchema = ajv.compile(schema('route-findings'));
const caseSchema = ajv.compile(schema('route-calibration-case'));
const resultSchema = ajv.compile(schema('route-result'));

const accepts = (parse: () => unknown) => {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
};

const F = { id: 'F1', severity: 'medium', confidence: 0.8 };
const findingDoc = (f: Record<string, unknown>, extra: object = {}) => ({
  findings: [{ ...F, ...f }],
  ...extra,
});

describe('schema/route-findings.schema.json agrees with parseFindings', () => {
  it.each([
    ['a minimal finding', findingDoc({}), true],
    [
      'every member, and one the parser ignores',
      findingDoc({ category: 'sec', path: 'a.ts', line: 3, reviewer: 'r', message: 'm', x: 1 }),
      true,
    ],
    [
      'null optional members',
      findingDoc({ category: null, path: null, line: null, reviewer: null, message: null }),
      true,
    ],
    ['a numeric id', findingDoc({ id: 7 }), true],
    ['severity in capitals', findingDoc({ severity: 'HIGH' }), true],
    ['confidence as a word', findingDoc({ confidence: 'Medium' }), true],
    ['challenges, null', findingDoc({}, { challenges: null }), true],
    [
      'a challenge',
      findingDoc({}, { challenges: [{ finding: 'F1', reviewer: 'b', stance: 'disputed', reason: null }] }),
      true,
    ],
    ['no findings member', { challenges: [] }, false],
    ['a JSON array', [F], false],
    ['an empty id', findingDoc({ id: '' }), false],
    ['an unknown severity', findingDoc({ severity: 'huge' }), false],
    ['no confidence', { findings: [{ id: 'F1', severity: 'low' }] }, false],
    ['confidence above 1', findingDoc({ confidence: 1.5 }), false],
    ['confidence word `constructor`', findingDoc({ confidence: 'constructor' }), false],
    ['a negative line', findingDoc({ line: -1 }), false],
    ['a fractional line', findingDoc({ line: 1.5 }), false],
    ['a numeric path', findingDoc({ path: 3 }), false],
    ['challenges as an object', findingDoc({}, { challenges: {} }), false],
    [
      'a challenge without reviewer',
      findingDoc({}, { challenges: [{ finding: 'F1', stance: 'agree' }] }),
      false,
    ],
    [
      'a challenge with another stance',
      findingDoc({}, { challenges: [{ finding: 'F1', reviewer: 'b', stance: 'maybe' }] }),
      false,
    ],
  ])('%s', (_n, doc, valid) => {
    expect(findingsSchema(doc)).toBe(valid);
    expect(accepts(() => parseFindings(JSON.stringify(doc), 'f.json'))).toBe(valid);
  });

  it('states in words the two rules it cannot check, which the parser does', () => {
    expect(schema('route-findings').description).toContain('unique');
    const twice = { findings: [F, F] };
    expect(findingsSchema(twice)).toBe(true);
    expect(() => parseFindings(JSON.stringify(twice), 'f.json')).toThrow('repeats an earlier id');
    const dangling = findingDoc({}, { challenges: [{ finding: 'F9', reviewer: 'b', stance: 'agree' }] });
    expect(findingsSchema(dangling)).toBe(true);
    expect(() => parseFindings(JSON.stringify(dangling), 'f.json')).toThrow('must name a finding id');
  });
});

const S = (o: object = {}) => ({ id: 'change-code', risk: 10, ...o });

describe('schema/route-calibration-case.schema.json agrees with parseCases', () => {
  it.each([
    ['signals', { id: 'a', outcome: 'approve', signals: [S()] }, true],
    [
      'signals with confidence, floor, guarded and binary',
      {
        id: 'a',
        outcome: 'escalate',
        signals: [S({ confidence: 0.2, floor: 'escalate' })],
        guarded: 'escalate',
        binary: 'block',
      },
      true,
    ],
    [
      'a signal with null confidence',
      { id: 'a', outcome: 'approve', signals: [S({ confidence: null })] },
      true,
    ],
    ['a routed result', { id: 'a', outcome: 'approve', route: { rest: { signals: [S()] } } }, true],
    [
      'a range',
      {
        id: 'a',
        outcome: 'block',
        repo: 'r',
        base: 'main',
        head: 'HEAD',
        pr: 'p.json',
        findings: 'f.json',
        run_log: 'l.ndjson',
        run_id: 'run-1',
        tier: 2,
      },
      true,
    ],
    ['no id', { outcome: 'approve', signals: [] }, false],
    ['an unknown outcome', { id: 'a', outcome: 'maybe', signals: [] }, false],
    ['none of signals, route or repo', { id: 'a', outcome: 'approve' }, false],
    ['an unknown signal id', { id: 'a', outcome: 'approve', signals: [S({ id: 'vibes' })] }, false],
    ['a risk over 100', { id: 'a', outcome: 'approve', signals: [S({ risk: 101 })] }, false],
    ['a null floor', { id: 'a', outcome: 'approve', signals: [S({ floor: null })] }, false],
    ['a bad binary', { id: 'a', outcome: 'approve', signals: [], binary: 'maybe' }, false],
    ['a bad guarded outcome', { id: 'a', outcome: 'approve', signals: [], guarded: 'x' }, false],
    ['a routed result without rest.signals', { id: 'a', outcome: 'approve', route: { rest: {} } }, false],
    ['a range with a null base', { id: 'a', outcome: 'approve', repo: 'r', base: null }, false],
    ['a range with an empty run_id', { id: 'a', outcome: 'approve', repo: 'r', run_id: '' }, false],
    ['a range with tier 4', { id: 'a', outcome: 'approve', repo: 'r', tier: 4 }, false],
    [
      'a route that is not an object falls to signals',
      { id: 'a', outcome: 'approve', route: 1, signals: [S()] },
      true,
    ],
  ])('%s', (_n, line, valid) => {
    expect(caseSchema(line)).toBe(valid);
    expect(accepts(() => parseCases(JSON.stringify(line), 'c.jsonl'))).toBe(valid);
  });
});

describe('the schemas name the closed sets of the code', () => {
  it('signal ids, outcomes and bases', () => {
    const result = schema('route-result');
    expect(result.$defs.signal.properties.id.enum).toEqual([...SIGNAL_IDS]);
    expect(schema('route-calibration-case').$defs.signal.properties.id.enum).toEqual([...SIGNAL_IDS]);
    expect(result.properties.outcome.enum).toEqual([...OUTCOMES]);
    expect(result.$defs.decision.properties.basis.enum).toEqual([...BASES]);
  });
});

/** The result of routing a docs change, as route-change returns it; fixed values, checked by the schema. */
const approved = {
  outcome: 'approve',
  decision: {
    verdict: 'allow',
    outcome: 'approve',
    basis: 'rule',
    reason: 'approve: risk 0/100, confidence 0.85',
    ruleId: 'route',
    categories: [],
    risk: 'low',
    ms: 3,
    policy: { version: 1, sha256: 'a'.repeat(64) },
  },
  risk: 0,
  riskLevel: 'low',
  confidence: 0.85,
  signals: [{ id: 'change-docs-only', risk: 0, confidence: 0, evidence: ['1 documentation file'] }],
  rest: {
    outcome: 'approve',
    risk: 0,
    confidence: 0.85,
    signals: [],
    files: ['README.md'],
    why: 'risk 0/100',
  },
  guarded: null,
  binary: { verdict: 'approve', why: 'no finding of high severity or worse' },
  range: { base: 'b'.repeat(40), head: 'c'.repeat(40), files: 1 },
} as const;

describe('schema/route-result.schema.json', () => {
  it('takes an approval and the escalation it becomes when it cannot be recorded', () => {
    expect(resultSchema(approved)).toBe(true);
    const unrecorded = unrecordedResult(structuredClone(approved) as never, '/x/decisions.ndjson');
    expect(resultSchema(unrecorded)).toBe(true);
  });

  it.each([
    [
      'an approval that carries an escalation',
      { ...approved, escalation: { files: [], why: [], owners: [] } },
    ],
    ['an escalation without its escalation member', { ...approved, outcome: 'escalate' }],
    [
      'a flag without people to tell',
      { ...approved, outcome: 'approve_with_flag', flag: { notify: [], concern: 'x' } },
    ],
    ['an unknown member', { ...approved, extra: 1 }],
    ['a risk over 100', { ...approved, risk: 101 }],
    ['a short commit id', { ...approved, range: { ...approved.range, head: 'abc' } }],
    ['an unknown basis', { ...approved, decision: { ...approved.decision, basis: 'vibes' } }],
  ])('refuses %s', (_n, doc) => {
    expect(resultSchema(doc)).toBe(false);
  });
});
