// PYTHONPATH puts a folder before the standard library: a start-up hook or a module named like one Python imports
// there runs in place of Python's own (review 17). Real files in a temp folder, read as the runtime reads them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject;
beforeAll(async () => {
  await loadShellParser();
  p = diskProject('gavel-python-path-');
  p.write({
    'src/app/__init__.py': '',
    'sc/sitecustomize.py': 'import os\n',
    'evil/json.py': 'import os\n',
    'mod/pytest.py': 'import os\n',
    'lib.zip': 'PK\u0003\u0004',
    'backend/brindle_build.py': 'import os\n',
    'backend/hooks/__init__.py': '',
    'native/hook.cpython-311-x86_64-linux-gnu.so': '\u007fELF',
    'codecs/encodings/__init__.py': 'import os\n',
  });
});
afterAll(() => p.remove());

const codes = (command: string) => analyzeShellSync(command, p.env(p.root)).uncertain.map((u) => u.code);

describe('a folder on PYTHONPATH that replaces what Python imports', () => {
  it.each([
    ['a start-up hook', 'PYTHONPATH=sc pip --version'],
    ['a standard-library module', 'PYTHONPATH=evil python3 -m json.tool x.json'],
    ['the module -m runs', 'PYTHONPATH=mod python3 -m pytest -q'],
    ['one folder of several', 'PYTHONPATH=src:sc pytest'],
    ['a folder named at run time', 'PYTHONPATH=$D pytest'],
    ['an archive', 'PYTHONPATH=lib.zip python3 -m json.tool x.json'],
    ['exported earlier in the line', 'export PYTHONPATH=sc; pip --version'],
    ['set earlier in the line', 'PYTHONPATH=evil && python3 -m json.tool x.json'],
    // Round 31 (blind): inline code importing a module the folder holds runs that module.
    ['a module inline code imports', "PYTHONPATH=backend python3 -c 'import brindle_build'"],
    ['a package inline code imports from', "PYTHONPATH=backend python3 -c 'from hooks import x; print(x)'"],
    ['one of several imports', "PYTHONPATH=backend python3 -c 'import sys, brindle_build as b'"],
    // Review of this session: a native extension; the codecs package imported at start-up.
    ['a native extension inline code imports', "PYTHONPATH=native python3 -c 'import hook'"],
    ['an encodings package', "PYTHONPATH=codecs python3 -c 'print(1)'"],
    ['-S still imports the codecs', "PYTHONPATH=codecs python3 -S -c 'print(1)'"],
  ])('uncertain: %s', (_n, command) => {
    expect(codes(command)).toContain('dynamic-script');
  });

  it.each([
    ['a source folder of packages', 'PYTHONPATH=src python3 -m pytest -q'],
    ['a folder that is not there', 'PYTHONPATH=lib pytest'],
    ['a source folder exported earlier', 'export PYTHONPATH=src && pytest -q'],
    // Measured with CPython 3.11 (round 33): -I and -E ignore PYTHONPATH, --version imports nothing, -S imports no
    // sitecustomize.
    ['-I ignores it', "PYTHONPATH=backend python3 -I -c 'from hooks import x; print(x)'"],
    ['-E ignores it', "PYTHONPATH=sc python3 -E -c 'print(1)'"],
    ['--version imports nothing', 'PYTHONPATH=codecs python3 -V'],
    ['-S imports no sitecustomize', "PYTHONPATH=sc python3 -S -c 'print(1)'"],
    [
      'inline code importing what the folder does not hold',
      "PYTHONPATH=backend python3 -c 'import sys; print(sys.path)'",
    ],
  ])('quiet: %s', (_n, command) => {
    expect(codes(command)).toEqual([]);
  });
});
