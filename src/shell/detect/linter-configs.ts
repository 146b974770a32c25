/**
 * Linters and static analysers whose configuration loads code into a read-only-looking run (ADR 0089): phpstan's
 * `bootstrapFiles`/`includes`, psalm's `autoloader` and plugin files, phpcs's `installed_paths`, ruleset refs and
 * `autoload`, stylelint's plugins, processors and custom syntaxes, markdownlint-cli2's custom rules and markdown-it
 * plugins (a path outside the workspace: code gavel does not follow), golangci-lint's `custom` linters (Go plugins:
 * compiled code), tflint plugins other than the bundled terraform ruleset and the terraform-linters rulesets,
 * rubocop's `require`/`plugins`, hlint's `arguments` (options as on its command line), checkov's external checks; the workspace PHP and Ruby files these load (a phpstan bootstrap, a custom cop) are
 * read for what they reach, as a test bootstrap is (test-bootstraps.ts). A table
 * per program: its configuration files and the keys whose values are code it loads. Read in the folders from the cwd
 * up to the top of the workspace; the first file found per program is the one read. Pure apart from the injected
 * reader and reporting; never quotes a file.
 * INVARIANT: a setting that loads code from outside the workspace, or one gavel cannot read, is uncertain.
 */

import { posix } from 'node:path';
import { type Invocation, plain, type Reporter } from '../unwrap/invocation';
import { NO_FLOW } from '../walk/flow';
import { readBudgeted } from './disk-scripts';
import { resolveArg } from './path-effects';
import { inFolder, projectFile } from './project-file';
import { configFolders } from './runner-config';
import { runnerOf } from './runner-options';
import { loadedProjectCode } from './test-bootstraps';

interface Table {
  /** Configuration file names, in the order the tool looks for them. */
  files: readonly string[];
  /** Keys (YAML/NEON/JSON) or XML attribute/config names whose values are files or folders of code. */
  keys: readonly string[];
  /** Keys whose mere presence loads code gavel cannot read (compiled plugins). */
  present?: RegExp;
}

