import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeLines, type Repo, tempRoot } from '../../../../../eval/corpora/route';
import { parseAuditLine, recordDecision, subjectOf } from '../../../../audit';
import { decide, EXIT, fixedClock, NO_POLICY } from '../../../../core';
import { routeRepo, runCli } from './testdata/route-cli';

let tmp: ReturnType<typeof tempRoot>;
beforeEach(() => {
  tmp = tempRoot('gavel-route-audit-');
});
afterEach(() => tmp.cleanup());

const DOCS = { 'README.md': '# p\n\nmore\n' };
const SENSITIVE = { 'src/auth/login.ts': 'x\n', 'test/login.test.ts': 't\n' };
const UNTESTED = { '.github/workflows/ci.yml': 'on: push\n', 'src/app.ts': codeLines(60) };

function change(files: Record<string, string>, message: string, toml?: string, name = 'p'): Repo {
  const r = routeRepo(tmp.root, toml, name);
  r.write(files);
  r.commit(message);
  return r;
}

const SCHEMA = join(import.meta.dirname, '..', '..', '..', '..', '..', 'schema', 'route-result.schema.json');
const validResult = new Ajv2020({ strict: true }).compile(JSON.parse(readFileSync(SCHEMA, 'utf8')));

const projectLog = (r: Repo) => join(r.dir, '.gavel', 'logs', 'decisions.ndjson');

function records(file: string) {
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return lines.map((l) => parseAuditLine(l));
}

function userConfig(toml: string): void {
  mkdirSync(join(tmp.root, 'xdg', 'gavel'), { recursive: true });
  writeFileSync(join(tmp.root, 'xdg', 'gavel', 'config.toml'), toml);
}

