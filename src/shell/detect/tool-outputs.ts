/**
 * Writes through a tool's operands and output options: formatters and fixers rewrite the files they are given
 * (`prettier --write F`, `eslint --fix F`, `black F`, `ruff format F`), builders and reporters write where an
 * option says (`tsc --outDir D`, `esbuild --outfile=F`, `eslint -o F`, `tree -o F`), and a few readers take an
 * OUTPUT positional (`uniq IN OUT`, `ptx -G IN OUT`). Every spelling counts: short and long twins, `--opt=value`,
 * `format:path` and `key=path` lists, protoc's `--X_out=OPTIONS:DIR`, options handed on after `--` (`cargo test -- --logfile F`), and the folders a
 * maker creates (`uv venv D`, `meson setup D`, `cmake -B D`). Each such word is recorded as a write, so action review
 * judges it like a redirection: outside the workspace it is out of scope, a login file is persistence. Pure
 * apart from reporting.
 */

import { type Invocation, optionText, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { recursiveDelete } from './detect-filesystem';
import { touchPath } from './path-effects';

/** Long options whose value is a file or folder the program writes, for any program. */
const LONG_OUTPUTS = new Set([
  '--output',
  '--output-file',
  '--outputfile',
  '--outfile',
  '--out-file',
  '--outdir',
  '--out-dir',
  '--output-dir',
  '--output-path',
  '--declarationdir',
  '--tsbuildinfofile',
  '--metafile',
  '--report-dir',
  '--junitxml',
  '--junit-xml',
  '--cache-location',
  '--html',
  '--out',
  '--target-dir',
  '--artifact-dir',
  '--coverage-dir',
  '--coverage-directory',
  '--reports-dir',
  '--log-file',
  '--logfile',
  '--result-log',
  '--resultlog',
  '--target-directory',
  '--output-directory',
  '--cache-dir',
  '--report',
  '--report-path',
  '--html-report',
  '--xml-report',
  '--junit-report',
  '--junit-path',
  '--results-directory',
  '--log-path',
  '--lockfile-path',
]);

/** Long options naming a folder or file the program writes, by program (`pip install --target D`). */
const PROGRAM_LONG_OUTPUTS: Record<string, readonly string[]> = {
  pip: ['--target', '--prefix', '--root', '--src', '--dest', '--wheel-dir', '--log', '--report'],
  pip3: ['--target', '--prefix', '--root', '--src', '--dest', '--wheel-dir', '--log', '--report'],
  uv: ['--target', '--prefix'],
  cargo: ['--root'],
  bundle: ['--path'],
  conda: ['--prefix'],
  mamba: ['--prefix'],
  micromamba: ['--prefix'],
  'dependency-cruiser': ['--output-to'],
  depcruise: ['--output-to'],
  madge: ['--image'],
};

/**
 * Options whose value is a list of `format:path` (`--cov-report=xml:cov.xml`, golangci-lint's
 * `--out-format=json:report.json,colored-line-number`): each path is written (a format alone writes the default
 * place or the terminal).
 */
const FORMAT_PATHS = new Set(['--cov-report', '--out-format']);

/** protoc's generator outputs (`--python_out`, `--go-grpc_out`): `[OPTIONS:]DIR`, generated files written to DIR. */
const PROTOC_OUT = /^--[a-z0-9_-]+_out$/;

/** Options whose value is a list of `key=value` reporter settings (mocha's `--reporter-options output=F`). */
const REPORTER_OPTIONS = new Set(['--reporter-options', '--reporter-option', '-O']);
/** A reporter setting naming where the report goes. */
const REPORTER_OUTPUT_KEY = /(?:output|file|dir|path)/i;
/** golangci-lint v2's `--output.json.path=F`, and options of that shape. */
const DOTTED_PATH = /^--output\.[a-z0-9-]+\.path$/;

/**
 * Subcommands (or module names) whose operands are folders the program creates: a virtual environment
 * (`uv venv D`, `python -m venv D`, `virtualenv D`) or a build folder (`meson setup D`).
 */
const FOLDER_MAKERS: Record<string, { sub?: string }> = {
  venv: {},
  virtualenv: {},
  uv: { sub: 'venv' },
  meson: { sub: 'setup' },
};

/**
 * Single-dash long options that name an output, by program (`go test -coverprofile=F`, `terraform plan -out=F`);
 * read with `=` or with the next word, as those programs' flag parsers do.
 */
const PROGRAM_OUTPUTS: Record<string, readonly string[]> = {
  go: [
    '-test.coverprofile',
    '-test.cpuprofile',
    '-test.memprofile',
    '-test.blockprofile',
    '-test.mutexprofile',
    '-test.trace',
    '-test.outputdir',
    '-test.testlogfile',
    '-test.gocoverdir',
    '-coverprofile',
    '-cpuprofile',
    '-memprofile',
    '-blockprofile',
    '-mutexprofile',
    '-trace',
    '-outputdir',
    '-modfile',
  ],
  terraform: ['-out', '-state-out', '-backup', '-state'],
  tofu: ['-out', '-state-out', '-backup', '-state'],
};

/** Programs of SHORT_OUTPUTS whose single-dash words are whole options, never clusters (`gcc -fno-x`, `cmake -DX=B`). */
const NO_CLUSTERS = new Set([
  'gcc',
  'g++',
  'cc',
  'clang',
  'clang++',
  'go',
  'javac',
  'kotlinc',
  'scalac',
  'rustc',
  'dotnet',
  'cmake',
  'jsdoc',
  'tsc',
]);

/** Short options that name an output, by program. */
const SHORT_OUTPUTS: Record<string, readonly string[]> = {
  eslint: ['-o'],
  tree: ['-o'],
  rollup: ['-o', '-d'],
  webpack: ['-o'],
  swc: ['-o', '-d'],
  babel: ['-o', '-d'],
  tsup: ['-d'],
  jsdoc: ['-d'],
  gcc: ['-o'],
  'g++': ['-o'],
  cc: ['-o'],
  clang: ['-o'],
  'clang++': ['-o'],
  go: ['-o'],
  pandoc: ['-o'],
  sort: ['-o'],
  typedoc: ['-o'],
  ruff: ['-o'],
  coverage: ['-o', '-d'],
  bandit: ['-o'],
  brakeman: ['-o'],
  rspec: ['-o'],
  rubocop: ['-o'],
  pip: ['-t', '-d', '-w'],
  pip3: ['-t', '-d', '-w'],
  cmake: ['-B'],
  javac: ['-d'],
  kotlinc: ['-d'],
  scalac: ['-d'],
  rustc: ['-o'],
  dotnet: ['-o'],
  c8: ['-o'],
  lcov: ['-o'],
  genhtml: ['-o'],
  scc: ['-o'],
  conda: ['-p'],
  mamba: ['-p'],
  micromamba: ['-p'],
  cp: ['-t'],
  mv: ['-t'],
  install: ['-t'],
  'dependency-cruiser': ['-o'],
  depcruise: ['-o'],
  madge: ['-i'],
};

/**
 * Formatters and fixers that rewrite their operands: the flags that make them write (empty: they write unless a
 * `check` flag is given), and the flags that make them only check.
 */
/** ptx's short options that take a value (in a cluster, the rest of the word or the next one). */
const PTX_VALUES = 'bgiFMoSWw';

/** ptx's long options (GNU coreutils), true when it takes a value. */
const PTX_LONG: Readonly<Record<string, boolean>> = {
  'auto-reference': false,
  traditional: false,
  'flag-truncation': true,
  'macro-name': true,
  format: true,
  'right-side-refs': false,
  'sentence-regexp': true,
  'word-regexp': true,
  'break-file': true,
  'ignore-case': false,
  'gap-size': true,
  'ignore-file': true,
  'only-file': true,
  references: false,
  'typeset-mode': false,
  width: true,
  help: false,
  version: false,
};

/**
 * A long option as getopt_long reads it against `table`: the name given whole, else the one name it begins
 * (`--form` is `--format`); undefined when it begins none or several (the program refuses it and runs nothing).
 */
export function longOption(text: string, table: Readonly<Record<string, boolean>>): string | undefined {
  const eq = text.indexOf('=');
  const given = (eq < 0 ? text : text.slice(0, eq)).slice(2);
  if (given === '') return undefined;
  if (given in table) return given;
  const matches = Object.keys(table).filter((n) => n.startsWith(given));
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * ptx's operands and whether `-G`/`--traditional` is set, in any spelling (`-GO`, `-G -M x`, `--trad`): with it, a
 * second operand is the OUTPUT file it writes. A value option's value is no operand, in every spelling getopt_long
 * takes (`--format roff`, `--form=tex`, `-Mx`).
 */
function ptxOperands(args: readonly Word[]): { traditional: boolean; operands: Word[] } {
  let traditional = false;
  const operands: Word[] = [];
  let ended = false;
  for (let k = 0; k < args.length; k++) {
    const t = optionText(args[k]);
    if (ended || t === '-' || !t.startsWith('-')) {
      operands.push(args[k] as Word);
      continue;
    }
    if (t === '--') ended = true;
    else if (t.startsWith('--')) {
      const name = longOption(t, PTX_LONG);
      if (name === 'traditional') traditional = true;
      // A long option's value comes after `=` or in the next word (`--macro-name NAME`).
      if (name !== undefined && PTX_LONG[name] && !t.includes('=')) k++;
    } else
      for (let c = 1; c < t.length; c++) {
        if (t[c] === 'G') traditional = true;
        if (PTX_VALUES.includes(t[c] as string)) {
          if (c === t.length - 1) k++;
          break;
        }
      }
  }
  return { traditional, operands };
}

const REWRITERS: Record<string, { write: readonly string[]; check?: readonly string[] }> = {
  prettier: { write: ['--write', '-w'] },
  eslint: { write: ['--fix'] },
  biome: { write: ['--write', '--apply', '--apply-unsafe', '--fix', '--unsafe'] },
  stylelint: { write: ['--fix'] },
  markdownlint: { write: ['--fix'] },
  'markdownlint-cli2': { write: ['--fix'] },
  standard: { write: ['--fix'] },
  xo: { write: ['--fix'] },
  oxlint: { write: ['--fix'] },
  dprint: { write: ['fmt'] },
  black: { write: [], check: ['--check', '--diff'] },
  ruff: { write: ['--fix', 'format'], check: ['--check', '--diff'] },
  isort: { write: [], check: ['--check-only', '--check', '--diff', '-c'] },
  autopep8: { write: ['-i', '--in-place'] },
  yapf: { write: ['-i', '--in-place'] },
  autoflake: { write: ['-i', '--in-place'] },
  gofmt: { write: ['-w'] },
  goimports: { write: ['-w'] },
  rustfmt: { write: [], check: ['--check'] },
  'clang-format': { write: ['-i'] },
  shfmt: { write: ['-w', '--write'] },
  rubocop: { write: ['-a', '-A', '--autocorrect', '--autocorrect-all', '--auto-correct'] },
  sqlfluff: { write: ['fix'] },
  taplo: { write: ['fmt', 'format'] },
  deno: { write: ['fmt'], check: ['--check'] },
  terraform: { write: ['fmt'], check: ['-check', '--check'] },
  'php-cs-fixer': { write: ['fix'], check: ['--dry-run'] },
  dart: { write: ['format'] },
  zig: { write: ['fmt'], check: ['--check'] },
  dotnet: { write: ['format'], check: ['--verify-no-changes'] },
  mix: { write: ['format'], check: ['--check-formatted', '--dry-run'] },
  'swift-format': { write: ['-i', '--in-place'] },
  ktlint: { write: ['-F', '--format'] },
  scalafmt: { write: [], check: ['--test', '--check', '--list'] },
  stylua: { write: [], check: ['--check'] },
  buf: { write: ['-w', '--write'] },
  mdformat: { write: [], check: ['--check'] },
  nixfmt: { write: [], check: ['--check', '-c'] },
  djlint: { write: ['--reformat'] },
  dos2unix: { write: [] },
  unix2dos: { write: [] },
};

const NONE: readonly string[] = [];

/** Compressors that replace a file by its compressed or decompressed twin unless told to print or test. */
const COMPRESSORS = new Set([
  'gzip',
  'gunzip',
  'bzip2',
  'bunzip2',
  'xz',
  'unxz',
  'lzma',
  'unlzma',
  'zstd',
  'unzstd',
  'lz4',
  'pigz',
  'unpigz',
]);
const DECOMPRESSORS = new Set(['gunzip', 'bunzip2', 'unxz', 'unlzma', 'unzstd', 'unpigz']);
const COMPRESSED_SUFFIX = /\.(?:gz|z|bz2|xz|lzma|zst|zstd|lz4|tgz|tbz2?|txz)$/i;

/**
 * `gunzip .claude/settings.json.gz` writes `.claude/settings.json`, `gzip F` writes `F.gz`, and either removes its
 * operand unless kept: each operand and its twin are writes, judged where they land. Printing (`-c`), testing and
 * listing write nothing.
 */
function inPlace(
  p: string,
  args: readonly Word[],
  operands: readonly Word[],
  inv: Invocation,
  r: Reporter,
): void {
  const texts = args.map((w) => optionText(w));
  const shortFlags = texts.filter((t) => /^-[a-zA-Z0-9]+$/.test(t)).join('');
  if (/[ctl]/.test(shortFlags) || texts.some((t) => /^--(stdout|to-stdout|test|list)$/.test(t))) return;
  const decompress =
    DECOMPRESSORS.has(p) ||
    shortFlags.includes('d') ||
    texts.some((t) => /^--(decompress|uncompress)$/.test(t));
  for (const w of operands) {
    write(w, inv, r);
    const twin = decompress ? w.text.replace(COMPRESSED_SUFFIX, '') : `${w.text}.gz`;
    if (twin !== w.text) write({ text: twin, flow: w.flow }, inv, r);
  }
}

function write(w: Word | undefined, inv: Invocation, r: Reporter): void {
  if (w !== undefined && w.text !== '' && w.text !== '-') touchPath(w, 'write', inv, r);
}

function valueAfterEquals(w: Word): Word {
  return { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow };
}

/**
 * An archive extracted into a named folder (`tar -x -C D`, `--directory=D`, `unzip -d D`, `7z x -oD`): the folder
 * is written, through whatever link it is (a workspace link to home is home).
 */
function archiveDestination(inv: Invocation, r: Reporter): void {
  const p = inv.program;
  const args = inv.args;
  const texts = args.map((w) => optionText(w));
  if (/^(?:tar|gtar|bsdtar)$/.test(p)) {
    const extracting = texts.some(
      (t, i) =>
        (i === 0 && /^[a-wyzA-Z]*x[a-zA-Z]*$/.test(t)) ||
        (/^-[a-zA-Z]*x/.test(t) && !t.startsWith('--')) ||
        /^--(?:extract|get)$/.test(t),
    );
    if (!extracting) return;
    texts.forEach((t, i) => {
      if (t === '-C' || t === '--directory') write(args[i + 1], inv, r);
      else if (t.startsWith('--directory=')) write(valueAfterEquals(args[i] as Word), inv, r);
      else if (/^-C./.test(t))
        write({ text: (args[i] as Word).text.slice(2), flow: (args[i] as Word).flow }, inv, r);
    });
  } else if (p === 'unzip') {
    texts.forEach((t, i) => {
      if (t === '-d') write(args[i + 1], inv, r);
      else if (/^-d./.test(t))
        write({ text: (args[i] as Word).text.slice(2), flow: (args[i] as Word).flow }, inv, r);
    });
  } else if (/^7za?$/.test(p) && /^[xe]$/.test(texts[0] ?? '')) {
    texts.forEach((t, i) => {
      if (/^-o./.test(t))
        write({ text: (args[i] as Word).text.slice(2), flow: (args[i] as Word).flow }, inv, r);
    });
  }
}

/**
 * Builders that empty their output folder before they write it (vite's `emptyOutDir`, typedoc's
 * `cleanOutputDir`, storybook, mkdocs' `--clean`, jekyll's destination): the folder an option names is deleted
 * whole first, as `rm -rf` of it would (`vite build --outDir src` empties the sources).
 */
const CLEARED_OUTPUTS: Readonly<Record<string, readonly string[]>> = {
  vite: ['--outDir', '--outdir'],
  astro: ['--outDir', '--outdir'],
  typedoc: ['--out', '-o'],
  storybook: ['-o', '--output-dir'],
  'build-storybook': ['-o', '--output-dir'],
  next: ['-o', '--outdir'],
  docusaurus: ['--out-dir'],
  mkdocs: ['-d', '--site-dir'],
  jekyll: ['-d', '--destination'],
};

function clearedOutputs(inv: Invocation, r: Reporter): void {
  const options = CLEARED_OUTPUTS[inv.program];
  if (options === undefined) return;
  const args = inv.args;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Word;
    const t = optionText(w);
    const eq = t.indexOf('=');
    const name = eq < 0 ? t : t.slice(0, eq);
    if (!options.includes(name)) continue;
    const value = eq >= 0 ? valueAfterEquals(w) : args[++i];
    if (value !== undefined && value.text !== '') recursiveDelete(value, inv, r);
  }
}

export function detectToolOutputs(inv: Invocation, r: Reporter): void {
  archiveDestination(inv, r);
  clearedOutputs(inv, r);
  // `python -m pytest ...` is pytest with the words after the module name.
  const module = /^python[0-9.]*$/.test(inv.program) && optionText(inv.args[0]) === '-m';
  const p = module ? optionText(inv.args[1]) : inv.program;
  const args = module ? inv.args.slice(2) : inv.args;
  const shorts = SHORT_OUTPUTS[p] ?? NONE;
  const longs = PROGRAM_LONG_OUTPUTS[p] ?? NONE;
  const programOutputs = PROGRAM_OUTPUTS[p] ?? NONE;
  const positionals: Word[] = [];
  // After `--` the words go to another program (a test binary: `cargo test -- --logfile F`, a script's own
  // options): they are the rewriter's operands, and an output option among them still writes.
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Word;
    const t = optionText(w);
    if (t === '--' && !ended) {
      ended = true;
      continue;
    }
    if (!t.startsWith('-') || t === '-') {
      positionals.push(w);
      continue;
    }
    if (ended) positionals.push(w);
    const eq = t.indexOf('=');
    const name = (eq < 0 ? t : t.slice(0, eq)).toLowerCase();
    if (programOutputs.includes(name)) write(eq >= 0 ? valueAfterEquals(w) : args[++i], inv, r);
    else if (p === 'protoc' && PROTOC_OUT.test(name)) {
      // `--go_out=[OPTIONS:]DIR`: the folder after the last colon is written.
      const v = eq >= 0 ? valueAfterEquals(w) : args[++i];
      if (v !== undefined) write({ text: v.text.slice(v.text.lastIndexOf(':') + 1), flow: v.flow }, inv, r);
    } else if (FORMAT_PATHS.has(name)) {
      const v = eq >= 0 ? valueAfterEquals(w) : args[++i];
      for (const item of v?.text.split(',') ?? []) {
        const colon = item.indexOf(':');
        if (v !== undefined && colon > 0) write({ text: item.slice(colon + 1), flow: v.flow }, inv, r);
      }
    } else if (REPORTER_OPTIONS.has(eq < 0 ? t : t.slice(0, eq))) {
      const v = eq >= 0 ? valueAfterEquals(w) : args[++i];
      for (const item of v?.text.split(',') ?? []) {
        const at = item.indexOf('=');
        if (v !== undefined && at > 0 && REPORTER_OUTPUT_KEY.test(item.slice(0, at)))
          write({ text: item.slice(at + 1), flow: v.flow }, inv, r);
      }
    } else if (
      t.startsWith('--') &&
      (LONG_OUTPUTS.has(name) || longs.includes(name) || DOTTED_PATH.test(name))
    )
      write(eq >= 0 ? valueAfterEquals(w) : args[++i], inv, r);
    else if (shorts.includes(t)) write(args[++i], inv, r);
    else if (!t.startsWith('--') && shorts.some((s) => t.startsWith(s) && t.length > s.length))
      write({ text: w.text.slice(2), flow: w.flow }, inv, r);
    else if (shorts.length > 0 && !t.startsWith('--') && !NO_CLUSTERS.has(p)) {
      // A cluster (`tree -ao F`, `sort -ro F`): an output letter after flags takes the rest of the word or the next
      // one, as getopt and the JavaScript parsers read it. A letter before it that takes a value would swallow it:
      // counting the write anyway only asks more.
      const at = [...t.slice(1)].findIndex((ch) => shorts.includes(`-${ch}`));
      if (at > 0) {
        if (at + 2 < t.length) write({ text: t.slice(at + 2), flow: w.flow }, inv, r);
        else write(args[++i], inv, r);
      }
    }
  }
  const maker = FOLDER_MAKERS[p];
  if (maker !== undefined) {
    const plainWords = positionals.map((x) => optionText(x));
    const at = maker.sub === undefined ? 0 : plainWords.indexOf(maker.sub) + 1;
    // Every operand after the subcommand (a value of an option this table does not read is a workspace word).
    if (maker.sub === undefined || at > 0) for (const x of positionals.slice(at)) write(x, inv, r);
  }
  // uniq writes its second operand; a value of an option this loop does not know takes a place before it
  // (`uniq -f 0 in out`), so every operand after the first counts as the output.
  if (p === 'uniq') for (const x of positionals.slice(1)) write(x, inv, r);
  if (COMPRESSORS.has(p)) inPlace(p, args, positionals, inv, r);
  if (p === 'ptx') {
    const ptx = ptxOperands(args);
    if (ptx.traditional && ptx.operands.length >= 2) write(ptx.operands[1] as Word, inv, r);
  }
  const rewriter = REWRITERS[p];
  if (rewriter === undefined) return;
  // Only a rewriter reads the option texts again: no array of them for every other program.
  const texts = args.map((w) => optionText(w));
  const checking = (rewriter.check ?? []).some((c) => texts.includes(c));
  const writing = rewriter.write.length === 0 || rewriter.write.some((f) => texts.includes(f));
  if (checking || !writing) return;
  for (const w of positionals) {
    // Subcommand words (`ruff check`, `biome format`, `terraform fmt`) are not files.
    if (/^[a-z][a-z-]*$/.test(w.text) && positionals.indexOf(w) === 0) continue;
    write(w, inv, r);
  }
}
