/**
 * Commands a change puts in files that something runs later on another machine or this one, read from the file's
 * text (each judged for harm only, later-code.ts `keptCategories`):
 *
 * - container workloads: a Kubernetes or Helm manifest's `command`/`args`, a compose file's `command`/`entrypoint`
 *   (they run where the application runs, beside its secrets): marker WORKLOAD;
 * - Ansible tasks (`shell`, `command`, `raw`), which run on the inventory's hosts: marker WORKLOAD;
 * - Terraform's `local-exec` provisioners and `external` data sources, which `terraform plan`/`apply` run here, and
 *   `remote-exec` provisioners, which run on the resource: PLANTED and WORKLOAD;
 * - Bazel `genrule` commands, which `bazel build` runs here: PLANTED.
 *
 * Line-based readers (Helm templates are no YAML until rendered): a value they cannot read adds nothing, for the
 * file is no runner's by itself. Pure.
 */

import { basename } from 'node:path';
import { imageEntry, imageSource, PLANTED, WORKLOAD } from './later-code';

type Entry = [script: string, command: string];

const shellQuote = (s: string): string => (/^[\w./:=@%+-]+$/.test(s) ? s : `'${s.replaceAll("'", "'\\''")}'`);

/** A YAML flow sequence's items (`["sh", "-c", 'x']`, bare words too); undefined when it is not one. */
function flowItems(text: string): string[] | undefined {
  const t = text.trim();
  if (!t.startsWith('[') || !t.endsWith(']')) return undefined;
  const out: string[] = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^,"'\][]+?))\s*(?:,|$)/gy;
  const body = t.slice(1, -1).trim();
  if (body === '') return [];
  let at = 0;
  while (at < body.length) {
    re.lastIndex = at;
    const m = re.exec(body);
    if (!m || m[0] === '') return undefined;
    if (m[1] !== undefined) {
      try {
        out.push(JSON.parse(`"${m[1]}"`) as string);
      } catch {
        return undefined;
      }
    } else if (m[2] !== undefined) out.push(m[2].replaceAll("''", "'"));
    else out.push((m[3] ?? '').trim());
    at = re.lastIndex;
  }
  return out;
}

/** A plain or quoted YAML scalar's value. */
function scalar(text: string): string {
  const t = text.trim().replace(/\s+#.*$/, '');
  if (/^"(?:[^"\\]|\\.)*"$/.test(t)) {
    try {
      return JSON.parse(t) as string;
    } catch {
      return t.slice(1, -1);
    }
  }
  if (/^'(?:[^']|'')*'$/.test(t)) return t.slice(1, -1).replaceAll("''", "'");
  return t;
}

const indentOf = (line: string): number => /^\s*/.exec(line)?.[0].length ?? 0;

/** The value of the key on line `i` (inline, a block scalar, a flow list over lines, or a block list). */
function valueAt(lines: readonly string[], i: number, inline: string): { words?: string[]; text?: string } {
  const own = indentOf(lines[i] as string);
  const v = inline.trim();
  const deeper = (from: number): string[] => {
    const out: string[] = [];
    for (let k = from; k < lines.length; k++) {
      const l = lines[k] as string;
      if (l.trim() !== '' && indentOf(l) <= own) break;
      out.push(l);
    }
    return out;
  };
  if (/^[|>][+-]?\d*$/.test(v)) {
    const body = deeper(i + 1);
    const cut = Math.min(...body.filter((l) => l.trim() !== '').map(indentOf));
    const text = body.map((l) => l.slice(cut)).join(v.startsWith('>') ? ' ' : '\n');
    return { text: text.trim() };
  }
  if (v.startsWith('[')) {
    let joined = v;
    for (let k = i + 1; !joined.trim().endsWith(']') && k < lines.length && k < i + 50; k++)
      joined += ` ${(lines[k] as string).trim()}`;
    const items = flowItems(joined);
    return items === undefined ? {} : { words: items };
  }
  if (v !== '') return { text: scalar(v) };
  // A block list: `- item` lines one level down, an item perhaps a block scalar.
  const body = deeper(i + 1);
  const words: string[] = [];
  for (let k = 0; k < body.length; k++) {
    const m = /^(\s*)-\s+(.*)$/.exec(body[k] as string);
    if (!m) continue;
    const item = (m[2] ?? '').trim();
    if (/^[|>][+-]?\d*$/.test(item)) {
      const block: string[] = [];
      const itemIndent = (m[1] ?? '').length;
      for (
        k++;
        k < body.length && ((body[k] as string).trim() === '' || indentOf(body[k] as string) > itemIndent);
        k++
      )
        block.push((body[k] as string).trim());
      k--;
      words.push(block.join(item.startsWith('>') ? ' ' : '\n').trim());
    } else words.push(scalar(item));
  }
  return { words };
}

