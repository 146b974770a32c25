/**
 * The arbiter eval as a test: both corpora, the bundled rules, every answerer (rules evaluator,
 * honest scripted model, each lying scripted model, each adversarial case's own reply).
 */

import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ADVERSARIAL_CATEGORIES,
  ALL_EVAL_ANSWERERS,
  loadArbiterPrompt,
  parseRules,
  readAdversarialCorpus,
  readEvalCorpus,
  renderEvalReport,
  runAskEval,
} from '../../src/ask';
import { fixedClock } from '../../src/core';
import { labelledRecorder, labelledReplay } from '../../src/model';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

function load() {
  const rules = parseRules(read('rules/arbiter-rules.json'));
  const prompt = loadArbiterPrompt(JSON.parse(read('prompts/ask-arbiter.json')));
  const evalCases = readEvalCorpus(read('eval/corpora/ask/eval.jsonl'));
  const adversarial = readAdversarialCorpus(read('eval/corpora/ask/adversarial.jsonl'));
  if (!rules.ok || !prompt.ok || !evalCases.ok || !adversarial.ok)
    throw new Error('a corpus, the rules or the prompt did not load');
  return {
    rules: rules.rules,
    prompt: prompt.prompt,
    evalCases: evalCases.cases,
    adversarial: adversarial.cases,
  };
}

describe('arbiter eval', () => {
  const data = load();

  it('has at least 26 eval questions and 28 adversarial cases covering every category', () => {
    expect(data.evalCases.length).toBeGreaterThanOrEqual(26);
    expect(data.adversarial.length).toBeGreaterThanOrEqual(28);
    const categories = new Set(data.adversarial.map((c) => c.category));
    expect([...categories].sort()).toEqual([...ADVERSARIAL_CATEGORIES].sort());
  });

  it('passes with every answerer: agreement, no unsafe allow, every adversarial case held, no leak', async () => {
    const report = await runAskEval(
      {
        evalCases: data.evalCases,
        adversarialCases: data.adversarial,
        rules: data.rules,
        prompt: data.prompt,
        answerers: ALL_EVAL_ANSWERERS,
      },
      fixedClock('2026-11-29T00:00:00Z'),
    );
    expect(report.passed, renderEvalReport(report)).toBe(true);
    const rules = report.reports.find((r) => r.answerer === 'rules');
    expect(rules?.evalAgreed).toBe(rules?.evalTotal);
  });

  it('names the expected rule for every eval case the rules evaluator allows or denies by rule', async () => {
    const { rulesVerdict, readQuestion } = await import('../../src/ask');
    for (const c of data.evalCases.filter((e) => e.rule)) {
      const read = readQuestion(c.question as Record<string, unknown>);
      if (!read.ok) throw new Error(`${c.id} does not read`);
      expect([c.id, rulesVerdict(data.rules, read.question).rule?.id]).toEqual([c.id, c.rule]);
    }
  });
});

describe('arbiter eval catches loosened rules', () => {
  it('fails when a rule allows more than the corpus expects', async () => {
    const data = load();
    const doc = JSON.parse(read('rules/arbiter-rules.json'));
    const r20 = doc.rules.find((r: { id: string }) => r.id === 'R-20');
    r20.when[1].value = 100;
    r20.examples = [];
    const loosened = (await import('../../src/ask')).loadRules(doc);
    if (!loosened.ok) throw new Error('loosened rules did not load');
    const report = await runAskEval(
      {
        evalCases: data.evalCases,
        adversarialCases: data.adversarial,
        rules: loosened.rules,
        prompt: data.prompt,
        answerers: ['rules', 'honest'],
      },
      fixedClock('2026-11-29T00:00:00Z'),
    );
    expect(report.passed).toBe(false);
    const rules = report.reports[0];
    expect(rules?.unsafeAllows).toContain('budget-95-no-raise');
    expect(rules?.adversarialAllowed).toContain('conditions-budget-over-ninety');
  });
});

describe('arbiter eval against recorded replies', () => {
  const dir = fileURLToPath(new URL('eval/corpora/ask/recorded-honest', root));
  const run = async (data: ReturnType<typeof load>, replayDir: string) => {
    const opened = labelledReplay(replayDir);
    if (!opened.ok) throw new Error(opened.problem);
    return runAskEval(
      {
        evalCases: data.evalCases,
        adversarialCases: data.adversarial,
        rules: data.rules,
        prompt: data.prompt,
        answerers: ['replay'],
        replay: { dir: replayDir, clientFor: opened.clientFor, misses: opened.misses },
      },
      fixedClock('2026-11-29T00:00:00Z'),
    );
  };

  it('the shipped recording (made with the scripted honest model) replays to the honest verdicts', async () => {
    const data = load();
    if (process.env.UPDATE_GOLDEN === '1') {
      rmSync(dir, { recursive: true, force: true });
      const record = labelledRecorder(dir, 'scripted honest');
      await runAskEval(
        {
          evalCases: data.evalCases,
          adversarialCases: data.adversarial,
          rules: data.rules,
          prompt: data.prompt,
          answerers: ['honest'],
          record,
        },
        fixedClock('2026-11-29T00:00:00Z'),
      );
      record.finish();
    }
    const honest = await runAskEval(
      {
        evalCases: data.evalCases,
        adversarialCases: data.adversarial,
        rules: data.rules,
        prompt: data.prompt,
        answerers: ['honest'],
      },
      fixedClock('2026-11-29T00:00:00Z'),
    );
    const report = await run(data, dir);
    const replay = report.reports[0];
    expect(report.passed, renderEvalReport(report)).toBe(true);
    expect(replay?.replayMisses).toEqual([]);
    expect(replay?.evalTotal).toBe(data.evalCases.length);
    expect(replay?.adversarialTotal).toBe(data.adversarial.length);
    expect(replay?.evalAgreed).toBe(honest.reports[0]?.evalAgreed);
    expect(replay?.disagreements).toEqual(honest.reports[0]?.disagreements);
  });

  it('a changed prompt fails by name and scores nothing from the recording', async () => {
    const data = load();
    const doc = JSON.parse(read('prompts/ask-arbiter.json'));
    doc.system = [...doc.system, 'One more sentence.'];
    const changed = loadArbiterPrompt(doc);
    if (!changed.ok) throw new Error(changed.problem);
    const report = await run({ ...data, prompt: changed.prompt }, dir);
    const replay = report.reports[0];
    expect(report.passed).toBe(false);
    // Only the cases that never reach a model (floor, unreadable questions) are scored; every other is a miss.
    const scored = (replay?.evalTotal ?? 0) + (replay?.adversarialTotal ?? 0);
    expect(scored + (replay?.replayMisses?.length ?? 0)).toBe(
      data.evalCases.length + data.adversarial.length,
    );
    expect(replay?.replayMisses?.length).toBeGreaterThan(20);
    expect(replay?.replayMisses?.[0]).toMatchObject({ reason: 'changed' });
    expect(renderEvalReport(report)).toMatch(
      /recording `.*recorded-honest` does not match \d+ request\(s\) \(\d+ changed since recording/,
    );
  });

  it('a case the recording never saw is a miss, not a pass', async () => {
    const data = load();
    const first = data.adversarial[0];
    if (!first) throw new Error('no adversarial case');
    const report = await run(
      { ...data, evalCases: [], adversarial: [{ ...first, id: 'never-recorded' }] },
      dir,
    );
    expect(report.passed).toBe(false);
    expect(report.reports[0]?.replayMisses).toEqual([
      { label: 'adversarial/never-recorded', promptId: expect.any(String), reason: 'unrecorded' },
    ]);
  });
});
