// Rules never clear more than the user wrote: a wildcard rule of the user's config allows the words it matches,
// never a category found on a file it does not name (a redirect, `-fprint`, `tee` or `cp` destination), nor a
// scope a redirect target leaves.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core';
import { analyzeShell } from '../../shell';
import { checkWithTrace } from '../pipeline';
import { policyWith, request } from '../testdata/fixtures';

const RULES = ['Bash(echo:*)', 'Bash(find:*)', 'Bash(tee:*)', 'Bash(cp:*)', 'Bash(cat:*)', 'Bash(sed:*)'];
const deps = {
  analyzeShell,
  policy: policyWith({ allow: RULES }),
  clock: fixedClock('2026-12-02T00:00:00Z'),
};
const verdict = async (command: string) =>
  (await checkWithTrace(request({ kind: 'shell', command }), deps)).decision.verdict;

describe('a wildcard rule does not cover a file it does not name', () => {
  it.each<[string, string]>([
    ['find -fprint to a start-up file', 'find / -maxdepth 0 -fprint ~/.bashrc'],
    ['find -fprintf to a start-up file', "find . -fprintf ~/.profile '%p'"],
    ['find -fprint outside every scope', 'find . -fprint /etc/cron.d/x'],
    ['a redirect to authorized keys', 'echo x >> ~/.ssh/authorized_keys'],
    ['a redirect to a system path', 'echo x > /etc/x'],
    ['a redirect of a read outside the workspace', 'cat README.md > /etc/motd'],
    ['tee to a start-up file', 'tee -a ~/.bashrc'],
    ['cp to a start-up file', 'cp x ~/.zshrc'],
  ])('%s: %s', async (_name, command) => {
    expect(await verdict(command)).not.toBe('allow');
  });
});

describe('the words a wildcard rule matches stay allowed', () => {
  it.each<[string, string]>([
    ['echo', 'echo hello'],
    ['echo into the workspace', 'echo x > notes.txt'],
    ['find in the workspace', "find . -name '*.ts'"],
    ['find -fprint into temp space', 'find . -fprint /tmp/list.txt'],
    ['cat of a file outside the workspace (a word of the rule)', 'cat /etc/hosts'],
    ['cp inside the workspace', 'cp a.txt b.txt'],
  ])('%s: %s', async (_name, command) => {
    expect(await verdict(command)).toBe('allow');
  });
});
