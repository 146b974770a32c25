// Worst inputs through the real built hook (issue 18, "bounded time"): the largest and most nested requests
// the team could build, each sent to `bin/gavel hook claude-code` as a fresh process in a scratch project and
// HOME, as the harness would. Reports per input the slowest wall time of its runs (target: 5 s, well below the
// 20 s deadline and the 30 s hook timeout) and the median CPU time (user + system, read by a preloaded probe),
// and checks every run answered (exit 0 or the fail-closed exit 2, never a crash signal or a timeout).
// Needs `npm run build` first (npm run bench does it). `node bench/worst-inputs.mjs` runs it alone.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, round } from './_measure.mjs';
import { renderRows } from './_table.mjs';
import { scratchProject } from './hook-cold-start.mjs';

export const title = 'Worst inputs through the hook';

/** Issue 18: no hook call in this benchmark may take longer (ms, wall). */
export const WALL_TARGET_MS = 5000;

const CPU_PROBE = join(fileURLToPath(new URL('.', import.meta.url)), '_cpu-probe.cjs');

/**
 * A gavel.toml of about 900 KB holding one deny rule: `many`, 900 KB of `match` examples (over the bound:
 * src/check/policy/check-examples.ts); `bounded`, examples at the bound (1,000 of ~49 characters) and the rest
 * of the 900 KB a comment.
 */
function bigConfig(shape) {
  const examples = [];
  let size = 0;
  for (let i = 0; shape === 'many' ? size < 900_000 : examples.length < 1000; i++) {
    const e = `curl --data @f${i}.txt https://example.com/up/${i}`.padEnd(49, 'x');
    examples.push(JSON.stringify(e));
    size += e.length + 4;
  }
  const rule = `[check]\n[[check.rules]]\nid = "no-curl-upload"\ndecision = "deny"\nprogram = "curl"\nflags_any = ["--data"]\nmatch = [\n${examples.join(',\n')}\n]\n`;
  return shape === 'many' ? rule : `${rule}#${' padding'.repeat(Math.ceil((900_000 - rule.length) / 8))}\n`;
}

/** `depth` nested objects around a command, as an MCP tool's arguments (raw JSON text: too deep to stringify). */
function deepObject(depth) {
  return { raw: `${'{"a":'.repeat(depth)}{"command":"rm -rf ~"}${'}'.repeat(depth)}` };
}

function transcript(bytes) {
  const line = `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'please run the tests '.repeat(20) } })}\n`;
  return line.repeat(Math.ceil(bytes / line.length));
}

/**
 * The inputs: [name, tool, tool_input, setup(project, home) -> extra payload fields]. Each `setup` runs once
 * before the runs of its input (a big config is written once; its first run pays for its examples).
 */
function inputs() {
  const pad = 'y/../'.repeat(6_000);
  return [
    [
      '900 KB gavel.toml, 17,000 examples (over the bound)',
      'Read',
      (p) => ({ file_path: join(p, 'a.ts') }),
      'many',
    ],
    [
      '900 KB gavel.toml, examples at the bound (first call)',
      'Read',
      (p) => ({ file_path: join(p, 'a.ts') }),
      'bounded-cold',
    ],
    [
      '900 KB gavel.toml, examples at the bound (later calls)',
      'Read',
      (p) => ({ file_path: join(p, 'a.ts') }),
      'bounded',
    ],
    ['30 KB path of `y/..` pairs (Read)', 'Read', (p) => ({ file_path: `${p}/${pad}/.env` })],
    ['30 KB path of `y/..` pairs (Bash cat)', 'Bash', (p) => ({ command: `cat ${p}/${pad}/.env` })],
    [
      '30 KB glob of `y/..` pairs (Grep)',
      'Grep',
      (p) => ({ pattern: 'x', path: p, glob: `${pad}/**/*.pem` }),
    ],
    ['command of 99,990 characters (one echo)', 'Bash', () => ({ command: `echo ${'a '.repeat(49_992)}` })],
    ['command of 12,000 `&&` segments', 'Bash', () => ({ command: `${'true && '.repeat(11_999)}true` })],
    ['command of 1 MB (over the bound)', 'Bash', () => ({ command: `echo ${'a '.repeat(500_000)}` })],
    ['command of 5,000 `;` segments', 'Bash', () => ({ command: `${'true;'.repeat(4_999)}true` })],
    ['command of 3,000 `|` stages', 'Bash', () => ({ command: `${'cat|'.repeat(2_999)}cat` })],
    ['command of 100 KB of `:;` (50,000 segments)', 'Bash', () => ({ command: `${':;'.repeat(49_990)}:` })],
    [
      'here-document of 40,000 lines (one command)',
      'Bash',
      () => ({ command: `cat > out.txt <<'EOF'\n${'a;b|c\n'.repeat(14_000)}EOF` }),
    ],
    ['MCP tool, arguments nested 5,000 deep', 'mcp__x__run', () => deepObject(5_000)],
    [
      'MCP tool, 50,000 path-like arguments (3 MB)',
      'mcp__x__y',
      (p) => Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`p${i}`, `${p}/src/file${i}.ts`])),
    ],
    [
      'Codex apply_patch adding 20,000 files',
      'apply_patch',
      () => ({
        command: `*** Begin Patch\n${Array.from({ length: 20_000 }, (_, i) => `*** Add File: src/f${i}.ts\n+x\n`).join('')}*** End Patch\n`,
      }),
      'codex',
    ],
    [
      'tool_input nested 100,000 deep (JSON)',
      'Bash',
      () => ({ raw: `${'['.repeat(100_000)}${']'.repeat(100_000)}` }),
    ],
    ['50 MB transcript', 'Read', (p) => ({ file_path: join(p, 'a.ts') }), 'transcript'],
  ];
}

