/**
 * Test sandbox for the hook surfaces: a temporary project (with `.git`), a temporary HOME, an env that points
 * the user config there, and an audit sink that collects every record.
 */

import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedClock } from '../../../core';
import type { AuditMeta } from '../../../runtime';
import type { CallEnv } from '../../../runtime';

export interface Sandbox {
  project: string;
  home: string;
  env: Record<string, string | undefined>;
  records: { verdict: string; basis: string; meta: AuditMeta }[];
  io: CallEnv;
  write(rel: string, text: string): string;
}

export function sandbox(): Sandbox {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'gavel-hook-')));
  const project = join(base, 'project');
  const home = join(base, 'home');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(home, { recursive: true });
  const env: Record<string, string | undefined> = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), PATH: process.env.PATH };
  const records: Sandbox['records'] = [];
  return {
    project,
    home,
    env,
    records,
    io: { env, clock: fixedClock('2026-11-29T00:00:00Z'), audit: (d, meta) => { records.push({ verdict: d.verdict, basis: d.basis, meta }); return { ok: true }; } },
    write(rel, text) {
      const file = rel.startsWith('/') ? rel : join(project, rel);
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, text);
      return file;
    },
  };
}

export const ccPayload = (s: Sandbox, tool_name: string, tool_input: unknown, event = 'PreToolUse', extra: object = {}) =>
  JSON.stringify({ session_id: 's-1', transcript_path: '', cwd: s.project, permission_mode: 'default', hook_event_name: event, tool_name, tool_input, tool_use_id: 't-1', ...extra });
