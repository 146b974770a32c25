/**
 * MCP server declarations in every shape the harnesses accept, and what a reviewer flags in them (S11):
 * wrapped (`mcpServers`), VS Code (`servers`), flat (servers at the top level of a `.mcp.json`), Codex TOML
 * (`[mcp_servers.NAME]`), plugin and marketplace manifests (`mcpServers` inline, per plugin). Flagged: a
 * package run without a pinned version (`npx -y pkg@latest`, `uvx pkg`), code from a remote git HEAD
 * (`git+https://...` with no commit), a container image without a pinned tag, a filesystem server given a
 * broad root (`/`, `~`, `$HOME`), plain HTTP to a remote host, and inline credentials. Pure: a parsed
 * document in, findings and the commands (for shell analysis) out.
 */

import { isRecord } from '../../core';
import type { FindingDraft } from '../findings/make-finding';
import type { FileView } from './file-view';
import type { ShellSnippet } from './shell-snippets';

type Json = Record<string, unknown>;

const RUNNERS = new Set(['npx', 'bunx', 'uvx', 'pnpx', 'pipx', 'dlx']);
const PINNED = /@\d+(\.\d+){0,2}([-+][\w.]+)?$|==\d|@sha256:|@[0-9a-f]{7,40}$/;
/** `git+https://host/repo` (or `github:user/repo`) with no commit after `@` or `#`. */
const GIT_HEAD =
  /^(git\+(https?|ssh):\/\/|github:|git@)[^#@\s]*(?:@(?![0-9a-f]{7,40}\b)[\w./-]+)?$|^https:\/\/github\.com\/[^#@\s]+\.git$/i;
const BROAD_ROOT =
  /^(\/|~|~\/|\$HOME|\$\{HOME\}|\$\{env:HOME\}|\$\{userHome\}|[A-Za-z]:\\?|\/home|\/Users|\/root)$/;

export interface McpResult {
  drafts: FindingDraft[];
  snippets: ShellSnippet[];
}

/** What a server entry looks like: a command, a URL or a transport type. */
export function looksLikeServer(v: unknown): v is Json {
  return (
    isRecord(v) &&
    (typeof v.command === 'string' ||
      typeof v.url === 'string' ||
      typeof v.serverUrl === 'string' ||
      (typeof v.type === 'string' && /^(stdio|http|sse|streamable-http)$/.test(v.type)))
  );
}

/**
 * The server maps a document declares, in any shape. `flat` allows servers at the top level (a `.mcp.json`
 * without a wrapper): only entries that look like servers count.
 */
export function serverMaps(doc: Json, flat: boolean): Json[] {
  const maps: Json[] = [];
  for (const key of ['mcpServers', 'servers', 'mcp_servers', 'context_servers'])
    if (isRecord(doc[key])) maps.push(doc[key]);
  if (isRecord(doc.mcp) && isRecord(doc.mcp.servers)) maps.push(doc.mcp.servers);
  if (Array.isArray(doc.plugins))
    for (const p of doc.plugins) if (isRecord(p) && isRecord(p.mcpServers)) maps.push(p.mcpServers);
  if (maps.length === 0 && flat) {
    const servers = Object.fromEntries(Object.entries(doc).filter(([, v]) => looksLikeServer(v)));
    if (Object.keys(servers).length > 0) maps.push(servers);
  }
  return maps;
}

export function mcpServerFindings(
  view: FileView,
  servers: Json,
  nameLine: (name: string) => number,
  out: McpResult,
): void {
  const lineWith = (needle: string, fallback: number) => {
    const i = view.lines.findIndex((l) => l.includes(needle));
    return i < 0 ? fallback : i + 1;
  };
  const q = (n: number) => (view.lines[n - 1] ?? '').trim();
  const flag = (
    name: string,
    needle: string,
    message: string,
    rule: string,
    severity: FindingDraft['severity'],
  ) => {
    const n = lineWith(needle, nameLine(name));
    out.drafts.push({
      code: 'S11',
      path: view.path,
      startLine: n,
      quote: q(n),
      message,
      rule,
      ...(severity ? { severity } : {}),
    });
  };
  for (const [name, raw] of Object.entries(servers)) {
    if (!isRecord(raw)) continue;
    const line = nameLine(name);
    const command = typeof raw.command === 'string' ? raw.command : undefined;
    const args = Array.isArray(raw.args) ? raw.args.map(String) : [];
    if (command) {
      const full = [command, ...args].join(' ');
      out.snippets.push({ path: view.path, startLine: line, endLine: line, command: full, source: 'mcp' });
      const runner = command.split('/').pop() ?? command;
      const words = runner.includes(' ') ? [...runner.split(/\s+/).slice(1), ...args] : args;
      const head = runner.split(/\s+/)[0] ?? runner;
      if (RUNNERS.has(head) || ((head === 'pnpm' || head === 'yarn') && words[0] === 'dlx')) {
        const from = words.findIndex((a) => a === '--from' || a === '--package' || a === '-p');
        const pkg =
          from >= 0 ? words[from + 1] : words.find((a) => !a.startsWith('-') && a !== 'dlx' && a !== 'run');
        if (pkg && GIT_HEAD.test(pkg)) {
          flag(
            name,
            pkg,
            `MCP server \`${name}\` runs code from a remote git HEAD (\`${pkg}\`): pin a commit`,
            'mcp:git-head',
            'medium',
          );
        } else if (
          pkg &&
          !PINNED.test(pkg) &&
          !pkg.startsWith('.') &&
          !pkg.startsWith('/') &&
          !pkg.startsWith('$')
        ) {
          flag(
            name,
            pkg,
            `MCP server \`${name}\` runs \`${pkg}\` without a pinned version`,
            'mcp:unpinned',
            'medium',
          );
        }
      }
      if (head === 'docker' || head === 'podman') {
        const image = [...words]
          .reverse()
          .find((a) => /^[\w./-]+(:[\w.-]+)?(@sha256:[0-9a-f]+)?$/.test(a) && !a.startsWith('-'));
        const runIdx = words.indexOf('run');
        if (runIdx >= 0 && image && image !== 'run' && (!/[:@]/.test(image) || /:latest$/.test(image)))
          flag(
            name,
            image,
            `MCP server \`${name}\` runs the image \`${image}\` without a pinned tag`,
            'mcp:unpinned-image',
            'medium',
          );
      }
      if (/(server-)?filesystem/.test(full)) {
        const root = args.find((a) => BROAD_ROOT.test(a));
        if (root !== undefined)
          flag(
            name,
            `"${root}"`,
            `MCP server \`${name}\` gets the filesystem root \`${root}\`: every file the user can read`,
            'mcp:broad-root',
            'high',
          );
      }
    }
    const url =
      typeof raw.url === 'string' ? raw.url : typeof raw.serverUrl === 'string' ? raw.serverUrl : undefined;
    if (url && /^http:\/\//i.test(url) && !/^http:\/\/(localhost|127\.|\[::1\])/i.test(url))
      flag(
        name,
        url,
        `MCP server \`${name}\` talks plain HTTP to a remote host`,
        'mcp:plain-http',
        undefined,
      );
    for (const field of ['env', 'headers', 'http_headers']) {
      const bag = raw[field];
      if (!isRecord(bag)) continue;
      for (const [key, value] of Object.entries(bag)) {
        if (typeof value !== 'string' || value.length < 8) continue;
        if (/\$\{?[A-Z_]|\{\{|<|your|example|xxx/i.test(value)) continue;
        if (!/(key|token|secret|password|auth|credential)/i.test(key)) continue;
        const n = lineWith(key, line);
        out.drafts.push({
          code: 'S11',
          path: view.path,
          startLine: n,
          quote: null,
          idText: `mcp-inline:${name}:${key}`,
          message: `MCP server \`${name}\` holds an inline value for \`${key}\`; reference an environment variable instead`,
          rule: 'mcp:inline-credential',
        });
      }
    }
  }
}
