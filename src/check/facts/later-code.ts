/**
 * Code a write or edit puts where something runs it later, and how much of its analysis counts there.
 *
 * - A Dockerfile's `RUN` steps (`docker build` runs them inside the build container): only what reaches past the
 *   container counts (code fetched and run, a secret sent, a package from an unstated source); an unknown program
 *   or a delete inside the image does not.
 * - A Go file's `//go:generate` directives (`go generate` runs them in the file's folder): judged whole, as any
 *   command is.
 * - A Cargo build script (`build.rs`, run by every `cargo build`/`check`/`test`): read as cargo's run of it is
 *   (a process started by literal name is that command); otherwise a line that is not a cargo directive, a comment,
 *   a `use` or the `main` frame is code the build runs (uncertain).
 * - Source code in a language gavel scans (Python, JavaScript/TypeScript, Ruby, Perl, PHP, shell) and a notebook's
 *   cells (Python, R, JavaScript, Ruby kernels): the lines the change adds are scanned as that interpreter's inline code would be, and only the
 *   categories that say harm count (code fetched and run, a secret sent, a delete of home, persistence, ...): an
 *   unknown call or a request to a host is ordinary code; a secret read counts in a notebook cell, whose output
 *   the notebook keeps.
 *
 * Pure: entries for runner-files.ts, which diffs them against the file as it was and hands them to the pipeline.
 */

import { basename, extname } from 'node:path';
import type { Category } from '../../core';
import {
  type BuildRead,
  foreignSourceEncoding,
  literalProcesses,
  PROCESS_LANGUAGES,
  readProgram,
  TOO_MANY,
} from '../../shell';
import { CATEGORY_ORDER } from './category-reasons';
import { compiledEffects } from './compiled-effects';

/** Script-name markers of entries whose analysis counts only for the categories `keptCategories` names. */
export const CONTAINED = 'container:';
export const PLANTED = 'code:';
export const CELL_CODE = 'cell-code:';
export const WORKLOAD = 'workload:';

/** What a build container's step reaches outside the container. */
const CONTAINER_KEEP: readonly Category[] = [
  'remote_code_execution',
  'credential_exfiltration',
  'package_install_from_unstated_source',
];

/**
 * What code run later on this machine does that ordinary code does not: every category but reaching a host, reading
 * a secret (app code reads its `.env`) and discarding local work.
 */
const PLANTED_KEEP: readonly Category[] = CATEGORY_ORDER.filter(
  (c) => c !== 'outbound_network_to_unstated_host' && c !== 'secret_material_read' && c !== 'local_work_loss',
);

const CELL_KEEP: readonly Category[] = [...PLANTED_KEEP, 'secret_material_read'];

/**
 * What a deployed workload's command (a container's, an Ansible task's) does that its own work does not: what a
 * build step may not, a connection to a host nobody stated (it runs beside the application's secrets), a remote
 * resource deleted.
 */
const WORKLOAD_KEEP: readonly Category[] = [
  ...CONTAINER_KEEP,
  'outbound_network_to_unstated_host',
  'remote_resource_delete',
];

/** The categories an entry's analysis keeps, by its script marker; undefined: all of it counts. */
export function keptCategories(script: string): readonly Category[] | undefined {
  if (script.startsWith(CONTAINED)) return CONTAINER_KEEP;
  if (script.startsWith(CELL_CODE)) return CELL_KEEP;
  if (script.startsWith(WORKLOAD)) return WORKLOAD_KEEP;
  if (script.startsWith(PLANTED)) return PLANTED_KEEP;
  return undefined;
}

type Entry = [script: string, command: string];

