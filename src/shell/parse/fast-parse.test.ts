import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../testdata/seeded-random';
import { fastParse } from './fast-parse';
import { joinsLines } from './joined-lines';
import { loadShellParser, type ShellParser } from './load-parser';
import type { SyntaxNode } from './syntax-node';

/** A tree as an S-expression with field names, anonymous tokens and leaf texts: what the walker can see. */
function sx(node: SyntaxNode, field?: string): string {
  const kids = node.children.filter((c): c is SyntaxNode => c !== null);
  const fieldOf = (c: SyntaxNode): string | undefined => {
    for (const name of ['body', 'redirect', 'name', 'argument', 'value', 'descriptor', 'destination']) {
      if (node.childrenForFieldName(name).some((k) => k?.id === c.id)) return name;
    }
    return undefined;
  };
  const head = `${field ? `${field}:` : ''}${node.isNamed ? node.type : JSON.stringify(node.type)}`;
  const span = `@${node.startIndex}-${node.endIndex}`;
  if (kids.length === 0) return `(${head}${span} ${JSON.stringify(node.text)})`;
  return `(${head}${span} ${kids.map((c) => sx(c, fieldOf(c))).join(' ')})`;
}

let parser: ShellParser;
beforeAll(async () => {
  parser = await loadShellParser();
});

/** Whether the fast path declines, or accepts and gives tree-sitter's tree; else how the two differ. */
function compare(command: string): 'declined' | 'agrees' | string {
  const fast = fastParse(command);
  if (!fast) return 'declined';
  const tree = parser.parse(command);
  try {
    if (tree.rootNode.hasError) return `${JSON.stringify(command)}: tree-sitter finds an error`;
    // tree-sitter's known multi-line mis-parse (joined-lines.ts): there the fast path's tree is bash's, not its.
    if (joinsLines(tree.rootNode, command)) return 'declined';
    const [mine, theirs] = [sx(fast.rootNode), sx(tree.rootNode)];
    return mine === theirs ? 'agrees' : `${JSON.stringify(command)}:\n  fast ${mine}\n  tree ${theirs}`;
  } finally {
    tree.delete();
  }
}

/** Counts the accepted commands; every disagreement lands in `wrong`. */
function tally(commands: Iterable<string>): { accepted: number; wrong: string[] } {
  let accepted = 0;
  const wrong: string[] = [];
  for (const command of commands) {
    const r = compare(command);
    if (r === 'agrees') accepted++;
    else if (r !== 'declined') wrong.push(r);
  }
  return { accepted, wrong };
}

function agrees(command: string): boolean {
  const r = compare(command);
  expect(r).toBe('agrees');
  return true;
}

const ACCEPTED: Record<string, string> = {
  'list of two': 'git status && npm test',
  'pipeline with a hoisted redirect': 'ls -la | grep foo > out.txt 2>&1',
  'statements separated by ;': 'cd dir; rm -rf build',
  'double-quoted argument': 'echo "hello world" a',
  'single-quoted argument': "cat 'a b' x",
  'prefix assignment': 'FOO=1 npm test',
  'assignment alone': 'FOO=bar',
  'two assignments alone': 'A=1 B=two',
  'empty assignment before a command': 'X= y',
  'numbers and words': 'head -n 5 -0x1 0xff 1.5 12a f',
  'nested lists fold left': 'a && b || c && d',
  'pipeline of three': 'a | b | c',
  'redirect wraps the list before it': 'a && b > f',
  'redirect then pipe': 'a && b > f | c',
  'redirect inside a pipeline': 'a 2>&1 | b && c',
  'concatenated quotes': 'echo foo"bar"baz \'x\'y ""\'\'',
  'append and stdin redirects': 'x >>log <in 2>/dev/null &>/dev/null',
  'glob-like and punctuation words': 'x ./x ~/x *.txt a=b --opt=val @s/p u@h:p a,b +x %s ^a a:b - -- . .. ?b',
  'quoted command name': '"git" status',
  'keyword as an argument': 'echo if then done',
  'quoted assignment value': 'MSG="a b" git commit -m "fix: x"',
  'number command name': '5 a',
  'blanks around': '  git reset --hard  ',
  'non-ASCII inside quotes': `git commit -m "fix: naïve 😀 parse" && echo 'héllo'`,
  lines: 'git status\nnpm test\n',
  'a list continued on the next line': 'npm ci &&\n  npm test',
  'comment lines and a trailing comment': '# build\nnpm run build # quick\n\nls;',
  'variable expansions': 'rm -rf $BUILD "$OUT/x" a$B "x $Y" X=$Z',
};

