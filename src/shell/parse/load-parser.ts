/**
 * Loads the shell parser: web-tree-sitter with the tree-sitter-bash grammar (docs/decisions/0007-shell-parser.md).
 * Owns finding the two .wasm files (beside the bundle in `dist/`, else from node_modules) and the one-time load.
 * Never parses policy, never reads user files; the only files it reads are the package's own .wasm.
 */

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import type * as TreeSitter from 'web-tree-sitter';
import { plainTree } from './plain-tree';
import type { SyntaxTree } from './syntax-node';

export const PARSER_WASM = 'web-tree-sitter.wasm';
export const BASH_WASM = 'tree-sitter-bash.wasm';

export interface ShellParser {
  /** Parses one script; the caller must `delete()` the tree. */
  parse(text: string): SyntaxTree;
}

/**
 * Trees up to this many nodes are copied into plain JS nodes (plain-tree.ts), which the analysis reads several
 * times over; larger ones are past the analysis's own bound (MAX_NODES) and are answered as tree-sitter's.
 */
const MAX_COPIED_NODES = 60_000;

let loaded: ShellParser | undefined;
let loading: Promise<ShellParser> | undefined;

/** Where the .wasm files are: `dir` if given, else beside this module (the bundle), else node_modules. */
export function locateWasm(dir?: string): { parser: string; bash: string } {
  if (dir) return { parser: join(dir, PARSER_WASM), bash: join(dir, BASH_WASM) };
  const here = dirname(fileURLToPath(import.meta.url));
  if (existsSync(join(here, BASH_WASM)) && existsSync(join(here, PARSER_WASM))) {
    return { parser: join(here, PARSER_WASM), bash: join(here, BASH_WASM) };
  }
  const require = createRequire(import.meta.url);
  return {
    parser: require.resolve(`web-tree-sitter/${PARSER_WASM}`),
    bash: require.resolve(`tree-sitter-bash/${BASH_WASM}`),
  };
}

/**
 * Loads the parser once per process. With `liftoffOnly` it first sets V8's `--liftoff-only`: on Node 20,
 * optimized background compilation of WASM otherwise holds a short-lived process 0.6–0.85 s at exit. The CLI
 * entry sets the flag itself before anything loads; long-lived processes (the decision service, evals) leave
 * it off and get the optimizing compiler, about twice the parse throughput.
 */
export function loadShellParser(
  options: { wasmDir?: string; liftoffOnly?: boolean } = {},
): Promise<ShellParser> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= (async () => {
    if (options.liftoffOnly) setFlagsFromString('--liftoff-only');
    const files = locateWasm(options.wasmDir);
    // Loaded here, not at the top: most commands take the fast path and never need it (ADR 0019).
    const { Language, Parser }: typeof TreeSitter = await import('web-tree-sitter');
    await Parser.init({ wasmBinary: readFileSync(files.parser) });
    const bash = await Language.load(readFileSync(files.bash));
    const parser = new Parser();
    parser.setLanguage(bash);
    loaded = {
      parse(text: string): SyntaxTree {
        const tree = parser.parse(text);
        // INVARIANT: a parser with a language and no progress callback always returns a tree.
        if (!tree) throw new Error('shell parser returned no tree');
        // A tree past the analysis's node bound is not walked (`too-large`): not worth copying.
        if (tree.rootNode.descendantCount > MAX_COPIED_NODES) return tree;
        try {
          return plainTree(tree, text);
        } finally {
          tree.delete();
        }
      },
    };
    return loaded;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The parser if `loadShellParser` has finished, for synchronous callers. */
export function loadedShellParser(): ShellParser | undefined {
  return loaded;
}