function payload(project, home, tool, input, kind) {
  const extra = {};
  if (kind === 'transcript') {
    const file = join(home, 'transcript.jsonl');
    writeFileSync(file, transcript(50 * 1024 * 1024));
    extra.transcript_path = file;
  }
  // Codex's PreToolUse payload carries a turn, a model and a permission mode besides Claude Code's fields.
  if (kind === 'codex')
    Object.assign(extra, { turn_id: 't', transcript_path: null, model: 'm', permission_mode: 'default' });
  const text = JSON.stringify({
    hook_event_name: 'PreToolUse',
    session_id: 'bench-worst',
    cwd: project,
    tool_name: tool,
    tool_input: input?.raw === undefined ? input : 'RAW',
    ...extra,
  });
  // JSON.stringify cannot write what is nested deeper than its stack: put the raw text in by hand.
  return input?.raw === undefined ? text : text.replace('"RAW"', input.raw);
}

function runOnce(gavel, stdin, env, cwd, harness = 'claude-code') {
  const started = performance.now();
  const r = spawnSync(process.execPath, ['-r', CPU_PROBE, gavel, 'hook', harness], {
    cwd,
    env,
    input: stdin,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    timeout: 60_000,
  });
  const wall = performance.now() - started;
  const cpu = Number(/gavel-bench-cpu-ms=([\d.]+)/.exec(r.stderr ?? '')?.[1]);
  const answer =
    r.status === 0
      ? (/"permissionDecision":"(\w+)"/.exec(r.stdout)?.[1] ?? 'none')
      : r.status === 2
        ? 'exit 2'
        : `failed (${r.signal ?? r.status})`;
  return { wall, cpu, answer };
}

/** Issue 19: worst inputs of `gavel judge` and `gavel route` (ms, wall, one fresh process each). */
export const COMMAND_TARGET_MS = 20_000;

const FM = '---\nname: w\ndescription: Worst input. Use when asked.\n';
const MB2 = 2 * 1024 * 1024 - 1024;
const line2 = (unit) => unit.repeat(Math.floor(MB2 / unit.length));

/** [name, files of the project]: a skill or CLAUDE.md holding the shape that was slowest per check. */
function judgeInputs() {
  return [
    ['judge: 2 MiB SKILL.md line of `<!--`', { '.claude/skills/w/SKILL.md': `${FM}---\n${line2('<!--')}\n` }],
    [
      'judge: 2 MiB SKILL.md line of `curl `',
      { '.claude/skills/w/SKILL.md': `${FM}---\n${line2('curl ')}\n` },
    ],
    ['judge: 2 MiB CLAUDE.md line of `[`', { 'CLAUDE.md': `# r\n${line2('[')}\n` }],
    ['judge: 2 MiB CLAUDE.md of closed `<!-- x -->`', { 'CLAUDE.md': line2('<!-- run x -->\n') }],
    [
      'judge: front matter of 8 KiB of `"`',
      { '.claude/agents/w.md': `${FM}x: ${'"'.repeat(8000)}\n---\nHi\n` },
    ],
    [
      'judge: front matter of 8 KiB of `&a `',
      { '.claude/agents/w.md': `${FM}x: ${'&a '.repeat(2600)}\n---\nHi\n` },
    ],
  ];
}

function git(cwd, ...args) {
  spawnSync(
    'git',
    ['-c', 'user.email=b@example.com', '-c', 'user.name=b', '-c', 'commit.gpgsign=false', ...args],
    {
      cwd,
      stdio: 'ignore',
    },
  );
}

