// Builds the CLI with esbuild into dist/ (see docs/decisions/0002-bundler.md and 0018-hook-bundle.md):
// - dist/hook.cjs: one CommonJS file holding only `gavel hook` (the command registry replaced by its one
//   entry), what bin/gavel runs on every tool call: none of the other commands' code;
// - dist/gavel.mjs: every other command, split: the entry, shared chunks dist/chunk-*.mjs and one chunk per
//   command (dist/<name>-command-*.mjs), so a command loads only the code it reaches.
// Everything sits flat in dist/ so code that looks beside itself (the .wasm files, rules/ above) finds it.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const OUT = 'dist';
const ENTRY = 'src/surfaces/cli/entry.ts';
const COMMANDS_DIR = resolve('src/surfaces/cli/commands');

/**
 * The build id: sha256 of every file under src/ (path and content) and package.json, stamped into both bundles
 * as `__GAVEL_BUILD_ID__` (src/runtime/check/build-id.ts). What is cached per build (the examples of a
 * config's rules, src/runtime/check/examples-cache.ts) is checked again by any other build.
 */
function buildId() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) hash.update(`${path}\0`).update(readFileSync(path)).update('\0');
    }
  };
  walk('src');
  hash.update(readFileSync('package.json'));
  return hash.digest('hex');
}

/**
 * The bundled rule files checked whole, once, here: src/check/policy/prebuilt-rules.ts run from source on rules/.
 * Stamped into both bundles as `__GAVEL_PREBUILT_RULES__` (src/runtime/check/prebuilt.ts): a load whose files
 * hash to what is recorded skips parsing and checking them again (docs/decisions/0037-rules-checked-at-build.md).
 * A problem in a rule file fails the build.
 */
async function prebuiltRules() {
  const bundled = await build({
    entryPoints: ['src/check/policy/prebuilt-rules.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'warning',
  });
  const dir = mkdtempSync(join(tmpdir(), 'gavel-prebuild-'));
  try {
    const file = join(dir, 'prebuilt-rules.mjs');
    writeFileSync(file, bundled.outputFiles[0].text);
    const { prebuildRules, RULE_FILES } = await import(pathToFileURL(file).href);
    const texts = Object.fromEntries(RULE_FILES.map((n) => [n, readFileSync(join('rules', n), 'utf8')]));
    const checked = prebuildRules(texts);
    if (!checked.ok) {
      process.stderr.write(`build: ${checked.problem}\n`);
      process.exit(1);
    }
    return checked.rules;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  define: {
    __GAVEL_BUILD_ID__: JSON.stringify(buildId()),
    __GAVEL_PREBUILT_RULES__: JSON.stringify(JSON.stringify(await prebuiltRules())),
  },
  // Some dependencies are CommonJS and call require(); give every ESM output file one.
  banner: {
    js: "import { createRequire as __gavelCreateRequire } from 'node:module'; const require = __gavelCreateRequire(import.meta.url);",
  },
};

/** In dist/hook.cjs: `var import_node_os=require("node:os");`, any built-in but fs and path (see below). */
const LAZY_BUILTIN = /(?<=^|[;{}\n])(var )?(import_node_\w+) ?= ?require\("node:(?!fs"|path")([\w/]+)"\);/g;

/** For dist/hook.cjs: main.ts's `./commands` registry becomes one entry, the hook command, imported statically. */
const hookOnlyRegistry = {
  name: 'hook-only-registry',
  setup(b) {
    b.onResolve({ filter: /^\.\/commands$/ }, (args) =>
      resolve(args.resolveDir, args.path) === COMMANDS_DIR
        ? { path: 'hook-only', namespace: 'gavel-registry' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'gavel-registry' }, () => ({
      resolveDir: COMMANDS_DIR,
      loader: 'ts',
      contents: `import { hookCommand } from './hook-command';
export const COMMANDS = [{ name: hookCommand.name, summary: hookCommand.summary, load: async () => hookCommand }];`,
    }));
  },
};

// A stale chunk of an earlier build must not linger beside the new ones: start from an empty folder.
mkdirSync(OUT, { recursive: true });
for (const name of readdirSync(OUT)) rmSync(join(OUT, name), { recursive: true, force: true });

await build({
  ...common,
  entryPoints: { gavel: ENTRY },
  outdir: OUT,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  splitting: true,
});

/**
 * For dist/hook.cjs: every module, ours and the packages', is imported for its exports only (`sideEffects: false`),
 * so a module none of whose exports a hook call can reach is left out with everything it imports. gavel's modules
 * hold no import-time effect another module relies on (a bare `import './x'` would be dropped: the build fails on
 * it, below), and a package is never imported for its effects. Without this, an import kept only because its
 * module is reached through an index put a whole CommonJS package into every hook call (the judge's `yaml`
 * through `src/runtime/index.ts`: 0.26 MB read, hashed and run by each process), and the route, ask and judge
 * modules built their schemas at import.
 */
const importedForExports = {
  name: 'imported-for-exports',
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData?.importedForExports || args.namespace !== 'file' || args.kind === 'entry-point')
        return undefined;
      if (args.path.startsWith('node:')) return undefined;
      const found = await b.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        importer: args.importer,
        pluginData: { importedForExports: true },
      });
      if (found.errors.length > 0 || found.external || !found.path.startsWith('/')) return undefined;
      return { path: found.path, sideEffects: false };
    });
  },
};

