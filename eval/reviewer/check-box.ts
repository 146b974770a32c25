/**
 * A sandbox for running action review in mode `auto` with a scripted model, through the CLI's real `main`
 * (in process) or the built binary: a project with `.git`, a HOME with XDG folders, the env that selects the
 * model, and a reader of the audit log it leaves. Test support for eval/reviewer only.
 */

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AuditRecord, parseAuditLine } from '../../src/audit';
import { projectSandbox, runMain } from '../../src/surfaces/cli/fake-context.testkit';

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
  const { base, project, home } = projectSandbox('gavel-reviewer-eval-');
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
  const { code, out, err } = await runMain(['check', '--json'], {
    cwd: b.project,
    env: b.env,
    stdin: JSON.stringify(request),
  });
  return { code, decision: JSON.parse(out) as { verdict: Verdict; basis: string }, stderr: err };
}

export function records(b: Box): { text: string; records: AuditRecord[] } {
  const text = existsSync(b.log) ? readFileSync(b.log, 'utf8') : '';
  const lines = text.split('\n').filter((l) => l !== '');
  const parsed = lines.map((l) => parseAuditLine(l));
  for (const p of parsed) if (!p) throw new Error('an audit line does not parse');
  return { text, records: parsed as AuditRecord[] };
}