describe('gavel route writes one audit line per routing', () => {
  it.each([
    ['docs only', DOCS, 'Docs', 'approve'],
    ['a sensitive tested change', SENSITIVE, 'Login', 'approve_with_flag'],
    ['an untested workflow change by an unsure author', UNTESTED, 'WIP: not sure', 'escalate'],
  ])(
    '%s: a record of surface route, kind change, the Decision and typed facts',
    async (_n, files, msg, outcome) => {
      const r = change(files, msg);
      const res = await runCli(['route', '--json'], r.dir, tmp.root);
      expect(res.err).toBe('');
      const json = JSON.parse(res.out);
      expect(json.outcome).toBe(outcome);
      const lines = records(projectLog(r));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        surface: 'route',
        kind: 'change',
        verdict: json.decision.verdict,
        outcome,
        basis: 'rule',
        reason: json.decision.reason,
        ruleId: 'route',
        categories: json.decision.categories,
        risk: json.riskLevel,
        policy: json.decision.policy,
        time: '2026-01-01T00:00:00.000Z',
        subject: subjectOf({ base: json.range.base, head: json.range.head }),
        detail: {
          riskScore: json.risk,
          confidence: json.confidence,
          restRisk: json.rest.risk,
          files: json.range.files,
          guarded: 0,
          signals: json.signals.length,
          binary: json.binary.verdict,
        },
      });
      // Nothing of the change itself: no path, no commit message, no commit id.
      const text = readFileSync(projectLog(r), 'utf8');
      for (const leak of [...Object.keys(files), msg, json.range.head]) expect(text).not.toContain(leak);
    },
  );

  it('counts guarded paths in `detail.guarded`', async () => {
    const r = routeRepo(tmp.root);
    r.write({ '.github/CODEOWNERS': 'src/auth/ @acme/security\n' });
    r.commit('owners');
    r.write(SENSITIVE);
    r.commit('Login');
    const res = await runCli(['route', '--json', '--base', 'HEAD~1'], r.dir, tmp.root);
    const json = JSON.parse(res.out);
    expect(json.guarded.files).toHaveLength(1);
    expect(records(projectLog(r))[0]?.detail).toMatchObject({ guarded: 1, files: 2 });
  });

  it('appends: routing twice leaves two lines', async () => {
    const r = change(DOCS, 'Docs');
    await runCli(['route'], r.dir, tmp.root);
    await runCli(['route', '--format', 'markdown'], r.dir, tmp.root);
    expect(records(projectLog(r))).toHaveLength(2);
  });

  it('reads its own log as the run log without counting its own lines: routing twice gives the same', async () => {
    const r = change(SENSITIVE, 'Login');
    const argv = ['route', '--json', '--run-log', projectLog(r)];
    mkdirSync(join(r.dir, '.gavel', 'logs'), { recursive: true });
    writeFileSync(projectLog(r), '');
    const first = JSON.parse((await runCli(argv, r.dir, tmp.root)).out);
    const second = JSON.parse((await runCli(argv, r.dir, tmp.root)).out);
    expect(records(projectLog(r))).toHaveLength(2);
    expect(second.outcome).toBe(first.outcome);
    expect(second.risk).toBe(first.risk);
    expect(second.signals.filter((s: { id: string }) => s.id.startsWith('runlog-'))).toEqual([]);
  });

  it('with --run-id counts only that session of a shared log', async () => {
    const r = change(DOCS, 'Docs');
    const clock = fixedClock('2026-01-01T00:00:00Z');
    const ours = decide({ verdict: 'allow', basis: 'rule', reason: 'ok', policy: NO_POLICY });
    const theirs = decide({
      verdict: 'deny',
      basis: 'floor',
      reason: 'no',
      categories: ['secrets_read'],
      policy: NO_POLICY,
    });
    const log = join(tmp.root, 'shared.ndjson');
    recordDecision({
      file: log,
      decision: ours,
      context: { surface: 'check', kind: 'shell', sessionId: 'ours' },
      clock,
    });
    recordDecision({
      file: log,
      decision: theirs,
      context: { surface: 'check', kind: 'read', sessionId: 'theirs' },
      clock,
    });
    const ids = async (extra: string[]) => {
      const res = await runCli(['route', '--json', '--run-log', log, ...extra], r.dir, tmp.root);
      return JSON.parse(res.out).signals.map((s: { id: string }) => s.id);
    };
    expect(await ids([])).toContain('runlog-denials');
    expect(await ids(['--run-id', 'ours'])).not.toContain('runlog-denials');
    expect(records(projectLog(r)).map((l) => l?.runId)).toEqual([null, 'ours']);
    const none = await runCli(['route', '--run-log', log, '--run-id', 'nobody'], r.dir, tmp.root);
    expect(none.code).toBe(EXIT.usage);
    expect(none.err).toContain('holds no record of run `nobody`');
  });

  it.each([
    [
      'absolute',
      (root: string) => join(root, 'elsewhere', 'logs'),
      (root: string) => join(root, 'elsewhere', 'logs'),
    ],
    [
      'relative (taken from the project root)',
      () => 'audit-here',
      (_root: string, r: Repo) => join(r.dir, 'audit-here'),
    ],
  ])('writes to `audit.dir` from the user config, %s', async (_n, dir, where) => {
    const r = change(DOCS, 'Docs');
    userConfig(`[audit]\ndir = "${dir(tmp.root)}"\n`);
    const res = await runCli(['route'], r.dir, tmp.root);
    expect(res.code).toBe(EXIT.ok);
    expect(records(join(where(tmp.root, r), 'decisions.ndjson'))).toHaveLength(1);
    expect(readdirSync(r.dir)).not.toContain('.gavel');
  });

  it('ignores an `audit.dir` a repository sets, and says so', async () => {
    const r = change(
      DOCS,
      'Docs',
      '[route]\nnotify = ["@acme/reviewers"]\n[audit]\ndir = "/tmp/nowhere-gavel"\n',
    );
    const res = await runCli(['route'], r.dir, tmp.root);
    expect(res.err).toContain('`audit.dir`');
    expect(records(projectLog(r))).toHaveLength(1);
  });
});

