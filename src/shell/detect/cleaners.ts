/**
 * Cleaners: commands that delete a folder recursively by design, where an option, an environment variable or the
 * program's own configuration names the folder (`cargo clean --target-dir D`, `conda env remove -p D`, `go clean
 * -cache` with GOCACHE, `npm cache clean --cache D`, `pytest --cache-clear` with `cache_dir`, `jest --clearCache`
 * with `cacheDirectory`). The folder is judged as `rm -rf` of it is (home or a root: the floor; outside the
 * workspace: a recursive delete there). A folder that a variable set in this command names, or that a config file
 * gavel cannot read may name, is uncertain. Pure apart from the injected reader and reporting.
 */

import { isUnder } from '../../core';
import { type Invocation, optionText, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW } from '../walk/flow';
import { recursiveDelete } from './detect-filesystem';
import { foldersUp, inFolder, projectFile } from './project-file';

/** Where a cleaner's folder may be named in a configuration file, as a `key = value` line or a JSON key. */
interface ConfigKey {
  files: readonly string[];
  key: string;
}

interface Cleaner {
  programs: readonly string[];
  /** The subcommand words, in order, options between them skipped (`[]`: the program itself). */
  sub: readonly string[];
  /** A flag that must be present for the delete to happen (`--cache-clear`). */
  when?: readonly string[];
  /** Options whose value is the folder deleted (`--x D`, `--x=D`, and for short ones `-xD`). */
  options: readonly string[];
  /** Variables naming the folder: set in this command, the folder is known only at run time. */
  env?: readonly string[];
  /** `-o key=D` / `--override-ini=key=D` (pytest). */
  override?: string;
  config?: ConfigKey;
}

const PYTEST_FILES = ['pytest.ini', '.pytest.ini', 'pyproject.toml', 'tox.ini', 'setup.cfg'];
const JEST_FILES = [
  'package.json',
  'jest.config.js',
  'jest.config.ts',
  'jest.config.mjs',
  'jest.config.cjs',
  'jest.config.json',
];

const CLEANERS: readonly Cleaner[] = [
  {
    programs: ['cargo'],
    sub: ['clean'],
    options: ['--target-dir'],
    env: ['CARGO_TARGET_DIR', 'CARGO_BUILD_TARGET_DIR'],
  },
  { programs: ['conda', 'mamba', 'micromamba'], sub: ['env', 'remove'], options: ['-p', '--prefix'] },
  {
    programs: ['conda', 'mamba', 'micromamba'],
    sub: ['remove'],
    when: ['--all'],
    options: ['-p', '--prefix'],
  },
  {
    programs: ['conda', 'mamba', 'micromamba'],
    sub: ['uninstall'],
    when: ['--all'],
    options: ['-p', '--prefix'],
  },
  { programs: ['go'], sub: ['clean'], when: ['-cache'], options: [], env: ['GOCACHE'] },
  { programs: ['go'], sub: ['clean'], when: ['-modcache'], options: [], env: ['GOMODCACHE', 'GOPATH'] },
  { programs: ['go'], sub: ['clean'], when: ['-testcache', '-fuzzcache'], options: [], env: ['GOCACHE'] },
  {
    programs: ['npm'],
    sub: ['cache', 'clean'],
    options: ['--cache'],
    env: ['npm_config_cache', 'NPM_CONFIG_CACHE'],
  },
  { programs: ['yarn'], sub: ['cache', 'clean'], options: ['--cache-folder'], env: ['YARN_CACHE_FOLDER'] },
  { programs: ['pnpm'], sub: ['store', 'prune'], options: ['--store-dir'], env: ['npm_config_store_dir'] },
  { programs: ['uv'], sub: ['cache', 'clean'], options: ['--cache-dir'], env: ['UV_CACHE_DIR'] },
  { programs: ['uv'], sub: ['cache', 'prune'], options: ['--cache-dir'], env: ['UV_CACHE_DIR'] },
  { programs: ['pip', 'pip3'], sub: ['cache', 'purge'], options: ['--cache-dir'], env: ['PIP_CACHE_DIR'] },
  { programs: ['bazel', 'bazelisk'], sub: ['clean'], options: ['--output_base', '--output_user_root'] },
  { programs: ['ccache'], sub: [], when: ['-C', '--clear'], options: ['-d', '--dir'], env: ['CCACHE_DIR'] },
  {
    programs: ['pytest', 'py.test'],
    sub: [],
    when: ['--cache-clear'],
    options: [],
    override: 'cache_dir',
    config: { files: PYTEST_FILES, key: 'cache_dir' },
  },
  {
    programs: ['jest'],
    sub: [],
    when: ['--clearCache', '--clear-cache'],
    options: ['--cacheDirectory', '--cache-directory'],
    config: { files: JEST_FILES, key: 'cacheDirectory' },
  },
];

