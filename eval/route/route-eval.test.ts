import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { parseCases } from '../../src/route';
import { ROUTE_CASES } from '../corpora/route';
import { runRouteEval } from './run-route-eval';

const schema = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'schema', `${name}.schema.json`), 'utf8'));
const ajv = new Ajv2020({ strict: true, allErrors: true });
const validResult = ajv.compile(schema('route-result'));
const validFindings = ajv.compile(schema('route-findings'));
const validCase = ajv.compile(schema('route-calibration-case'));
const validAuditLine = ajv.compile(schema('audit-line'));

describe('route eval corpus', () => {
  it('holds at least 20 cases covering the three failure modes of seed 002', () => {
    expect(ROUTE_CASES.length).toBeGreaterThanOrEqual(20);
    const modes = new Set(ROUTE_CASES.map((c) => c.mode));
    for (const m of ['submodule-bump', 'medium-finding', 'author-unsure', 'too-conservative'])
      expect(modes.has(m as never)).toBe(true);
    expect(new Set(ROUTE_CASES.map((c) => c.id)).size).toBe(ROUTE_CASES.length);
  });

  it('graduated routing beats the binary verdict on both error rates', { timeout: 300_000 }, async () => {
    const report = await runRouteEval();
    expect(report.graduated.aggressiveRate).toBeLessThan(report.binary.aggressiveRate);
    expect(report.graduated.conservativeRate).toBeLessThan(report.binary.conservativeRate);
    const wrong = report.rows
      .filter((r) => r.graduated !== r.right)
      .map((r) => `${r.id}: ${r.graduated} (right: ${r.right})`);
    expect(wrong).toEqual([]);

    // Every file the corpus feeds route, and everything route printed, matches its published schema.
    const bad = (ok: boolean, what: string) => (ok ? [] : [what]);
    const failures = report.rows.flatMap((r) => [
      ...bad(validResult(r.result), `${r.id}: result ${ajv.errorsText(validResult.errors)}`),
      ...(r.findings === undefined
        ? []
        : bad(validFindings(r.findings), `${r.id}: findings ${ajv.errorsText(validFindings.errors)}`)),
      ...(r.runLog ?? []).flatMap((l, i) =>
        bad(validAuditLine(JSON.parse(JSON.stringify(l))), `${r.id}: run log line ${i + 1}`),
      ),
    ]);
    expect(report.rows.filter((r) => r.runLog !== undefined).length).toBeGreaterThanOrEqual(2);
    expect(failures).toEqual([]);
    expect(report.rows.filter((r) => r.findings !== undefined).length).toBeGreaterThan(20);
    // The calibration cases `npm run eval:route -- --cases-out` writes: valid, and read back whole.
    const lines = report.rows.map((r) => ({ id: r.id, outcome: r.right, route: r.result }));
    expect(lines.flatMap((l) => (validCase(JSON.parse(JSON.stringify(l))) ? [] : [l.id]))).toEqual([]);
    expect(parseCases(lines.map((l) => JSON.stringify(l)).join('\n'), 'cases.jsonl')).toHaveLength(
      lines.length,
    );
  });
});
