// Seed 004's prompt and context knobs through assembleReview and reviewAction: appends, the override and its
// schema, recent decisions, mixed conversation turns, the unlimited token budget, and contention.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, sha256Hex } from '../../core';
import { bundledCatalog, createModelRunner } from '../../model';
import { scriptedClient } from '../../model/testing/scripted-client';
import { assembleReview, SCHEMA_PLACEHOLDER } from './assemble-prompt';
import { type BreakerStore, openBreakerStore } from './circuit-breaker';
import { type ReviewDeps, reviewAction } from './review-action';
import { DEFAULT_REVIEWER_POLICY, type PromptCustom, type ReviewerRequest } from './review-input';
import { bundledReviewerPrompt } from './reviewer-prompt';

const prompt = bundledReviewerPrompt();
const SUBJECT = 'b'.repeat(64);
const input = (over: Partial<ReviewerRequest> = {}): ReviewerRequest => ({
  session: 's',
  tool: 'Bash',
  actionText: 'npm run lint -- --fix',
  categories: [],
  policyReason: 'no rule covers this command',
  policyVerdict: 'escalate',
  trusted: { userGoal: 'tidy the lint errors', userTurns: ['fix lint please', 'then run the tests'] },
  untrusted: [{ kind: 'tool_output', text: 'lint output' }],
  unattended: false,
  ...over,
});
const custom = (over: Partial<PromptCustom> = {}): PromptCustom => ({
  appends: [],
  projectAppends: [],
  ...over,
});

function assembled(i: ReviewerRequest, c?: PromptCustom, policy = DEFAULT_REVIEWER_POLICY) {
  const a = assembleReview(i, policy, prompt, c);
  if (!a.ok) throw new Error(a.problem);
  return a;
}

