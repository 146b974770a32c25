/**
 * Copies a tree-sitter tree into plain JS nodes (fast-parse.ts's FastNode): type, text, offsets, children and
 * fields, read once with a tree cursor. The walker, the misread checks and the detectors read a node many times
 * (`namedChildren`, `text`, `childForFieldName`); on tree-sitter's own nodes each read calls into WASM and
 * builds new node objects. The copy answers the SyntaxNode interface exactly as the tree it copies
 * (plain-tree.test.ts compares them node by node on the corpora). Pure; never parses.
 */

import type * as TreeSitter from 'web-tree-sitter';
import { FastNode } from './fast-parse';
import type { SyntaxNode, SyntaxTree } from './syntax-node';

/**
 * An ERROR node: tree-sitter's `childForFieldName` answers null there, while `childrenForFieldName` (and its
 * cursor) still name the fields of the children.
 */
class ErrorNode extends FastNode {
  override childForFieldName(_name: string): SyntaxNode | null {
    return null;
  }
}

/** A node being copied: its fields and children so far. */
interface Open {
  type: string;
  isNamed: boolean;
  start: number;
  end: number;
  id: number;
  field: string | undefined;
  children: FastNode[];
  fields: (string | undefined)[] | undefined;
}

function open(cursor: TreeSitter.TreeCursor, id: number, field: string | undefined): Open {
  return {
    type: cursor.nodeType,
    isNamed: cursor.nodeIsNamed,
    start: cursor.startIndex,
    end: cursor.endIndex,
    id,
    field,
    children: [],
    fields: undefined,
  };
}

/** The copy of `tree` (parsed from `source`); the caller still owns and deletes `tree`. */
export function plainTree(tree: TreeSitter.Tree, source: string): SyntaxTree {
  const root = tree.rootNode;
  const hasError = root.hasError;
  const descendantCount = root.descendantCount;
  const cursor = tree.walk();
  try {
    let ids = 0;
    // Depth-first with an explicit stack: a deeply nested command must not exhaust the call stack here.
    const stack: Open[] = [open(cursor, ids++, undefined)];
    for (;;) {
      const top = stack[stack.length - 1] as Open;
      if (cursor.gotoFirstChild()) {
        stack.push(open(cursor, ids++, cursor.currentFieldName ?? undefined));
        continue;
      }
      // A leaf, or a node whose children are all copied: close it and every ancestor it completes.
      let done: Open = top;
      for (;;) {
        stack.pop();
        const node = new (done.type === 'ERROR' ? ErrorNode : FastNode)(
          source,
          done.type,
          done.isNamed,
          done.start,
          done.end,
          done.id,
          done.children,
          done.fields,
        );
        const parent = stack[stack.length - 1];
        if (parent === undefined)
          return { rootNode: Object.assign(node, { hasError, descendantCount }), delete() {} };
        if (done.field !== undefined) parent.fields ??= parent.children.map(() => undefined);
        parent.fields?.push(done.field);
        parent.children.push(node);
        if (cursor.gotoNextSibling()) {
          stack.push(open(cursor, ids++, cursor.currentFieldName ?? undefined));
          break;
        }
        cursor.gotoParent();
        done = parent;
      }
    }
  } finally {
    cursor.delete();
  }
}