const DECLINED: Record<string, string> = {
  'positional parameter': 'echo $1',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
  'braced expansion': 'echo ${HOME}',
  'blank-only text beside an expansion': 'echo "$A $B"',
  'hash glued to a word': 'echo a#b',
  'assignments alone then a newline': 'A=1 B=2\nls',
  'command substitution': 'echo $(whoami)',
  backticks: 'echo `whoami`',
  'backslash escape': 'echo a\\ b',
  'special parameter inside double quotes': 'echo "$@"',
  subshell: '(cd x && ls)',
  'brace group': '{ a; }',
  'brace expansion': 'echo {a,b}',
  'test brackets': '[ -f x ]',
  'here-doc': 'cat <<EOF\nx\nEOF',
  'here-string': 'cat <<< x',
  'process substitution': 'diff <(a) b',
  background: 'sleep 1 &',
  'comments alone': '# nothing',
  'leading operator': '&& ls',
  'dangling operator': 'ls &&',
  'redirect before the command': '> f ls',
  'word after a redirect': 'ls > f x',
  'export declaration': 'export A=1',
  'if keyword': 'if true; then x; fi',
  negation: '! false',
  'unterminated quote': 'echo "a',
  'non-ASCII outside quotes': 'echo héllo',
  'option that looks like an assignment in command position': '--x=1',
  'append assignment': 'a+=1 x',
  'duplicate fd to a word': 'x >& file',
  'pipe stderr': 'a |& b',
  'empty input': '',
  'hash in the command name': 'a#b x',
  'hash in an argument (a based number to tree-sitter)': 'echo 1#',
  'word opening with =': 'test a == b',
  'lone dash before a redirect': 'rm - 2> x',
  'dash as the command': '- x',
  'empty assignment glued to a pipe': 'Y=|x',
  'long pipeline opening a list': 'a | b | c && d',
  'colon command after an assignment': 'A=1 k:v',
  'at, percent or question mark in the command name': 'a@b x',
  'plus-colon in the command name': 'a+: x',
  'underscore assignment': '_=x y',
  'dollar-underscore': 'echo $_',
  'negative number glued to an expansion': 'ls $a-1',
  'operator-like text beside an expansion': 'x $a^b',
  'only blanks': '   ',
};

describe('the fast path gives tree-sitter-bash’s tree', () => {
  for (const [name, command] of Object.entries(ACCEPTED)) {
    it(`accepts and agrees: ${name}`, () => {
      expect(agrees(command)).toBe(true);
    });
  }
  for (const [name, command] of Object.entries(DECLINED)) {
    it(`declines: ${name}`, () => {
      expect(fastParse(command)).toBeUndefined();
    });
  }
});