describe('a routing that cannot be recorded is never approved', () => {
  type Plant = (r: Repo) => { path: string; errno: string; env?: Record<string, string> };
  const plants: [string, Plant][] = [
    [
      'a folder planted where the log file goes',
      (r) => {
        mkdirSync(projectLog(r), { recursive: true });
        return { path: projectLog(r), errno: 'EISDIR' };
      },
    ],
    [
      'a symlink planted where the log file goes',
      (r) => {
        mkdirSync(join(r.dir, '.gavel', 'logs'), { recursive: true });
        writeFileSync(join(tmp.root, 'victim'), 'keep\n');
        symlinkSync(join(tmp.root, 'victim'), projectLog(r));
        return { path: projectLog(r), errno: 'ELOOP' };
      },
    ],
    [
      'a file where the log folder goes (GAVEL_LOG_DIR)',
      () => {
        writeFileSync(join(tmp.root, 'plain'), '');
        const path = join(tmp.root, 'plain', 'decisions.ndjson');
        return { path, errno: 'ENOTDIR', env: { GAVEL_LOG_DIR: join(tmp.root, 'plain') } };
      },
    ],
  ];

  it.each(
    plants.flatMap(([name, plant]) => [
      [name, 'docs only', plant, DOCS, 'Docs'] as const,
      [name, 'a flagged change', plant, SENSITIVE, 'Login'] as const,
    ]),
  )(
    '%s: %s escalates with basis internal-error and one line naming the log',
    async (_p, _c, plant, files, msg) => {
      const r = change(files, msg);
      const { path, errno, env } = plant(r);
      const res = await runCli(['route', '--json'], r.dir, tmp.root, env);
      const json = JSON.parse(res.out);
      expect(res.code).toBe(EXIT.escalate);
      expect(json.outcome).toBe('escalate');
      expect(json.flag).toBeUndefined();
      expect(json.decision).toMatchObject({
        verdict: 'escalate',
        outcome: 'escalate',
        basis: 'internal-error',
      });
      expect(json.escalation.why[0]).toContain(`\`${path}\``);
      expect(validResult(json), JSON.stringify(validResult.errors)).toBe(true);
      expect(res.err.trim().split('\n')).toHaveLength(1);
      expect(res.err).toContain(`\`${path}\` (${errno})`);
      if (errno === 'ELOOP') expect(readFileSync(join(tmp.root, 'victim'), 'utf8')).toBe('keep\n');
    },
  );

  it('an escalation stays an escalation on its own basis; the text report says why', async () => {
    const r = change(UNTESTED, 'WIP: not sure');
    mkdirSync(projectLog(r), { recursive: true });
    const json = await runCli(['route', '--json'], r.dir, tmp.root);
    expect(json.code).toBe(EXIT.escalate);
    expect(JSON.parse(json.out).decision.basis).toBe('rule');
    const docs = change(DOCS, 'Docs', undefined, 'q');
    mkdirSync(projectLog(docs), { recursive: true });
    const text = await runCli(['route'], docs.dir, tmp.root);
    expect(text.out).toMatch(/^outcome: escalate\n/);
    expect(text.out).toContain('could not be written to the audit log');
  });

  it('as a user who may not write the log folder (EACCES), in a real process', async () => {
    const r = change(DOCS, 'Docs');
    const folder = join(tmp.root, 'read-only');
    mkdirSync(folder);
    const bundle = join(tmp.root, 'gavel.mjs');
    await build({
      entryPoints: [join(import.meta.dirname, '..', '..', 'entry.ts')],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      banner: {
        js: "import { createRequire as __req } from 'node:module'; const require = __req(import.meta.url);",
      },
    });
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      // Root writes anywhere: hand the whole sandbox to an unprivileged user and run gavel as that user.
      spawnSync('chown', ['-R', '65534:65534', tmp.root]);
      chownSync(tmp.root, 65534, 65534);
    }
    chmodSync(folder, 0o555);
    const run = spawnSync(process.execPath, [bundle, 'route', '--json'], {
      cwd: r.dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: tmp.root,
        XDG_CONFIG_HOME: join(tmp.root, 'xdg'),
        GAVEL_LOG_DIR: folder,
      },
      encoding: 'utf8',
      timeout: 60_000,
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    const path = join(folder, 'decisions.ndjson');
    expect(run.stderr).toBe(`gavel route: cannot open the audit log \`${path}\` (EACCES)\n`);
    expect(run.status).toBe(EXIT.escalate);
    expect(JSON.parse(run.stdout).decision.basis).toBe('internal-error');
  });
});
