/**
 * The judge's shipped data (rules/judge-*.json), bundled into the build and validated once on first use.
 * A shipped file that fails validation is a bug: loading throws and the run fails closed.
 */

import codesDoc from '../../../rules/judge-codes.json' with { type: 'json' };
import credentialsDoc from '../../../rules/judge-credentials.json' with { type: 'json' };
import hostsDoc from '../../../rules/judge-hosts.json' with { type: 'json' };
import patternsDoc from '../../../rules/judge-patterns.json' with { type: 'json' };
import { type CredentialRules, loadCredentialRules } from '../static/credentials';
import type { HostLists } from '../static/hosts';
import { type JudgeRules, loadJudgeRules } from './load-judge-rules';

export interface JudgeData {
  rules: JudgeRules;
  credentials: CredentialRules;
  hosts: HostLists;
}

let cached: JudgeData | undefined;

export function bundledJudgeData(): JudgeData {
  cached ??= {
    rules: loadJudgeRules(codesDoc, patternsDoc),
    credentials: loadCredentialRules(credentialsDoc),
    hosts: { allowed: hostsDoc.allowed, placeholder: hostsDoc.placeholder },
  };
  return cached;
}