/** A container's command as shell text: words quoted, a string as compose splits it (shell words). */
const asCommand = (v: { words?: string[]; text?: string }): string | undefined =>
  v.words !== undefined
    ? v.words.length === 0
      ? undefined
      : v.words.map(shellQuote).join(' ')
    : v.text || undefined;

/** Kubernetes, Helm and compose files: the commands their containers run (`command` then its `args`), their images. */
export function containerCommands(text: string): Entry[] {
  const lines = text.split('\n');
  const out: Entry[] = [];
  let last: { indent: number; at: number } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const image = /^\s*(?:-\s+)?image\s*:\s*(\S+)\s*$/.exec(lines[i] as string);
    const source = image ? imageSource(scalar(image[1] ?? '')) : undefined;
    if (source) out.push(imageEntry(source));
    const m = /^(\s*)(?:-\s+)?(command|args|entrypoint|test)\s*:\s*(.*)$/.exec(lines[i] as string);
    if (!m) continue;
    let value = valueAt(lines, i, m[3] ?? '');
    // A compose health check's `test` (`["CMD-SHELL", "…"]`, `["CMD", …]` or a string) runs in the container too.
    if (m[2] === 'test' && value.words !== undefined) {
      const [first, ...rest] = value.words;
      if (first === 'CMD-SHELL') value = { text: rest.join(' ') };
      else if (first === 'CMD') value = { words: rest };
      else continue;
    }
    const cmd = asCommand(value);
    if (cmd === undefined) continue;
    const indent = (m[1] ?? '').length;
    if (m[2] === 'args' && last && last.indent === indent) {
      const entry = out[last.at] as Entry;
      entry[1] = `${entry[1]} ${cmd}`;
      continue;
    }
    out.push([`${WORKLOAD}container`, cmd]);
    last = { indent, at: out.length - 1 };
  }
  return out;
}

/** Ansible tasks' `shell`, `command` and `raw` modules (free form or `cmd:`). */
export function ansibleCommands(text: string): Entry[] {
  const lines = text.split('\n');
  const out: Entry[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*(?:-\s+)?(?:ansible\.(?:builtin|legacy)\.)?(shell|command|raw|cmd)\s*:\s*(.*)$/.exec(
      lines[i] as string,
    );
    if (!m) continue;
    const v = valueAt(lines, i, m[2] ?? '');
    const cmd = v.text ?? (v.words?.length ? v.words.join(' ') : undefined);
    if (cmd) out.push([`${WORKLOAD}ansible`, cmd]);
  }
  return out;
}

