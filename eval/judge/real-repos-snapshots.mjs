// The pinned public collections the real-repository eval judges, and their checkouts: each is read from a
// local git snapshot (default `../.mirror/<owner>+<name>`, or GAVEL_REAL_REPOS_MIRROR) at its pinned commit
// and written once into `.tmp/real-repos/<owner>+<name>@<commit>/` (or GAVEL_REAL_REPOS_CACHE; never committed). Nothing is
// fetched over the network unless `--fetch` is given (opt-in: a shallow fetch of the pinned commit from
// GitHub into the cache). A collection with neither a cache nor a snapshot holding its commit is reported
// "not fetched", never an error. Blobs a snapshot left out (large files) are skipped and counted.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const PINNED = [
  { repo: 'anthropics/claude-code', commit: '5cfc0a1905ce0c0a9bd81d8a90fe6b62ff614357' },
  { repo: 'anthropics/claude-plugins-official', commit: '340e33aef211d95769d252324854497af871dafe' },
  { repo: 'anthropics/skills', commit: '9d2f1ae187231d8199c64b5b762e1bdf2244733d' },
  { repo: 'getsentry/skills', commit: '6abccd60c704f669423d6a06ff0809fa39513ce8' },
  { repo: 'obra/superpowers', commit: '44c9b2d6e889982ac18c27d05a19fefe335194e1' },
  { repo: 'trailofbits/skills', commit: '293fb74c3151cceda32a85a545fe8acd67f8f5c6' },
  { repo: 'vercel-labs/agent-skills', commit: 'b9c8ee0643d87d3c5a953d1e22382ff2ead39229' },
];

/** Git with every repository-controlled behaviour that could run code or rewrite content turned off. */
function git(gitDir, args, opts = {}) {
  return spawnSync(
    'git',
    [
      '-c',
      'core.fsmonitor=false',
      '-c',
      'core.hooksPath=/dev/null',
      '-c',
      'core.attributesFile=/dev/null',
      '--no-replace-objects',
      `--git-dir=${gitDir}`,
      ...args,
    ],
    { maxBuffer: 1 << 30, ...opts },
  );
}

function snapshotGitDir(mirror, repo) {
  const base = join(mirror, repo.replace('/', '+'), 'repo');
  if (existsSync(join(base, '.git'))) return join(base, '.git');
  if (existsSync(join(base, 'HEAD'))) return base;
  return undefined;
}

function hasCommit(gitDir, commit) {
  return git(gitDir, ['cat-file', '-e', `${commit}^{commit}`]).status === 0;
}

/** Writes the tree of `commit` into `into` from `gitDir`; returns the number of blobs the snapshot lacks. */
function extract(gitDir, commit, into) {
  const listing = git(gitDir, ['ls-tree', '-r', '-z', '--full-tree', commit]);
  if (listing.status !== 0) throw new Error(`cannot list \`${commit}\``);
  const entries = listing.stdout
    .toString('utf8')
    .split('\0')
    .filter(Boolean)
    .map((l) => {
      const tab = l.indexOf('\t');
      const [mode, type, oid] = l.slice(0, tab).split(' ');
      return { mode, type, oid, path: l.slice(tab + 1) };
    })
    .filter((e) => e.type === 'blob' && !e.path.split('/').includes('..'));
  const batch = git(gitDir, ['cat-file', '--batch'], {
    input: `${entries.map((e) => e.oid).join('\n')}\n`,
  }).stdout;
  let at = 0;
  let missing = 0;
  for (const e of entries) {
    const nl = batch.indexOf(10, at);
    const header = batch.subarray(at, nl).toString('utf8');
    at = nl + 1;
    if (header.endsWith(' missing')) {
      missing += 1;
      continue;
    }
    const size = Number(header.split(' ')[2]);
    const body = batch.subarray(at, at + size);
    at += size + 1;
    const out = join(into, e.path);
    mkdirSync(dirname(out), { recursive: true });
    if (e.mode === '120000') symlinkSync(body.toString('utf8'), out);
    else writeFileSync(out, body, { mode: e.mode === '100755' ? 0o755 : 0o644 });
  }
  return missing;
}

/**
 * The checkout of each pinned collection: `{ repo, commit, dir }` when available, `{ repo, commit,
 * skipped }` when not. `fetch` allows a network fetch of what no snapshot holds.
 */
export function checkouts(gavelRoot, { fetch = false } = {}) {
  const mirror = resolve(process.env.GAVEL_REAL_REPOS_MIRROR ?? join(gavelRoot, '..', '.mirror'));
  const cache = resolve(process.env.GAVEL_REAL_REPOS_CACHE ?? join(gavelRoot, '.tmp', 'real-repos'));
  const out = [];
  for (const { repo, commit } of PINNED) {
    const dir = join(cache, `${repo.replace('/', '+')}@${commit}`);
    if (existsSync(`${dir}.json`)) {
      out.push({ repo, commit, dir });
      continue;
    }
    let gitDir = snapshotGitDir(mirror, repo);
    if (!gitDir || !hasCommit(gitDir, commit)) {
      gitDir = undefined;
      if (fetch) {
        const bare = join(cache, `${repo.replace('/', '+')}.git`);
        mkdirSync(bare, { recursive: true });
        execFileSync('git', ['init', '--bare', '-q', bare]);
        const got = git(bare, ['fetch', '-q', '--depth', '1', `https://github.com/${repo}`, commit]);
        if (got.status === 0 && hasCommit(bare, commit)) gitDir = bare;
      }
    }
    if (!gitDir) {
      out.push({ repo, commit, skipped: 'not fetched' });
      continue;
    }
    const part = `${dir}.part`;
    rmSync(part, { recursive: true, force: true });
    mkdirSync(part, { recursive: true });
    const missing = extract(gitDir, commit, part);
    // Its own (empty) repository, so the judge takes the checkout as the project, not the gavel checkout around it.
    execFileSync('git', ['init', '-q', part]);
    writeFileSync(`${dir}.json`, `${JSON.stringify({ repo, commit, missing })}\n`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(part, dir);
    out.push({ repo, commit, dir });
  }
  return out;
}
