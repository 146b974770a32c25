// Where `cd` and `pushd` move, as bash reads their options: the folder later paths resolve against.
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../analyze-shell';
import { shellEnv } from '../testdata/shell-env';

const env = shellEnv();
const deleted = async (command: string) => {
  const a = await analyzeShell(command, env);
  const rm = a.segments.find((s) => s.program === 'rm');
  return {
    path: rm?.paths.map((p) => p.resolved)[0],
    categories: a.hits.map((h) => h.category),
    uncertain: a.uncertain.map((u) => u.code),
  };
};

describe('cd and pushd move where bash moves', () => {
  it.each([
    ['a plain folder', 'cd /opt/app && rm -rf data'],
    ['`--` before the folder', 'cd -- /opt/app && rm -rf data'],
    ['-P', 'cd -P /opt/app && rm -rf data'],
    ['-L and -e together', 'cd -Le /opt/app && rm -rf data'],
    ['-P then --', 'cd -P -- /opt/app && rm -rf data'],
    ['pushd -n', 'pushd -n /opt/app && rm -rf data'],
  ])('%s: the delete is outside the workspace', async (_name, command) => {
    const r = await deleted(command);
    expect(r.path).toBe('/opt/app/data');
    expect(r.categories).toContain('recursive_delete_outside_workspace');
  });

  it.each([
    ['the previous folder', 'cd - && rm -rf data'],
    ['a stack index', 'pushd +1 && rm -rf data'],
    ["pushd's swap", 'pushd && rm -rf data'],
    ['an unknown option', 'cd -x /opt/app && rm -rf data'],
  ])('%s: where it is is unknown', async (_name, command) => {
    const r = await deleted(command);
    expect(r.uncertain).toContain('dynamic-path');
  });

  it('a folder named `-x` after `--` is that folder', async () => {
    const r = await deleted('cd -- -x && rm -rf data');
    expect(r.path).toMatch(/\/-x\/data$/);
  });
});
