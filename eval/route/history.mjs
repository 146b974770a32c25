// Route defaults on real history: routes the last merged changes of several public repositories, each pinned
// by commit and read from a local git snapshot (default `../.mirror/<owner>+<name>`, or GAVEL_ROUTE_MIRROR),
// cloned once with shared objects into `.tmp/route-history/` (never committed; nothing is fetched). A merged
// change is a merge commit of a pull request (`Merge pull request #N`) or a squash-merged one (`... (#N)`) on
// the first-parent line; it is routed as the range from its first parent to it, with the shipped defaults and
// no gavel.toml (none of these repositories has one), as a user trying `gavel route` on their own history
// would. Prints the outcome mix per repository, the signals behind each escalation, and the same changes
// routed as the GitHub step routes them (the pull request told by its comment: `--tell-pr`). A repository
// without a snapshot is reported "skipped: not fetched" (CI has no network) and the run still passes.
// Usage: node eval/route/history.mjs [--changes 20] [--write docs/evaluation.md] [--json FILE]
//   (`npm run eval:route -- --history` runs it after the corpus eval; build dist/ first: `npm run build`)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const PINNED = [
  { repo: 'expressjs/express', commit: 'a3714473feb3d2908add734d340e7755fd85e0a3', lang: 'JavaScript' },
  {
    repo: 'fastify/fastify',
    commit: '83e69762aff047940b376fc2a266d143499ef727',
    lang: 'JavaScript/TypeScript',
  },
  { repo: 'axios/axios', commit: '23a25af0688d1db2c396deb09229d2271cc24f6c', lang: 'JavaScript/TypeScript' },
  { repo: 'pallets/flask', commit: '2ac89889f4cc330eabd50f295dcef02828522c69', lang: 'Python' },
  { repo: 'psf/requests', commit: '1f6589ec3a1ee910f9a65cc3ceac60b26677bc0e', lang: 'Python' },
];

const root = resolve(new URL('../..', import.meta.url).pathname);
const gavel = join(root, 'bin/gavel');
const argv = process.argv.slice(2);
const opt = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const N = Number(opt('--changes') ?? 20);
const mirror = resolve(process.env.GAVEL_ROUTE_MIRROR ?? join(root, '..', '.mirror'));
const cache = resolve(process.env.GAVEL_ROUTE_HISTORY_CACHE ?? join(root, '.tmp', 'route-history'));

/** Git with repository-controlled behaviour that could run code turned off. */
function git(args, opts = {}) {
  const r = spawnSync(
    'git',
    ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', '--no-replace-objects', ...args],
    { encoding: 'utf8', maxBuffer: 1 << 28, ...opts },
  );
  return r;
}

function snapshotGitDir(repo) {
  const base = join(mirror, repo.replace('/', '+'), 'repo');
  if (existsSync(join(base, '.git'))) return join(base, '.git');
  if (existsSync(join(base, 'HEAD'))) return base;
  return undefined;
}

/** A clone sharing the snapshot's objects, made once; undefined when the snapshot or its commit is absent. */
function checkout(repo, commit) {
  const dir = join(cache, `${repo.replace('/', '+')}@${commit}`);
  if (existsSync(join(dir, '.git'))) return dir;
  const src = snapshotGitDir(repo);
  if (!src || git(['--git-dir', src, 'cat-file', '-e', `${commit}^{commit}`]).status !== 0) return undefined;
  mkdirSync(cache, { recursive: true });
  const tmp = `${dir}.partial`;
  rmSync(tmp, { recursive: true, force: true });
  if (git(['clone', '--quiet', '--no-checkout', '--shared', src, tmp]).status !== 0) return undefined;
  git(['-C', tmp, 'update-ref', 'refs/heads/pinned', commit]);
  spawnSync('mv', [tmp, dir]);
  return dir;
}

const PR = /^Merge pull request #\d+|\(#\d+\)\s*$/;

/** The last `n` merged changes on the first-parent line of `commit`: [{sha, parent, subject}]. */
function mergedChanges(dir, commit, n) {
  const log = git(['-C', dir, 'log', '--first-parent', '--format=%H %P%x09%s', '-n', String(n * 10), commit]);
  const out = [];
  for (const line of log.stdout.split('\n')) {
    const [ids, subject = ''] = line.split('\t');
    const [sha, parent] = (ids ?? '').split(' ');
    if (!sha || !parent || !PR.test(subject)) continue;
    out.push({ sha, parent, subject });
    if (out.length >= n) break;
  }
  return out;
}

function routeOne(dir, c, logDir, extra = []) {
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [gavel, 'route', '--repo', dir, '--base', c.parent, '--head', c.sha, '--json', ...extra],
      { env: { ...process.env, GAVEL_LOG_DIR: logDir, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('close', () => {
      try {
        done(JSON.parse(out));
      } catch {
        done({ outcome: 'error', signals: [] });
      }
    });
  });
}

/** Runs `jobs` (functions returning promises) `width` at a time, in order of the results. */
async function pool(jobs, width = 3) {
  const out = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return out;
}

/** The signals that counted in a result: risk points, a floor, or a confidence penalty. */
const counted = (res) =>
  (res.rest?.signals ?? res.signals ?? [])
    .filter((s) => s.risk > 0 || s.floor !== undefined)
    .map((s) => s.id);

