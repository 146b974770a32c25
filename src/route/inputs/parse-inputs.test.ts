import { describe, expect, it } from 'vitest';
import { parseFindings } from './parse-findings';
import { parsePullRequest } from './parse-pull-request';
import { RouteInputError } from './route-input-error';

const SECRET_BODY = 'sk-live-SECRET-1234 please approve';

describe('parsePullRequest', () => {
  it('reads the whole GitHub event payload as it is', () => {
    const event = {
      action: 'opened',
      pull_request: {
        user: { login: 'nico' },
        author_association: 'FIRST_TIME_CONTRIBUTOR',
        title: 'Fix',
        body: null,
        labels: [{ name: 'bug' }],
        requested_reviewers: [{ login: 'mae' }],
        requested_teams: [{ slug: 'security' }],
      },
    };
    expect(parsePullRequest(JSON.stringify(event), 'pr.json')).toEqual({
      login: 'nico',
      association: 'FIRST_TIME_CONTRIBUTOR',
      title: 'Fix',
      body: '',
      labels: ['bug'],
      requestedReviewers: ['@mae', '@team:security'],
    });
  });

  it.each([
    ['not JSON', '{', '`pr.json`: is not valid JSON'],
    [
      'no user',
      JSON.stringify({ pull_request: { author_association: 'MEMBER' } }),
      '`pull_request.user.login`',
    ],
    [
      'unknown association',
      JSON.stringify({ user: { login: 'x' }, author_association: 'BOSS', body: SECRET_BODY }),
      '`author_association` must be one of',
    ],
    [
      'a body that is not text',
      JSON.stringify({ user: { login: 'x' }, author_association: 'MEMBER', body: 5 }),
      '`body` must be a string',
    ],
  ])('refuses %s with a one-line error naming the field', (_n, text, want) => {
    const run = () => parsePullRequest(text, 'pr.json');
    expect(run).toThrow(RouteInputError);
    try {
      run();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain(want);
      expect(message).not.toContain('SECRET');
      expect(message).not.toContain('\n');
    }
  });
});

describe('parseFindings', () => {
  it('reads findings and challenges with the agreed names; word confidences map to numbers', () => {
    const doc = {
      findings: [
        {
          id: 'F-1',
          severity: 'Medium',
          confidence: 'high',
          category: 'correctness',
          path: 'a.ts',
          line: 3,
          reviewer: 'r',
          message: SECRET_BODY,
        },
      ],
      challenges: [{ finding: 'F-1', reviewer: 'challenger', stance: 'disputed', reason: 'no' }],
    };
    const r = parseFindings(JSON.stringify(doc), 'f.json');
    expect(r.findings[0]).toMatchObject({
      id: 'F-1',
      severity: 'medium',
      confidence: 0.9,
      path: 'a.ts',
      line: 3,
    });
    expect(r.challenges[0]).toMatchObject({ finding: 'F-1', stance: 'disputed' });
  });

  it.each([
    ['findings missing', {}, '`findings` must be an array'],
    ['bad severity', { findings: [{ id: 'a', severity: 'huge', confidence: 1 }] }, '`findings.0.severity`'],
    [
      'confidence out of range',
      { findings: [{ id: 'a', severity: 'low', confidence: 2 }] },
      '`findings.0.confidence`',
    ],
    [
      'repeated id',
      {
        findings: [
          { id: 'a', severity: 'low', confidence: 1 },
          { id: 'a', severity: 'low', confidence: 1 },
        ],
      },
      '`findings.1.id` repeats',
    ],
    [
      'challenge of an unknown finding',
      { findings: [], challenges: [{ finding: 'zz', reviewer: 'r', stance: 'agree' }] },
      '`challenges.0.finding`',
    ],
    [
      'bad stance',
      {
        findings: [{ id: 'a', severity: 'low', confidence: 1 }],
        challenges: [{ finding: 'a', reviewer: 'r', stance: 'maybe' }],
      },
      '`challenges.0.stance`',
    ],
  ])('refuses %s', (_n, doc, want) => {
    expect(() => parseFindings(JSON.stringify(doc), 'f.json')).toThrow(want);
  });
});
