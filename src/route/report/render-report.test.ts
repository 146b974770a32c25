// Golden files of the text and Markdown reports; refresh with UPDATE_GOLDEN=1 after a deliberate change.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RouteInput } from '../route-change';
import { routeChange } from '../route-change';
import { facts, file, shippedPolicy } from '../testdata/policy';
import { renderMarkdown } from './render-markdown';
import { renderText } from './render-text';

const GOLDEN = join(import.meta.dirname, '..', 'testdata', 'golden');
const member = {
  login: 'mae',
  association: 'MEMBER' as const,
  title: 't',
  body: '',
  labels: [],
  requestedReviewers: [],
};

const CASES: [string, RouteInput][] = [
  [
    'approve-docs',
    { facts: facts({ files: [file('README.md')] }), pr: member, review: { findings: [], challenges: [] } },
  ],
  [
    'flag-unsure-author',
    {
      facts: facts({
        files: [file('src/app.ts', 6), file('test/app.test.ts', 2)],
        commits: [{ sha: 'c0ffee0000', message: 'WIP: not sure' }],
      }),
      pr: { ...member, body: 'I think it works | <b>really</b> @someone' },
      review: {
        findings: [
          {
            id: 'F-1',
            severity: 'medium',
            confidence: 0.7,
            category: 'correctness',
            path: 'src/app.ts',
            line: 3,
          },
        ],
        challenges: [],
      },
    },
  ],
  [
    'escalate-guarded-and-submodule',
    {
      facts: facts({
        files: [file('src/crypto/aes.ts', 12), file('docs/guide.md', 2)],
        submodules: [
          {
            path: 'vendor/lib',
            oldCommit: '1'.repeat(40),
            newCommit: '2'.repeat(40),
            uninspectable: 'the submodule is not checked out',
          },
        ],
        codeowners: { file: '.github/CODEOWNERS', text: '/src/crypto/ @acme/security\n' },
      }),
      pr: { ...member, association: 'FIRST_TIME_CONTRIBUTOR' },
      review: {
        findings: [
          { id: 'F-2', severity: 'high', confidence: 0.4, category: 'security', path: 'docs/guide.md' },
        ],
        challenges: [{ finding: 'F-2', reviewer: 'challenger', stance: 'disputed' }],
      },
    },
  ],
];

describe('route reports', () => {
  const policy = shippedPolicy();
  it.each(
    CASES.flatMap(([name, input]) => [
      [`${name}.txt`, input, renderText] as const,
      [`${name}.md`, input, renderMarkdown] as const,
    ]),
  )('%s matches its golden file', (name, input, render) => {
    const text = render(routeChange(input, policy));
    const path = join(GOLDEN, name);
    if (process.env.UPDATE_GOLDEN === '1') {
      mkdirSync(GOLDEN, { recursive: true });
      writeFileSync(path, text);
    }
    expect(text).toBe(readFileSync(path, 'utf8'));
  });
});

describe('the text report says each thing once', () => {
  const policy = shippedPolicy({ notify: [] });
  const r = routeChange(
    {
      facts: facts({ files: [file('src/auth/login.ts'), file('test/login.test.ts')] }),
      pr: member,
      review: { findings: [], challenges: [] },
    },
    policy,
  );
  const text = renderText(r);

  it("prints the rest's why once, in the reason, and no `why:` line repeating it", () => {
    expect(r.outcome).toBe('escalate');
    expect(text).toContain('reason: escalate to a person: risk');
    expect(text).not.toMatch(/^why: /m);
  });

  it('prints no negative zero in the confidence column', () => {
    expect(text).not.toContain('-0.00');
    expect(renderMarkdown(r)).not.toContain('\u22120.00');
  });
});
