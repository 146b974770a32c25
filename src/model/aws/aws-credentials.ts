/**
 * The AWS credential chain gavel supports, and the region: environment variables first
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), then the shared credentials and config
 * files for AWS_PROFILE (else `default`). Pure: the environment and a file reader are passed in.
 * Not supported (reported by name, never guessed): SSO, assume-role, web identity, credential_process,
 * container and instance-metadata credentials. Errors never carry a key.
 */

import { join } from 'node:path';
import type { AwsCredentials } from './sigv4';

export interface AwsChainInput {
  env: Readonly<Record<string, string | undefined>>;
  /** Returns the file's text, or undefined when it does not exist. */
  readFile: (path: string) => string | undefined;
  homeDir: string;
}

export type AwsChainResult =
  | { ok: true; credentials: AwsCredentials; region: string | undefined; source: string }
  | { ok: false; problem: string };

const UNSUPPORTED = [
  'sso_session',
  'sso_start_url',
  'role_arn',
  'web_identity_token_file',
  'credential_process',
  'credential_source',
] as const;

export function resolveAwsCredentials(input: AwsChainInput): AwsChainResult {
  const { env } = input;
  const profile = env.AWS_PROFILE || env.AWS_DEFAULT_PROFILE || 'default';
  const credentialsPath = env.AWS_SHARED_CREDENTIALS_FILE || join(input.homeDir, '.aws', 'credentials');
  const configPath = env.AWS_CONFIG_FILE || join(input.homeDir, '.aws', 'config');
  const credentialsFile = parseIni(input.readFile(credentialsPath) ?? '');
  const configFile = parseIni(input.readFile(configPath) ?? '');
  const fromCredentials = credentialsFile.get(profile);
  const fromConfig = configFile.get(profile === 'default' ? 'default' : `profile ${profile}`);
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || fromConfig?.get('region') || undefined;

  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY && !env.AWS_PROFILE) {
    const credentials: AwsCredentials = {
      accessKeyId: env.AWS_ACCESS_KEY_ID,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
    };
    if (env.AWS_SESSION_TOKEN) credentials.sessionToken = env.AWS_SESSION_TOKEN;
    return { ok: true, credentials, region, source: 'environment' };
  }
  for (const [section, where] of [
    [fromCredentials, credentialsPath],
    [fromConfig, configPath],
  ] as const) {
    const id = section?.get('aws_access_key_id');
    const secret = section?.get('aws_secret_access_key');
    if (id && secret) {
      const credentials: AwsCredentials = { accessKeyId: id, secretAccessKey: secret };
      const token = section?.get('aws_session_token');
      if (token) credentials.sessionToken = token;
      return { ok: true, credentials, region, source: `profile \`${profile}\` in \`${where}\`` };
    }
  }
  const unsupported = UNSUPPORTED.find((k) => fromConfig?.has(k) || fromCredentials?.has(k));
  if (unsupported) {
    return {
      ok: false,
      problem: `profile \`${profile}\` uses \`${unsupported}\`, which gavel does not resolve; export static keys (\`aws configure export-credentials --format env\`)`,
    };
  }
  if (env.AWS_PROFILE && !fromCredentials && !fromConfig) {
    return {
      ok: false,
      problem: `profile \`${profile}\` not found in \`${credentialsPath}\` or \`${configPath}\``,
    };
  }
  return {
    ok: false,
    problem:
      'no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE with keys in ~/.aws/credentials',
  };
}

/** INI as the AWS files write it: `[section]`, `key = value`, `#` and `;` comments. */
export function parseIni(text: string): Map<string, Map<string, string>> {
  const sections = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (header) {
      const name = (header[1] ?? '').replace(/\s+/g, ' ');
      current = sections.get(name) ?? new Map();
      sections.set(name, current);
      continue;
    }
    const eq = line.indexOf('=');
    if (current && eq > 0) current.set(line.slice(0, eq).trim().toLowerCase(), line.slice(eq + 1).trim());
  }
  return sections;
}
