import { describe, expect, it } from 'vitest';
import { auditLogPath } from './log-path';

describe('auditLogPath', () => {
  it.each([
    ['no audit.dir: the project default', { projectRoot: '/repo' }, '/repo/.gavel/logs/decisions.ndjson'],
    [
      'audit.dir undefined counts as unset',
      { projectRoot: '/repo', dir: undefined },
      '/repo/.gavel/logs/decisions.ndjson',
    ],
    [
      'an absolute audit.dir',
      { projectRoot: '/repo', dir: '/var/log/gavel' },
      '/var/log/gavel/decisions.ndjson',
    ],
    [
      'a relative audit.dir is taken from the project root',
      { projectRoot: '/repo', dir: 'audit' },
      '/repo/audit/decisions.ndjson',
    ],
    [
      'dot segments are resolved',
      { projectRoot: '/repo/sub', dir: '../logs' },
      '/repo/logs/decisions.ndjson',
    ],
  ])('%s', (_name, input, want) => {
    expect(auditLogPath(input)).toBe(want);
  });
});
