import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../core';
import { projectSandbox, runMain } from '../fake-context.testkit';

async function explain(command: string) {
  const { project, home } = projectSandbox('gavel-explain-');
  return runMain(['explain', command], {
    cwd: project,
    env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_STATE_HOME: join(home, '.state') },
  });
}

describe('gavel explain shows the command as given', () => {
  it.each([
    ['double quotes kept', 'echo "rm -rf /"', "  [1] echo 'rm -rf /'"],
    ['an argument with a quote', `printf '%s' "it's"`, `  [1] printf %s 'it'\\''s'`],
    ['plain words stay plain', 'git status --short', '  [1] git status --short'],
  ])('%s', async (_name, command, segment) => {
    const got = await explain(command);
    expect(got.code).toBe(EXIT.ok);
    const lines = got.out.split('\n');
    expect(lines[0]).toBe(`command: ${command}`);
    expect(lines).toContain(segment);
  });
});
