import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../core';
import { fileAuditSink } from '../check/audit-seam';
import { type CheckService, openCheckService } from './check-service';

const dirs: string[] = [];
const services: CheckService[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const LS = { tool: 'shell', input: { command: 'ls' } };
const DENY_LS = '[check]\ndeny = ["Bash(ls:*)"]\n';
const BROKEN = '[check]\nno_such_key = 1\n';

async function open(onReloadError?: 'keep-last' | 'fail-closed', userToml?: string, at?: string) {
  const dir = at ?? mkdtempSync(join(tmpdir(), 'gavel-service-'));
  if (!at) dirs.push(dir);
  const configFile = join(dir, 'cfg', 'gavel', 'config.toml');
  mkdirSync(join(dir, 'cfg', 'gavel'), { recursive: true });
  if (userToml !== undefined) writeFileSync(configFile, userToml);
  const service = await openCheckService({
    cwd: dir,
    env: { HOME: dir, XDG_CONFIG_HOME: join(dir, 'cfg'), GAVEL_LOG_DIR: join(dir, 'logs') },
    clock: systemClock,
    audit: fileAuditSink(systemClock),
    kind: 'http',
    ...(onReloadError ? { onReloadError } : {}),
  });
  services.push(service);
  const lastLine = () =>
    JSON.parse(
      readFileSync(join(dir, 'logs', 'decisions.ndjson'), 'utf8')
        .trim()
        .split('\n')
        .at(-1) ?? '{}',
    ) as {
      detail: Record<string, unknown> | null;
      policy: { sha256: string };
    };
  return { service, configFile, lastLine };
}

describe('check service reload', () => {
  it('takes a changed policy on reload', async () => {
    const { service, configFile } = await open();
    expect((await service.check(LS, {})).decision.verdict).toBe('allow');
    writeFileSync(configFile, DENY_LS);
    expect((await service.reload()).ok).toBe(true);
    expect((await service.check(LS, {})).decision.verdict).toBe('deny');
  });

  it('keeps the last valid policy after a reload that fails, and each decision names it', async () => {
    const { service, configFile, lastLine } = await open('keep-last', DENY_LS);
    const before = service.policy();
    writeFileSync(configFile, BROKEN);
    const r = await service.reload();
    expect(r).toMatchObject({ ok: false, basis: 'config-invalid', kept: true });
    expect(service.stale()).toBe(true);
    const d = (await service.check(LS, {})).decision;
    expect(d.verdict).toBe('deny');
    expect(d.policy).toEqual(before);
    expect(lastLine().detail?.stalePolicy).toBe(true);
    expect(lastLine().policy.sha256).toBe(before?.sha256);
  });

  it('denies everything after a failed reload with fail-closed, until a valid one', async () => {
    const { service, configFile } = await open('fail-closed');
    writeFileSync(configFile, BROKEN);
    expect(await service.reload()).toMatchObject({ ok: false, kept: false });
    const d = (await service.check(LS, {})).decision;
    expect(d.verdict).toBe('deny');
    expect(d.basis).toBe('config-invalid');
    writeFileSync(configFile, '');
    expect((await service.reload()).ok).toBe(true);
    expect((await service.check(LS, {})).decision.verdict).toBe('allow');
  });

  it('denies every request when no valid policy ever loaded', async () => {
    const { service } = await open('keep-last', BROKEN);
    expect(service.policy()).toBeUndefined();
    const d = (await service.check(LS, {})).decision;
    expect(d).toMatchObject({ verdict: 'deny', basis: 'config-invalid' });
  });

  it.each([
    ['not an object', 'ls'],
    ['an unknown tool', { tool: 'teleport', input: {} }],
  ])('denies a request that is %s, with a fixed reason', async (_name, json) => {
    const { service } = await open();
    const d = (await service.check(json, { client: 'ci' })).decision;
    expect(d).toMatchObject({ verdict: 'deny', basis: 'invalid-input' });
    expect(d.reason).not.toContain('teleport');
  });
});

describe('check service caches', () => {
  it('remembers the project root of a request folder until the next reload', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gavel-service-'));
    dirs.push(dir);
    const sub = join(dir, 'proj', 'sub');
    mkdirSync(sub, { recursive: true });
    const { service } = await open(undefined, undefined, dir);
    const touch = { tool: 'shell', input: { command: 'touch ../x.txt' }, cwd: sub };
    // No marker above `sub`: the folder itself is the workspace, and `../x.txt` lies outside it.
    expect((await service.check(touch, {})).decision.verdict).not.toBe('allow');
    mkdirSync(join(dir, 'proj', '.git'));
    expect((await service.check(touch, {})).decision.verdict).not.toBe('allow');
    expect((await service.reload()).ok).toBe(true);
    expect((await service.check(touch, {})).decision.verdict).toBe('allow');
  });

  it('writes many decisions to one log, every line whole, and closes cleanly', async () => {
    const { service } = await open();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        service.check({ tool: 'shell', input: { command: i % 2 ? 'ls' : 'rm -rf /' } }, {}),
      ),
    );
    const dir = dirs.at(-1) as string;
    const lines = readFileSync(join(dir, 'logs', 'decisions.ndjson'), 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(200);
    const verdicts = lines.map((l) => (JSON.parse(l) as { verdict: string }).verdict);
    expect(verdicts.filter((v) => v === 'deny')).toHaveLength(100);
    expect(answers.filter((a) => a.decision.verdict === 'allow')).toHaveLength(100);
  });
});

describe('file system facts between requests', () => {
  it('sees a link swapped between two requests (symlink resolution is never kept across requests)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gavel-service-'));
    dirs.push(dir);
    const project = join(dir, 'project');
    mkdirSync(join(project, '.git'), { recursive: true });
    mkdirSync(join(project, 'inside'));
    const { service } = await open(undefined, undefined, dir);
    const write = {
      tool: 'write',
      input: { path: join(project, 'out', 'x.txt'), content: 'x' },
      cwd: project,
    };
    symlinkSync(join(project, 'inside'), join(project, 'out'));
    const inside = (await service.check(write, {})).decision;
    unlinkSync(join(project, 'out'));
    symlinkSync(join(dir, 'cfg', 'gavel'), join(project, 'out'));
    const outside = (await service.check(write, {})).decision;
    expect(inside.verdict).toBe('allow');
    expect(outside.verdict).not.toBe('allow');
  });
});
