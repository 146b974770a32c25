/**
 * The syntax-tree shape the shell walker reads: the part of tree-sitter's `Node` that walk-tree.ts,
 * decode-word.ts and analyze-shell.ts use. Both parsers answer with it: tree-sitter-bash (load-parser.ts) and
 * the pure-JS fast path for plain commands (fast-parse.ts), which builds the very trees tree-sitter would.
 * Types only.
 */

export interface SyntaxNode {
  readonly type: string;
  readonly text: string;
  readonly isNamed: boolean;
  /** Offsets into the parsed text, in UTF-16 code units as JS strings count them (web-tree-sitter does too). */
  readonly startIndex: number;
  readonly endIndex: number;
  /** Unique within one tree. */
  readonly id: number;
  readonly children: (SyntaxNode | null)[];
  readonly namedChildren: (SyntaxNode | null)[];
  childForFieldName(name: string): SyntaxNode | null;
  childrenForFieldName(name: string): (SyntaxNode | null)[];
}

export interface SyntaxTree {
  /** `descendantCount`: nodes in the tree (tree-sitter's; the fast path, bounded to short text, may omit it). */
  readonly rootNode: SyntaxNode & { readonly hasError: boolean; readonly descendantCount?: number };
  /** Frees the tree (tree-sitter's lives in WASM memory); a no-op for the fast path. */
  delete(): void;
}
