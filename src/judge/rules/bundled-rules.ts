/**
 * The judge's shipped data (rules/judge-*.json), bundled into the build and validated once on first use.
 * A shipped file that fails validation is a bug: loading throws and the run fails closed.
 */

import pathsDoc from '../../../rules/check-paths.json' with { type: 'json' };
import codesDoc from '../../../rules/judge-codes.json' with { type: 'json' };
import credentialsDoc from '../../../rules/judge-credentials.json' with { type: 'json' };
import hostsDoc from '../../../rules/judge-hosts.json' with { type: 'json' };
import patternsDoc from '../../../rules/judge-patterns.json' with { type: 'json' };
import type { ShellPathTable } from '../../shell';
import { type CredentialRules, loadCredentialRules } from '../static/credentials';
import type { HostLists } from '../static/hosts';
import { type JudgeRules, loadJudgeRules } from './load-judge-rules';

export interface JudgeData {
  rules: JudgeRules;
  credentials: CredentialRules;
  hosts: HostLists;
  /** Path classes for shell analysis: the same table action review uses (rules/check-paths.json). */
  paths: ShellPathTable;
}

const PATH_KEYS = [
  'sensitive',
  'sensitive_exceptions',
  'system_roots',
  'temp_dirs',
  'scratch_devices',
  'self_modification',
  'persistence',
  'home_reads',
] as const;

/** The shipped path table, checked for its shape (action review validates it whole with its schema). */
export function loadPathTable(doc: unknown): ShellPathTable {
  const record = doc as Record<string, unknown>;
  for (const key of PATH_KEYS) {
    const value = record?.[key];
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
      throw new Error(`rules/check-paths.json: \`${key}\` must be a list of strings`);
    }
  }
  return record as unknown as ShellPathTable;
}

let cached: JudgeData | undefined;

export function bundledJudgeData(): JudgeData {
  cached ??= {
    rules: loadJudgeRules(codesDoc, patternsDoc),
    credentials: loadCredentialRules(credentialsDoc),
    hosts: { allowed: hostsDoc.allowed, placeholder: hostsDoc.placeholder },
    paths: loadPathTable(pathsDoc),
  };
  return cached;
}
