// xargs' argument file (`-a FILE`, `--arg-file=FILE`): xargs reads FILE, whose words become the command's
// arguments; the file is a read of the command (a secret file a secret read), never its standard input.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const analysis = (command: string) => analyzeShellSync(command, shellEnv());
const reads = (command: string) =>
  analysis(command)
    .segments.flatMap((s) => s.paths)
    .filter((p) => p.role === 'read')
    .map((p) => ({ path: p.resolved ?? p.raw, class: p.class }));

beforeAll(async () => {
  await loadShellParser();
});

describe('the argument file is read by the command xargs runs', () => {
  it.each<[string, string, string]>([
    ['-a FILE', 'xargs -a ~/.ssh/id_rsa echo', '/home/u/.ssh/id_rsa'],
    ['-aFILE', 'xargs -a.env cat', '/home/u/proj/.env'],
    ['--arg-file=FILE', 'xargs --arg-file=/home/u/.aws/credentials echo', '/home/u/.aws/credentials'],
    ['--arg-file FILE', 'xargs --arg-file .env wc -l', '/home/u/proj/.env'],
    ['after other options', 'xargs -0 -n1 -a ~/.netrc echo', '/home/u/.netrc'],
  ])('%s', (_n, command, path) => {
    expect(reads(command)).toContainEqual({ path, class: 'sensitive' });
  });

  it('a workspace list is a workspace read; the words it supplies stay run-time words', () => {
    const a = analysis('xargs -a files.txt wc -l');
    expect(reads('xargs -a files.txt wc -l')).toContainEqual({
      path: '/home/u/proj/files.txt',
      class: 'workspace',
    });
    expect(a.segments.at(-1)?.argv.at(-1)).toBe('$\u2026');
  });

  it('the file is not the standard input of a shell xargs runs', () => {
    // `xargs -a cmds sh` runs the files cmds names: sh is given run-time words, never the file as a script.
    const a = analysis('xargs -a cmds.txt sh');
    expect(a.segments.some((s) => s.context === 'stdin-script')).toBe(false);
  });
});