function event(c) {
  // The PR as the GitHub step hands it: a number, no reviewers requested. Its author's association is not in
  // the history: CONTRIBUTOR (+5, author-external) is the cautious guess; first-time authors are still found
  // from the history itself (author-first-time). The title is the merged subject, the body empty.
  const m = /#(\d+)/.exec(c.subject);
  return {
    pull_request: {
      number: Number(m?.[1] ?? 1),
      user: { login: 'author' },
      author_association: 'CONTRIBUTOR',
      title: c.subject.slice(0, 200),
      body: null,
      labels: [],
    },
  };
}

const OUTCOMES = ['approve', 'approve_with_flag', 'escalate', 'block', 'error'];
const rows = [];
const skipped = [];
const logDir = mkdtempSync(join(tmpdir(), 'gavel-route-history-'));
try {
  for (const p of PINNED) {
    const dir = checkout(p.repo, p.commit);
    if (!dir) {
      skipped.push(p);
      continue;
    }
    const changes = mergedChanges(dir, p.commit, N);
    const evDir = mkdtempSync(join(tmpdir(), 'gavel-route-pr-'));
    const results = await pool(
      changes.map((c, i) => async () => {
        const evFile = join(evDir, `event-${i}.json`);
        writeFileSync(evFile, JSON.stringify(event(c)));
        const [plain, step] = await Promise.all([
          routeOne(dir, c, logDir),
          routeOne(dir, c, logDir, ['--pr', evFile, '--tell-pr']),
        ]);
        return { c, plain, step };
      }),
    );
    for (const { c, plain, step } of results) {
      rows.push({
        repo: p.repo,
        sha: c.sha.slice(0, 12),
        subject: c.subject.slice(0, 80),
        outcome: plain.outcome,
        risk: plain.risk,
        confidence: plain.confidence,
        signals: counted(plain),
        unheard: (plain.escalation?.why ?? []).some((w) => /no one is configured to be told/.test(w)),
        step: step.outcome,
        stepRisk: step.risk,
        stepSignals: counted(step),
      });
    }
    rmSync(evDir, { recursive: true, force: true });
  }
} finally {
  rmSync(logDir, { recursive: true, force: true });
}

const mix = (list, key) => OUTCOMES.map((o) => list.filter((r) => r[key] === o).length);
const pct = (n, d) => (d === 0 ? '-' : `${Math.round((100 * n) / d)}%`);
const lines = [];
lines.push(
  `| repository @ commit | changes | approve | approve_with_flag | escalate | block | escalated only because nobody was told | as the GitHub step routes them (approve / flag / escalate / block) |`,
  '|---|---|---|---|---|---|---|---|',
);
for (const p of PINNED) {
  const rs = rows.filter((r) => r.repo === p.repo);
  if (rs.length === 0) continue;
  const [a, f, e, b] = mix(rs, 'outcome');
  const [sa, sf, se, sb] = mix(rs, 'step');
  lines.push(
    `| ${p.repo} @ ${p.commit.slice(0, 12)} | ${rs.length} | ${a} | ${f} | ${e} | ${b} | ${rs.filter((r) => r.unheard).length} | ${sa} / ${sf} / ${se} / ${sb} |`,
  );
}
const [a, f, e, b] = mix(rows, 'outcome');
const [sa, sf, se, sb] = mix(rows, 'step');
lines.push(
  `| **all** | ${rows.length} | ${a} (${pct(a, rows.length)}) | ${f} (${pct(f, rows.length)}) | ${e} (${pct(e, rows.length)}) | ${b} | ${rows.filter((r) => r.unheard).length} | ${sa} / ${sf} / ${se} / ${sb} |`,
);
const esc = rows.filter((r) => r.step === 'escalate' || r.step === 'block');
const freq = new Map();
for (const r of esc) for (const s of r.stepSignals) freq.set(s, (freq.get(s) ?? 0) + 1);
lines.push(
  '',
  `Signals behind the ${esc.length} change(s) the GitHub step escalates or blocks (a change counts once per signal):`,
  '',
  '| signal | changes |',
  '|---|---|',
  ...[...freq.entries()]
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
    .map(([s, n]) => `| \`${s}\` | ${n} |`),
);
const table = lines.join('\n');
process.stdout.write(`${table}\n`);
for (const r of esc)
  process.stdout.write(
    `escalated: ${r.repo} ${r.sha} risk ${r.stepRisk} (${r.stepSignals.join(', ')}) ${r.subject}\n`,
  );
for (const p of skipped) process.stdout.write(`${p.repo} @ ${p.commit.slice(0, 12)}: skipped: not fetched\n`);
if (rows.length === 0)
  process.stdout.write('route history: skipped: not fetched (no snapshot of any pinned repository)\n');
const errors = rows.filter((r) => r.outcome === 'error' || r.step === 'error');
for (const r of errors) process.stdout.write(`route history: ${r.repo} ${r.sha}: gave no result\n`);
if (errors.length > 0) process.exitCode = 1;
const jsonOut = opt('--json');
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(rows, null, 2)}\n`);
const target = opt('--write');
if (target && rows.length > 0) {
  const file = resolve(root, target);
  const start = '<!-- route-history:start -->';
  const end = '<!-- route-history:end -->';
  const doc = readFileSync(file, 'utf8');
  if (!doc.includes(start) || !doc.includes(end)) throw new Error(`\`${target}\` has no route-history block`);
  writeFileSync(
    file,
    doc.slice(0, doc.indexOf(start)) +
      `${start}\n${table}\n${end}` +
      doc.slice(doc.indexOf(end) + end.length),
  );
}
