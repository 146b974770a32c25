/**
 * A sandbox for running action review in mode `auto` with a scripted model, through the CLI's real `main`
 * (in process) or the built binary: a project with `.git`, a HOME with XDG folders, the env that selects the
 * model, and a reader of the audit log it leaves. Test support for eval/reviewer only.
 */

import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AuditRecord, parseAuditLine } from '../../src/audit';
import { fixedClock } from '../../src/core';
import type { CommandContext } from '../../src/surfaces/cli/command';
import { main } from '../../src/surfaces/cli/main';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const bin = join(root, 'bin', 'gavel');

export type Verdict = 'allow' | 'deny' | 'escalate';

export interface Box {
  base: string;
  project: string;
  home: string;
  script: string;
  env: Record<string, string>;
  log: string;
}

export function box(extra: Record<string, string> = {}): Box {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'gavel-reviewer-eval-')));
  const project = join(base, 'project');
  const home = join(base, 'home');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(home, { recursive: true });
  const script = join(base, 'script.json');
  const env = {
    HOME: home,
    PATH: process.env.PATH ?? '/usr/bin',
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    GAVEL_CHECK_MODE: 'auto',
    GAVEL_MODEL: `scripted:${script}`,
    ...extra,
  };
  return { base, project, home, script, env, log: join(project, '.gavel', 'logs', 'decisions.ndjson') };
}

export async function gavelCheck(b: Box, request: object, script: unknown[]) {
  writeFileSync(b.script, JSON.stringify(script));
  let out = '';
  let err = '';
  const ctx: CommandContext = {
    cwd: b.project,
    env: b.env,
    stdout: {
      write: (t) => {
        out += t;
      },
    },
    stderr: {
      write: (t) => {
        err += t;
      },
    },
    readStdin: async () => JSON.stringify(request),
    color: false,
    clock: fixedClock('2026-11-29T00:00:00Z'),
    version: '0.0.0-test',
  };
  const code = await main(['check', '--json'], ctx);
  return { code, decision: JSON.parse(out) as { verdict: Verdict; basis: string }, stderr: err };
}

export function records(b: Box): { text: string; records: AuditRecord[] } {
  const text = existsSync(b.log) ? readFileSync(b.log, 'utf8') : '';
  const lines = text.split('\n').filter((l) => l !== '');
  const parsed = lines.map((l) => parseAuditLine(l));
  for (const p of parsed) if (!p) throw new Error('an audit line does not parse');
  return { text, records: parsed as AuditRecord[] };
}
