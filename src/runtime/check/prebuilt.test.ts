// loadRuntime with the build's record of the rule files (src/check/policy/prebuilt-rules.ts), on real files in
// temp folders: files that hash to the record load the same policy as files checked whole; a file edited after
// the build is checked whole, so an invalid one still fails closed (`rules-invalid`) and a valid one is the one
// that decides. And the built hook itself (run `npm run build` first) with an edited catalogue beside it.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type PrebuiltRules, prebuildRules, RULE_FILES, type RuleFileName } from '../../check';
import { fixedClock } from '../../core';
import { findRulesDir, loadRuntime } from './load-runtime';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const temp = (): string => mkdtempSync(join(tmpdir(), 'gavel-prebuilt-'));
const bundledRules = findRulesDir() ?? '';

function record(): PrebuiltRules {
  const texts = Object.fromEntries(
    RULE_FILES.map((n) => [n, readFileSync(join(bundledRules, n), 'utf8')]),
  ) as Record<RuleFileName, string>;
  const r = prebuildRules(texts);
  if (!r.ok) throw new Error(r.problem);
  return r.rules;
}

/** The bundled catalogue with `edit` applied, as the text of a file. */
function catalogueWith(edit: (entries: Record<string, unknown>[]) => void): string {
  const j = JSON.parse(readFileSync(join(bundledRules, 'check-safe.json'), 'utf8'));
  edit(j.entries);
  return JSON.stringify(j, null, 2);
}

const tooBroad = catalogueWith((entries) => {
  (entries.find((e) => e.id === 'git-read') as { breaking: string[] }).breaking.push('--git-dir');
});

function setup() {
  const base = temp();
  const cwd = join(base, 'project');
  mkdirSync(join(cwd, '.git'), { recursive: true });
  mkdirSync(join(base, 'home'));
  const rulesDir = join(base, 'rules');
  cpSync(bundledRules, rulesDir, { recursive: true });
  const env = { HOME: join(base, 'home'), XDG_STATE_HOME: join(base, 'state') };
  const load = (prebuilt?: PrebuiltRules) =>
    loadRuntime({
      cwd,
      env,
      clock: fixedClock('2026-12-01T00:00:00Z'),
      rulesDir,
      buildId: '1'.repeat(64),
      ...(prebuilt ? { prebuilt } : {}),
    });
  return { rulesDir, load, write: (name: string, text: string) => writeFileSync(join(rulesDir, name), text) };
}

describe('loadRuntime with the build record of the rule files', () => {
  it('loads the policy files checked whole load, under the same sha256', async () => {
    const s = setup();
    const whole = await s.load();
    const fast = await s.load(record());
    if (!whole.ok || !fast.ok) throw new Error('did not load');
    expect(fast.deps.policy.ref).toEqual(whole.deps.policy.ref);
    expect(fast.deps.policy.catalogue.byProgram.get('git')).toEqual(
      whole.deps.policy.catalogue.byProgram.get('git'),
    );
  });

  it('fails closed on a catalogue edited after the build into one that does not hold', async () => {
    const s = setup();
    s.write('check-safe.json', tooBroad);
    const r = await s.load(record());
    expect(r).toMatchObject({ ok: false, basis: 'rules-invalid' });
    if (!r.ok) expect(r.problem).toContain('rules/check-safe.json: entry `git-read`');
  });

  it.each([
    ['check-policy.json', '{'],
    ['check-floor.json', '{"version": 1}'],
    ['check-paths.json', '[]'],
  ])('fails closed on %s edited after the build', async (name, text) => {
    const s = setup();
    s.write(name, text);
    expect(await s.load(record())).toMatchObject({ ok: false, basis: 'rules-invalid' });
  });

  it('decides by a valid catalogue edited after the build, not by the record', async () => {
    const s = setup();
    s.write(
      'check-safe.json',
      catalogueWith((entries) => {
        const at = entries.findIndex((e) => (e.programs as string[]).includes('crontab'));
        expect(at).toBeGreaterThanOrEqual(0);
        entries.splice(at, 1);
      }),
    );
    const r = await s.load(record());
    if (!r.ok) throw new Error(r.problem);
    expect(r.deps.policy.catalogue.byProgram.has('crontab')).toBe(false);
    expect(r.deps.policy.catalogue.byProgram.has('git')).toBe(true);
  });
});

describe('the built hook', () => {
  it('answers with its own record, and fails closed on an invalid catalogue beside it', () => {
    if (!existsSync(join(root, 'dist', 'hook.cjs'))) throw new Error('run `npm run build` first');
    const base = temp();
    const pkg = join(base, 'gavel');
    for (const part of ['bin', 'dist', 'rules', 'package.json'])
      cpSync(join(root, part), join(pkg, part), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(pkg, 'node_modules'));
    const project = join(base, 'project');
    mkdirSync(join(project, '.git'), { recursive: true });
    mkdirSync(join(base, 'home'));
    const hook = (command: string) =>
      spawnSync(process.execPath, [join(pkg, 'bin', 'gavel'), 'hook', 'claude-code'], {
        cwd: project,
        env: { PATH: process.env.PATH ?? '', HOME: join(base, 'home') },
        input: JSON.stringify({
          hook_event_name: 'PreToolUse',
          session_id: 's',
          tool_name: 'Bash',
          tool_input: { command },
          cwd: project,
        }),
        encoding: 'utf8',
      });
    const good = hook('git status');
    expect(good.stdout).toContain('"permissionDecision":"allow"');
    expect(good.stdout).toContain('git-read');
    writeFileSync(join(pkg, 'rules', 'check-safe.json'), tooBroad);
    const bad = hook('git status');
    expect(bad.stdout).toContain('"permissionDecision":"deny"');
    expect(bad.stdout).toContain('rules/check-safe.json: entry `git-read`');
  });
});
