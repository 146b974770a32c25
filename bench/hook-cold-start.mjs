// Hook cold start: what an agent harness pays on every tool call. `gavel hook claude-code` on a Bash request
// (the shell parser loads and parses) and on a Read request, against `node -e 0` and the peer
// `cc-safety-net hook --claude-code` on the same Bash request, as fresh processes, interleaved, with the
// request on stdin. Targets (issue 3): gavel on Bash ≤ 1.5 × `node -e 0`, and below cc-safety-net.
// Each process runs in a scratch project (a `.git` folder, no gavel.toml) with a scratch HOME, so no user
// config and no real audit log is touched. Needs `npm run build` first (npm run bench does it).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, peakRssMiB, quantile, round, timeInterleaved } from './_measure.mjs';

export const title = 'Hook cold start';

/** Issue 3: the hook on a Bash request costs at most this many times `node -e 0` (medians). */
export const RATIO_TARGET = 1.5;

/** A scratch project and HOME; returns what a hook process needs and a cleanup. */
export function scratchProject() {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-bench-hook-'));
  const project = join(dir, 'project');
  const home = join(dir, 'home');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(home);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, TMPDIR: tmpdir() };
  return { project, home, env, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Claude Code PreToolUse payloads: a realistic compound shell command (the pure-JS fast path parses it), one
 * with a command substitution (beyond the fast path: the WASM parser loads, ADR 0019), a Read, and an Edit of
 * source code (hook-vs-build.mjs).
 */
export function requests(project) {
  const base = { hook_event_name: 'PreToolUse', session_id: 'bench', cwd: project };
  return {
    bash: JSON.stringify({
      ...base,
      tool_name: 'Bash',
      tool_input: { command: 'git status && npm test', description: 'status and tests' },
    }),
    bashParser: JSON.stringify({
      ...base,
      tool_name: 'Bash',
      tool_input: { command: 'git log -1 --format=%H "$(git rev-parse --abbrev-ref HEAD)"' },
    }),
    read: JSON.stringify({
      ...base,
      tool_name: 'Read',
      tool_input: { file_path: join(project, 'README.md') },
    }),
    // An edit of source code: the lines it adds are scanned for harm (ADR 0111).
    edit: JSON.stringify({
      ...base,
      tool_name: 'Edit',
      tool_input: {
        file_path: join(project, 'src', 'app.ts'),
        old_string: 'export const port = 3000;',
        new_string:
          'export const port = Number(process.env.PORT ?? 3000);\nexport function banner(name: string): string {\n  return `listening on ${port} as ${name}`;\n}',
      },
    }),
  };
}

/**
 * Runs a variant once outside the timing and checks it answered (not a fail-closed exit 2). No output is an
 * answer too: a request nothing knows is handed back to the harness's own prompt (docs/hooks.md).
 */
export function answers(variant, cwd, want) {
  const r = spawnSync(variant.command, variant.args, {
    cwd,
    env: variant.env,
    input: variant.input,
    encoding: 'utf8',
  });
  if (r.status !== 0)
    throw new Error(`${variant.name}: exit ${r.status}: ${String(r.stderr).split('\n')[0]}`);
  if (want && !want.test(r.stdout))
    throw new Error(`${variant.name}: unexpected answer ${r.stdout.slice(0, 200)}`);
}

export async function run({ root, runs, warmup }) {
  const node = process.execPath;
  const scratch = scratchProject();
  try {
    const req = requests(scratch.project);
    const gavel = join(root, 'bin', 'gavel');
    const peer = join(root, 'node_modules', 'cc-safety-net', 'dist', 'bin', 'cc-safety-net.js');
    const env = scratch.env;
    const variants = [
      { name: 'node -e 0', command: node, args: ['-e', '0'], env },
      {
        name: 'gavel hook (Bash)',
        command: node,
        args: [gavel, 'hook', 'claude-code'],
        env,
        input: req.bash,
      },
      {
        name: 'gavel hook (Read)',
        command: node,
        args: [gavel, 'hook', 'claude-code'],
        env,
        input: req.read,
      },
      {
        name: 'gavel hook (Bash, WASM parser)',
        command: node,
        args: [gavel, 'hook', 'claude-code'],
        env,
        input: req.bashParser,
      },
      {
        name: 'cc-safety-net (Bash)',
        command: node,
        args: [peer, 'hook', '--claude-code'],
        env,
        input: req.bash,
      },
    ];
    answers(variants[1], scratch.project, /^$|"permissionDecision":"(allow|ask)"/);
    answers(variants[2], scratch.project, /"permissionDecision":"allow"/);
    answers(variants[3], scratch.project, /^$|"permissionDecision":"(allow|ask)"/);
    answers(variants[4], scratch.project);
    const samples = timeInterleaved(variants, { runs, warmup, cwd: scratch.project });
    const m = Object.fromEntries(variants.map((v) => [v.name, median(samples[v.name])]));
    const rows = variants.map((v) => ({
      name: `${v.name}: median`,
      value: round(m[v.name]),
      digits: 1,
      unit: 'ms',
      note: `p90 ${round(quantile(samples[v.name], 0.9))} ms, n=${samples[v.name].length}`,
    }));
    const base = m['node -e 0'];
    rows.push(
      {
        name: 'gavel (Bash) ÷ node -e 0',
        value: round(m['gavel hook (Bash)'] / base, 2),
        digits: 2,
        unit: '×',
        target: RATIO_TARGET,
      },
      {
        name: 'gavel (Read) ÷ node -e 0',
        value: round(m['gavel hook (Read)'] / base, 2),
        digits: 2,
        unit: '×',
        target: RATIO_TARGET,
      },
      {
        name: 'gavel (Bash, WASM parser) ÷ node -e 0',
        value: round(m['gavel hook (Bash, WASM parser)'] / base, 2),
        digits: 2,
        unit: '×',
      },
      {
        name: 'cc-safety-net ÷ node -e 0',
        value: round(m['cc-safety-net (Bash)'] / base, 2),
        digits: 2,
        unit: '×',
      },
      {
        name: 'gavel (Bash) ÷ cc-safety-net (Bash)',
        value: round(m['gavel hook (Bash)'] / m['cc-safety-net (Bash)'], 2),
        digits: 2,
        unit: '×',
        target: 1,
      },
    );
    const rssRuns = Math.max(1, Math.min(5, runs));
    for (const v of variants) {
      rows.push({
        name: `${v.name}: peak RSS`,
        value: round(peakRssMiB(v, { runs: rssRuns, cwd: scratch.project })),
        digits: 1,
        unit: 'MiB',
        note: `median of ${rssRuns} runs`,
      });
    }
    return rows;
  } finally {
    scratch.cleanup();
  }
}
