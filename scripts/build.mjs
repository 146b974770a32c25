// Builds the CLI with esbuild into dist/ (see docs/decisions/0002-bundler.md and 0016-hook-bundle.md):
// - dist/hook.mjs: one file holding only `gavel hook` (the command registry replaced by its one entry), what
//   bin/gavel loads on every tool call: one module to resolve and compile, none of the other commands' code;
// - dist/gavel.mjs: every other command, split: the entry, shared chunks dist/chunk-*.mjs and one chunk per
//   command (dist/<name>-command-*.mjs), so a command loads only the code it reaches.
// Everything sits flat in dist/ so code that looks beside itself (the .wasm files, rules/ above) finds it.
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const OUT = 'dist';
const ENTRY = 'src/surfaces/cli/entry.ts';
const COMMANDS_DIR = resolve('src/surfaces/cli/commands');

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  // Some dependencies are CommonJS and call require(); give every ESM output file one.
  banner: {
    js: "import { createRequire as __gavelCreateRequire } from 'node:module'; const require = __gavelCreateRequire(import.meta.url);",
  },
};

/** For dist/hook.mjs: main.ts's `./commands` registry becomes one entry, the hook command, imported statically. */
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

const hook = await build({
  ...common,
  entryPoints: [ENTRY],
  outfile: join(OUT, 'hook.mjs'),
  plugins: [hookOnlyRegistry],
  metafile: true,
});
// If main.ts stops importing the registry as `./commands`, the plugin would silently match nothing and
// dist/hook.mjs would carry every command again: refuse that build.
if (Object.keys(hook.metafile.inputs).some((f) => f.endsWith('cli/commands/index.ts'))) {
  process.stderr.write(
    'build: dist/hook.mjs would hold the whole command registry; update hookOnlyRegistry\n',
  );
  process.exit(1);
}

// The shell parser's WASM files sit beside the bundle, where src/shell/load-parser.ts looks first, so an
// installed package needs no node_modules lookup (docs/decisions/0015-shell-parser.md).
copyFileSync('node_modules/web-tree-sitter/web-tree-sitter.wasm', join(OUT, 'web-tree-sitter.wasm'));
copyFileSync('node_modules/tree-sitter-bash/tree-sitter-bash.wasm', join(OUT, 'tree-sitter-bash.wasm'));
