import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Language, Parser } from 'web-tree-sitter';
import { seededRandom } from '../testdata/seeded-random';
import { locateWasm } from './load-parser';
import { plainTree } from './plain-tree';
import type { SyntaxNode } from './syntax-node';

let parser: Parser;
let fields: string[];
beforeAll(async () => {
  const files = locateWasm();
  await Parser.init({ wasmBinary: readFileSync(files.parser) });
  const bash = await Language.load(readFileSync(files.bash));
  parser = new Parser();
  parser.setLanguage(bash);
  fields = bash.fields.filter((f): f is string => typeof f === 'string');
});

/** Where a node sits, for matching a field's answer in one tree with the other's. */
function at(n: SyntaxNode | null): string {
  return n === null ? 'null' : `${n.type}@${n.startIndex}-${n.endIndex}`;
}

/** The first difference between tree-sitter's node and its copy, or undefined. */
function differs(theirs: SyntaxNode, mine: SyntaxNode, path = 'root'): string | undefined {
  for (const key of ['type', 'isNamed', 'startIndex', 'endIndex', 'text'] as const)
    if (theirs[key] !== mine[key]) return `${path}.${key}: ${String(theirs[key])} != ${String(mine[key])}`;
  const named = [theirs.namedChildren.map(at).join(' '), mine.namedChildren.map(at).join(' ')];
  if (named[0] !== named[1]) return `${path}.namedChildren: ${named[0]} != ${named[1]}`;
  for (const f of fields) {
    const one = [at(theirs.childForFieldName(f)), at(mine.childForFieldName(f))];
    if (one[0] !== one[1]) return `${path}.childForFieldName(${f}): ${one[0]} != ${one[1]}`;
    const all = [
      theirs.childrenForFieldName(f).map(at).join(' '),
      mine.childrenForFieldName(f).map(at).join(' '),
    ];
    if (all[0] !== all[1]) return `${path}.childrenForFieldName(${f}): ${all[0]} != ${all[1]}`;
  }
  if (theirs.children.length !== mine.children.length) return `${path}.children.length`;
  for (let i = 0; i < theirs.children.length; i++) {
    const [t, m] = [theirs.children[i], mine.children[i]];
    if (!t || !m) return `${path}.children[${i}]: null`;
    const d = differs(t, m, `${path}/${t.type}[${i}]`);
    if (d) return d;
  }
  return undefined;
}

/** Parses `command` both ways; the first difference, prefixed by the command, or undefined. */
function compare(command: string): string | undefined {
  const tree = parser.parse(command);
  if (!tree) return `${JSON.stringify(command)}: no tree`;
  try {
    const copy = plainTree(tree, command);
    const root = copy.rootNode;
    if (root.hasError !== tree.rootNode.hasError) return `${JSON.stringify(command)}: hasError`;
    if (root.descendantCount !== tree.rootNode.descendantCount)
      return `${JSON.stringify(command)}: descendantCount`;
    const d = differs(tree.rootNode as unknown as SyntaxNode, root);
    return d === undefined ? undefined : `${JSON.stringify(command)}: ${d}`;
  } finally {
    tree.delete();
  }
}

function corpusCommands(): string[] {
  const repo = resolve(import.meta.dirname, '../../..');
  const out: string[] = [];
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('.json'))
        for (const c of JSON.parse(readFileSync(p, 'utf8')) as { command?: unknown }[])
          if (typeof c?.command === 'string') out.push(c.command);
    }
  };
  walk(join(repo, 'eval/corpora/check'));
  walk(resolve(repo, '../shared/corpora/shell'));
  return out;
}

describe('the plain copy of a tree-sitter tree', () => {
  it.each([
    ['a plain command', 'git status'],
    ['empty text', ''],
    ['blanks only', '   '],
    ['a here-document', "cat <<'EOF' > f\nrm -rf ~\nEOF\necho done"],
    ['nested substitutions', 'echo "$(ls $(pwd)/`id -u`)" <(cat x) >(wc -l)'],
    [
      'a function, a case and a loop',
      'f(){ for x in a b; do case $x in a) rm "$x";; *) :;; esac; done; }; f',
    ],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text
    ['test, arithmetic and subscripts', '[[ -n ${a[$(id)]:-x} ]] && (( i += 2 )) || let "x=1"'],
    ['declarations and redirects', 'declare -A m=([k]=v); export X=1 Y; 2>&1 >/dev/null cmd &>>log'],
    ['a parse error', 'if then fi (( ) "unterminated'],
    ['missing tokens', 'echo $( ls'],
    ['non-ASCII text', "echo 'héllo 😀' > 你好.txt"],
    ['deep nesting', `${'('.repeat(300)}ls${')'.repeat(300)}`],
  ])('answers as tree-sitter does: %s', (_name, command) => {
    expect(compare(command)).toBeUndefined();
  });

  it('answers as tree-sitter does on every corpus command', () => {
    const commands = corpusCommands();
    expect(commands.length).toBeGreaterThan(500);
    const wrong = commands.map(compare).filter((d) => d !== undefined);
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('answers as tree-sitter does on random text (seeded), parse errors included', () => {
    const next = seededRandom(2211);
    const ALPHABET = [
      ...'ab1-="\'$X_#><&|;\n\t:/.~*?%@,+^(){}[]`\\é',
      '😀',
      ' ',
      'ls ',
      'if ',
      'fi',
      '<<E\n',
      '$(',
      '${',
    ];
    const wrong: string[] = [];
    for (let k = 0; k < 10000; k++) {
      let c = '';
      const n = 1 + Math.floor(next() * 24);
      for (let i = 0; i < n; i++) c += ALPHABET[Math.floor(next() * ALPHABET.length)];
      const d = compare(c);
      if (d) wrong.push(d);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