const shellQuote = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`;

/** A Dockerfile's file names: `Dockerfile`, `Dockerfile.dev`, `app.Dockerfile`, `Containerfile`. */
export const isDockerfile = (name: string): boolean =>
  /^(?:Dockerfile|Containerfile)(?:[._-][\w.-]+)?$|[._-](?:Dockerfile|Containerfile)$/i.test(name);

/**
 * The shell each `RUN` step runs (also `ONBUILD RUN`): continuation lines joined, `--mount`/`--network` options
 * dropped, the exec form's words quoted, a here-document's body. A file that changes its escape character is
 * read some other way than this: a string (uncertain).
 */
export function dockerRuns(text: string): Entry[] | string {
  if (/^\s*#\s*escape\s*=/im.test(text)) return 'sets its own escape character';
  // `SHELL ["python3", "-c"]`: later RUN steps are that program's code, not shell text.
  const shell = /^\s*SHELL\s+\[\s*"([^"]+)"/im.exec(text);
  if (shell && !/^(?:\/(?:usr\/)?bin\/)?(?:ba|da|z|a)?sh$/.test(shell[1] ?? ''))
    return 'runs its steps with another shell';
  const lines = text.split('\n');
  const out: Entry[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] as string;
    if (/^\s*#/.test(line)) continue;
    while (/\\\s*$/.test(line) && i + 1 < lines.length) {
      const nextLine = lines[++i] as string;
      // Docker joins across comment and blank lines inside a continuation.
      if (/^\s*(?:#.*)?$/.test(nextLine)) continue;
      line = `${line.replace(/\\\s*$/, '')} ${nextLine}`;
    }
    const m = /^\s*(?:ONBUILD\s+)?RUN\s+(.*)$/i.exec(line);
    if (!m) continue;
    const rest = (m[1] ?? '').replace(/^(?:--[\w-]+(?:=\S*)?\s+)*/, '').trim();
    const doc = /^<<-?\s*(["']?)(\w+)\1\s*(.*)$/.exec(rest);
    if (doc) {
      const end = doc[2] as string;
      const body: string[] = [];
      while (i + 1 < lines.length && (lines[i + 1] as string).trim() !== end) body.push(lines[++i] as string);
      i++;
      // `RUN <<EOF bash` / `RUN python3 <<EOF`: the body is fed to that program; a bare here-doc is shell.
      const program = (doc[3] ?? '').trim();
      out.push([
        `${CONTAINED}RUN`,
        program === '' ? body.join('\n') : `${program} <<'${end}'\n${body.join('\n')}\n${end}`,
      ]);
      continue;
    }
    if (rest.startsWith('[')) {
      let words: unknown;
      try {
        words = JSON.parse(rest);
      } catch {
        words = undefined;
      }
      if (Array.isArray(words) && words.every((w) => typeof w === 'string')) {
        out.push([`${CONTAINED}RUN`, (words as string[]).map(shellQuote).join(' ')]);
        continue;
      }
    }
    if (rest !== '') out.push([`${CONTAINED}RUN`, rest]);
  }
  return out;
}

/**
 * Where a container image comes from: its registry and namespace (`ghcr.io/acme` for `ghcr.io/acme/ruby:3`,
 * `docker.io/library` for `ruby:3`); undefined for what names no image (`scratch`, a variable, a build stage).
 */
export function imageSource(ref: string, stages: ReadonlySet<string> = new Set()): string | undefined {
  const image = ref.replace(/@sha256:[0-9a-f]+$/i, '');
  if (image === '' || /[$]/.test(image) || image === 'scratch' || stages.has(image.toLowerCase()))
    return undefined;
  const parts = image.replace(/:[\w.-]+$/, '').split('/');
  const registry =
    parts.length > 1 && /[.:]|^localhost$/.test(parts[0] as string) ? (parts.shift() as string) : 'docker.io';
  if (parts.length === 1) parts.unshift('library');
  return `${registry.toLowerCase()}/${parts.slice(0, -1).join('/').toLowerCase()}`;
}

/** The entry an image source stands as (runner-files.ts flags a new one in a file that had one). */
export const imageEntry = (source: string): Entry => ['image', `__gavel_runner_source image:${source}`];

/**
 * A Dockerfile's base images and the images a `COPY --from=` takes files from, as the sources they come from; an
 * `ADD` of a URL or a git repository, as the host the build fetches it from (what it fetched is then in the image,
 * and a later step may run it).
 */
export function dockerImages(text: string): Entry[] {
  const stages = new Set<string>();
  const out: Entry[] = [];
  for (const m of text.matchAll(
    /^\s*(?:FROM\s+(?:--[\w-]+=\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?|(?:ONBUILD\s+)?(COPY|ADD)\s+(.*))/gim,
  )) {
    if (m[3] === undefined) {
      const source = imageSource(m[1] ?? '', stages);
      if (source) out.push(imageEntry(source));
      if (m[2]) stages.add(m[2].toLowerCase());
      continue;
    }
    const words = (m[4] ?? '').trim().split(/\s+/);
    const from = words.find((w) => /^--from=/i.test(w))?.slice('--from='.length);
    if (from !== undefined && !/^\d+$/.test(from)) {
      const source = imageSource(from, stages);
      if (source) out.push(imageEntry(source));
    }
    if (m[3].toUpperCase() !== 'ADD') continue;
    for (const word of words.filter((w) => !w.startsWith('--')).slice(0, -1)) {
      const url = /^(?:https?|git):\/\/(?:[^@/]+@)?([^/:?#]+)|^[\w.-]+@([^:/]+):/i.exec(
        word.replace(/^["[]+|[",\]]+$/g, ''),
      );
      if (url) out.push(['ADD', `__gavel_runner_source ${(url[1] ?? url[2] ?? '').toLowerCase()}`]);
    }
  }
  return out;
}

/** A Go file's `//go:generate` directives: the commands `go generate` runs in its folder. */
export function goGenerate(text: string): Entry[] {
  const out: Entry[] = [];
  for (const line of text.split('\n')) {
    const m = /^\/\/go:generate\s+(.*\S)\s*$/.exec(line);
    if (m) out.push(['generate', m[1] as string]);
  }
  return out;
}

