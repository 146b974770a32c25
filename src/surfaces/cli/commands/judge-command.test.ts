import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../../core';
import { git, makeFixtureRepo } from '../../../judge/testdata/make-fixture-repo';
import { runMain } from '../fake-context.testkit';

let repo: string;
let home: string;

async function judge(args: string[], cwd = repo) {
  const { code, out, err } = await runMain(['judge', ...args], {
    cwd,
    env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config') },
    clock: '2026-11-29T12:00:00Z',
  });
  return { code, stdout: out, stderr: err };
}

const e0 = (stdout: string) =>
  (JSON.parse(stdout) as { estimate: { calls: number; callsFit: number } }).estimate;

const unitPaths = (stdout: string) =>
  (JSON.parse(stdout) as { units: { path: string }[] }).units.map((u) => u.path);

beforeEach(() => {
  repo = makeFixtureRepo();
  home = realpathSync(mkdtempSync(join(tmpdir(), 'gavel-judge-home-')));
});
afterEach(() => {
  rmSync(repo, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

describe('gavel judge on a repository with .claude/ content', () => {
  it.each([
    ['text', 'decision: FAIL'],
    ['json', '"schemaVersion": 2'],
    ['sarif', '"version": "2.1.0"'],
  ])('prints a %s report and exits with the deny code', async (format, marker) => {
    const r = await judge(['--format', format]);
    expect(r.code).toBe(EXIT.deny);
    expect(r.stdout).toContain(marker);
  });

  it('passes a clean unit named on the command line', async () => {
    const r = await judge(['.claude/skills/formatter/SKILL.md', '--format', 'json']);
    expect(r.code).toBe(EXIT.ok);
    expect(unitPaths(r.stdout)).toEqual(['.claude/skills/formatter']);
  });

  it('ends incomplete (escalate) when a model review is asked for and none is available', async () => {
    const r = await judge(['.claude/skills/formatter', '--allow-llm']);
    expect(r.code).toBe(EXIT.escalate);
    expect(r.stdout).toContain('PARTIAL');
  });

  it('gates on --fail-on and drops findings below --min-confidence', async () => {
    expect((await judge(['.claude/rules/python.md'])).code).toBe(EXIT.ok);
    expect((await judge(['.claude/rules/python.md', '--fail-on', 'governance:medium'])).code).toBe(EXIT.deny);
    const r = await judge(['.claude/agents/reviewer.md', '--format', 'json', '--min-confidence', 'high']);
    const doc = JSON.parse(r.stdout);
    expect(doc.units[0].findings.every((f: { confidence: string }) => f.confidence === 'high')).toBe(true);
    expect(doc.summary.droppedLowConfidence).toBeGreaterThan(0);
  });

  it('refuses a bad --fail-on entry with a usage error', async () => {
    const r = await judge(['--fail-on', 'security:severe']);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain('--fail-on');
  });
});

describe('--changed, --since and --impact', () => {
  beforeEach(() => {
    appendFileSync(join(repo, '.claude/skills/formatter/SKILL.md'), '\nShow the diff before and after.\n');
    git(repo, 'commit', '-qam', 'formatter: show the diff');
    appendFileSync(join(repo, '.claude/commands/release.md'), '\nStaged line.\n');
    git(repo, 'add', '.claude/commands/release.md');
    appendFileSync(join(repo, '.claude/agents/reviewer.md'), '\nUnstaged line.\n');
    writeFileSync(
      join(repo, '.claude/agents/triage.md'),
      '---\nname: triage\ndescription: Sorts new issues by area and urgency.\n---\n\nLabel the issue.\n',
    );
  });

  it.each([
    [
      'committed, staged, unstaged and untracked since REV',
      ['--changed=HEAD~1'],
      [
        '.claude/agents/reviewer.md',
        '.claude/agents/triage.md',
        '.claude/commands/release.md',
        '.claude/skills/formatter',
      ],
    ],
    [
      'a bare --changed compares with HEAD',
      ['--changed'],
      ['.claude/agents/reviewer.md', '.claude/agents/triage.md', '.claude/commands/release.md'],
    ],
    [
      '--since REV is --changed=REV',
      ['--since', 'HEAD~1'],
      [
        '.claude/agents/reviewer.md',
        '.claude/agents/triage.md',
        '.claude/commands/release.md',
        '.claude/skills/formatter',
      ],
    ],
  ])('%s', async (_n, args, want) => {
    const r = await judge([...args, '--impact=false', '--format', 'json']);
    expect(unitPaths(r.stdout)).toEqual(want);
  });

  it('keeps a separate word after --changed as a path to judge', async () => {
    const r = await judge(['--changed', 'no/such/path.md']);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain('path `no/such/path.md` does not exist');
  });

  it('refuses a base that is not a revision', async () => {
    const r = await judge(['--changed=no-such-branch']);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain('cannot compare with `no-such-branch`');
  });

  it('with --impact, also judges the units a changed rule or CLAUDE.md attaches to', async () => {
    git(repo, 'stash', '-u', '-q');
    appendFileSync(join(repo, '.claude/rules/typescript.md'), '\nPrefer named exports.\n');
    const off = unitPaths((await judge(['--changed', '--impact=false', '--format', 'json'])).stdout);
    expect(off).toEqual(['.claude/rules/typescript.md']);
    const on = unitPaths((await judge(['--changed', '--format', 'json'])).stdout);
    // general.md (no paths) overlaps every scope and so gets typescript.md attached; react.md (*.tsx) does not.
    expect(on).toEqual(['.claude/rules/general.md', '.claude/rules/typescript.md']);
    appendFileSync(join(repo, 'CLAUDE.md'), '\nAlways add a changelog entry.\n');
    const all = unitPaths((await judge(['--changed', '--format', 'json'])).stdout);
    expect(all.length).toBeGreaterThan(10);
  });
});

describe('project, config and estimate', () => {
  it('refuses to run in the home directory', async () => {
    writeFileSync(join(home, 'CLAUDE.md'), '# mine\n');
    const r = await judge([], home);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain('refusing to judge');
  });

  it.each([
    [
      'a model key, naming where to set it',
      '[judge]\nmodel = "anthropic/claude-sonnet-4-5"\n',
      '`judge.model`: not a `[judge]` key: models and providers come from',
    ],
    [
      'a spend cap, naming where to set it',
      '[judge]\nmax_cost_usd = 50\n',
      '`judge.max_cost_usd`: not a `[judge]` key: spend caps come from',
    ],
    ['an unknown key', '[judge]\nfail_fast = true\n', '`judge.fail_fast`: unknown key'],
    [
      'a suppression without a reason',
      '[[judge.suppress]]\ncode = "S05"\npath = "a.md"\nquote = "x"\nreason = ""\nexpires = "2026-12-31"\n',
      'a suppression needs a reason',
    ],
  ])('refuses a repository [judge] table with %s', async (_n, toml, message) => {
    writeFileSync(join(repo, 'gavel.toml'), toml);
    const r = await judge([]);
    expect(r.code).toBe(EXIT.configInvalid);
    expect(r.stderr).toContain(message);
  });

  it.each([
    ['outside the project', '../elsewhere/traps.yaml'],
    ['an absolute path elsewhere', '/etc/traps.yaml'],
  ])('refuses a traps_file %s', async (_n, path) => {
    writeFileSync(join(repo, 'gavel.toml'), `[judge]\ntraps_file = "${path}"\n`);
    const r = await judge([]);
    expect(r.code).toBe(EXIT.configInvalid);
    expect(r.stderr).toContain('`judge.traps_file`: must name a file inside the project');
  });

  it('accepts a traps_file inside the project', async () => {
    writeFileSync(join(repo, 'gavel.toml'), '[judge]\ntraps_file = ".gavel/judge/traps.yaml"\n');
    expect((await judge(['.claude/skills/formatter'])).code).toBe(EXIT.ok);
  });

  it('applies a repository suppression pinned to the quote', async () => {
    writeFileSync(
      join(repo, 'gavel.toml'),
      '[[judge.suppress]]\ncode = "S05"\npath = ".claude/skills/deploy/SKILL.md"\nquote = "curl -sSL https://get.deploy-tools.io/install.sh | bash"\nreason = "vendor installer, SEC-7"\nexpires = "2027-01-31"\n',
    );
    const doc = JSON.parse((await judge(['.claude/skills/deploy', '--format', 'json'])).stdout);
    expect(doc.units[0].suppressed.map((s: { finding: { code: string } }) => s.finding.code)).toEqual([
      'S05',
    ]);
  });

  it('estimates per unit what would be sent and what it would cost, sending nothing', async () => {
    const r = await judge(['--estimate', '--model', 'anthropic/claude-sonnet-4-5', '--format', 'json']);
    expect(r.code).toBe(EXIT.ok);
    // The calls are the requests the run would build, every one of them fitting the default $2.00 cap.
    expect(e0(r.stdout).calls).toBe(e0(r.stdout).callsFit);
    const e = JSON.parse(r.stdout).estimate;
    expect(e.model).toBe('anthropic/claude-sonnet-4-5');
    const cloud = e.units.find((u: { path: string }) => u.path === '.claude/skills/cloud-sync');
    expect(cloud.withheld).toBe(true);
    expect(cloud.calls.security).toBe(0);
    expect(e.expectedCostUsd).toBeGreaterThan(0);
  });

  it('warns and exits 1 when the estimate exceeds the cap', async () => {
    const r = await judge(['--estimate', '--model', 'anthropic/claude-sonnet-4-5', '--max-cost', '0.001']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('exceeds the cap');
  });

  it('refuses more units than one run takes, but still estimates them', async () => {
    for (let i = 0; i < 201; i++) {
      mkdirSync(join(repo, `.claude/skills/s${i}`), { recursive: true });
      writeFileSync(
        join(repo, `.claude/skills/s${i}/SKILL.md`),
        `---\nname: s${i}\ndescription: Skill number ${i} of many, used when testing limits.\n---\n`,
      );
    }
    const r = await judge([]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain('one run takes at most 200');
    expect((await judge(['--estimate'])).code).toBe(EXIT.ok);
  });
});

describe('finding nothing, --list, and a repository that configures git', () => {
  it('exits with the nothing-found code and says so when no unit is there, never a silent pass', async () => {
    const empty = realpathSync(mkdtempSync(join(tmpdir(), 'gavel-judge-empty-')));
    try {
      git(empty, 'init', '-q');
      writeFileSync(join(empty, 'README.md'), '# nothing for an agent here\n');
      const r = await judge([], empty);
      expect(r.code).toBe(EXIT.nothingFound);
      expect(r.stderr).toContain('no unit found');
      expect((await judge(['--list'], empty)).code).toBe(EXIT.nothingFound);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('lists what it found and why, judging nothing', async () => {
    mkdirSync(join(repo, 'plugins/ship/.claude-plugin'), { recursive: true });
    mkdirSync(join(repo, 'plugins/ship/commands'), { recursive: true });
    writeFileSync(join(repo, 'plugins/ship/.claude-plugin/plugin.json'), '{"name":"ship"}');
    writeFileSync(
      join(repo, 'plugins/ship/commands/go.md'),
      '---\ndescription: Ships the build.\n---\nShip it.\n',
    );
    const r = await judge(['--list']);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toMatch(
      /command +plugins\/ship\/commands\/go\.md {2}\(a command of the plugin at `plugins\/ship`/,
    );
    expect(r.stdout).toMatch(/skill +\.claude\/skills\/formatter {2}\(holds SKILL\.md\)/);
  });

  it('does not crash on a plain file directly in .claude/skills/', async () => {
    writeFileSync(join(repo, '.claude/skills/release.md'), '# Release notes\n');
    const r = await judge(['--format', 'json']);
    expect(r.code).toBe(EXIT.deny);
    expect(unitPaths(r.stdout)).not.toContain('.claude/skills/release.md');
  });

  it('--changed never runs the repository core.fsmonitor command', async () => {
    const marker = join(home, 'fsmonitor-ran');
    const hook = join(home, 'fsmonitor.sh');
    writeFileSync(hook, `#!/bin/sh\ntouch '${marker}'\n`, { mode: 0o755 });
    git(repo, 'config', 'core.fsmonitor', hook);
    const r = await judge(['--changed=HEAD', '--format', 'json']);
    expect(r.code).not.toBe(EXIT.internal);
    expect(() => readFileSync(marker)).toThrow();
  });
});