const WORDS = [
  'git',
  'rm',
  '-rf',
  'status',
  '5',
  '-1',
  '0x1f',
  '10#7',
  'a=b',
  'X=1',
  'Y=',
  'Z="q r"',
  '"s t"',
  "'u v'",
  'w"x"',
  "'y'z",
  '""',
  "''",
  '~/p',
  '*.js',
  'a#b',
  'if',
  'done',
  'in',
  '--f=1',
  'k:v',
  '1a',
  'a1',
  '"1"2',
  'x"1"',
  '%',
  '@',
  'a:',
  ':b',
  '^c',
  ',d',
  '+e',
  '?f',
  '*g',
  '.h',
  '/i/j',
  '~',
  '-',
  'A_1=x:y',
  'B=~/q',
  'C=a"b"',
  "D='e'f",
  'E=-1',
  '=',
  '==',
  'a==b',
  '=x',
  'x=',
  '-x=1',
  '~root',
  '*',
  '::',
  '1.2.3',
  '0',
  '00',
  '1#',
  'x#',
  `"a"'b'c`,
  `'"'`,
  `"'"`,
  '""""',
  '1"2"',
  'F=1"2"',
  'G=""',
  "H=''",
  'I=x=y',
  'x,y=z',
  '$X',
  '"$X"',
  '"a $X"',
  '"$X b"',
  '"$X $Y"',
  'a$X',
  '$X/y',
  '"$X/y"',
  '"$X$Y"',
  '"  "',
  'J=$Y',
  'K="$Y z"',
  '$1',
  '"$"',
];
const OPERATORS = [
  ' && ',
  ' || ',
  ' | ',
  ' | ',
  '; ',
  '&&',
  '|',
  ' &&\n',
  '\n',
  ';\n',
  ' |\n ',
  '\n\n',
  ' # c\n',
  '; # c\n',
  '\n# c\n',
  '#c\n',
];
const REDIRECTS = [
  '> f',
  '2>&1',
  '>> g',
  '< h',
  '2>/dev/null',
  '>x',
  '&> j',
  '&>> k',
  '1>&2',
  '2> "e f"',
  "> 'g'",
];

describe('the fast path on generated commands', () => {
  it('agrees with tree-sitter on every generated command it accepts (seeded)', () => {
    const next = seededRandom(20261129);
    const pick = <T>(xs: T[]): T => xs[Math.floor(next() * xs.length)] as T;
    const some = (max: number, make: () => string): string[] =>
      Array.from({ length: Math.floor(next() * (max + 1)) }, make);
    const unit = (): string => {
      const words = [...some(1, () => pick(WORDS.filter((w) => /^[A-Z_]+=/.test(w)))), pick(WORDS)];
      words.push(...some(3, () => pick(WORDS)));
      if (next() < 0.3) words.push(...some(2, () => pick(REDIRECTS)));
      return words.join(' ');
    };
    const commands: string[] = [];
    for (let i = 0; i < 6000; i++) {
      let command = unit();
      for (let k = Math.floor(next() * 5); k > 0; k--) command += pick(OPERATORS) + unit();
      commands.push(pick(['', '', '', '# top\n', '\n']) + command + pick(['', '', '', ';', '\n', ' # end']));
    }
    const { accepted, wrong } = tally(commands);
    expect(wrong.slice(0, 8)).toEqual([]);
    // The generator mostly makes commands the fast path is for: most must be accepted, or it saves nothing.
    expect(accepted).toBeGreaterThan(1000);
  });

  it('agrees with tree-sitter on every corpus command it accepts', () => {
    const repo = resolve(import.meta.dirname, '../../..');
    const files = [
      join(repo, 'eval/corpora/check/team.json'),
      ...['dcg.json', 'safety-net.json'].map((f) => resolve(repo, '../shared/corpora/shell', f)),
    ].filter((f) => existsSync(f));
    const commands = files.flatMap((file) =>
      (JSON.parse(readFileSync(file, 'utf8')) as { command?: unknown }[])
        .map((c) => c.command)
        .filter((c): c is string => typeof c === 'string'),
    );
    const { accepted, wrong } = tally(commands);
    expect(wrong.slice(0, 8)).toEqual([]);
    expect(accepted).toBeGreaterThan(50);
  });
});

describe('the fast path on random text (seeded)', () => {
  it('agrees with tree-sitter on every random string it accepts', () => {
    const next = seededRandom(1129);
    const ALPHABET = [...'ab12-="\'$X_#><&|;\n\t:/.~*?%@,+^é', '😀', ' ', ' ', 'x=', 'ls ', 'git ', 'rm '];
    const commands = Array.from({ length: 30_000 }, () => {
      let c = '';
      for (let k = 1 + Math.floor(next() * 14); k > 0; k--)
        c += ALPHABET[Math.floor(next() * ALPHABET.length)];
      return c;
    });
    const { accepted, wrong } = tally(commands);
    expect(wrong.slice(0, 8)).toEqual([]);
    expect(accepted).toBeGreaterThan(3000);
  });
});
