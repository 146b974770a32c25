/**
 * Files a test runner loads before the project's tests (ADR 0089), read as pytest's conftest.py is: PHPUnit's and
 * Pest's (and `php artisan test`'s) `bootstrap` (phpunit.xml, phpunit.xml.dist, phpunit.dist.xml or the `--bootstrap`/`-c` given), Pest's
 * `tests/Pest.php`, ExUnit's `test/test_helper.exs` (each app's in an umbrella), RSpec's helpers (`.rspec`
 * `--require`s, `spec/spec_helper.rb`, `spec/rails_helper.rb` and what they require of the project) and Minitest's
 * `test/test_helper.rb` under `rails test`/`rake test`. The project's own test setup is
 * the user's code: a bootstrap that only requires the composer autoloader and workspace files, or a helper that
 * starts ExUnit, stays quiet; one outside the workspace, one that reaches the system (a shell-out, a socket, a
 * download, dynamic code), one written or changed earlier in the line, or one gavel cannot read is uncertain.
 * Pure apart from the injected reader and reporting; never quotes a file.
 * INVARIANT: code a runner loads before the tests that gavel cannot follow is uncertain, never silently allowed.
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import { NO_FLOW } from '../walk/flow';
import { readProgram } from './build-files';
import { folderNames } from './config-modules';
import { resolveArg } from './path-effects';
import { inFolder, projectFile } from './project-file';
import { runnerOf } from './runner-options';

/** PHP and Elixir files followed per command (a bootstrap and what it requires). */
const MAX_FILES = 16;

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');

