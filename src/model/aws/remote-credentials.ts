/**
 * The two AWS credential sources that need a request: the container endpoint (ECS, EKS Pod Identity:
 * AWS_CONTAINER_CREDENTIALS_FULL_URI or _RELATIVE_URI, with AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE or _TOKEN)
 * and web identity (AWS_WEB_IDENTITY_TOKEN_FILE + AWS_ROLE_ARN -> STS AssumeRoleWithWebIdentity, unsigned).
 * Effects at the edge: `fetch` and the file reader are passed in. Errors name the source and the HTTP status,
 * never a token, a key or a reply body. SSO is not here: it is refused by name (aws-credentials.ts).
 */

import type { AwsCredentials } from './sigv4';

export interface RemoteInput {
  env: Readonly<Record<string, string | undefined>>;
  readFile: (path: string) => string | undefined;
  fetch: (
    url: string,
    init: { method: string; headers: Record<string, string>; signal: AbortSignal },
  ) => Promise<{
    status: number;
    text(): Promise<string>;
  }>;
  timeoutMs?: number;
}

export type RemoteResult =
  | { ok: true; credentials: AwsCredentials; expires: string | undefined; source: string }
  | { ok: false; problem: string };

const ECS_HOST = 'http://169.254.170.2';
/** Hosts a full container URI may name over plain http (the SDKs' rule): loopback and the task endpoints. */
const PLAIN_HTTP_HOSTS = new Set([
  '127.0.0.1',
  'localhost',
  '[::1]',
  '169.254.170.2',
  '169.254.170.23',
  '[fd00:ec2::23]',
]);

async function get(input: RemoteInput, url: string, headers: Record<string, string>) {
  const signal = AbortSignal.timeout(input.timeoutMs ?? 5_000);
  const reply = await input.fetch(url, { method: 'GET', headers, signal });
  return { status: reply.status, body: await reply.text() };
}

export async function containerCredentials(input: RemoteInput): Promise<RemoteResult> {
  const { env } = input;
  const relative = env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI;
  const url = relative
    ? `${ECS_HOST}${relative.startsWith('/') ? '' : '/'}${relative}`
    : env.AWS_CONTAINER_CREDENTIALS_FULL_URI;
  if (!url) return { ok: false, problem: 'no container credentials endpoint is set' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, problem: 'AWS_CONTAINER_CREDENTIALS_FULL_URI is not a URL' };
  }
  if (
    parsed.protocol !== 'https:' &&
    !(parsed.protocol === 'http:' && PLAIN_HTTP_HOSTS.has(parsed.host.replace(/:\d+$/, '')))
  )
    return {
      ok: false,
      problem: `container credentials endpoint host \`${parsed.hostname}\` is neither https nor a task or loopback address`,
    };
  const headers: Record<string, string> = { accept: 'application/json' };
  const tokenFile = env.AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE;
  const token = tokenFile ? input.readFile(tokenFile)?.trim() : env.AWS_CONTAINER_AUTHORIZATION_TOKEN;
  if (tokenFile && !token)
    return { ok: false, problem: `container authorization token file \`${tokenFile}\` cannot be read` };
  if (token) headers.authorization = token;
  let reply: { status: number; body: string };
  try {
    reply = await get(input, parsed.toString(), headers);
  } catch {
    return { ok: false, problem: 'the container credentials endpoint did not answer' };
  }
  if (reply.status !== 200)
    return { ok: false, problem: `the container credentials endpoint answered ${reply.status}` };
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(reply.body) as Record<string, unknown>;
  } catch {
    return { ok: false, problem: 'the container credentials endpoint answered something that is not JSON' };
  }
  const id = json.AccessKeyId;
  const secret = json.SecretAccessKey;
  if (typeof id !== 'string' || typeof secret !== 'string' || !id || !secret)
    return { ok: false, problem: 'the container credentials reply has no AccessKeyId or SecretAccessKey' };
  const credentials: AwsCredentials = { accessKeyId: id, secretAccessKey: secret };
  if (typeof json.Token === 'string' && json.Token) credentials.sessionToken = json.Token;
  const expires = typeof json.Expiration === 'string' ? json.Expiration : undefined;
  return { ok: true, credentials, expires, source: 'container credentials endpoint' };
}

function xmlValue(xml: string, tag: string): string | undefined {
  const m = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
  return m?.[1]?.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').trim() || undefined;
}

export async function webIdentityCredentials(input: RemoteInput, stsBaseUrl?: string): Promise<RemoteResult> {
  const { env } = input;
  const file = env.AWS_WEB_IDENTITY_TOKEN_FILE;
  const role = env.AWS_ROLE_ARN;
  if (!file || !role)
    return { ok: false, problem: 'web identity needs AWS_WEB_IDENTITY_TOKEN_FILE and AWS_ROLE_ARN' };
  const token = input.readFile(file)?.trim();
  if (!token) return { ok: false, problem: `web identity token file \`${file}\` cannot be read` };
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION;
  const base = stsBaseUrl ?? (region ? `https://sts.${region}.amazonaws.com` : 'https://sts.amazonaws.com');
  const query = new URLSearchParams({
    Action: 'AssumeRoleWithWebIdentity',
    Version: '2011-06-15',
    RoleArn: role,
    RoleSessionName: env.AWS_ROLE_SESSION_NAME || 'gavel',
    WebIdentityToken: token,
  });
  let reply: { status: number; body: string };
  try {
    reply = await get(input, `${base.replace(/\/+$/, '')}/?${query}`, { accept: 'application/xml' });
  } catch {
    return { ok: false, problem: 'STS did not answer the web identity request' };
  }
  if (reply.status !== 200) {
    const code = xmlValue(reply.body, 'Code');
    const safe = code && /^[A-Za-z]{1,64}$/.test(code) ? ` (\`${code}\`)` : '';
    return { ok: false, problem: `STS refused the web identity request: ${reply.status}${safe}` };
  }
  const id = xmlValue(reply.body, 'AccessKeyId');
  const secret = xmlValue(reply.body, 'SecretAccessKey');
  const session = xmlValue(reply.body, 'SessionToken');
  if (!id || !secret || !session) return { ok: false, problem: 'the STS reply has no credentials' };
  return {
    ok: true,
    credentials: { accessKeyId: id, secretAccessKey: secret, sessionToken: session },
    expires: xmlValue(reply.body, 'Expiration'),
    source: `web identity for role \`${role}\``,
  };
}
