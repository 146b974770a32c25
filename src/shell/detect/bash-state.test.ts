// Parser fidelity and bash state: shapes bash reads or acts on that a tree does not show — a backslash-newline
// inside a word, escaped substitutions in subscripts evaluated later, names remapped to other programs, prompt
// strings and callbacks bash runs, start-up code in the environment. Each is analysed as bash runs it or is
// uncertain; the benign twins stay as they were.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ShellAnalysis } from '../types';

const analyze = (command: string) => analyzeShellSync(command, shellEnv());
const categories = (a: ShellAnalysis) => [...new Set(a.hits.map((h) => h.category))].sort();
const codes = (a: ShellAnalysis) => [...new Set(a.uncertain.map((u) => u.code))].sort();
const allowedLike = (a: ShellAnalysis) => a.hits.length === 0 && a.uncertain.length === 0;

beforeAll(async () => {
  await loadShellParser();
});

describe('a word bash reads differently is analysed as bash reads it', () => {
  it.each<[string, string]>([
    ['a backslash-newline inside the program name', 'r\\\nm -rf ~'],
    ['after another command', 'echo x; r\\\nm -rf ~'],
    ['inside an argument', 'rm -rf \\\n~'],
    ['let with an escaped substitution in a subscript', 'let "a[\\$(rm -rf ~)]=1"'],
    ['arithmetic on a name holding an escaped subscript', 'x="a[\\$(rm -rf ~)]"; (( x ))'],
    ['test -v', 'test -v "a[\\$(rm -rf ~)]"'],
    ['printf -v with escaped backticks', 'printf -v "a[\\`rm -rf ~\\`]" x'],
    ['read into a subscript', 'read "a[\\$(rm -rf ~)]" < /dev/null'],
    ['declare -n', 'declare -n r="a[\\$(rm -rf ~)]"; echo $r'],
    ['mapfile -C callback', 'mapfile -C "rm -rf ~" -c 1 a < f'],
    ['readarray -C callback', 'readarray -C "rm -rf ~" a < f'],
    ['PS4 set for a traced shell', 'PS4="\\$(rm -rf ~)" bash -x -c true'],
    ['PS4 exported, then xtrace', "export PS4='$(rm -rf ~)'; set -x; true"],
    ['PROMPT_COMMAND', 'PROMPT_COMMAND="rm -rf ~" bash -i'],
  ])('%s', (_n, command) => {
    expect(categories(analyze(command))).toContain('destructive_root_delete');
  });
});

describe('bash state that remaps names or runs text later is uncertain', () => {
  it.each<[string, string, string]>([
    ['hash -p', 'hash -p /bin/rm ls; ls -rf ~', 'dynamic-command'],
    ['BASH_CMDS', 'BASH_CMDS[ls]=/bin/rm; ls -rf ~', 'dynamic-command'],
    ['BASH_ALIASES', 'shopt -s expand_aliases; BASH_ALIASES[ls]="rm -rf ~"; ls', 'dynamic-command'],
    ['BASH_ALIASES read into', 'read "BASH_ALIASES[ls]" < f; ls', 'dynamic-command'],
    [
      'an exported function in the environment',
      'env "BASH_FUNC_ls%%=() { rm -rf ~; }" bash -c ls',
      'dynamic-command',
    ],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
    ['${x@P}', 'x="\\$(rm -rf ~)"; echo ${x@P}', 'dynamic-script'],
    ['BASH_ENV exported', 'export BASH_ENV=./evil.sh; bash -c true', 'dynamic-command'],
    ['ENV through env', 'env ENV=./evil.sh sh -c true', 'dynamic-command'],
    ['enable -f', 'enable -f ./x.so foo', 'dynamic-command'],
    ['a prompt built at run time', 'PS4="$(cat f)" bash -x x.sh', 'dynamic-script'],
    ['a mapfile callback built at run time', 'mapfile -C "$cb" a < f', 'dynamic-script'],
  ])('%s', (_n, command, code) => {
    expect(codes(analyze(command))).toContain(code);
  });
});