/** A build script's line that runs nothing: a cargo directive printed literally, a comment, a `use`, the frame. */
const INERT_BUILD_LINE = [
  /^$/,
  /^(?:\/\/|\/\*|\*)/,
  /^[{}()[\];,\s]*$/,
  /^(?:pub\s+)?fn\s+main\s*\(\s*\)\s*(?:->\s*[\w:<>(),\s]+)?\{?$/,
  /^println!\(\s*"cargo::?[\w-]+(?:=[^"\\{}]*)?"\s*\)\s*;?$/,
  /^use\s+[\w:{},\s*]+;$/,
];

/**
 * A build file that is a program (a Gradle script, mix.exs), as its builder's run of it is read (build-files.ts
 * `readProgram`): the commands it runs (mix's `cmd` aliases, a process named literally), and, when it reaches the
 * system some other way, every line of it as code (each judged as added code when the change adds it).
 */
export function programFileLines(language: 'gradle' | 'elixir', script: string, text: string): Entry[] {
  return buildFileLines(readProgram(language, text), script, text);
}

/**
 * A build file as its builder's run of it is read (a reader of the shell's build-files): the commands it runs;
 * when it runs code the reader cannot follow, every line of it as code (each judged as added code when added).
 */
export function buildFileLines(read: BuildRead, script: string, text: string): Entry[] {
  if (read.opaque === undefined) return read.commands.map((c): Entry => [script, c]);
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('//') && !l.startsWith('#'))
    .map((l): Entry => [script, `__gavel_runner_code ${l}`]);
}

