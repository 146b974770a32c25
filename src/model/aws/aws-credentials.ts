/**
 * The AWS credential chain gavel supports, in the order the AWS SDKs (botocore, the PHP and CLI chains) walk it,
 * and the region: environment keys (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN; skipped when
 * AWS_PROFILE names a profile, as the JS SDK does), web identity from the environment (AWS_WEB_IDENTITY_TOKEN_FILE
 * + AWS_ROLE_ARN), the shared credentials and config files for AWS_PROFILE (else `default`), then the container
 * endpoint (AWS_CONTAINER_CREDENTIALS_RELATIVE_URI or _FULL_URI). Pure: the environment and a file reader are
 * passed in; the two sources that need a request are only selected here (credential-chain.ts fetches them).
 * Not supported (reported by name, never guessed): a profile using SSO, assume-role, web identity,
 * credential_process or credential_source stops the chain there, as the SDK would have used it; instance
 * metadata is never asked. Errors never carry a key.
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

/** Where the chain found credentials: keys at hand, or a source that needs a request. */
export type AwsSource =
  | { kind: 'static'; credentials: AwsCredentials; source: string }
  | { kind: 'web-identity' | 'container'; source: string };

export type AwsSelection =
  | { ok: true; using: AwsSource; region: string | undefined }
  | { ok: false; problem: string };

const UNSUPPORTED = [
  'sso_session',
  'sso_start_url',
  'role_arn',
  'web_identity_token_file',
  'credential_process',
  'credential_source',
] as const;

const NO_CREDENTIALS =
  'no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE with keys in ~/.aws/credentials, or run where web identity or a container endpoint is set';

/** The first source of the chain that applies, and the region. */
export function selectAwsSource(input: AwsChainInput): AwsSelection {
  const { env } = input;
  const profile = env.AWS_PROFILE || env.AWS_DEFAULT_PROFILE || 'default';
  const credentialsPath = env.AWS_SHARED_CREDENTIALS_FILE || join(input.homeDir, '.aws', 'credentials');
  const configPath = env.AWS_CONFIG_FILE || join(input.homeDir, '.aws', 'config');
  const credentialsFile = parseIni(input.readFile(credentialsPath) ?? '');
  const configFile = parseIni(input.readFile(configPath) ?? '');
  const fromCredentials = credentialsFile.get(profile);
  const fromConfig = configFile.get(profile === 'default' ? 'default' : `profile ${profile}`);
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || fromConfig?.get('region') || undefined;
  const found = (using: AwsSource): AwsSelection => ({ ok: true, using, region });

  // 1. Environment keys.
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY && !env.AWS_PROFILE) {
    const credentials: AwsCredentials = {
      accessKeyId: env.AWS_ACCESS_KEY_ID,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
    };
    if (env.AWS_SESSION_TOKEN) credentials.sessionToken = env.AWS_SESSION_TOKEN;
    return found({ kind: 'static', credentials, source: 'environment' });
  }
  // 2. Web identity from the environment (EKS IRSA and the like).
  if (env.AWS_WEB_IDENTITY_TOKEN_FILE && env.AWS_ROLE_ARN)
    return found({ kind: 'web-identity', source: `web identity for role \`${env.AWS_ROLE_ARN}\`` });
  // 3. The shared files.
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
      return found({ kind: 'static', credentials, source: `profile \`${profile}\` in \`${where}\`` });
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
  // 4. The container endpoint (ECS, EKS Pod Identity).
  if (env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI || env.AWS_CONTAINER_CREDENTIALS_FULL_URI)
    return found({ kind: 'container', source: 'container credentials endpoint' });
  return { ok: false, problem: NO_CREDENTIALS };
}

/** The chain when only keys at hand will do (no request can be made): a remote source is named, not used. */
export function resolveAwsCredentials(input: AwsChainInput): AwsChainResult {
  const selected = selectAwsSource(input);
  if (!selected.ok) return selected;
  const { using, region } = selected;
  if (using.kind !== 'static')
    return { ok: false, problem: `the ${using.source} needs a request to read credentials` };
  return { ok: true, credentials: using.credentials, region, source: using.source };
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
