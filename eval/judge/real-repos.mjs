// Discovery and noise of `gavel judge` at the root of public skill and plugin collections checked out
// locally (never committed): for each folder, what a user of the harness would say is there (by the
// harness conventions, counted independently of gavel's discovery), what `gavel judge --list` found, the
// exit code of a plain `gavel judge`, and the units that fail the default gate.
// Usage: node eval/judge/real-repos.mjs DIR... [--write docs/evaluation.md]   (needs `npm run build` first)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(new URL('../..', import.meta.url).pathname);
const gavel = join(repo, 'bin/gavel');
const argv = process.argv.slice(2);
const w = argv.indexOf('--write');
const target = w >= 0 ? resolve(repo, argv[w + 1] ?? 'docs/evaluation.md') : undefined;
const dirs = argv.filter((a, i) => !a.startsWith('--') && (w < 0 || i !== w + 1));

function walk(root) {
  const out = [];
  const go = (rel) => {
    for (const name of readdirSync(join(root, rel))) {
      if (name === '.git' || name === 'node_modules') continue;
      const r = rel ? `${rel}/${name}` : name;
      const st = lstatSync(join(root, r), { throwIfNoEntry: false }); // a link is counted once, at its target
      if (st?.isDirectory()) go(r);
      else if (st?.isFile()) out.push(r);
    }
  };
  go('');
  return out;
}

/** What a user would say is there: skills (SKILL.md folders), plugin and .claude agents and commands, MCP files, plugin hooks. */
function expected(root) {
  const files = walk(root);
  const set = new Set();
  const pluginRoots = files
    .filter((f) => /(^|\/)\.claude-plugin\/plugin\.json$/.test(f))
    .map((f) => f.split('/').slice(0, -2).join('/'));
  const skills = files.filter((f) => f.endsWith('/SKILL.md')).map((f) => f.slice(0, -'/SKILL.md'.length));
  for (const s of skills) set.add(`skill ${s}`);
  const inSkill = (f) => skills.some((s) => f.startsWith(`${s}/`));
  for (const f of files) {
    if (inSkill(f)) continue;
    const m = /^(?:(.*)\/)?(agents|commands)\/[^/]+\.md$/.exec(f);
    if (m) {
      const base = m[1] ?? '';
      if (
        base.endsWith('.claude') ||
        pluginRoots.includes(base) ||
        /^(plugins|external_plugins)\/[^/]+$/.test(base)
      )
        set.add(`${m[2] === 'agents' ? 'agent' : 'command'} ${f}`);
    }
    if (/(^|\/)\.mcp\.json$/.test(f)) set.add(`mcp ${f}`);
    if (/(^|\/)hooks\/hooks\.json$/.test(f)) set.add(`hook ${f.slice(0, -'/hooks.json'.length)}`);
  }
  return set;
}

const rows = [];
for (const d of dirs) {
  const root = resolve(d);
  const commit = execFileSync('git', ['-C', root, '-c', 'core.fsmonitor=false', 'rev-parse', 'HEAD'], {
    encoding: 'utf8',
  }).trim();
  const name = execFileSync('git', ['-C', root, 'config', '--get', 'remote.origin.url'], { encoding: 'utf8' })
    .trim()
    .replace(/^.*\/work\/\.mirror\//, '')
    .replace(/\/repo$/, '')
    .replace('+', '/');
  const list = spawnSync(gavel, ['judge', '--list'], { cwd: root, encoding: 'utf8' }).stdout;
  const found = new Set(
    list
      .split('\n')
      .map((l) => /^(\w+)\s+(\S+)\s+\(/.exec(l))
      .filter(Boolean)
      .map((m) => `${m[1]} ${m[2]}`),
  );
  const want = expected(root);
  const hit = [...want].filter((u) => found.has(u)).length;
  const run = spawnSync(gavel, ['judge', '--format', 'json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const report = JSON.parse(run.stdout);
  const failing = report.units.filter((u) => u.status === 'fail').map((u) => u.path);
  const high = report.units
    .flatMap((u) => u.findings)
    .filter((f) => ['high', 'critical'].includes(f.severity)).length;
  const text = spawnSync(gavel, ['judge'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 }).stdout.split(
    '\n',
  ).length;
  rows.push({
    name,
    commit: commit.slice(0, 12),
    want: want.size,
    hit,
    units: report.units.length,
    exit: run.status,
    failing,
    high,
    text,
  });
}

const table = [
  '| repository @ commit | units a user would name | found | units judged | exit | units failing the default gate | high+ findings | text lines |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.name} @ ${r.commit} | ${r.want} | ${r.hit} (${((100 * r.hit) / Math.max(1, r.want)).toFixed(0)}%) | ${r.units} | ${r.exit} | ${r.failing.length ? r.failing.map((p) => `\`${p}\``).join(', ') : 'none'} | ${r.high} | ${r.text} |`,
  ),
].join('\n');
process.stdout.write(`${table}\n`);
if (target) {
  const start = '<!-- real-repos:start -->';
  const end = '<!-- real-repos:end -->';
  const doc = readFileSync(target, 'utf8');
  const block = `${start}\n${table}\n${end}`;
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  if (a < 0 || b < 0) throw new Error(`no ${start} … ${end} block in ${target}`);
  writeFileSync(target, doc.slice(0, a) + block + doc.slice(b + end.length));
}
if (!existsSync(gavel)) process.exitCode = 2;