/**
 * For dist/hook.cjs: the shell analysis (src/shell) is initialised on the first shell command only. The seam
 * imports it with `import()` (src/runtime/check/shell-seam.ts), which esbuild turns into a module initialised on
 * first use (`__esm`) with everything it imports; a static import of src/shell's index elsewhere would initialise
 * the whole index at start again, so here each one outside src/shell is given a module re-exporting only the names
 * it imports, from the files the index takes them from. The same modules, in the same order of initialisation
 * among themselves: only what a call never reaches is no longer run at start (a Read never runs the detectors'
 * tables). A name the index does not re-export from a file fails the build.
 */
const SHELL_INDEX = resolve('src/shell/index.ts');
const SHELL_DIR = resolve('src/shell');
function shellIndexExports() {
  const text = readFileSync(SHELL_INDEX, 'utf8');
  const from = new Map();
  for (const m of text.matchAll(/export (type )?\{([^}]*)\} from '([^']+)';/g)) {
    if (m[1]) continue;
    for (const part of m[2].split(',')) {
      const name = part.trim();
      if (name === '' || name.startsWith('type ')) continue;
      if (/\s/.test(name)) throw new Error(`build: src/shell/index.ts: unexpected export \`${name}\``);
      from.set(name, resolve(SHELL_DIR, m[3]));
    }
  }
  return from;
}
const shellFacade = {
  name: 'shell-facade',
  setup(b) {
    const exported = shellIndexExports();
    b.onResolve({ filter: /(^|\/)shell$/ }, async (args) => {
      if (args.kind !== 'import-statement' || args.namespace !== 'file') return undefined;
      if (args.importer.startsWith(`${SHELL_DIR}/`)) return undefined;
      if (resolve(args.resolveDir, args.path, 'index.ts') !== SHELL_INDEX) return undefined;
      return { path: args.importer, namespace: 'shell-facade', sideEffects: false };
    });
    b.onLoad({ filter: /.*/, namespace: 'shell-facade' }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const names = new Set();
      for (const m of source.matchAll(/import (type )?\{([^}]*)\} from '(?:\.\.\/)+shell';/g)) {
        if (m[1]) continue;
        for (const part of m[2].split(',')) {
          const name = part.trim().replace(/ as .*$/, '');
          if (name !== '' && !name.startsWith('type ')) names.add(name);
        }
      }
      const byFile = new Map();
      for (const name of names) {
        const file = exported.get(name);
        if (!file)
          throw new Error(
            `build: ${args.path} imports \`${name}\` from src/shell, which its index does not re-export from a file`,
          );
        byFile.set(file, [...(byFile.get(file) ?? []), name]);
      }
      const contents = [...byFile]
        .map(([file, list]) => `export { ${list.join(', ')} } from ${JSON.stringify(file)};`)
        .join('\n');
      return { contents: contents || 'export {};', loader: 'ts', resolveDir: SHELL_DIR };
    });
  },
};

/**
 * For dist/hook.cjs: the seam's `import()` of src/shell (src/runtime/check/shell-seam.ts) loads dist/hook-shell.cjs,
 * through bin/gavel's loader (`__gavelLoadChunk`: compiled with its own code cache, exit 2 when it cannot be loaded)
 * or, run without bin/gavel, through require(). A module reached by `import()` only is initialised on its first
 * use, so the chunk is read on the first shell command and never by a call that has none.
 */