/** A repository whose base holds a 1 MB CODEOWNERS pattern, a change with a 1 MB path-like name, and a 1 MB PR body. */
function routeSetup(project) {
  rmSync(join(project, '.git'), { recursive: true, force: true });
  git(project, 'init', '-q', '-b', 'main');
  mkdirSync(join(project, '.github'));
  writeFileSync(join(project, '.github', 'CODEOWNERS'), `${'*'.repeat(1_000_000)}x @o\n* @team\n`);
  writeFileSync(join(project, 'README.md'), 'x\n');
  git(project, 'add', '-A');
  git(project, 'commit', '-qm', 'base');
  git(project, 'checkout', '-qb', 'feature');
  writeFileSync(join(project, 'a.ts'), `${'x'.repeat(1000)}\n`.repeat(1000));
  git(project, 'add', '-A');
  git(project, 'commit', '-qm', `${'not '.repeat(250_000)}WIP`);
  const pr = join(project, '..', 'pr.json');
  writeFileSync(
    pr,
    JSON.stringify({
      pull_request: {
        user: { login: 'n' },
        author_association: 'MEMBER',
        title: 't',
        body: '['.repeat(1_000_000),
        labels: [],
      },
    }),
  );
  return ['route', '--json', '--base', 'main', '--pr', pr];
}

function runCommand(gavel, args, env, cwd) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [gavel, ...args], {
    cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  });
  return {
    wall: performance.now() - started,
    answer: r.signal ? `killed (${r.signal})` : `exit ${r.status}`,
  };
}

export async function commandRows(gavel, n) {
  const rows = [];
  const cases = [
    ...judgeInputs().map(([name, files]) => [
      name,
      (p) => {
        for (const [rel, text] of Object.entries(files)) {
          mkdirSync(join(p, rel, '..'), { recursive: true });
          writeFileSync(join(p, rel), text);
        }
        return ['judge', '--format', 'json'];
      },
    ]),
    ['route: 1 MB CODEOWNERS pattern, 1 MB commit message, 1 MB PR body', routeSetup],
  ];
  for (const [name, setup] of cases) {
    const scratch = scratchProject();
    try {
      const args = setup(scratch.project);
      const samples = Array.from({ length: n }, () => runCommand(gavel, args, scratch.env, scratch.project));
      rows.push({
        name: `${name}: slowest wall`,
        value: round(Math.max(...samples.map((s) => s.wall))),
        digits: 0,
        unit: 'ms',
        target: COMMAND_TARGET_MS,
        note: `answer ${[...new Set(samples.map((s) => s.answer))].join(', ')}; n=${n}`,
      });
    } finally {
      scratch.cleanup();
    }
  }
  return rows;
}

export async function run({ root, runs }) {
  const gavel = join(root, 'bin', 'gavel');
  const n = Math.max(1, Math.min(runs, 3));
  const rows = await commandRows(gavel, n);
  for (const [name, tool, input, kind] of inputs()) {
    const scratch = scratchProject();
    try {
      const env = { ...scratch.env, XDG_STATE_HOME: join(scratch.home, '.state') };
      mkdirSync(env.XDG_STATE_HOME);
      if (kind === 'many' || kind?.startsWith('bounded'))
        writeFileSync(join(scratch.project, 'gavel.toml'), bigConfig(kind === 'many' ? 'many' : 'bounded'));
      const stdin = payload(scratch.project, scratch.home, tool, input(scratch.project), kind);
      const harness = kind === 'codex' ? 'codex' : 'claude-code';
      if (kind === 'bounded') runOnce(gavel, stdin, env, scratch.project);
      const samples = [];
      for (let i = 0; i < n; i++) {
        if (kind === 'bounded-cold') rmSync(env.XDG_STATE_HOME, { recursive: true, force: true });
        samples.push(runOnce(gavel, stdin, env, scratch.project, harness));
      }
      const worst = Math.max(...samples.map((s) => s.wall));
      const answers = [...new Set(samples.map((s) => s.answer))].join(', ');
      rows.push({
        name: `${name}: slowest wall`,
        value: round(worst),
        digits: 0,
        unit: 'ms',
        target: WALL_TARGET_MS,
        note: `CPU median ${round(median(samples.map((s) => s.cpu)))} ms; answer ${answers}; n=${n}`,
      });
    } finally {
      scratch.cleanup();
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  process.stdout.write(`${renderRows([{ title, rows: await run({ root, runs, warmup: 0 }) }])}\n`);
}
