// Python inline code opening files by a literal name: which files, read or written, and which names stand for a
// literal (bound once at the top and nowhere else). Pure; the paths are judged by workspace-programs.test.ts.
import { describe, expect, it } from 'vitest';
import { openedFiles } from './inline-files';

const files = (code: string) => openedFiles(code)?.files.map((f) => `${f.role} ${f.path}`);
/** Is an `open` or `Path` left in the code for the scan to refuse? */
const leftOpen = (code: string) => /\b(open|Path)\b/.test(openedFiles(code)?.code ?? 'open');

describe('files opened by a literal name', () => {
  it.each([
    ['a read', "print(open('a.json').read())", ['read a.json']],
    ['a binary read mode', "open('a.bin', 'rb').read()", ['read a.bin']],
    ['a write mode', "open('a.txt', 'w').write('x')", ['write a.txt']],
    ['an append mode by keyword', "open('a.txt', mode='a', encoding='utf-8').write('x')", ['write a.txt']],
    ['a read-write mode', "open('a.txt', 'r+')", ['write a.txt']],
    [
      'pathlib reads and writes',
      "from pathlib import Path\nPath('a').write_text(Path('b').read_text())",
      ['read b', 'write a'],
    ],
    [
      'a name bound to a literal',
      "p = 'a.txt'\nwith open(p) as f:\n    s = f.read()\nopen(p, 'w').write(s)",
      ['read a.txt', 'write a.txt'],
    ],
    [
      'a name bound to a Path',
      "import pathlib\np = pathlib.Path('a.txt')\np.write_text(p.read_text())",
      ['read a.txt', 'write a.txt'],
    ],
  ])('%s', (_n, code, expected) => {
    expect(files(code)?.sort()).toEqual([...expected].sort());
    expect(leftOpen(code)).toBe(false);
  });

  it.each([
    ['a computed path', "open('a' + 'b', 'w')"],
    ['a formatted path', "open(f'{x}.txt', 'w')"],
    ['an escape in the path', "open('a\\x2e', 'w')"],
    ['an unknown keyword', "open('a', 'w', opener=o)"],
    ['a mode that is not a literal', "open('a', m)"],
    ['a name bound twice at the top', "p = 'a'\np = '/etc/x'\nopen(p, 'w')"],
    ['a name bound by a loop', "p = 'a'\nfor p in x:\n    open(p, 'w')"],
    ['a name bound by with', "p = 'a'\nwith x as p:\n    open(p, 'w')"],
    ['a name bound by except', "p = 'a'\ntry:\n    pass\nexcept E as p:\n    open(p, 'w')"],
    ['a name bound by unpacking', "p = 'a'\nq, p = 1, 2\nopen(p, 'w')"],
    ['a name bound by a starred target', "p = 'a'\nq, *p = x\nopen(p, 'w')"],
    ['a name bound by walrus', "p = 'a'\nif (p := x):\n    open(p, 'w')"],
    ['a name augmented', "p = 'a'\np += x\nopen(p, 'w')"],
    ['a name annotated', "p = 'a'\np: str = x\nopen(p, 'w')"],
    ['a name bound by a subscript target', "p = 'a'\nd[p] = p = x\nopen(p, 'w')"],
    ['a name as a parameter', "p = 'a'\ndef f(p):\n    open(p, 'w')"],
    ['a name as a lambda parameter', "p = 'a'\nf = lambda p: open(p, 'w')"],
    ['a name imported', "p = 'a'\nfrom x import y as p\nopen(p, 'w')"],
    ['a name declared global', "p = 'a'\ndef f():\n    global p\n    p = x\nopen(p, 'w')"],
    ['a name bound in an indented block', "p = 'a'\nif c:\n    p = x\nopen(p, 'w')"],
    ['a name bound by a comprehension', "p = 'a'\n[open(p, 'w') for p in x]"],
    ['a name captured by a case', "p = 'a'\nmatch x:\n    case p:\n        open(p, 'w')"],
    ['a name bound after a semicolon', "p = 'a'\nx = 1; p = y\nopen(p, 'w')"],
    [
      'a Path name used for more than reading and writing',
      "from pathlib import Path\np = Path('a')\nprint(p.parent)\np.write_text('x')",
    ],
    // The final review (round 19): a rebinding split over lines, which no one-line pattern sees.
    ['a parameter on a line of its own', "path = 'a'\ndef put(a,\n        path):\n    open(path, 'w')"],
    ['an unpacking target on a line of its own', "path = 'a'\n[a,\n path\n] = x\nopen(path, 'a')"],
    [
      'a loop target on a line of its own',
      "path = 'a'\nfor (n,\n     path) in x:\n    print(open(path).read())",
    ],
    ['a name handed to other code', "p = 'a'\nf(p)\nopen(p, 'w')"],
    ['a Path import naming more', "from pathlib import Path, PurePath\nPath('a').write_text('x')"],
  ])('left for the scan: %s', (_n, code) => {
    expect(leftOpen(code)).toBe(true);
  });

  it('refuses more opened files than a small program opens', () => {
    const code = Array.from({ length: 9 }, (_, k) => `open('f${k}').read()`).join('\n');
    expect(openedFiles(code)).toBeUndefined();
  });
});