/** An HCL string or heredoc starting at `from` in `text`: its value (interpolations kept as written). */
function hclValue(text: string, from: number): string | undefined {
  const rest = text.slice(from);
  const q = /^\s*"((?:[^"\\]|\\.)*)"/.exec(rest);
  if (q) return (q[1] ?? '').replace(/\\(["\\])/g, '$1').replace(/\\n/g, '\n');
  const h = /^\s*<<-?\s*(\w+)\n([\s\S]*?)\n\s*\1\b/.exec(rest);
  return h ? (h[2] ?? '') : undefined;
}

/** Terraform: `local-exec` commands and `external` programs (run here), `remote-exec` inline lines (run there). */
export function terraformCommands(text: string): Entry[] {
  const out: Entry[] = [];
  for (const m of text.matchAll(/provisioner\s+"(local|remote)-exec"\s*\{/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const body = text.slice(start, start + 8000);
    if (m[1] === 'local') {
      const c = /\bcommand\s*=/.exec(body);
      const v = c ? hclValue(body, (c.index ?? 0) + c[0].length) : undefined;
      if (v !== undefined) out.push([`${PLANTED}terraform`, v]);
      continue;
    }
    const inline = /\binline\s*=\s*(\[[\s\S]*?\])/.exec(body);
    for (const line of flowItems((inline?.[1] ?? '[]').replace(/\s*\n\s*/g, ' ')) ?? [])
      out.push([`${WORKLOAD}terraform`, line]);
  }
  for (const m of text.matchAll(/data\s+"external"\s+"[\w-]+"\s*\{[\s\S]*?\bprogram\s*=\s*(\[[^\]]*\])/g)) {
    const words = flowItems((m[1] ?? '').replace(/\s*\n\s*/g, ' '));
    if (words?.length) out.push([`${PLANTED}terraform`, words.map(shellQuote).join(' ')]);
  }
  return out;
}

/** Bazel `genrule` commands (`cmd`, `cmd_bash`), run by `bazel build`. */
export function bazelCommands(text: string): Entry[] {
  const out: Entry[] = [];
  for (const m of text.matchAll(/\bcmd(?:_bash)?\s*=\s*/g)) {
    const v = hclValue(text, (m.index ?? 0) + m[0].length);
    if (v !== undefined) out.push([`${PLANTED}bazel`, v]);
  }
  return out;
}

/** Folders and names that hold deployment manifests, compose files or Ansible content. */
const WORKLOAD_PATH =
  /(?:^|\/)(?:templates|k8s|kube|kubernetes|manifests|deploy\w*|kustomize|overlays|charts|helm|ansible|playbooks?|roles|tasks|handlers|infra|ops)\/|(?:^|\/)(?:docker-)?compose[\w.-]*\.ya?ml$|(?:^|\/)(?:site|playbook[\w.-]*|main)\.ya?ml$/;

/** Whether a path may hold commands these readers find (the reader then decides by the text). */
export const isWorkloadFile = (path: string): boolean => {
  const name = basename(path);
  if (
    /\.tf$/.test(name) ||
    /^(?:BUILD|BUILD\.bazel|WORKSPACE|WORKSPACE\.bazel|MODULE\.bazel)$|\.bzl$/.test(name)
  )
    return true;
  return /\.(?:ya?ml|tpl)$/.test(name) && WORKLOAD_PATH.test(path.replaceAll('\\', '/'));
};

/** Text longer than this is not read: the change is uncertain (a bound on time). */
const MAX_WORKLOAD = 256 * 1024;
const tooLarge = (): string => 'is larger than gavel reads';

/** Which of these readers a file takes, by name and, for YAML, by what it holds. */
export function workloadReader(path: string, text: string): ((text: string) => Entry[] | string) | undefined {
  const name = basename(path);
  if (text.length > MAX_WORKLOAD && isWorkloadFile(path)) return tooLarge;
  if (/\.tf$/.test(name)) return terraformCommands;
  if (/^(?:BUILD|BUILD\.bazel|WORKSPACE|WORKSPACE\.bazel|MODULE\.bazel)$|\.bzl$/.test(name))
    return bazelCommands;
  if (!/\.(?:ya?ml|tpl)$/.test(name)) return undefined;
  if (/^\s*(?:initContainers|containers)\s*:/m.test(text) || /^(?:docker-)?compose[\w.-]*\.ya?ml$/.test(name))
    return containerCommands;
  if (
    /(?:^|\/)(?:roles\/[^/]+\/(?:tasks|handlers)|playbooks?)\//.test(path) ||
    /^\s*-?\s*(?:hosts|tasks)\s*:/m.test(text)
  )
    return ansibleCommands;
  return undefined;
}
