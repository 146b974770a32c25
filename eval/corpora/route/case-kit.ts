/**
 * The shape of one route eval case and the helpers its builders share: a base repository with a
 * `gavel.toml` that names who is told about flags, pull-request payloads in GitHub's event shape, findings
 * and audit-log lines.
 */

import { type AuditRecord, buildAuditRecord } from '../../../src/audit';
import { decide, type Outcome, sha256Hex } from '../../../src/core';
import type { Finding } from '../../../src/route';
import { codeLines, MAINTAINER, Repo } from './git-fixture';

export type FailureMode =
  | 'submodule-bump'
  | 'medium-finding'
  | 'author-unsure'
  | 'too-conservative'
  | 'routine'
  | 'listed';

export interface BuiltCase {
  repo: string;
  base?: string;
  head?: string;
  pr?: unknown;
  findings?: unknown;
  runLog?: AuditRecord[];
  tier?: 0 | 1 | 2 | 3;
}

export interface RouteCase {
  id: string;
  title: string;
  mode: FailureMode;
  /** The outcome a careful human reviewer would choose, and why. */
  right: Outcome;
  why: string;
  build(root: string): BuiltCase;
}

export const GAVEL_TOML = '[route]\nnotify = ["@acme/reviewers"]\n';

/** A small project on `main`, then a `feature` branch checked out. */
export function baseRepo(root: string, extra: Record<string, string> = {}): Repo {
  const repo = Repo.create(root, 'project');
  repo.write({
    'README.md': '# demo\n\nA small service.\n',
    'docs/guide.md': '# Guide\n\nHow to run it.\n',
    'gavel.toml': GAVEL_TOML,
    'package.json':
      '{\n  "name": "demo",\n  "version": "1.0.0",\n  "dependencies": {\n    "lodash": "^4.17.20",\n    "react": "^17.0.2"\n  }\n}\n',
    'package-lock.json':
      '{\n  "name": "demo",\n  "lockfileVersion": 3,\n  "packages": {\n    "node_modules/lodash": {\n      "version": "4.17.20"\n    }\n  }\n}\n',
    'requirements.txt': 'requests==2.31.0\nflask==3.0.0\n',
    'src/app.ts': codeLines(40, 'app'),
    'src/util.ts': codeLines(20, 'util'),
    'test/app.test.ts': "import { app0 } from '../src/app';\n// tests\n",
    ...extra,
  });
  repo.commit('initial project', MAINTAINER);
  repo.branch('feature');
  return repo;
}

export interface PrOptions {
  association?: string;
  login?: string;
  title?: string;
  body?: string | null;
}

/** A GitHub `pull_request` event payload, as the Actions runner writes it to GITHUB_EVENT_PATH. */
export function prEvent(o: PrOptions = {}): unknown {
  return {
    action: 'opened',
    number: 7,
    pull_request: {
      number: 7,
      title: o.title ?? 'Improve the service',
      body: o.body === undefined ? 'Small improvement.' : o.body,
      user: { login: o.login ?? 'mae', type: 'User' },
      author_association: o.association ?? 'MEMBER',
      labels: [],
      requested_reviewers: [],
      requested_teams: [],
      base: { ref: 'main' },
      head: { ref: 'feature' },
    },
  };
}

/** A review finding as a case writes it: the route's Finding, with any severity string (the input is untrusted). */
export type FindingSpec = Omit<Finding, 'severity'> & { severity: string };

export function findings(
  list: FindingSpec[] = [],
  challenges: { finding: string; reviewer: string; stance: string; reason?: string }[] = [],
) {
  return {
    findings: list.map((f) => ({ reviewer: 'reviewer-a', message: 'see the diff', ...f })),
    challenges,
  };
}

/** One line of the run's audit log, built by the audit module itself (a real record of format 1). */
export function logLine(verdict: 'allow' | 'deny' | 'escalate', categories: string[] = []): AuditRecord {
  const decision = decide({
    verdict,
    basis: verdict === 'deny' ? 'floor' : 'rule',
    reason: 'recorded',
    categories,
    policy: { version: 1, sha256: sha256Hex('route eval policy') },
  });
  return buildAuditRecord(decision, { surface: 'check', kind: 'shell' }, LOG_TIME);
}

const LOG_TIME = new Date('2026-01-01T00:00:00.000Z');