/** Repositories a Gradle build adds by URL (`maven("https://…")`, `maven { url = uri("…") }`): another package source. */
export function gradleRepositories(text: string): Entry[] {
  const out: Entry[] = [];
  for (const m of text.matchAll(
    /\bmaven\s*\(\s*(?:url\s*=\s*)?(?:uri\s*\(\s*)?["']([^"']+)["']|\burl\s*(?:=\s*)?(?:uri\s*\(\s*)?["']([^"']+)["']/g,
  )) {
    const url = m[1] ?? m[2] ?? '';
    if (
      /^https:\/\/(?:repo\.maven\.apache\.org|repo1\.maven\.org|plugins\.gradle\.org|maven\.google\.com|dl\.google\.com)\//.test(
        url,
      )
    )
      continue;
    out.push(['repositories', `__gavel_runner_source ${url}`]);
  }
  // A dependency or file taken straight from a URL (`implementation(files("https://…"))`, `uri("https://…")`).
  for (const m of text.matchAll(
    /\b(?:files?|uri|fileTree|implementation|api|compileOnly|runtimeOnly|testImplementation|classpath|kapt|ksp)\s*\(?\s*["'](?:https?|ftp):\/\/([^/"':]+)/g,
  ))
    if (
      !/^(?:repo\.maven\.apache\.org|repo1\.maven\.org|plugins\.gradle\.org|maven\.google\.com|dl\.google\.com)$/.test(
        m[1] ?? '',
      )
    )
      out.push(['dependencies', `__gavel_runner_source ${m[1]}`]);
  return out;
}

/** mix dependencies fetched from a git host rather than Hex (`{:x, git: "…"}`, `github: "…"`): another source. */
export function mixSources(text: string): Entry[] {
  const out: Entry[] = [];
  for (const m of text.matchAll(/\{\s*:[\w]+\s*,[^}]*?\b(git|github)\s*:\s*"([^"]+)"/g))
    out.push(['deps', `__gavel_runner_source ${m[1]}:${m[2]}`]);
  return out;
}

/**
 * A Cargo build script as cargo's run of it is read (build-files.ts `readProgram`): the processes it starts by
 * literal name, as commands; a script that reaches the system some other way, its lines that are code (each judged
 * as added code when the change adds it).
 */
export function buildScriptLines(text: string): Entry[] {
  const read = readProgram('rust', text);
  if (read.opaque === undefined) return read.commands.map((c): Entry => ['build-script', c]);
  const out: Entry[] = [];
  for (const raw of text.split('\n')) {
    const t = raw.trim();
    if (!INERT_BUILD_LINE.some((re) => re.test(t))) out.push(['build-script', `__gavel_runner_code ${t}`]);
  }
  return out;
}

/** Source languages whose code gavel scans, by extension: the interpreter and its inline-code option. */
const SCANNED: Readonly<Record<string, string>> = {
  '.py': 'python3 -c',
  '.pyw': 'python3 -c',
  '.js': 'node -e',
  '.mjs': 'node -e',
  '.cjs': 'node -e',
  '.jsx': 'node -e',
  '.ts': 'node -e',
  '.mts': 'node -e',
  '.cts': 'node -e',
  '.tsx': 'node -e',
  '.rb': 'ruby -e',
  '.rake': 'ruby -e',
  '.ru': 'ruby -e',
  '.gemspec': 'ruby -e',
  '.thor': 'ruby -e',
  '.pth': 'python3 -c',
  '.r': 'Rscript -e',
  '.ps1': 'pwsh -c',
  '.pl': 'perl -e',
  '.pm': 'perl -e',
  // Perl test files (`prove` runs them) and PSGI apps.
  '.t': 'perl -e',
  '.psgi': 'perl -e',
  // Single-file components: their script blocks run in the test runner and the build (componentScripts).
  '.vue': 'node -e',
  '.svelte': 'node -e',
  '.astro': 'node -e',
  '.php': 'php -r',
};
const SHELL_SOURCE = /^\.(?:sh|bash|zsh|ksh|bats)$/;

const COMPONENT = /^\.(?:vue|svelte|astro)$/;

/** The code of a single-file component: its `<script>` blocks and an Astro component's `---` front matter. */
export function componentScripts(text: string): string {
  const out: string[] = [];
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (front) out.push(front[1] ?? '');
  for (const m of text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script\s*>/gi)) out.push(m[1] ?? '');
  return out.join('\n');
}

/** A Bats file as the shell it becomes: each `@test "name" {` header is a function's. */
const batsShell = (text: string): string => text.replace(/^[ \t]*@test\b[^\n]*\{[ \t]*$/gm, 'bats_test() {');
/** fastlane's files of Ruby, which it evaluates: the Fastfile and its tools' files, and custom actions. */
const FASTLANE_NAMES = new Set(
  'fastfile appfile matchfile gymfile scanfile snapfile deliverfile precheckfile screengrabfile supplyfile'.split(
    ' ',
  ),
);
const isFastlane = (path: string): boolean =>
  FASTLANE_NAMES.has(basename(path).toLowerCase()) || /(?:^|\/)fastlane\/actions\/[^/]+\.rb$/.test(path);
/**
 * What fastlane code runs in a way the scan cannot read: `sh` of anything but one literal command line (words
 * given apart, a variable, a here-document, `Actions.sh`), a call by name (`send`), code fetched or required by
 * fastlane (`import_from_git`, `fastlane_require`, `import`), evaluated text.
 */
const FASTLANE_OPAQUE =
  /\bActions(?:\.|::)\w*[Ss]h\w*|\.sh(?:\s*\(|\s+["'])|\bsh_\w+|\b__send__\b|\bsend\s*(?:\(|:)|\bmethod\s*\(|\bHelper\.backticks\b|\bCommandExecutor\b|\b(?:system|exec|spawn)\s+(?![\s"'(])|\b(?:public_)?send\s*\(|\b(?:import_from_git|fastlane_require|import|eval|instance_eval|class_eval|load|require_relative)\b|(?:^|[^\w.:])sh(?!\s*\(\s*(["'])[^"'#\\]*\1\s*\)|\s+(["'])[^"'#\\]*\2\s*(?:$|#|\bif\b|\bunless\b))(?=\s*[(\s]|$)/m;
/** fastlane's `sh` action runs its words as a shell command line: scanned as Ruby's `system` is. */
const fastlaneShell = (text: string): string =>
  text.replace(
    /(^|[^\w.:])sh(\s*\(|\s+(?=["'%]))/gm,
    (_m, head: string, tail: string) => `${head}system${tail.trimStart().startsWith('(') ? '(' : ' '}`,
  );

/** Files of a scanned language named with no extension of it: R's and IRB's start-up files, Ruby's DSL files. */
const SCANNED_NAMES: Readonly<Record<string, string>> = {
  '.rprofile': '.r',
  'rprofile.site': '.r',
  '.irbrc': '.rb',
  '.pryrc': '.rb',
  // Ruby files by name: CocoaPods, Vagrant, Danger, Homebrew bundles, Guard, fastlane, Capistrano, Berkshelf.
  podfile: '.rb',
  vagrantfile: '.rb',
  dangerfile: '.rb',
  brewfile: '.rb',
  guardfile: '.rb',
  fastfile: '.rb',
  appfile: '.rb',
  matchfile: '.rb',
  gymfile: '.rb',
  scanfile: '.rb',
  snapfile: '.rb',
  deliverfile: '.rb',
  precheckfile: '.rb',
  screengrabfile: '.rb',
  supplyfile: '.rb',
  capfile: '.rb',
  berksfile: '.rb',
};

/** The extension a file's code is scanned as (a start-up file's language for its name). */
const scanExt = (path: string): string => {
  const name = basename(path).toLowerCase();
  return SCANNED_NAMES[name] ?? extname(name);
};

/**
 * Reads of one environment variable, by name, in the scanned languages (`os.environ["K"]`, `os.getenv("K")`,
 * `process.env.K`, `ENV["K"]`, `Deno.env.get("K")`, `$ENV{K}`, `getenv("K")`): app code reads its API key there and
 * sends it to the API's host, which is what the key is for. In code scanned for harm each stands for a plain value;
 * a dump of the whole environment (`dict(os.environ)`, `process.env` alone) stays and still counts.
 */
const VARIABLE_READS: readonly RegExp[] = [
  /\bos\.environ\s*\[\s*(['"])[\w.-]+\1\s*\]/g,
  /\bos\.(?:environ\.get|getenv)\s*\(\s*(['"])[\w.-]+\1\s*(?:,[^()]*)?\)/g,
  /\bprocess\.env\.[A-Za-z_]\w*/g,
  /\bprocess\.env\s*\[\s*(['"`])[\w.-]+\1\s*\]/g,
  /\bimport\.meta\.env\.[A-Za-z_]\w*/g,
  /\bDeno\.env\.get\s*\(\s*(['"])[\w.-]+\1\s*\)/g,
  /\bENV(?:\s*\[\s*(['"])[\w.-]+\1\s*\]|\.fetch\s*\(\s*(['"])[\w.-]+\2\s*(?:,[^()]*)?\))/g,
  /\$ENV\{\s*['"]?[\w.-]+['"]?\s*\}/g,
  /\b(?:getenv|Sys\.getenv)\s*\(\s*(['"])[\w.-]+\1\s*\)/g,
  /\$_(?:ENV|SERVER)\s*\[\s*(['"])[\w.-]+\1\s*\]/g,
];

/** The code with each read of one named environment variable replaced by a plain value (see VARIABLE_READS). */
export function withoutVariableReads(code: string): string {
  let out = code;
  // A variable naming a folder (`os.environ["HOME"] + "/.ssh/id_rsa"`) is a path the scan must still see.
  for (const re of VARIABLE_READS) out = out.replace(re, (m) => (PATH_VARIABLE.test(m) ? m : '0'));
  return out;
}

/** Variables that hold a folder: the scan reads them as the paths they stand for (scan-code.ts HOME_EXPRESSIONS). */
const PATH_VARIABLE = /\b(?:HOME|USERPROFILE|APPDATA|LOCALAPPDATA|XDG_\w+|TMPDIR|PWD)\b/;

/** Added code longer than this is not scanned: the change is uncertain instead. */
export const MAX_PLANTED = 256 * 1024;

/** The lines of `after` that `before` does not have (a multiset: moved lines add nothing). */
export function addedLines(before: string, after: string): string[] {
  const count = new Map<string, number>();
  for (const l of before.split('\n')) count.set(l.trim(), (count.get(l.trim()) ?? 0) + 1);
  const out: string[] = [];
  for (const l of after.split('\n')) {
    const n = count.get(l.trim()) ?? 0;
    if (n > 0) count.set(l.trim(), n - 1);
    else if (l.trim() !== '') out.push(l);
  }
  return out;
}

/** A notebook kernel's language (lower case; none said: Python) and the inline code that stands for its cells. */
export function notebookRunner(language: string | undefined): string | undefined {
  const lang = language ?? 'python';
  if (/^(?:i?python\d*(?:\.\d+)?|py)$/.test(lang)) return 'python3 -c';
  if (/^(?:bash|sh|zsh|shell)$/.test(lang)) return '';
  if (lang === 'r') return 'Rscript -e';
  if (lang === 'javascript' || lang === 'typescript') return 'node -e';
  if (lang === 'ruby') return 'ruby -e';
  // Another kernel (Julia, Scala, ...): its code is not scanned; the shell escapes are read apart.
  return undefined;
}

/**
 * The scan of code a change adds to a source file of a scanned language: the command whose analysis stands for it
 * (`python3 -c '…'`), or a string when it is too long to read; undefined when the file is no such source or the
 * change adds no line. `cellRunner`: the code is a notebook's cells, run that way (their secret reads count).
 */
export function plantedScan(
  path: string,
  before: string,
  after: string,
  cellRunner?: string,
  scriptRunner?: string,
): Entry[] | string | undefined {
  const ext = scanExt(path);
  const text = COMPONENT.test(ext)
    ? componentScripts
    : ext === '.bats'
      ? batsShell
      : isFastlane(path)
        ? fastlaneShell
        : (t: string) => t;
  const lines = addedLines(text(before), text(after));
  if (lines.length === 0) return undefined;
  // Python reading the file in another encoding than its bytes show (`# coding: utf-7`): the text is not the code.
  if (
    (scriptRunner ?? SCANNED[ext])?.startsWith('python') &&
    cellRunner === undefined &&
    foreignSourceEncoding(after)
  )
    return 'declares a source encoding Python reads as other text than gavel scans';
  if (isFastlane(path) && FASTLANE_OPAQUE.test(addedLines(before, after).join('\n')))
    return 'runs fastlane code gavel does not follow';
  const code = withoutVariableReads(lines.join('\n'));
  const marker = cellRunner !== undefined ? `${CELL_CODE}cell` : `${PLANTED}${ext.slice(1) || 'code'}`;
  const runner = cellRunner ?? scriptRunner ?? SCANNED[ext];
  const language = runner === undefined ? PROCESS_LANGUAGES[ext] : undefined;
  if (runner === undefined && !SHELL_SOURCE.test(ext) && language === undefined) return undefined;
  if (code.length > MAX_PLANTED) return 'adds more code than gavel scans';
  // A language with no inline analysis: the processes it starts by literal name, each judged as that command.
  if (language !== undefined) {
    const commands = literalProcesses(language, code) ?? [];
    if (commands === TOO_MANY) return 'starts more processes than gavel reads';
    // What it does besides starting processes: a delete in home, a home credential read or sent.
    const effects = compiledEffects(lines.join('\n')).map(
      (e): Entry => [marker, `__gavel_runner_effect ${e}`],
    );
    const out = [...commands.map((c): Entry => [marker, c]), ...effects];
    return out.length === 0 ? undefined : out;
  }
  // A shell source or a shell kernel's cell is the shell text itself.
  const scanned: Entry = [
    marker,
    runner === undefined || runner === '' ? code : `${runner} ${shellQuote(code)}`,
  ];
  // Its reads of secrets do not count (app code reads its `.env`), but a credential store of the home folder read
  // by code the project runs later is no app's own configuration.
  const homeSecrets =
    cellRunner === undefined && runner !== undefined && runner !== ''
      ? compiledEffects(lines.join('\n'))
          .filter((e) => e.startsWith('reads a credential store'))
          .map((e): Entry => [marker, `__gavel_runner_effect ${e}`])
      : [];
  return [scanned, ...homeSecrets];
}

/**
 * The interpreter a script's `#!` line names, as the inline code that stands for it (`''`: a shell, the text
 * itself); undefined for another or none. For files with no extension (`bin/setup`).
 */
export function shebangRunner(text: string): string | undefined {
  const m = /^#!\s*(?:\/\S*\/)?(?:env\s+(?:-\S+\s+)*)?(\S+)/.exec(text);
  const program = m?.[1]?.replace(/[\d.]+$/, '');
  if (program === undefined) return undefined;
  if (/^(?:sh|bash|dash|zsh|ksh)$/.test(program)) return '';
  if (program === 'python') return 'python3 -c';
  if (program === 'node') return 'node -e';
  if (program === 'ruby') return 'ruby -e';
  if (program === 'perl') return 'perl -e';
  if (program === 'php') return 'php -r';
  return undefined;
}

/** The inline-code runner whose language a file's code is (a notebook's or a `#!` script's when given). */
export const scannedRunner = (path: string, cellRunner?: string, scriptRunner?: string): string | undefined =>
  cellRunner ?? scriptRunner ?? SCANNED[scanExt(path)];

/** Whether a path is a source file `plantedScan` reads (a notebook's cells are read through the notebook). */
export const isScannedSource = (path: string): boolean => {
  const ext = scanExt(path);
  return SCANNED[ext] !== undefined || SHELL_SOURCE.test(ext) || PROCESS_LANGUAGES[ext] !== undefined;
};

/** Cell magics whose body is the kernel's own code (timed, captured, profiled, run in a debugger). */
const CODE_CELL_MAGIC = /^\s*%%(?:capture|time|timeit|prun|debug|memit|skip|py)\b/;

/**
 * The code of a notebook cell: its lines that are no IPython shell escape or magic (those are shell, read apart);
 * a cell magic that runs its body as code (`%%capture`, `%%time`) keeps the body.
 */
export const cellCode = (source: string): string => {
  if (/^\s*%%/.test(source) && !CODE_CELL_MAGIC.test(source)) return '';
  return source
    .split('\n')
    .filter((l) => !/^\s*(?:[\w.]+\s*=\s*)?[!%]/.test(l))
    .join('\n');
};
