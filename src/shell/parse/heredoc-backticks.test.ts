// tree-sitter-bash leaves backticks in an unquoted here-document as text; bash runs them as command
// substitutions when it reads the here-document.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { shellEnv } from '../testdata/shell-env';
import { loadShellParser } from './load-parser';

const analyze = (command: string) => analyzeShellSync(command, shellEnv());

beforeAll(async () => {
  await loadShellParser();
});

describe('backticks in an unquoted here-document', () => {
  it.each([
    ['alone on a line', 'cat <<EOF\n`rm -rf ~`\nEOF'],
    ['inside text', 'cat <<EOF > notes.md\nsee `rm -rf ~` here\nEOF'],
    ['in a stripped here-document', 'cat <<-EOF\n\t`rm -rf ~`\n\tEOF'],
  ])('run: %s', (_name, command) => {
    expect(analyze(command).hits.map((h) => h.category)).toContain('destructive_root_delete');
  });

  it('make the text a shell reads known only at run time', () => {
    const a = analyze('bash <<EOF\n`echo rm` -rf ~\nEOF');
    expect(a.uncertain.map((u) => u.code)).toContain('dynamic-script');
  });

  it.each([
    ['a quoted delimiter', "cat <<'EOF'\n`rm -rf ~`\nEOF"],
    ['an escaped backtick', 'cat <<EOF\n\\`rm -rf ~\\`\nEOF'],
  ])('stay text: %s', (_name, command) => {
    expect(analyze(command).hits).toEqual([]);
  });
});

describe('backticks tree-sitter leaves as text elsewhere', () => {
  it.each([
    ['in a default value', `echo \${x:-\`rm -rf ~\`}`],
    ['in a quoted default value', `echo "\${x:=\`rm -rf ~\`}"`],
    ['in a pattern', `echo \${x/\`rm -rf ~\`/}`],
    ['nested with escapes', 'echo `echo \\`rm -rf ~\\``'],
  ])('run: %s', (_name, command) => {
    expect(analyze(command).hits.map((h) => h.category)).toContain('destructive_root_delete');
  });
});

describe('substitutions tree-sitter leaves as text or skips', () => {
  it.each([
    ['a process substitution in a default value', `echo \${x:-a <(rm -rf ~)}`],
    ['a process substitution in a nested default', `echo \${x:-\${y:-<(rm -rf ~)}}`],
    ['a process substitution in a =~ pattern', '[[ x =~ <(rm -rf ~) ]]'],
    ['a substitution in a C-style for header', 'for ((i=$(rm -rf ~);i<0;i++)); do :; done'],
    ['backticks in a C-style for header', 'for ((i=`rm -rf ~`;i<0;i++)); do :; done'],
    ['a substitution in an array index', 'a[$(rm -rf ~)]=1'],
    ['backticks in an array index', 'a["`rm -rf ~`"]=1'],
  ])('run: %s', (_name, command) => {
    expect(analyze(command).hits.map((h) => h.category)).toContain('destructive_root_delete');
  });

  it('a single-quoted default stays text', () => {
    expect(analyze(`echo \${x:-'$(rm -rf ~)'}`).hits).toEqual([]);
  });
});
