/**
 * Functions that multiply themselves: a function defined in the command whose body calls itself (directly or
 * through other functions defined there) in a pipeline or in the background, and that the command then calls,
 * starts processes until the machine stops (`:(){ :|:& };:`, `bomb(){ bomb|bomb& };bomb`). A function named
 * like a builtin or a known program (`:`, `ls`) is the function once defined, not the program. Pure: reads
 * the syntax tree, returns the function's name or undefined.
 */

import type { SyntaxNode } from '../parse/syntax-node';

interface Call {
  name: string;
  /** In a pipeline of two or more commands, or followed by `&`. */
  multiplies: boolean;
}

function followedByAmpersand(node: SyntaxNode, parent: SyntaxNode | undefined): boolean {
  if (!parent) return false;
  const siblings = parent.children;
  const at = siblings.findIndex((c) => c?.id === node.id);
  const next = at >= 0 ? siblings[at + 1] : undefined;
  return next?.type === '&';
}

/** Calls in `node`, not descending into nested function definitions. */
function callsIn(node: SyntaxNode, parent: SyntaxNode | undefined, inPipe: boolean, out: Call[]): void {
  if (node.type === 'function_definition') return;
  const background = followedByAmpersand(node, parent);
  if (node.type === 'command') {
    const name = node.childForFieldName('name')?.text;
    if (name) out.push({ name, multiplies: inPipe || background });
  }
  const pipe = node.type === 'pipeline' && node.namedChildren.filter(Boolean).length > 1;
  for (const child of node.children) if (child) callsIn(child, node, inPipe || pipe || background, out);
}

function definitions(node: SyntaxNode, out: Map<string, Call[]>): void {
  if (node.type === 'function_definition') {
    const name = node.childForFieldName('name')?.text;
    const body = node.childForFieldName('body');
    if (name && body) {
      const calls: Call[] = [];
      callsIn(body, node, false, calls);
      out.set(name, [...(out.get(name) ?? []), ...calls]);
    }
  }
  for (const child of node.namedChildren) if (child) definitions(child, out);
}

/** The name of a self-multiplying function the command calls, or undefined. */
export function forkBomb(root: SyntaxNode): string | undefined {
  if (!root.text.includes('(') && !root.text.includes('function')) return undefined;
  const defs = new Map<string, Call[]>();
  definitions(root, defs);
  if (defs.size === 0) return undefined;
  // Functions reachable from each function through calls to defined functions.
  const reach = (from: string): Set<string> => {
    const seen = new Set<string>();
    const todo = [from];
    while (todo.length > 0) {
      for (const c of defs.get(todo.pop() as string) ?? [])
        if (defs.has(c.name) && !seen.has(c.name)) {
          seen.add(c.name);
          todo.push(c.name);
        }
    }
    return seen;
  };
  const top: Call[] = [];
  callsIn(root, undefined, false, top);
  const called = new Set(top.map((c) => c.name).filter((n) => defs.has(n)));
  for (const start of called)
    for (const f of [start, ...reach(start)]) {
      const cycle = reach(f);
      if (!cycle.has(f)) continue;
      // A call inside the cycle that multiplies: two copies per call, or one left running per call.
      if ((defs.get(f) ?? []).some((c) => c.multiplies && (c.name === f || reach(c.name).has(f)))) return f;
    }
  return undefined;
}