describe('benign twins stay as they were', () => {
  it.each<[string, string]>([
    ['a continued line between words', 'ls -la \\\n  src'],
    ['a backslash-newline in single quotes', "echo 'a\\\nb'"],
    ['let without substitution', 'let "a[1]=2"'],
    ['mapfile without callback', 'mapfile -t lines < f'],
    ['hash -r', 'hash -r'],
    ['a plain PS4', "PS4='+ ' bash -x x.sh"],
    ['set -x is not an environment dump', 'set -x'],
    // Round 30: a wrapper script's `set --` sets positional parameters; its words are no files read.
    [
      'set -- with a value that looks like a path',
      'set -- "-Dorg.gradle.appname=$APP_BASE_NAME" -classpath "$CP" Main',
    ],
    ['declare of a value', 'declare -a args=("-Dapp=$X")'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
    ['${x@Q}', 'x=1; echo ${x@Q}'],
  ])('%s', (_n, command) => {
    expect(allowedLike(analyze(command))).toBe(true);
  });
});

describe('keyword mode: later NAME=value arguments become environment variables (set -k)', () => {
  it.each<[string, string]>([
    [
      'set -k then git with a config parameter',
      `set -k; git status GIT_CONFIG_PARAMETERS="'core.fsmonitor=rm -rf ~'"`,
    ],
    ['set -k then a loader variable', 'set -k; cat LD_PRELOAD=/tmp/evil/x.so README.md'],
    ['set -k then PATH', 'set -k; ls PATH=/tmp/evil'],
    ['in a cluster', 'set -ek; ls PATH=/tmp/evil'],
    ['set -o keyword', 'set -o keyword; ls PATH=/tmp/evil'],
    ['shopt -so keyword', 'shopt -s -o keyword; ls PATH=/tmp/evil'],
    ['a shell started with -k', 'bash -k -c "ls PATH=/tmp/evil"'],
    ['a shell started with -o keyword', "sh -o keyword -c 'ls PATH=/tmp/evil'"],
  ])('%s is uncertain', (_n, command) => {
    expect(codes(analyze(command))).toContain('dynamic-command');
  });

  it.each<[string, string]>([
    ['set -euo pipefail', 'set -euo pipefail; ls'],
    ['set +k turns it off', 'set +k; ls'],
    ['set -x', 'set -x; ls'],
    ['a shell with ordinary options', "bash -euo pipefail -c 'ls'"],
    ['-k given to the script, not the shell', "bash -c 'ls' x -k"],
  ])('%s stays as it was', (_n, command) => {
    expect(allowedLike(analyze(command))).toBe(true);
  });
});

describe('a production environment selected for a database task is uncertain', () => {
  it.each<[string, string]>([
    ['a positional assignment', 'rake db:drop RAILS_ENV=production'],
    ['a prefix assignment through bundle exec', 'RAILS_ENV=production bundle exec rake db:drop'],
    ['rails db:migrate', 'RAILS_ENV=production rails db:migrate'],
    ['exported first', 'export RAILS_ENV=production && rails db:seed'],
    ['mix ecto', 'MIX_ENV=prod mix ecto.reset'],
    ['django flush', 'DJANGO_ENV=production python manage.py flush --noinput'],
    ['a rails runner', "RAILS_ENV=production rails runner 'User.delete_all'"],
    ['env NAME=value', 'env RACK_ENV=production rake db:reset'],
  ])('%s: `%s`', (_n, command) => {
    expect(codes(analyze(command))).toContain('production-target');
  });

  it.each<[string, string]>([
    ['a production build', 'NODE_ENV=production npm run build'],
    ['assets for production', 'RAILS_ENV=production bundle exec rails assets:precompile'],
    ['a test database task', 'RAILS_ENV=test rails db:migrate'],
    ['a release build', 'MIX_ENV=prod mix release'],
  ])('%s: `%s` is not', (_n, command) => {
    expect(codes(analyze(command))).not.toContain('production-target');
  });
});

describe('a for loop assigns its variable, as a plain assignment does', () => {
  it.each<[string, string, string]>([
    ['PATH', 'for PATH in /tmp/evil; do ls; done', 'PATH'],
    ['a loader variable', 'for LD_PRELOAD in /tmp/x.so; do cat README.md; done', 'LD_PRELOAD'],
    ['a proxy', 'for http_proxy in http://evil.example:8080; do npm view x; done', 'http_proxy'],
    [
      'a lower-case registry setting',
      'for npm_config_registry in https://r.example; do npm i; done',
      'npm_config_registry',
    ],
    ['over the positional parameters', 'for PATH; do ls; done', 'PATH'],
    ['a file loop', 'for f in src/*.ts; do wc -l "$f"; done', 'f'],
  ])('%s', (_n, command, name) => {
    const a = analyze(command);
    expect(a.variables).toContain(name);
    // Never exported here: the policy decides which such names may still reach a program.
    expect(a.unexported).toContain(name);
  });
});

describe('which assigned names stay the shell own: never exported, declared or given to a program', () => {
  it.each<[string, string, string[]]>([
    ['a statement assigning a substitution', 'out=$(git rev-parse HEAD); echo "$out"', ['out']],
    ['several on one statement', 'a=1 b=2', ['a', 'b']],
    ['exported later', 'x=1; export x; ls', []],
    ['exported at once', 'export x=1; ls', []],
    ['declared', 'declare x=1; local y=2; ls', []],
    ['a prefix is the program environment', 'x=1 ls', []],
    ['env gives it to the program', 'env x=1 ls', []],
    ['unset', 'x=1; unset x', []],
    ['allexport on', 'set -a; x=1; ls', []],
    ['allexport in a cluster', 'set -ea; x=1; ls', []],
    ['allexport by name', 'set -o allexport; x=1; ls', []],
    ['options computed at run time', 'set $opts; x=1; ls', []],
    ['a shell started with allexport', "bash -a -c 'x=1; ls'", []],
  ])('%s', (_n, command, names) => {
    expect(analyze(command).unexported ?? []).toEqual(names);
  });

  it('set -e alone leaves a plain assignment the shell own', () => {
    expect(analyze('set -e; x=1; ls').unexported).toEqual(['x']);
  });
});

describe('which names are only ever prefixes of a builtin that starts no program', () => {
  it.each<[string, string, string[]]>([
    ['read in a loop', 'while IFS= read -r line; do echo "$line"; done', ['IFS']],
    ['printf and echo', 'LC_ALL=C printf x; LANG=C echo y', ['LC_ALL', 'LANG']],
    ['a program prefix too', 'IFS= read x; IFS=/ ls', []],
    ['a plain assignment too', 'IFS=/; IFS= read x', []],
    ['a function shadows the builtin', 'read() { ls; }; IFS= read x', []],
    ['env makes it a program', 'env IFS= read x', []],
  ])('%s', (_n, command, names) => {
    expect(analyze(command).builtinScoped ?? []).toEqual(names);
  });
});