describe('prompt appends and override', () => {
  it('appends follow the posture in the system prompt, and change its sha256', () => {
    const plain = assembled(input());
    const a = assembled(input(), custom({ appends: ['Our CI host is ci.example.org.'] }));
    expect(a.request.system.startsWith(plain.request.system)).toBe(true);
    expect(a.request.system).toContain('## USER APPENDS (trusted)\nOur CI host is ci.example.org.');
    expect(a.promptSha256).toBe(sha256Hex(a.request.system));
    expect(a.promptSha256).not.toBe(plain.promptSha256);
  });

  it('project appends get their own label', () => {
    const a = assembled(input(), custom({ projectAppends: ['This repo deploys nothing.'] }));
    expect(a.request.system).toContain('## PROJECT APPENDS (trusted project)\nThis repo deploys nothing.');
  });

  it('an override replaces the system prompt and receives the response schema where it asks', () => {
    const a = assembled(
      input(),
      custom({ override: `Review the action. Answer with ${SCHEMA_PLACEHOLDER}.` }),
    );
    expect(a.request.system).toMatch(/^Review the action\. Answer with record_review: \{"type":"object"/);
    expect(a.request.system).not.toContain(prompt.system.slice(0, 40));
    expect(a.request.promptId).toBe(`check-reviewer-override@${a.promptSha256.slice(0, 12)}`);
    // The policy's reason stays in the user message, which no override reaches.
    expect(a.request.user).toContain(
      "## WHY THE RULES SENT THIS TO REVIEW (gavel's policy)\nno rule covers this command",
    );
  });

  it('an override that drops the response schema assembles nothing, as a config problem', () => {
    const a = assembleReview(
      input(),
      DEFAULT_REVIEWER_POLICY,
      prompt,
      custom({ override: 'Approve everything.' }),
    );
    expect(a).toEqual({
      ok: false,
      config: true,
      problem: 'the prompt override drops the response schema (`{{response_schema}}`)',
    });
  });
});

describe('recent context', () => {
  const recent = [
    {
      tool: 'shell',
      verdict: 'deny' as const,
      category: 'force_push',
      rule: 'category:force_push',
      subject: SUBJECT,
    },
    { tool: 'read', verdict: 'allow' as const, category: null, rule: null, subject: 'c'.repeat(64) },
  ];

  it('recent decisions are fenced as untrusted, as gavel tokens only', () => {
    const a = assembled(input({ recent }));
    expect(a.request.user).toContain(`<<<BEGIN UNTRUSTED recent_decisions ${a.marker}>>>`);
    expect(a.request.user).toContain('shell deny category=force_push rule=category:force_push');
    expect(a.request.user).toContain('read allow category=none rule=none');
    expect(a.request.user).not.toContain(SUBJECT);
  });

  it('minimal mode sends neither recent decisions nor conversation', () => {
    const a = assembled(
      input({ recent, conversation: [{ role: 'assistant', text: 'I will push now' }] }),
      undefined,
      { ...DEFAULT_REVIEWER_POLICY, contextMode: 'minimal' },
    );
    expect(a.request.user).not.toContain('recent_decisions');
    expect(a.request.user).not.toContain('I will push now');
  });

  it('conversation turns are capped, untrusted, and leave out user turns already sent as trusted', () => {
    const conversation = [
      { role: 'user' as const, text: 'oldest turn' },
      { role: 'assistant' as const, text: 'sure' },
      { role: 'user' as const, text: 'fix lint please' },
      { role: 'assistant' as const, text: 'running eslint' },
    ];
    const a = assembled(input({ conversation }), undefined, {
      ...DEFAULT_REVIEWER_POLICY,
      conversationTurns: 2,
    });
    expect(a.request.user).toContain(`<<<BEGIN UNTRUSTED conversation_turn ${a.marker}>>>\nassistant: sure`);
    expect(a.request.user).toContain('assistant: running eslint');
    expect(a.request.user).not.toContain('user: fix lint please');
    expect(a.request.user).not.toContain('oldest turn');
    expect(a.request.user).toContain('[1] fix lint please');
  });

  it('conversation turns are redacted and cut: a pasted key never reaches the model', () => {
    const key = `ghp_${'A'.repeat(36)}`;
    const conversation = [
      { role: 'assistant' as const, text: `the token is ${key}` },
      { role: 'user' as const, text: 'y'.repeat(10_000) },
    ];
    const a = assembled(input({ conversation }));
    expect(a.request.user).not.toContain(key);
    expect(a.request.user).toContain('assistant: the token is [redacted:github-token]');
    expect(a.request.user).not.toContain('y'.repeat(2_001));
  });

  it('with no token budget nothing is cut or left out', () => {
    const big = 'x'.repeat(200_000);
    const a = assembled(input({ untrusted: [{ kind: 'tool_output', text: big }] }));
    expect(DEFAULT_REVIEWER_POLICY.tokenBudget).toBeNull();
    expect(a.omitted).toBe(0);
    expect(a.request.user).toContain(big);
    expect(a.request.user).not.toContain('[cut: token budget]');
  });

  it('a budget windows the oldest context out first', () => {
    const old = 'o'.repeat(30_000);
    const a = assembled(
      input({
        untrusted: [
          { kind: 'tool_output', text: old },
          { kind: 'tool_output', text: 'newest output' },
        ],
      }),
      undefined,
      { ...DEFAULT_REVIEWER_POLICY, tokenBudget: 3_000 },
    );
    expect(a.request.user).toContain('newest output');
    expect(a.request.user).toContain('[cut: token budget]');
    expect(a.request.user).not.toContain(old);
  });

  it('counts contention: earlier non-allows of the same subject', () => {
    expect(assembled(input({ recent, subjectSha256: SUBJECT })).contention).toBe(1);
    expect(assembled(input({ recent, subjectSha256: 'c'.repeat(64) })).contention).toBe(0);
    expect(assembled(input({ recent })).contention).toBe(0);
  });
});

describe('reviewAction with the knobs', () => {
  let dir: string;
  let breaker: BreakerStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gavel-knobs-'));
    breaker = openBreakerStore(join(dir, 'breaker.db'));
  });
  afterEach(() => {
    breaker.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function deps(replies: string[], over: Partial<ReviewDeps> = {}): ReviewDeps & { used: () => number } {
    const client = scriptedClient(replies);
    const clock = fixedClock('2026-11-29T00:00:00Z');
    const caps = { maxCalls: 10, maxTokens: 1_000_000, maxCostUsd: 1, maxCallTokens: 500_000 };
    const runner = createModelRunner({
      client,
      catalog: bundledCatalog(),
      clock,
      caps,
      concurrency: 1,
      rpm: 0,
    });
    return {
      runner,
      policy: DEFAULT_REVIEWER_POLICY,
      policyRef: { version: 1, sha256: 'a'.repeat(64) },
      prompt,
      breaker,
      clock,
      used: () => client.used(),
      ...over,
    };
  }
  const low = JSON.stringify({ risk: 'low', authorization: 'unknown', rationale: 'facts', goal_quote: null });
  const recent = [
    { tool: 'shell', verdict: 'deny' as const, category: null, rule: 'no-rule', subject: SUBJECT },
  ];

  it('an override without the schema escalates with config-invalid and asks no model', async () => {
    const d = deps([low], { custom: custom({ override: 'Say yes.' }) });
    const out = await reviewAction(input(), d);
    expect(out.decision).toMatchObject({ verdict: 'escalate', basis: 'config-invalid' });
    expect(d.used()).toBe(0);
  });

  it('unattended, the same override denies', async () => {
    const out = await reviewAction(
      input({ unattended: true }),
      deps([low], { custom: custom({ override: 'x' }) }),
    );
    expect(out.decision).toMatchObject({ verdict: 'deny', basis: 'config-invalid' });
  });

  it('the decision carries the sha256 of the system prompt sent', async () => {
    const c = custom({ appends: ['be brief'] });
    const out = await reviewAction(input(), deps([low], { custom: c }));
    const a = assembled(input(), c);
    expect(out.decision.model?.promptSha256).toBe(a.promptSha256);
    expect(out.record.promptSha256).toBe(a.promptSha256);
  });

  it.each([
    ['record (default): contention is recorded, the model still decides', 'record', 'allow', 'model'],
    [
      'escalate-after-model: the model is asked, then its allow escalates',
      'escalate-after-model',
      'escalate',
      'rule',
    ],
  ] as const)('%s', async (_name, escalation, verdict, basis) => {
    const d = deps([low], { policy: { ...DEFAULT_REVIEWER_POLICY, escalation } });
    const out = await reviewAction(input({ recent, subjectSha256: SUBJECT }), d);
    expect(d.used()).toBe(1);
    expect(out.record.contention).toBe(1);
    expect(out.decision).toMatchObject({ verdict, basis });
  });
});
