import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import AjvDraft4Compatible from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeJudgeFs } from '../../runtime';
import { bundledJudgeData } from '../rules/bundled-rules';
import { runJudge } from '../run-judge';
import { judgeOptions } from '../testdata/judge-options';
import { FAKE_AWS_KEY, makeFixtureRepo } from '../testdata/make-fixture-repo';
import type { JudgeReport } from './judge-report';
import { renderJson } from './render-json';
import { renderSarif } from './render-sarif';
import { renderText } from './render-text';

/** The real file system as `gavel judge` reads it (the test may reach the surface; judge's code never does). */
const diskFs = nodeJudgeFs();

const golden = (name: string) => new URL(`../testdata/golden/${name}`, import.meta.url).pathname;

function checkGolden(name: string, actual: string): void {
  const file = golden(name);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) {
    if (process.env.UPDATE_GOLDEN !== '1')
      throw new Error(`golden file ${name} is missing: run with UPDATE_GOLDEN=1`);
    writeFileSync(file, actual);
  }
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

/** The vendored official SARIF schema is draft-04: its root `id` becomes `$id` for Ajv 8; nothing else changes. */
function sarifValidator() {
  const schema = JSON.parse(
    readFileSync(new URL('../../../schema/vendor/sarif-schema-2.1.0.json', import.meta.url), 'utf8'),
  );
  delete schema.$schema;
  schema.$id = schema.id;
  delete schema.id;
  const ajv = new AjvDraft4Compatible({ allErrors: true, strict: false, validateSchema: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

let root: string;
let report: JudgeReport;
const data = bundledJudgeData();

beforeAll(async () => {
  root = makeFixtureRepo();
  const outcome = await runJudge(
    judgeOptions({
      fs: diskFs,
      root,
      home: '/nonexistent-home',
      suppressions: [
        {
          code: 'S11',
          path: '.mcp.json',
          quote: '"db": { "command": "npx", "args": ["-y", "@acme/db-mcp"] },',
          reason: 'internal package, pinned by the lockfile; SEC-12',
          expires: '2027-06-30',
        },
        {
          code: 'S08',
          path: '.claude/settings.json',
          quote: 'anything',
          reason: 'old',
          expires: '2026-01-01',
        },
      ],
      data,
      notices: ['gavel.toml: `judge.example`: a notice passed in by the caller'],
      version: '0.0.0-test',
    }),
  );
  if (!outcome.ok) throw new Error(outcome.message);
  report = outcome.report;
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('judge report on a realistic repository', () => {
  it('prints the text report', () => checkGolden('report.txt', renderText(report, data.rules.codes)));
  it('prints the JSON report', () => checkGolden('report.json', renderJson(report)));
  it('prints the SARIF report', () => checkGolden('report.sarif', renderSarif(report, data.rules.codes)));

  it('validates the JSON report against schema/judge-report.schema.json', () => {
    const schema = JSON.parse(
      readFileSync(new URL('../../../schema/judge-report.schema.json', import.meta.url), 'utf8'),
    );
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const ok = validate(JSON.parse(renderJson(report)));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('the JSON report names its keys in camelCase, like every JSON gavel prints (docs/cli.md, ADR 0026)', () => {
    const json = JSON.parse(renderJson(report));
    expect(json.schemaVersion).toBe(2);
    const keys = new Set<string>();
    // Maps keyed by data keep the data's spelling: unit statuses (`withheld_secret`) and severities.
    const dataMaps = new Set(['units', 'findings', 'scores']);
    const walk = (v: unknown, parent: string, dataKeyed: boolean): void => {
      if (Array.isArray(v)) for (const x of v) walk(x, parent, false);
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          if (!dataKeyed) keys.add(k);
          walk(x, k, (parent === 'summary' && dataMaps.has(k)) || k === 'scores');
        }
    };
    walk(json, '', false);
    expect([...keys].filter((k) => !/^[a-z][a-zA-Z0-9]*$/.test(k))).toEqual([]);
    expect(renderJson(report)).not.toMatch(/"(schema_version|not_reviewed|start_line|quote_verified)"/);
  });

  it('validates the SARIF report against the official SARIF 2.1.0 schema', () => {
    const validate = sarifValidator();
    const ok = validate(JSON.parse(renderSarif(report, data.rules.codes)));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('the SARIF schema check rejects a broken log (the validator is live)', () => {
    const sarif = JSON.parse(renderSarif(report, data.rules.codes));
    sarif.runs[0].results[0].level = 'fatal';
    expect(sarifValidator()(sarif)).toBe(false);
  });

  it('never prints the credential, in any format', () => {
    for (const out of [
      renderText(report, data.rules.codes),
      renderJson(report),
      renderSarif(report, data.rules.codes),
    ]) {
      expect(out).not.toContain(FAKE_AWS_KEY);
    }
  });

  it.each([
    ['.claude/skills/cloud-sync', 'withheld_secret'],
    ['.claude/skills/deploy', 'fail'],
    ['.claude/skills/formatter', 'pass'],
    ['.claude/agents/generated.md', 'warn'],
    ['.claude/rules/python.md', 'warn'],
    ['.claude/settings.json', 'fail'],
  ])('unit %s is %s', (path, status) => {
    expect(report.units.find((u) => u.path === path)?.status).toBe(status);
  });

  it('keeps the pinned suppression and reports the expired one as a notice', () => {
    const mcp = report.units.find((u) => u.path === '.mcp.json');
    expect(mcp?.suppressed.map((s) => s.finding.code)).toEqual(['S11']);
    expect(report.run.notices.some((n) => n.includes('expired on 2026-01-01'))).toBe(true);
  });

  it('decides fail for the run', () => expect(report.summary.decision).toBe('fail'));
});

describe('SARIF mapping', () => {
  it.each([
    ['critical', 'error', '9.5'],
    ['high', 'error', '8.0'],
    ['medium', 'warning', '5.5'],
    ['low', 'note', '3.0'],
  ])('a security finding at %s is level %s with security-severity %s', (severity, level, score) => {
    const sarif = JSON.parse(renderSarif(report, data.rules.codes));
    const r = sarif.runs[0].results.find(
      (x: { properties: { severity: string }; ruleId: string }) =>
        x.properties.severity === severity && x.ruleId.startsWith('gavel/S'),
    );
    expect([r.level, r.properties['security-severity']]).toEqual([level, score]);
  });

  it('gives quality and governance results no security-severity', () => {
    const sarif = JSON.parse(renderSarif(report, data.rules.codes));
    const others = sarif.runs[0].results.filter((x: { ruleId: string }) => !x.ruleId.startsWith('gavel/S'));
    expect(others.length).toBeGreaterThan(0);
    expect(
      others.every((x: { properties: Record<string, unknown> }) => !('security-severity' in x.properties)),
    ).toBe(true);
  });

  it('reports an incomplete run as not executionSuccessful', () => {
    const incomplete = { ...report, summary: { ...report.summary, decision: 'incomplete' as const } };
    expect(
      JSON.parse(renderSarif(incomplete, data.rules.codes)).runs[0].invocations[0].executionSuccessful,
    ).toBe(false);
    expect(JSON.parse(renderSarif(report, data.rules.codes)).runs[0].invocations[0].executionSuccessful).toBe(
      true,
    );
  });
});
