/**
 * Work that never ends: a loop whose condition never fails (`while true`, `while :`, `until false`,
 * `for ((;;))`) with no `break`, `exit`, `return` or bounded `sleep` in its body, and an endless producer left
 * running in the background (`yes > /dev/null &`, `cat /dev/zero > /dev/null &`, `sha1sum /dev/zero &`): both
 * hold the machine's CPU, processes or folders until someone stops them. Reported unknown (`endless-work`): the
 * policy has no category for resource exhaustion. Pure: reads the syntax tree, returns a reason or undefined.
 */

import type { SyntaxNode } from '../parse/syntax-node';

const FOREVER_WHILE = /^(true|:|\/bin\/true|\/usr\/bin\/true|\[\s+1\s+\]|\(\(\s*1\s*\)\)|test\s+1)$/;
const FOREVER_UNTIL = /^(false|\/bin\/false|\/usr\/bin\/false|!\s*true|!\s*:)$/;
/** A way out of the loop, or a pause that bounds how fast it spins. */
const WAY_OUT = /(^|[\s;&|(!{])(break|exit|return|sleep|timeout|wait|read)(\s|;|$)/;
const ENDLESS_SOURCE = /(^|\s)\/dev\/(zero|u?random)(\s|$)/;
const SOURCE_READERS =
  /^(cat|sha1sum|sha256sum|sha512sum|md5sum|b2sum|cksum|sum|gzip|xz|bzip2|zstd|od|xxd|hexdump|base64|wc|tee)$/;

function condition(node: SyntaxNode): string {
  const c = node.childForFieldName('condition');
  return (c?.text ?? '').trim().replace(/;+$/, '').trim();
}

function endlessLoop(node: SyntaxNode): boolean {
  const body = node.childForFieldName('body')?.text ?? '';
  if (WAY_OUT.test(body)) return false;
  if (node.type === 'while_statement') {
    const keyword = node.children[0]?.type;
    const cond = condition(node);
    return keyword === 'until' ? FOREVER_UNTIL.test(cond) : FOREVER_WHILE.test(cond);
  }
  if (node.type === 'c_style_for_statement') return /^for\s*\(\(\s*[^;]*;\s*;/.test(node.text);
  return false;
}

/** A command that reads an endless source whole (no count, no `head` after it). */
function endlessProducer(node: SyntaxNode): boolean {
  const cmd = node.type === 'redirected_statement' ? node.childForFieldName('body') : node;
  if (cmd?.type !== 'command') return false;
  const name = (cmd.childForFieldName('name')?.text ?? '').split('/').pop() ?? '';
  const text = cmd.text;
  if (name === 'yes') return true;
  if (name === 'dd') return /(^|\s)if=\/dev\/(zero|u?random)(\s|$)/.test(text) && !/(^|\s)count=/.test(text);
  return SOURCE_READERS.test(name) && ENDLESS_SOURCE.test(text);
}

function backgrounded(node: SyntaxNode, parent: SyntaxNode | undefined): boolean {
  if (!parent) return false;
  const at = parent.children.findIndex((c) => c?.id === node.id);
  return at >= 0 && parent.children[at + 1]?.type === '&';
}

function visit(node: SyntaxNode, parent: SyntaxNode | undefined, depth: number): string | undefined {
  if (depth > 200) return undefined;
  if ((node.type === 'while_statement' || node.type === 'c_style_for_statement') && endlessLoop(node))
    return 'a loop whose condition never fails, with no way out, runs until someone stops it';
  if (backgrounded(node, parent) && endlessProducer(node))
    return 'an endless producer left running in the background holds the CPU until someone stops it';
  for (const child of node.children) {
    if (!child) continue;
    const found = visit(child, node, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Why the command runs without end, or undefined. */
export function endlessWork(root: SyntaxNode): string | undefined {
  const text = root.text;
  if (!/while|until|for|&|yes|\/dev\//.test(text)) return undefined;
  return visit(root, undefined, 0);
}