/** PHP that reaches processes, the network, files outside the tests' own or code built at run time. */
const PHP_REACHES =
  /\b(exec|shell_exec|system|passthru|proc_open|popen|pcntl_\w+|eval|assert|create_function|call_user_func(_array)?|curl_\w+|fsockopen|pfsockopen|stream_socket_\w+|socket_\w+|mail|unlink|rmdir|file_put_contents|fopen|fwrite|copy|rename|chmod|chown|symlink|link|dl|ini_set|putenv|file_get_contents|readfile|Process|fromShellCommandline|Artisan|base64_decode|gzinflate|str_rot13|extract|preg_replace_callback|ReflectionFunction|FFI)\b|`|\$\w+\s*\(|\$\{|getenv\s*\(\s*['"]HOME/i;

interface Walk {
  inv: Invocation;
  r: Reporter;
  seen: Set<string>;
  stopped: boolean;
  /** What the code runs before, in reasons (default: the tests). */
  before?: string;
  /** What a Ruby file is, in reasons (default: a test helper). */
  what?: string;
  /** Code that counts as reaching the system (default RUBY_REACHES, PHP_REACHES), and files followed at most. */
  reaches?: RegExp;
  max?: number;
  /** Whether `Dir[...]` loads the helper folder's `support` files (test helpers only). */
  support?: boolean;
}

function stop(w: Walk, why: string): false {
  if (!w.stopped) say(w.inv, w.r, why);
  w.stopped = true;
  return false;
}

function inWorkspace(path: string, w: Walk): boolean {
  const res = resolveArg({ text: path, flow: NO_FLOW }, w.inv, w.r);
  return res.class === 'workspace' && (res.real === undefined || res.real === res.resolved);
}

/** The file a PHP require expression names, relative to the requiring file's folder; undefined when computed. */
function phpTarget(expr: string, dir: string): string | undefined {
  const e = expr
    .trim()
    .replace(/^\((.*)\)$/s, '$1')
    .trim();
  const m =
    /^(?:(__DIR__)|dirname\(\s*__DIR__\s*(?:,\s*(\d))?\s*\))\s*\.\s*(['"])([^'"$\\]*)\3$/.exec(e) ??
    /^()()(['"])([^'"$\\]*)\3$/.exec(e);
  if (!m) return undefined;
  let base = dir;
  if (m[1] !== '__DIR__' && m[0].startsWith('dirname'))
    for (let k = 0; k < Number(m[2] ?? '1'); k++) base = posix.dirname(base);
  return posix.resolve(base, (m[4] ?? '').replace(/^\//, ''));
}

/** Follows one PHP file the runner loads: requires of workspace files are followed, anything that reaches out stops. */
function phpFile(path: string, w: Walk, what: string): boolean {
  if (w.stopped || w.seen.has(path)) return !w.stopped;
  w.seen.add(path);
  const max = w.max ?? MAX_FILES;
  if (w.seen.size > max) return stop(w, `loads more PHP files than one review follows (${max})`);
  if (!inWorkspace(path, w)) return stop(w, `loads a ${what} from outside the workspace`);
  // The autoloader composer writes: it only maps classes to the project's and vendor's files.
  if (/\/vendor\/autoload\.php$/.test(path)) return true;
  const file = projectFile(path, w.inv, w.r);
  if (file.kind === 'unknown') {
    w.stopped = true;
    return false;
  }
  if (file.kind !== 'text') return true;
  const code = file.text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:'"])(\/\/|#)[^\n]*/g, '$1')
    .replace(/^\s*<\?php/, '');
  const loads: string[] = [];
  let computed = false;
  const rest = code.replace(/\b(?:require|include)(?:_once)?\b\s*([^;]*);/g, (_m, expr: string) => {
    const target = phpTarget(expr, posix.dirname(path));
    if (target === undefined) computed = true;
    else loads.push(target);
    return ' ';
  });
  if (computed)
    return stop(w, `runs a ${what} that loads a file named at run time: code gavel does not follow`);
  if ((w.reaches ?? PHP_REACHES).test(rest))
    return stop(w, `runs a ${what} whose code may reach the system before ${w.before ?? 'the tests'}`);
  for (const load of loads) if (!phpFile(load, w, what)) return false;
  return true;
}

/** The PHPUnit configuration the runner reads: `-c`/`--configuration` (a file or a folder), else the first default. */
function phpunitConfig(
  inv: Invocation,
  args: readonly (typeof inv.args)[number][],
  w: Walk,
): string | undefined {
  const cwd = inv.cwd as string;
  for (let k = 0; k < args.length; k++) {
    const m = /^(-c|--configuration)(=(.*))?$/.exec(optionText(args[k]));
    if (!m) continue;
    const word = m[3] !== undefined ? args[k] : args[k + 1];
    if (!isLiteral(word)) {
      stop(w, 'reads a PHPUnit configuration named at run time');
      return undefined;
    }
    const value = m[3] ?? plain(word);
    const path = posix.resolve(cwd, value);
    return /\.xml(\.dist)?$/.test(value) ? path : inFolder(path, 'phpunit.xml');
  }
  for (const name of ['phpunit.xml', 'phpunit.xml.dist', 'phpunit.dist.xml']) {
    const file = projectFile(inFolder(cwd, name), inv, w.r);
    if (file.kind === 'unknown') {
      w.stopped = true;
      return undefined;
    }
    if (file.kind !== 'missing') return inFolder(cwd, name);
  }
  return undefined;
}

function phpunit(
  inv: Invocation,
  args: readonly (typeof inv.args)[number][],
  pest: boolean,
  r: Reporter,
): void {
  const w: Walk = { inv, r, seen: new Set(), stopped: false };
  const cwd = inv.cwd as string;
  for (let k = 0; k < args.length; k++) {
    const m = /^--bootstrap(=(.*))?$/.exec(optionText(args[k]));
    if (!m) continue;
    const word = m[2] !== undefined ? args[k] : args[k + 1];
    if (!isLiteral(word)) {
      stop(w, 'runs a bootstrap named at run time');
      return;
    }
    phpFile(posix.resolve(cwd, m[2] ?? plain(word)), w, 'bootstrap');
    return;
  }
  const config = phpunitConfig(inv, args, w);
  if (w.stopped) return;
  if (config) {
    const file = projectFile(config, inv, r);
    if (file.kind === 'unknown') return;
    if (file.kind === 'text') {
      const text = file.text.replace(/<!--[\s\S]*?-->/g, '');
      const root = /<phpunit\b([^>]*)>/.exec(text);
      const boot = /\bbootstrap\s*=\s*(["'])([^"']*)\1/.exec(root?.[1] ?? '');
      if (boot && !phpFile(posix.resolve(posix.dirname(config), boot[2] ?? ''), w, 'bootstrap')) return;
      for (const ini of text.matchAll(
        /<ini\b[^>]*\bname\s*=\s*["'](auto_prepend_file|auto_append_file|include_path)["'][^>]*>/g,
      )) {
        const value = /\bvalue\s*=\s*["']([^"']*)["']/.exec(ini[0])?.[1] ?? '';
        if (ini[1] === 'include_path') {
          if (value.split(':').some((p) => p !== '.' && !inWorkspace(posix.resolve(cwd, p), w))) {
            stop(w, 'reads a PHPUnit configuration that loads code from outside the workspace');
            return;
          }
        } else if (!phpFile(posix.resolve(posix.dirname(config), value), w, 'prepended file')) return;
      }
    }
  }
  if (pest) phpFile(inFolder(cwd, 'tests/Pest.php'), w, 'tests/Pest.php');
}

/**
 * A helper's text, once per walk: `true` when there is nothing to read (seen, missing), `false` when the walk
 * stopped (reported: past the bound, outside the workspace, unreadable).
 */
function openHelper(path: string, w: Walk, max: number): string | boolean {
  if (w.stopped || w.seen.has(path)) return !w.stopped;
  w.seen.add(path);
  if (w.seen.size > max) return stop(w, `loads more test helpers than one review follows (${max})`);
  if (!inWorkspace(path, w)) return stop(w, 'loads a test helper from outside the workspace');
  const file = projectFile(path, w.inv, w.r);
  if (file.kind === 'unknown') {
    w.stopped = true;
    return false;
  }
  return file.kind === 'text' ? file.text : true;
}

/** Elixir a test helper may hold: requires of workspace files (followed) are taken out before the scan. */
function exsFile(path: string, w: Walk): boolean {
  const file = openHelper(path, w, MAX_FILES);
  if (typeof file === 'boolean') return file;
  const loads: string[] = [];
  const rest = file.replace(
    /\bCode\.require_file\(\s*"([^"#\\]+)"\s*(,\s*__DIR__\s*)?\)/g,
    (_m, rel: string, here?: string) => {
      loads.push(posix.resolve(here ? posix.dirname(path) : (w.inv.cwd as string), rel));
      return ' ';
    },
  );
  const read = readProgram('elixir', rest);
  if (read.opaque || read.commands.length > 0)
    return stop(
      w,
      `runs a ${w.what ?? 'test helper'} whose code may reach the system before ${w.before ?? 'the tests'}`,
    );
  for (const load of loads) if (!exsFile(load, w)) return false;
  return true;
}

function exunit(inv: Invocation, r: Reporter): void {
  const w: Walk = { inv, r, seen: new Set(), stopped: false };
  const cwd = inv.cwd as string;
  const mix = projectFile(inFolder(cwd, 'mix.exs'), inv, r);
  if (mix.kind !== 'text') {
    exsFile(inFolder(cwd, 'test/test_helper.exs'), w);
    return;
  }
  const apps = /\bapps_path\s*:\s*"([^"]+)"/.exec(mix.text);
  if (!apps) {
    exsFile(inFolder(cwd, 'test/test_helper.exs'), w);
    return;
  }
  const dir = posix.resolve(cwd, apps[1] ?? 'apps');
  const names = folderNames(dir, inv, r);
  if (!names) {
    stop(w, 'runs the test helpers of umbrella apps gavel cannot list');
    return;
  }
  for (const app of [...names].sort()) if (!exsFile(posix.join(dir, app, 'test/test_helper.exs'), w)) return;
}

/** Ruby that reaches processes, the network, deletions, the environment whole or code built at run time. */
const RUBY_REACHES =
  /`|%x[({[|<]|(?<![.\w])(?:system|exec|spawn|syscall|fork|open)\s*[(\s'"]|\b(?:Open3|IO\.popen|PTY\.spawn|Process\.spawn|Kernel\.\w+|Net::HTTP|Net::FTP|URI\.open|Socket|TCPSocket|UDPSocket|Faraday|HTTParty|RestClient|Excon)\b|open-uri|\b(?:eval|instance_eval|class_eval|module_eval|send|public_send|const_get|constantize)\b|FileUtils\.(?:rm|remove)\w*|File\.(?:delete|unlink|write)|Dir\.(?:delete|rmdir)|ENV\.(?:to_h|to_a|each|map|select|filter|keys|values|inspect|dup|clone)|ENV\s*\[\s*["']HOME|Base64|Marshal\.load|\bload\s*[(\s]/;

/** Ruby test helpers followed per command. */
const MAX_RUBY = 16;

/** A Ruby helper: what it requires from the project is followed; code that reaches the system is uncertain. */
function rubyFile(path: string, w: Walk, cwd: string): boolean {
  const file = openHelper(path, w, w.max ?? MAX_RUBY);
  if (typeof file === 'boolean') return file;
  const text = file.replace(/^\s*#.*$/gm, '').replace(/^=begin[\s\S]*?^=end/gm, '');
  if ((w.reaches ?? RUBY_REACHES).test(text))
    return stop(
      w,
      `runs a ${w.what ?? 'test helper'} whose code may reach the system before ${w.before ?? 'the tests'}`,
    );
  // Files loaded by a pattern (`Dir[Rails.root.join('spec/support/**/*.rb')].each { |f| require f }`).
  if (w.support !== false && /\bDir\s*(?:\[|\.glob\b)/.test(text)) {
    const support = posix.join(posix.dirname(path), 'support');
    const names = folderNames(support, w.inv, w.r);
    if (names === undefined) return stop(w, 'loads test helpers by a pattern gavel cannot list');
    for (const name of [...names].sort())
      if (name.endsWith('.rb') && !rubyFile(posix.join(support, name), w, cwd)) return false;
  }
  for (const m of text.matchAll(/\brequire_relative\s*\(?\s*["']([^"'#]+)["']/g))
    if (!rubyFile(rubyPath(posix.resolve(posix.dirname(path), m[1] ?? '')), w, cwd)) return false;
  for (const m of text.matchAll(/\brequire\s*\(?\s*["']([^"'#]+)["']/g)) {
    // A gem is the bundle's (installed, not the project's text); a file of the project's load path is followed.
    const own = ['spec', 'test', 'lib']
      .map((dir) => rubyPath(posix.join(cwd, dir, m[1] ?? '')))
      .find((candidate) => projectFile(candidate, w.inv, w.r).kind === 'text');
    if (own !== undefined && !rubyFile(own, w, cwd)) return false;
  }
  return true;
}

const rubyPath = (p: string) => (p.endsWith('.rb') ? p : `${p}.rb`);

/**
 * RSpec (`.rspec`/`.rspec-local` `--require`s, spec_helper.rb and rails_helper.rb) and Minitest under Rails or rake
 * (test/test_helper.rb): the project's helpers, loaded before every test.
 */
function rubyTests(inv: Invocation, kind: 'rspec' | 'minitest', r: Reporter): void {
  const w: Walk = { inv, r, seen: new Set(), stopped: false };
  const cwd = inv.cwd as string;
  const helpers: string[] = [];
  if (kind === 'rspec') {
    for (const name of ['.rspec', '.rspec-local']) {
      const opts = projectFile(inFolder(cwd, name), inv, r);
      if (opts.kind === 'unknown') return;
      if (opts.kind !== 'text') continue;
      for (const m of opts.text.matchAll(/(?:^|\s)(?:--require|-r)(?:\s+|=)(\S+)/g)) {
        const req = m[1] ?? '';
        helpers.push(
          req.startsWith('.') || req.startsWith('/')
            ? rubyPath(posix.resolve(cwd, req))
            : rubyPath(posix.join(cwd, 'spec', req)),
        );
      }
    }
    helpers.push(inFolder(cwd, 'spec/spec_helper.rb'), inFolder(cwd, 'spec/rails_helper.rb'));
  } else helpers.push(inFolder(cwd, 'test/test_helper.rb'));
  for (const helper of helpers) if (!rubyFile(helper, w, cwd)) return;
}

/**
 * Workspace code another tool loads before it works (a linter's bootstrap, plugin or required file: linter-configs.ts),
 * followed as a test bootstrap is: PHP and Ruby files that reach the system, or that gavel cannot follow, are
 * uncertain. False when it reported.
 */
export function loadedProjectCode(
  language: 'php' | 'ruby',
  paths: readonly string[],
  what: string,
  inv: Invocation,
  r: Reporter,
  how: { reaches?: RegExp; max?: number; before?: string } = {},
): boolean {
  const w: Walk = {
    inv,
    r,
    seen: new Set(),
    stopped: false,
    before: how.before ?? 'it works',
    what,
    ...(how.reaches ? { reaches: how.reaches, support: false } : {}),
    ...(how.max ? { max: how.max } : {}),
  };
  for (const path of paths)
    if (!(language === 'php' ? phpFile(path, w, what) : rubyFile(path, w, inv.cwd as string))) return false;
  return true;
}

export function testBootstraps(inv: Invocation, r: Reporter): void {
  // Without a reader, what this line writes is still read (project-file.ts).
  if (inv.cwd === undefined) return;
  let { program, args } = runnerOf(inv);
  // `php vendor/bin/phpunit`: the runner is the script php runs.
  if (/^php[\d.]*$/.test(program) && /(^|\/)(phpunit|pest|paratest)$/.test(plain(args[0]))) {
    program = plain(args[0]);
    args = args.slice(1);
  } else if (/^php[\d.]*$/.test(program) && plain(args[0]) === 'artisan' && plain(args[1]) === 'test') {
    // Laravel's `artisan test` runs Pest when the project has it, else PHPUnit, with the same configuration.
    program = 'pest';
    args = args.slice(2);
  }
  const base = program.slice(program.lastIndexOf('/') + 1);
  if (args.some((a) => /^(-h|--help|--version)$/.test(optionText(a)))) return;
  if (base === 'phpunit' || base === 'pest' || base === 'paratest') phpunit(inv, args, base === 'pest', r);
  else if (base === 'mix' && plain(args[0]) === 'test') exunit(inv, r);
  else if (base === 'rspec') rubyTests(inv, 'rspec', r);
  else if (/^(?:rails|rake)$/.test(base) && /^(?:test|spec)(?::\w+)?$/.test(plain(args[0])))
    rubyTests(inv, plain(args[0]).startsWith('spec') ? 'rspec' : 'minitest', r);
}