const shellChunk = {
  name: 'shell-chunk',
  setup(b) {
    b.onResolve({ filter: /(^|\/)shell$/ }, (args) => {
      if (args.kind !== 'dynamic-import' || args.namespace !== 'file') return undefined;
      if (resolve(args.resolveDir, args.path, 'index.ts') !== SHELL_INDEX) return undefined;
      return { path: 'hook-shell.cjs', namespace: 'shell-chunk' };
    });
    b.onLoad({ filter: /.*/, namespace: 'shell-chunk' }, () => ({
      loader: 'js',
      contents: `const chunk = typeof globalThis.__gavelLoadChunk === 'function'
  ? globalThis.__gavelLoadChunk('hook-shell.cjs')
  : __gavelRequire('./hook-shell.cjs');
export const analyzeShell = chunk.analyzeShell;`,
    }));
  },
};

/** Packages no hook call needs (other commands' dependencies): the build fails if one is in dist/hook.cjs. */
const NOT_IN_HOOK = [
  'yaml',
  '@modelcontextprotocol/sdk',
  'hono',
  '@hono/node-server',
  'better-sqlite3',
  'redis',
];

// CommonJS, so bin/gavel can compile it with vm.Script and a V8 code cache (Node 20 has no compile cache for
// ES modules; docs/decisions/0018-hook-bundle.md). `import.meta.url` becomes the file's URL; dynamic imports
// become require() (vm.Script cannot import() without --experimental-vm-modules). web-tree-sitter stays outside
// it, required from node_modules (a runtime dependency) only when a command needs the WASM parser: most calls
// take the fast path (docs/decisions/0019-shell-fast-path.md) and need not read or compile its 150 KB.
/** The banner of both files bin/gavel compiles with a code cache. */
const hookBanner = {
  js: [
    // The file's URL only when a module asks for it (the WASM parser's folder, rules/ beside the bundle): made
    // at load, it cost every hook call node:url's pathToFileURL (ADR 0056).
    "var __gavelImportMeta = { get url() { return require('node:url').pathToFileURL(__filename).href; } }; var __gavelRequire = require;",
    // See LAZY_BUILTIN below: a built-in's namespace, loaded on the first property read.
    'var __gavelLazy = (id) => { let m; return new Proxy({}, { get: (_, k) => (m ??= require(id))[k] }); };',
  ].join('\n'),
};

const hook = await build({
  ...common,
  external: ['web-tree-sitter'],
  format: 'cjs',
  entryPoints: [ENTRY],
  outfile: join(OUT, 'hook.cjs'),
  // Every hook process reads, hashes and decodes this file before V8 takes its code cache: without the
  // indentation and comments it is a quarter smaller (944 -> 730 KB), ~2-4 ms of CPU a call. Names and syntax
  // are kept (minified names would need keepNames, which grows the code cache more than the text shrinks).
  minifyWhitespace: true,
  plugins: [hookOnlyRegistry, shellChunk, shellFacade, importedForExports],
  metafile: true,
  write: false,
  define: {
    ...common.define,
    'import.meta.url': '__gavelImportMeta.url',
    // The folder without a URL (node:url loaded, a URL made and parsed back: ~0.3 ms of a hook call).
    'import.meta.dirname': '__dirname',
  },
  banner: hookBanner,
});
// What each source file adds to dist/hook.cjs, for whoever trims it (`esbuild --analyze` reads this file too).
mkdirSync('.tmp', { recursive: true });
writeFileSync(join('.tmp', 'hook-metafile.json'), JSON.stringify(hook.metafile));
// A bare import of a module marked side-effect free is dropped by esbuild with a warning: refuse that build.
const bare = hook.warnings.find((w) => /side effects|sideEffects/.test(w.text));
if (bare) {
  process.stderr.write(
    `build: dist/hook.cjs would drop a bare import (${bare.location?.file ?? 'unknown file'}); see importedForExports\n`,
  );
  process.exit(1);
}
const heavy = Object.keys(hook.metafile.outputs[join(OUT, 'hook.cjs')]?.inputs ?? hook.metafile.inputs).find(
  (f) => NOT_IN_HOOK.some((p) => f.includes(`node_modules/${p}/`)),
);
if (heavy) {
  process.stderr.write(
    `build: dist/hook.cjs holds \`${heavy}\`, which no hook call needs; see importedForExports\n`,
  );
  process.exit(1);
}
// If main.ts stops importing the registry as `./commands`, the plugin would silently match nothing and
// dist/hook.cjs would carry every command again: refuse that build.
if (Object.keys(hook.metafile.inputs).some((f) => f.endsWith('cli/commands/index.ts'))) {
  process.stderr.write(
    'build: dist/hook.cjs would hold the whole command registry; update hookOnlyRegistry\n',
  );
  process.exit(1);
}
/**
 * The text of a CommonJS file bin/gavel compiles with a code cache (dist/hook.cjs, dist/hook-shell.cjs), made ready
 * for it: dynamic imports become require(), built-ins lazy, non-ASCII escaped; any other shape fails the build.
 */
