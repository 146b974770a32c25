/**
 * The arbiter eval as a test: both corpora, the bundled rules, every answerer (rules evaluator,
 * honest scripted model, each lying scripted model, each adversarial case's own reply).
 */

import { readFileSync } from 'node:fs';
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
