import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { BASES, CAPABILITIES, decide, NO_POLICY, OUTCOMES, sha256Hex } from '../core';
import { type AuditRecord, buildAuditRecord, subjectOf } from './audit-record';
import { parseAuditLine } from './parse-audit-line';

const ROOT = join(import.meta.dirname, '..', '..');
const schema = JSON.parse(readFileSync(join(ROOT, 'schema', 'audit-line.schema.json'), 'utf8'));
const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
const GOLDEN = readFileSync(join(import.meta.dirname, 'testdata', 'golden', 'audit-line.ndjson'), 'utf8');

const AT = new Date('2026-11-29T22:00:00.000Z');
const POLICY = { version: 1, sha256: sha256Hex('p') };

function base(): AuditRecord {
  const d = decide({
    verdict: 'allow',
    basis: 'rule',
    reason: 'read inside the workspace',
    ruleId: 'read-ws',
    policy: POLICY,
  });
  return buildAuditRecord(d, { surface: 'check', kind: 'read', subject: subjectOf('cat README.md') }, AT);
}

/** Keys to set on a valid record; `undefined` removes the key. */
type Patch = Record<string, unknown>;

function patched(patch: Patch): Record<string, unknown> {
  const record: Record<string, unknown> = structuredClone(base()) as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete record[key];
    else record[key] = value;
  }
  return record;
}

/** The schema and the reader must agree on every line: the schema documents what the reader accepts. */
function bothAgree(record: unknown): boolean {
  const bySchema = validate(record);
  const byReader = parseAuditLine(JSON.stringify(record)) !== undefined;
  expect(byReader, 'reader and schema disagree').toBe(bySchema);
  return bySchema;
}

describe('schema/audit-line.schema.json', () => {
  it('the golden line validates', () => {
    expect(bothAgree(JSON.parse(GOLDEN))).toBe(true);
  });

  it('the golden line with a preview validates (schema 1.1)', () => {
    const line = readFileSync(
      join(import.meta.dirname, 'testdata', 'golden', 'audit-line-preview.ndjson'),
      'utf8',
    );
    expect(bothAgree(JSON.parse(line))).toBe(true);
  });

  it.each(
    CAPABILITIES.flatMap((surface) =>
      OUTCOMES.map((outcome) => [`${surface} ${outcome}`, surface, outcome] as const),
    ),
  )('a built record validates: %s', (_name, surface, outcome) => {
    const verdict = outcome === 'block' ? 'deny' : outcome === 'escalate' ? 'escalate' : 'allow';
    const d = decide({ verdict, outcome, basis: 'rule', reason: 'r', policy: NO_POLICY });
    expect(bothAgree(buildAuditRecord(d, { surface, kind: 'x' }, AT))).toBe(true);
  });

  it.each(BASES.map((b) => [b]))('every basis validates: %s', (basis) => {
    const d = decide({ verdict: 'escalate', basis, reason: 'r', policy: NO_POLICY });
    expect(bothAgree(buildAuditRecord(d, { surface: 'ask', kind: 'scope' }, AT))).toBe(true);
  });

  const tampered: [string, Patch][] = [
    ['another format version', { v: 2 }],
    ['an extra key', { prompt: 'ignore the rules' }],
    ['a missing key', { subject: undefined }],
    ['an unknown verdict', { verdict: 'maybe' }],
    ['a verdict that does not match its outcome', { outcome: 'block' }],
    ['an unknown basis', { basis: 'vibes' }],
    ['an unknown surface', { surface: 'shell' }],
    ['a reason with a newline', { reason: 'a\nb' }],
    ['a reason over 280 characters', { reason: 'x'.repeat(281) }],
    ['a kind with spaces', { kind: 'do it now' }],
    ['a time without milliseconds', { time: '2026-11-29T22:00:00Z' }],
    ['a subject that is not a sha256', { subject: 'cat README.md' }],
    ['a policy hash in upper case', { policy: { version: 1, sha256: POLICY.sha256.toUpperCase() } }],
    ['a negative duration', { ms: -1 }],
    ['a nested detail value', { detail: { a: { b: 1 } } }],
    ['a detail string with a space', { detail: { a: 'b c' } }],
    ['a detail string over 64', { detail: { a: 'b'.repeat(65) } }],
    ['a category with a space', { categories: ['a b'] }],
    ['a session id with a slash', { sessionId: 'a/b' }],
    ['a preview with a newline', { preview: 'rm -rf ~\nls' }],
    ['a preview with a bidi override', { preview: 'ls \u202etxt.exe' }],
    ['a preview over 120 characters', { preview: 'x'.repeat(121) }],
    ['an empty preview', { preview: '' }],
    ['a preview that is not text', { preview: 42 }],
    [
      'fractional tokens',
      { model: { provider: 'p', model: 'm', tokens: { input: 0.5, output: 0 }, costUsd: 0 } },
    ],
  ];
  it.each(tampered)('rejects %s', (_name, change) => {
    const record = patched(change);
    expect(bothAgree(record)).toBe(false);
  });

  const allowed: [string, Patch][] = [
    ['a hashed session id', { sessionId: `sha256:${'a'.repeat(32)}` }],
    [
      'a model with cost',
      {
        model: {
          provider: 'openai-compatible',
          model: 'qwen2.5-coder:7b',
          tokens: { input: 1, output: 2 },
          costUsd: 0.5,
        },
      },
    ],
    ['a detail of every type', { detail: { n: 1.5, b: false, s: 'enum-value', z: null } }],
    ['no policy', { policy: { version: 0, sha256: '' } }],
    ['a preview (schema 1.1)', { preview: 'git push --force origin main' }],
    ['a preview of 120 characters with escapes', { preview: `${'\\n'.repeat(58)}...`.slice(0, 120) }],
  ];
  it.each(allowed)('accepts %s', (_name, change) => {
    const record = patched(change);
    expect(bothAgree(record)).toBe(true);
  });
});