const TABLES: Readonly<Record<string, Table>> = {
  phpstan: {
    files: ['phpstan.neon', 'phpstan.neon.dist', 'phpstan.dist.neon'],
    keys: ['bootstrapFiles', 'bootstrap', 'includes', 'stubFiles'],
  },
  psalm: { files: ['psalm.xml', 'psalm.xml.dist'], keys: ['autoloader', 'filename'] },
  phpcs: {
    files: ['.phpcs.xml', 'phpcs.xml', '.phpcs.xml.dist', 'phpcs.xml.dist'],
    keys: ['installed_paths', 'ref', 'autoload', 'bootstrap'],
  },
  stylelint: {
    files: ['.stylelintrc', '.stylelintrc.json', '.stylelintrc.yaml', '.stylelintrc.yml', 'package.json'],
    keys: ['plugins', 'extends', 'customSyntax', 'processors'],
  },
  'markdownlint-cli2': {
    files: ['.markdownlint-cli2.jsonc', '.markdownlint-cli2.yaml', '.markdownlint-cli2.json'],
    keys: ['customRules', 'markdownItPlugins'],
  },
  'golangci-lint': {
    files: ['.golangci.yml', '.golangci.yaml', '.golangci.toml', '.golangci.json'],
    keys: [],
    present: /^\s*"?custom"?\s*[:=]|^\s*\[[\w.-]*\bcustom\b/m,
  },
  tflint: { files: ['.tflint.hcl'], keys: [] },
  rubocop: { files: ['.rubocop.yml', '.rubocop.yaml'], keys: ['require', 'plugins'] },
  // Options given in the settings, as on the command line: `--refactor`/`--with-refactor` run a program, `--report`
  // writes anywhere, `--hint`/`-h` read another file.
  hlint: {
    files: ['.hlint.yaml'],
    keys: [],
    present:
      /^\s*-?\s*arguments\s*:(?!\s*\[\s*(?:(?:-X\w+|--cpp-define=[\w=]+|--cpp-simple|-j\d*)\s*,?\s*)*\]\s*$)/m,
  },
  // Any long option in its settings file: external checks are Python it runs, from a folder or a git repository.
  checkov: {
    files: ['.checkov.yaml', '.checkov.yml'],
    keys: [],
    present:
      /^\s*(?:external-checks-(?:dir|git)|external_checks_(?:dir|git)|download-external-modules|run-all-external-checks|config-file)\s*:/m,
  },
};

/** Keys whose workspace files are code the tool runs, read for what they reach (test-bootstraps.ts). */
const CODE_KEYS: Readonly<
  Record<string, { language: 'php' | 'ruby'; keys: readonly string[]; what: string }>
> = {
  phpstan: { language: 'php', keys: ['bootstrapFiles', 'bootstrap'], what: 'bootstrap file' },
  psalm: { language: 'php', keys: ['autoloader'], what: 'autoloader' },
  phpcs: { language: 'php', keys: ['autoload', 'bootstrap'], what: 'bootstrap file' },
  rubocop: { language: 'ruby', keys: ['require', 'plugins'], what: 'required file' },
};

const ALIASES: Readonly<Record<string, string>> = {
  phpcbf: 'phpcs',
  'markdownlint-cli2-fix': 'markdownlint-cli2',
};

const say = (program: string, inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${program}\` ${why}`, inv.segment, 'kept');

function outside(value: string, dir: string, inv: Invocation, r: Reporter): boolean {
  const res = resolveArg({ text: value, flow: NO_FLOW }, { ...inv, cwd: dir }, r);
  return res.class !== 'workspace' || (res.real !== undefined && res.real !== res.resolved);
}

/** A value that names a file or folder rather than a package or class (`./x`, `/x`, `~/x`, `a/b.js`, `x.php`). */
function isPath(v: string): boolean {
  return (
    /^(\/|~|\.\.?(\/|$))/.test(v) ||
    (v.includes('/') && !v.startsWith('@')) ||
    /\.(php|js|cjs|mjs|neon|xml)$/.test(v)
  );
}

/** The values of `key` in YAML/NEON (`key: v`, a list under it), JSON (`"key": v | [..]`) or XML (`key="v"`, `name="key" value="v"`). */
function valuesOf(text: string, key: string): string[] {
  const out: string[] = [];
  const strings = (span: string) => [...span.matchAll(/["']([^"']*)["']/g)].map((m) => m[1] ?? '');
  for (const m of text.matchAll(new RegExp(`(?:^|[\\s{,])["']?${key}["']?[ \\t]*:[ \\t]*([^\\n]*)`, 'g'))) {
    const rest = (m[1] ?? '').trim();
    if (rest === '') {
      const after = text
        .slice((m.index ?? 0) + m[0].length)
        .split('\n')
        .slice(1);
      for (const line of after) {
        const item = /^\s+-\s*["']?([^"'#\s]+)/.exec(line);
        if (!item) break;
        out.push(item[1] ?? '');
      }
    } else if (rest.startsWith('[')) {
      const close = text.indexOf(']', (m.index ?? 0) + m[0].length - rest.length);
      out.push(...strings(text.slice((m.index ?? 0) + m[0].length - rest.length, close + 1)));
    } else {
      const q = strings(rest);
      out.push(...(q.length > 0 ? q.slice(0, 1) : [rest.replace(/[,}\s#].*$/, '')]));
    }
  }
  for (const m of text.matchAll(new RegExp(`\\b${key}\\s*=\\s*"([^"]*)"`, 'g'))) out.push(m[1] ?? '');
  for (const m of text.matchAll(new RegExp(`name\\s*=\\s*"${key}"\\s+value\\s*=\\s*"([^"]*)"`, 'g')))
    out.push(...(m[1] ?? '').split(','));
  for (const m of text.matchAll(new RegExp(`<${key}>([^<]*)</${key}>`, 'g'))) out.push(m[1] ?? '');
  return out.map((v) => v.trim()).filter(Boolean);
}

/** tflint: plugins beyond the bundled terraform ruleset and the terraform-linters organisation's rulesets. */
function tflintPlugins(text: string): boolean {
  for (const m of text.matchAll(/^\s*plugin\s+"([^"]+)"\s*\{([^}]*)\}/gm)) {
    if (m[1] === 'terraform') continue;
    const source = /^\s*source\s*=\s*"([^"]*)"/m.exec(m[2] ?? '')?.[1];
    if (source === undefined || !/^github\.com\/terraform-linters\/tflint-ruleset-[\w-]+$/.test(source))
      return true;
  }
  return false;
}

export function linterConfigs(inv: Invocation, r: Reporter): void {
  if (inv.cwd === undefined) return;
  const named = runnerOf(inv).program;
  const base = named.slice(named.lastIndexOf('/') + 1);
  const program = ALIASES[base] ?? base;
  const table = TABLES[program];
  if (!table) return;
  // tflint starts every plugin it finds in the folder's `.tflint.d/plugins` (before the home one), even for
  // `--version`: a program of the repository's, whatever the configuration says.
  if (program === 'tflint' && r.env.readScript) {
    // `--chdir` moves where tflint looks for its configuration and plugins; not followed here.
    if (inv.args.some((w) => /^--chdir(?:=|$)/.test(plain(w)))) {
      say(program, inv, r, 'looks for its configuration and plugins in another folder');
      return;
    }
    const local = readBudgeted(inFolder(inv.cwd, '.tflint.d'), inv, r);
    if (local === undefined || local.kind !== 'missing') {
      say(program, inv, r, "starts the plugins of the folder's .tflint.d: programs gavel does not follow");
      return;
    }
  }
  for (const dir of configFolders(inv.cwd, r)) {
    for (const name of table.files) {
      const file = projectFile(inFolder(dir, name), inv, r);
      if (file.kind === 'unknown') return;
      if (file.kind !== 'text') continue;
      const text = file.text.replace(/<!--[\s\S]*?-->/g, '');
      if (name === 'package.json' && !/"stylelint"\s*:/.test(text)) continue;
      if (table.present?.test(text)) {
        say(program, inv, r, 'reads a configuration that loads compiled plugins: code gavel does not follow');
        return;
      }
      if (program === 'tflint' && (tflintPlugins(text) || /\bplugin_dir\b/.test(text))) {
        say(program, inv, r, 'reads a configuration that runs plugins from a publisher nobody stated');
        return;
      }
      for (const key of table.keys)
        for (const raw of valuesOf(text, key)) {
          const value = raw
            .replace(/%currentWorkingDirectory%/g, inv.cwd)
            .replace(/%rootDir%/g, posix.join(dir, 'vendor/phpstan/phpstan'));
          if (/%[\w.]+%|\$\{|\$\(/.test(value)) {
            say(program, inv, r, 'reads a configuration whose code paths are computed at run time');
            return;
          }
          if (isPath(value) && outside(value, dir, inv, r)) {
            say(program, inv, r, 'reads a configuration that loads code from outside the workspace');
            return;
          }
        }
      // Code of the workspace it loads (a bootstrap, a custom cop): read for what it reaches.
      const code = CODE_KEYS[program];
      if (code) {
        const paths = code.keys
          .flatMap((key) => valuesOf(text, key))
          .map((v) => v.replace(/%currentWorkingDirectory%/g, inv.cwd as string))
          .filter((v) => isPath(v) || (code.language === 'ruby' && /\.rb$/.test(v)))
          .map((v) => posix.resolve(dir, code.language === 'ruby' && !/\.rb$/.test(v) ? `${v}.rb` : v));
        if (!loadedProjectCode(code.language, paths, code.what, inv, r)) return;
      }
      // The first configuration found is the one the tool uses.
      return;
    }
  }
}
