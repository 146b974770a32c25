/**
 * Runs the peer `cc-safety-net@2.4.5` as a Claude Code PreToolUse hook on one tool call (a shell command or any
 * other Claude Code tool): a real child process,
 * JSON on stdin; a `permissionDecision` of deny or ask (or exit code 2) counts as block. Results are cached
 * by content hash in eval/check-corpus/.cache so a re-run is cheap.
 */

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type PeerVerdict = 'allow' | 'block' | 'error';

/** One tool call for the peer: a shell command, or any Claude Code tool call (`Read`, `WebFetch`, …). */
export type PeerItem = { command: string } | { toolName: string; toolInput: unknown };

function toolCall(item: PeerItem): { tool_name: string; tool_input: unknown } {
  return 'command' in item
    ? { tool_name: 'Bash', tool_input: { command: item.command } }
    : { tool_name: item.toolName, tool_input: item.toolInput };
}

function runOnce(bin: string, item: PeerItem, cwd: string, home: string): Promise<PeerVerdict> {
  return new Promise((resolve) => {
    const child = spawn(bin, ['hook', '--claude-code'], {
      env: { PATH: process.env.PATH ?? '', HOME: home },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', () => resolve('error'));
    child.on('close', (code) => {
      if (code === 2) return resolve('block');
      if (code !== 0) return resolve('error');
      if (out.trim() === '') return resolve('allow');
      try {
        const reply = JSON.parse(out) as { hookSpecificOutput?: { permissionDecision?: string } };
        const d = reply.hookSpecificOutput?.permissionDecision;
        resolve(d === 'deny' || d === 'ask' ? 'block' : 'allow');
      } catch {
        resolve('error');
      }
    });
    child.stdin.end(
      JSON.stringify({
        session_id: 'eval',
        transcript_path: '/dev/null',
        cwd,
        permission_mode: 'default',
        hook_event_name: 'PreToolUse',
        ...toolCall(item),
      }),
    );
  });
}

export class SafetyNetPeer {
  private readonly cache: Record<string, PeerVerdict>;
  // Fixed folders so the cache stays valid between runs; the peer fails closed on a cwd that does not exist.
  private readonly home = join(tmpdir(), 'gavel-peer', 'home');
  readonly project = join(tmpdir(), 'gavel-peer', 'home', 'project');

  constructor(
    private readonly bin: string,
    private readonly cacheFile: string,
  ) {
    mkdirSync(this.project, { recursive: true });
    this.cache = existsSync(cacheFile)
      ? (JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, PeerVerdict>)
      : {};
  }

  /** Runs every command in the peer's project folder (the case's cwd maps to it). */
  async decideAll(items: readonly PeerItem[], concurrency = 2): Promise<PeerVerdict[]> {
    const out: PeerVerdict[] = new Array(items.length);
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const k = next++;
        const item = items[k] as PeerItem;
        // A shell command keeps the key it always had, so an old cache stays valid.
        const text = 'command' in item ? item.command : `tool\0${JSON.stringify(toolCall(item))}`;
        const key = createHash('sha256').update(`2.4.5\0project\0${text}`).digest('hex');
        let v = this.cache[key];
        if (!v || v === 'error') {
          v = await runOnce(this.bin, item, this.project, this.home);
          this.cache[key] = v;
        }
        out[k] = v;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    mkdirSync(join(this.cacheFile, '..'), { recursive: true });
    writeFileSync(this.cacheFile, JSON.stringify(this.cache));
    return out;
  }
}
