// Discovery and noise of `gavel judge` at the root of the pinned public skill and plugin collections
// (real-repos-snapshots.mjs: checked out from local snapshots into .tmp/, never committed): for each, what
// a user of the harness would say is there (by the harness conventions, counted independently of gavel's
// discovery), what `gavel judge --list` found, the exit code of a plain `gavel judge`, and the units that
// fail the default gate, each against the team's labels (real-repos-labels.json: units a reviewer calls
// really dangerous). Exit 0 when every available collection is found whole (95%), exits 0 or 10 only
// where a label explains the failure, and no unlabelled unit fails; 1 otherwise. Collections not fetched
// are reported "skipped: not fetched" and do not fail the run (CI has no network).
// Usage: node eval/judge/real-repos.mjs [--fetch] [--write docs/evaluation.md] [DIR...]
//   (builds dist/ first for the pinned set; DIR... judges those folders, after `npm run build`)
import { execFileSync, spawnSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkouts } from './real-repos-snapshots.mjs';

const repo = resolve(new URL('../..', import.meta.url).pathname);
const gavel = join(repo, 'bin/gavel');
const argv = process.argv.slice(2);
const w = argv.indexOf('--write');
const target = w >= 0 ? resolve(repo, argv[w + 1] ?? 'docs/evaluation.md') : undefined;
const dirs = argv.filter((a, i) => !a.startsWith('--') && (w < 0 || i !== w + 1));
const labels = JSON.parse(readFileSync(new URL('./real-repos-labels.json', import.meta.url), 'utf8'));

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

function judgeCollection(root, name, commit) {
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
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    return {
      name,
      commit,
      want: want.size,
      hit,
      units: 0,
      exit: run.status,
      failing: [],
      high: 0,
      text: 0,
      broken: true,
    };
  }
  const failing = report.units.filter((u) => u.status === 'fail').map((u) => u.path);
  const high = report.units
    .flatMap((u) => u.findings)
    .filter((f) => ['high', 'critical'].includes(f.severity)).length;
  const text = spawnSync(gavel, ['judge'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 }).stdout.split(
    '\n',
  ).length;
  const known = labels[name] ?? {};
  const unlabelled = failing.filter((p) => !(p in known));
  return {
    name,
    commit,
    want: want.size,
    hit,
    units: report.units.length,
    exit: run.status,
    failing,
    unlabelled,
    high,
    text,
  };
}

const rows = [];
const skipped = [];
if (dirs.length > 0) {
  for (const d of dirs) {
    const root = resolve(d);
    const git = (args) =>
      execFileSync('git', ['-C', root, '-c', 'core.fsmonitor=false', ...args], { encoding: 'utf8' }).trim();
    const name = git(['config', '--get', 'remote.origin.url'])
      .replace(/^.*\/work\/\.mirror\//, '')
      .replace(/\/repo$/, '')
      .replace('+', '/');
    rows.push(judgeCollection(root, name, git(['rev-parse', 'HEAD']).slice(0, 12)));
  }
} else {
  const all = checkouts(repo, { fetch: argv.includes('--fetch') });
  // The CLI is judged as built: build it once when there is anything to judge.
  if (all.some((c) => !c.skipped))
    execFileSync(process.execPath, [join(repo, 'scripts/build.mjs')], { stdio: 'ignore' });
  for (const c of all) {
    if (c.skipped) skipped.push(c);
    else rows.push(judgeCollection(c.dir, c.repo, c.commit.slice(0, 12)));
  }
}

const table = [
  '| repository @ commit | units a user would name | found | units judged | exit | units failing the default gate | high+ findings | text lines |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.name} @ ${r.commit} | ${r.want} | ${r.hit} (${((100 * r.hit) / Math.max(1, r.want)).toFixed(0)}%) | ${r.units} | ${r.exit} | ${r.failing.length ? r.failing.map((p) => `\`${p}\`${r.unlabelled?.includes(p) ? ' (unlabelled)' : ' (labelled dangerous)'}`).join(', ') : 'none'} | ${r.high} | ${r.text} |`,
  ),
].join('\n');
process.stdout.write(`${table}\n`);
for (const c of skipped) process.stdout.write(`${c.repo} @ ${c.commit.slice(0, 12)}: skipped: not fetched\n`);
if (rows.length === 0)
  process.stdout.write('real repositories: skipped: not fetched (no snapshot of any pinned collection)\n');
const bad = rows.filter(
  (r) =>
    r.broken ||
    r.hit < 0.95 * r.want ||
    (r.unlabelled ?? []).length > 0 ||
    (r.exit !== 0 && !(r.exit === 10 && r.failing.length > 0)),
);
for (const r of bad)
  process.stdout.write(
    `real repositories: ${r.name} ${r.broken ? 'gave no report' : `found ${r.hit}/${r.want}, exit ${r.exit}, unlabelled failing: ${(r.unlabelled ?? []).join(', ') || 'none'}`}\n`,
  );
if (bad.length > 0) process.exitCode = 1;
if (target && rows.length > 0) {
  const start = '<!-- real-repos:start -->';
  const end = '<!-- real-repos:end -->';
  const doc = readFileSync(target, 'utf8');
  const block = `${start}\n${table}\n${end}`;
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  if (a < 0 || b < 0) throw new Error(`no ${start} … ${end} block in ${target}`);
  writeFileSync(target, doc.slice(0, a) + block + doc.slice(b + end.length));
}