function finishCommonJs(name, text, { lazyRequired }) {
  text = text.replace(
    /\bimport\("(module|fs\/promises|web-tree-sitter)"\)/g,
    'Promise.resolve(__gavelRequire("$1"))',
  );
  // esbuild turns every `import { x } from 'node:v8'` into a top-level require(), so the hook would load
  // node:v8, node:os, node:util… on every call even when its path never uses them (node:v8 alone pulls in
  // the stream modules: ~2 ms). Built-ins are only ever read as `import_node_x.name` in the bundle (the
  // build fails otherwise), so a lazy namespace is the same module, loaded when first used. fs and path
  // are loaded by Node's own start-up already and stay plain.
  // One non-ASCII character anywhere makes V8 hold the whole 0.6 MiB source as a two-byte string, and
  // decoding it as UTF-8 costs a hook call ~1.5 ms more than reading ASCII as latin1 (bin/gavel). esbuild
  // escapes non-ASCII in code; what is left is comments it keeps (line and JSDoc comments on fields).
  text = text.replace(/^([ \t]*(?:\/\/|\/\*|\*).*)$/gm, (line) =>
    line.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
  const wide = /[\u0080-\uffff]/.exec(text);
  if (wide) {
    process.stderr.write(
      `build: dist/${name} holds a non-ASCII character at ${wide.index} (${JSON.stringify(text.slice(wide.index - 60, wide.index + 10))}); escape it (see above)\n`,
    );
    process.exit(1);
  }
  let lazy = 0;
  text = text.replace(LAZY_BUILTIN, (_all, declared, id, module) => {
    lazy += 1;
    return `${declared ?? ''}${id}=__gavelLazy("node:${module}");`;
  });
  // Declarations without a value (`var import_node_os,x;`) are those of modules esbuild initialises on first use.
  const bare = /\bimport_node_\w+\b(?![.\w]| ?= ?(?:require|__gavelLazy)\()/.exec(
    text.replace(/\bvar [\w$]+(?:, ?[\w$]+)*;/g, ''),
  );
  if ((lazyRequired && lazy === 0) || bare) {
    process.stderr.write(
      `build: dist/${name}: a built-in namespace is used other than by a property read (${bare?.[0] ?? 'none made lazy'}); update LAZY_BUILTIN\n`,
    );
    process.exit(1);
  }
  const left = /\bimport\((?!\))/.exec(text);
  if (left) {
    process.stderr.write(
      `build: dist/${name} keeps a dynamic import() at ${left.index}; vm.Script cannot run it\n`,
    );
    process.exit(1);
  }
  // The source map's comment stays the file's last line.
  const map = /\n\/\/# sourceMappingURL=[^\n]*\n?$/.exec(text);
  const body = map ? text.slice(0, map.index) : text;
  return `${SCRIPT_HEAD}${body}${SCRIPT_TAIL}${map ? map[0].slice(1) : ''}`;
}

/**
 * The file is the function bin/gavel runs, written out: compiled as one vm.Script, its value is the module's
 * function, so bin/gavel compiles the text as read instead of a copy wrapped in a function (two more strings of
 * the file's size on the young heap, and a collection more in a shell command's call: ADR 0094). Loaded by
 * require() (no bin/gavel: `module` is defined) it runs as the CommonJS module it holds. On one line with the
 * banner, so the source map's lines are unchanged.
 */
const SCRIPT_HEAD =
  '(function (f) { return typeof module === "object" && module !== null && typeof exports === "object" ? f(exports, require, module, __filename, __dirname) : f; })(function (exports, require, module, __filename, __dirname) {';
const SCRIPT_TAIL = '\n});\n';

for (const file of hook.outputFiles)
  writeFileSync(
    file.path,
    file.path.endsWith('.cjs') ? finishCommonJs('hook.cjs', file.text, { lazyRequired: true }) : file.text,
  );

// dist/hook-shell.cjs: the shell analysis, loaded by dist/hook.cjs on the first shell command only (see shellChunk),
// compiled by bin/gavel with a code cache of its own, so a call that analyses no command neither compiles nor
// initialises it. It holds src/core and the few files of src/shell that dist/hook.cjs holds too (pure functions and
// constants, no state shared between the two; tested in src/surfaces/harness/fail-closed.test.ts).
const shellChunkBuild = await build({
  ...common,
  external: ['web-tree-sitter'],
  format: 'cjs',
  stdin: {
    contents: "export { analyzeShell } from './src/shell';",
    resolveDir: resolve('.'),
    sourcefile: 'hook-shell-entry.ts',
    loader: 'ts',
  },
  outfile: join(OUT, 'hook-shell.cjs'),
  minifyWhitespace: true,
  plugins: [importedForExports],
  metafile: true,
  write: false,
  define: {
    ...common.define,
    'import.meta.url': '__gavelImportMeta.url',
    // The folder without a URL (node:url loaded, a URL made and parsed back: ~0.3 ms of a hook call).
    'import.meta.dirname': '__dirname',
  },
  banner: hookBanner,
});
// What each source file adds to dist/hook-shell.cjs, as .tmp/hook-metafile.json for dist/hook.cjs.
writeFileSync(join('.tmp', 'hook-shell-metafile.json'), JSON.stringify(shellChunkBuild.metafile));
for (const file of shellChunkBuild.outputFiles)
  writeFileSync(
    file.path,
    file.path.endsWith('.cjs')
      ? finishCommonJs('hook-shell.cjs', file.text, { lazyRequired: false })
      : file.text,
  );

// dist/hook-socket.cjs: the hook's thin client of `gavel serve --socket` (ADR 0040), run by bin/gavel before
// dist/hook.cjs; node:fs and node:net only, so a call a running server answers costs little more than Node's start.
await build({
  ...common,
  format: 'cjs',
  banner: {},
  sourcemap: false,
  entryPoints: ['src/surfaces/harness/socket-client.ts'],
  outfile: join(OUT, 'hook-socket.cjs'),
});

// dist/verified-hash.cjs: the stamp of digests bin/gavel names the code cache by (ADR 0052); node:fs only.
await build({
  ...common,
  format: 'cjs',
  banner: {},
  sourcemap: false,
  entryPoints: ['src/runtime/check/verified-hash.ts'],
  outfile: join(OUT, 'verified-hash.cjs'),
});

// The shell parser's WASM files sit beside the bundle, where src/shell/parse/load-parser.ts looks first, so an
// installed package needs no node_modules lookup (docs/decisions/0015-shell-parser.md).
copyFileSync('node_modules/web-tree-sitter/web-tree-sitter.wasm', join(OUT, 'web-tree-sitter.wasm'));
copyFileSync('node_modules/tree-sitter-bash/tree-sitter-bash.wasm', join(OUT, 'tree-sitter-bash.wasm'));

// Two real hook calls in a scratch project and HOME, a smoke test of what bin/gavel runs on every tool call.
// The first, a shell command (it loads the WASM parser from dist/), writes the V8 code cache
// dist/hook-<hash>.v8cache that later calls start from; the second, a Read request, must take that cache as it
// is: a cache V8 rejects (its flags differ from a fresh process's, see bin/gavel) would be written again by
// every call.
const scratch = mkdtempSync(join(tmpdir(), 'gavel-build-'));
try {
  mkdirSync(join(scratch, 'project', '.git'), { recursive: true });
  mkdirSync(join(scratch, 'home'));
  const requests = [
    ['Bash', { command: 'git status && npm test' }],
    ['Read', { file_path: join(scratch, 'project', 'README.md') }],
  ];
  let caches;
  for (const [tool, input] of requests) {
    const smoke = spawnSync(process.execPath, [resolve('bin/gavel'), 'hook', 'claude-code'], {
      cwd: join(scratch, 'project'),
      env: { PATH: process.env.PATH ?? '', HOME: join(scratch, 'home') },
      input: JSON.stringify({
        hook_event_name: 'PreToolUse',
        session_id: 'build',
        tool_name: tool,
        tool_input: input,
        cwd: join(scratch, 'project'),
      }),
      encoding: 'utf8',
    });
    // One cache for dist/hook.cjs and one for dist/hook-shell.cjs, both written by the Bash call.
    const names = readdirSync(OUT)
      .filter((f) => f.endsWith('.v8cache'))
      .sort();
    if (
      smoke.status !== 0 ||
      !smoke.stdout.includes('"permissionDecision"') ||
      names.length !== 2 ||
      !names.some((f) => f.startsWith('hook-shell-'))
    ) {
      process.stderr.write(
        `build: the hook did not answer a ${tool} request from dist/hook.cjs and dist/hook-shell.cjs with code caches (exit ${smoke.status}): ${smoke.stderr}\n`,
      );
      process.exit(1);
    }
    const bytes = names.map((f) => readFileSync(join(OUT, f)));
    if (caches && !caches.every((c, k) => c.equals(bytes[k]))) {
      process.stderr.write('build: V8 rejected a code cache a hook call wrote; see bin/gavel\n');
      process.exit(1);
    }
    caches = bytes;
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
