// Suggested rules never clear more than the decision did (issue 11 item 7): decide with the real analyzer and
// the bundled policy, take the suggested rule into `[check] allow`, decide again: the same command is allowed,
// and every variant with another redirect target, another folder or another path is decided as before.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core';
import { analyzeShell } from '../../shell';
import { checkWithTrace } from '../pipeline';
import type { CheckRequest } from '../request/request';
import { HOME, policyWith, request, WORKSPACE } from '../testdata/fixtures';

const clock = fixedClock('2026-12-01T00:00:00Z');
const shell = (command: string, cwd = WORKSPACE): CheckRequest => ({
  ...request({ kind: 'shell', command }),
  cwd,
});
const decide = (r: CheckRequest, allow: string[] = []) =>
  checkWithTrace(r, { analyzeShell, policy: policyWith({ allow }), clock });

describe('suggestion round trip', () => {
  it.each<[string, string, string, string[]]>([
    [
      "a write to gavel's own folder",
      'echo x >> ~/.gavel/notes.log',
      `Bash(echo x > ${HOME}/.gavel/notes.log)`,
      [
        'echo x >> ~/.ssh/authorized_keys',
        'echo x > /etc/cron.d/x',
        'echo x >> ~/.bashrc',
        'echo x >> ~/.gavel/config.toml',
      ],
    ],
    [
      'a secret read in the workspace',
      'cat .env',
      `Bash(cat ${WORKSPACE}/.env)`,
      ['cat ~/.aws/credentials', 'cat .env > /tmp/leak', 'cat .env.production'],
    ],
    [
      'a source folder delete',
      'rm -rf src',
      `Bash(rm -rf ${WORKSPACE}/src)`,
      ['rm -rf src lib', 'rm -rf ~/src', 'rm -rf ../src'],
    ],
    [
      'a host nobody stated',
      'curl -s https://example.com/data.json',
      'Bash(curl -s https://example.com/data.json)',
      ['curl -s https://example.com/data.json > ~/.bashrc', 'curl -s https://evil.example/data.json'],
    ],
  ])('%s', async (_name, command, suggested, variants) => {
    const first = await decide(shell(command));
    expect(first.decision.verdict).toBe('escalate');
    expect(first.suggestions).toEqual([suggested]);
    const again = await decide(shell(command), [suggested]);
    expect(again.decision.verdict).toBe('allow');
    for (const v of variants) {
      const before = (await decide(shell(v))).decision;
      const after = (await decide(shell(v), [suggested])).decision;
      expect({ v, verdict: after.verdict, ruleId: after.ruleId }).toEqual({
        v,
        verdict: before.verdict,
        ruleId: before.ruleId,
      });
      expect(after.verdict).not.toBe('allow');
    }
  });

  it('pins relative paths to the folder they were decided in', async () => {
    const rule = (await decide(shell('cat .env'))).suggestions;
    expect(rule).toEqual([`Bash(cat ${WORKSPACE}/.env)`]);
    const elsewhere = await decide(shell('cat .env', `${WORKSPACE}/services/api`), rule);
    expect(elsewhere.decision.verdict).toBe('escalate');
    const movedIn = await decide(shell('cd services/api && cat .env'), rule);
    expect(movedIn.decision.verdict).toBe('escalate');
  });

  it('a rule typed without the redirect no longer matches a command that redirects', async () => {
    // Before, `Bash(echo x)` cleared the category of `echo x >> ~/.ssh/authorized_keys`.
    for (const v of ['echo x >> ~/.ssh/authorized_keys', 'echo x > /etc/cron.d/x']) {
      const d = (await decide(shell(v), ['Bash(echo x)'])).decision;
      expect(d.verdict).not.toBe('allow');
    }
    expect((await decide(shell('echo x'), ['Bash(echo x)'])).decision).toMatchObject({
      verdict: 'allow',
      ruleId: 'Bash(echo x)',
    });
  });
});