/** The words after the subcommand when `args` start with `sub` (options before and between skipped). */
function afterSub(args: readonly Word[], sub: readonly string[]): Word[] | undefined {
  let k = 0;
  for (let i = 0; i < args.length; i++) {
    if (k === sub.length) return args.slice(i);
    const t = optionText(args[i]);
    if (t.startsWith('-')) continue;
    if (t !== sub[k]) return undefined;
    k++;
  }
  return k === sub.length ? [] : undefined;
}

/** The values of `names` among `args` (`--x D`, `--x=D`, `-xD` for a short one). */
function optionValues(args: readonly Word[], names: readonly string[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Word;
    const t = optionText(w);
    for (const n of names) {
      if (t === n && args[i + 1] !== undefined) out.push(args[i + 1] as Word);
      else if (t.startsWith(`${n}=`)) out.push({ text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow });
      else if (!n.startsWith('--') && t.startsWith(n) && t.length > n.length && !t.startsWith('--'))
        out.push({ text: w.text.slice(n.length), flow: w.flow });
    }
  }
  return out;
}

/** `-o key=D`, `-okey=D`, `--override-ini=key=D`, `--override-ini key=D`. */
function overrides(args: readonly Word[], key: string): Word[] {
  const out: Word[] = [];
  for (const v of optionValues(args, ['-o', '--override-ini'])) {
    const m = new RegExp(`^\\s*${key}\\s*=\\s*(.*)$`).exec(v.text);
    if (m) out.push({ text: m[1] ?? '', flow: v.flow });
  }
  return out;
}

/** A `key = value` line (ini, toml) or a `"key": "value"` pair (JSON, JS), the value unquoted. */
function configValue(text: string, key: string): string | undefined {
  const m = new RegExp(`(?:^|[\\s,{])["']?${key}["']?\\s*[=:]\\s*["']?([^"'\\n,}]*)`, 'm').exec(text);
  return m ? (m[1] ?? '').trim() : undefined;
}

/** The configured folder: the nearest config file (cwd up to the workspace top) that names `key`. */
function configured(config: ConfigKey, cwd: string, inv: Invocation, r: Reporter): void {
  const top = r.scope.workspaceRoots.find((w) => w !== '/' && w !== r.scope.home && isUnder(cwd, w));
  for (const dir of foldersUp(cwd)) {
    for (const name of config.files) {
      const file = projectFile(inFolder(dir, name), inv, r);
      if (file.kind !== 'text' || !file.text.includes(config.key)) continue;
      const value = configValue(file.text, config.key);
      if (value === undefined) continue;
      if (value === '' || /[$`<{]/.test(value)) {
        r.uncertain(
          'dynamic-path',
          `\`${inv.program}\` deletes a folder its configuration names in a form gavel does not read`,
          inv.segment,
        );
        return;
      }
      recursiveDelete({ text: value, flow: NO_FLOW }, { ...inv, cwd: dir }, r);
      return;
    }
    if (dir === top || top === undefined) return;
  }
}

/** Every program some cleaner is of: any other program is not looked up entry by entry. */
const CLEANER_PROGRAMS = new Set(CLEANERS.flatMap((c) => c.programs));
/** The programs detectCleaners looks at: a cleaner, or python running one (`python -m pytest`). */
export const CLEANERS_PROGRAMS = () => [...CLEANER_PROGRAMS, 'python'];

export function detectCleaners(inv: Invocation, r: Reporter): void {
  // `python -m pytest ...` is pytest with the words after the module name.
  const module = /^python[0-9.]*$/.test(inv.program) && optionText(inv.args[0]) === '-m';
  const program = module ? optionText(inv.args[1]) : inv.program;
  if (!CLEANER_PROGRAMS.has(program)) return;
  const all = module ? inv.args.slice(2) : inv.args;
  for (const c of CLEANERS) {
    if (!c.programs.includes(program)) continue;
    if (afterSub(all, c.sub) === undefined) continue;
    if (c.when && !c.when.some((f) => all.some((w) => optionText(w) === f))) continue;
    const named = [...optionValues(all, c.options), ...(c.override ? overrides(all, c.override) : [])];
    for (const w of named) recursiveDelete(w, inv, r);
    const variable = (c.env ?? []).find((v) => r.assignedNames.has(v));
    if (variable !== undefined)
      r.uncertain(
        'dynamic-path',
        `\`${inv.program}\` deletes the folder \`${variable}\` names, set in this command`,
        inv.segment,
      );
    if (named.length === 0 && c.config && inv.cwd !== undefined) configured(c.config, inv.cwd, inv, r);
  }
}
