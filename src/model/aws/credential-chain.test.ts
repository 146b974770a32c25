// The Bedrock credential chain in the SDKs' order (env, web identity, shared files, container), and Bedrock
// calls signed with what loopback stand-ins of the container endpoint and STS hand out.
import { describe, expect, it } from 'vitest';
import { bundledCatalog } from '../catalog/bundled-catalog';
import { converseReply, type FakeServer, startFakeServer } from '../providers/fake-servers.testkit';
import { openModel } from '../select/open-model';
import { testRequest } from '../testing/test-request.testkit';
import { selectAwsSource } from './aws-credentials';
import { stsEndpoint } from './credential-chain';

const KEYS = { AWS_ACCESS_KEY_ID: 'AKIDENV', AWS_SECRET_ACCESS_KEY: 'envsecret' };
const WEB = { AWS_WEB_IDENTITY_TOKEN_FILE: '/run/jwt', AWS_ROLE_ARN: 'arn:aws:iam::123456789012:role/gavel' };
const CONTAINER = { AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: '/v2/credentials/abc' };
const FILES: Record<string, string> = {
  '/home/u/.aws/credentials': '[default]\naws_access_key_id = AKIDFILE\naws_secret_access_key = filesecret\n',
  '/home/u/.aws/config': '[default]\nregion = eu-north-1\n[profile corp]\nsso_session = corp\n',
  '/run/jwt': 'eyJ.web.identity\n',
  '/run/token': 'container-token\n',
};
const read = (files: Record<string, string>) => (p: string) => files[p];
const noDefault = { ...FILES, '/home/u/.aws/credentials': '' };

describe('selectAwsSource: the SDK order', () => {
  it.each([
    [
      'environment keys beat web identity and files',
      { ...KEYS, ...WEB, ...CONTAINER },
      FILES,
      'static',
      'environment',
    ],
    ['web identity beats the shared files', { ...WEB, ...CONTAINER }, FILES, 'web-identity', 'web identity'],
    ['web identity beats a named profile', { ...WEB, AWS_PROFILE: 'default' }, FILES, 'web-identity', 'role'],
    ['the shared files beat the container endpoint', { ...CONTAINER }, FILES, 'static', 'profile `default`'],
    [
      'the container endpoint when nothing else is set',
      { ...CONTAINER },
      noDefault,
      'container',
      'container',
    ],
    [
      'a full container URI counts too',
      { AWS_CONTAINER_CREDENTIALS_FULL_URI: 'http://127.0.0.1:1/c' },
      {},
      'container',
      'container',
    ],
  ])('%s', (_name, env, files, kind, source) => {
    const got = selectAwsSource({ env, readFile: read(files), homeDir: '/home/u' });
    expect(got.ok).toBe(true);
    if (!got.ok) return;
    expect(got.using.kind).toBe(kind);
    expect(got.using.source).toContain(source);
  });

  it.each([
    [
      'an SSO profile stops the chain by name, the container is not used',
      { AWS_PROFILE: 'corp', ...CONTAINER },
      /uses `sso_session`/,
    ],
    ['web identity needs the role too', { AWS_WEB_IDENTITY_TOKEN_FILE: '/run/jwt' }, /no AWS credentials/],
  ])('%s', (_name, env, want) => {
    const got = selectAwsSource({ env, readFile: read(noDefault), homeDir: '/home/u' });
    expect(got.ok).toBe(false);
    if (!got.ok) expect(got.problem).toMatch(want);
  });
});

describe('stsEndpoint', () => {
  it.each([
    ['unset: the regional endpoint', {}, true],
    ['https', { AWS_ENDPOINT_URL_STS: 'https://sts.internal.example' }, true],
    ['loopback http', { AWS_ENDPOINT_URL_STS: 'http://127.0.0.1:9000' }, true],
    [
      'plain http elsewhere carries the token in clear',
      { AWS_ENDPOINT_URL_STS: 'http://sts.example' },
      false,
    ],
    ['not a URL', { AWS_ENDPOINT_URL_STS: 'sts' }, false],
  ])('%s', (_name, env, ok) => {
    expect(stsEndpoint(env).ok).toBe(ok);
  });
});

const request = testRequest({ maxOutputTokens: 256, timeoutMs: 5000 });

const STS_REPLY = (id: string, expires: string) => `<AssumeRoleWithWebIdentityResponse>
  <AssumeRoleWithWebIdentityResult><Credentials>
    <AccessKeyId>${id}</AccessKeyId><SecretAccessKey>web-secret</SecretAccessKey>
    <SessionToken>web-session</SessionToken><Expiration>${expires}</Expiration>
  </Credentials></AssumeRoleWithWebIdentityResult>
</AssumeRoleWithWebIdentityResponse>`;

async function withServers(
  credentialReplies: { status?: number; body: unknown; headers?: Record<string, string> }[],
  bedrockReplies: number,
  run: (creds: FakeServer, bedrock: FakeServer) => Promise<void>,
) {
  const creds = await startFakeServer(credentialReplies);
  const bedrock = await startFakeServer(
    Array.from({ length: bedrockReplies }, () => ({ body: converseReply({ risk: 'low' }) })),
  );
  try {
    await run(creds, bedrock);
  } finally {
    await creds.close();
    await bedrock.close();
  }
}

function open(env: Record<string, string>, bedrockUrl: string, now: () => Date, files = noDefault) {
  const opened = openModel({
    spec: 'bedrock/light',
    source: 'environment',
    baseUrl: bedrockUrl,
    env: { AWS_REGION: 'us-east-1', ...env },
    readFile: read(files),
    homeDir: '/home/u',
    now,
    catalog: bundledCatalog(),
    transport: { sleep: async () => undefined, random: () => 0 },
  });
  if (!opened.ok) throw new Error(opened.problem);
  return opened.client;
}

describe('Bedrock signs with remote credentials', () => {
  it('the container endpoint: fetched once with its token, reused while valid, renewed near expiry', async () => {
    const reply = (id: string) => ({
      body: { AccessKeyId: id, SecretAccessKey: 's', Token: 't', Expiration: '2026-12-01T12:00:00Z' },
    });
    await withServers([reply('ASIAFIRST'), reply('ASIASECOND')], 3, async (creds, bedrock) => {
      let clock = new Date('2026-12-01T11:00:00Z');
      const client = open(
        {
          AWS_CONTAINER_CREDENTIALS_FULL_URI: `${creds.url}/creds`,
          AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE: '/run/token',
        },
        bedrock.url,
        () => clock,
      );
      expect((await client.complete(request)).ok).toBe(true);
      expect((await client.complete(request)).ok).toBe(true);
      expect(creds.received).toHaveLength(1);
      expect(creds.received[0]?.headers.authorization).toBe('container-token');
      clock = new Date('2026-12-01T11:56:00Z');
      expect((await client.complete(request)).ok).toBe(true);
      expect(creds.received).toHaveLength(2);
      const auth = bedrock.received.map((r) => String(r.headers.authorization));
      expect(auth[0]).toContain('Credential=ASIAFIRST/');
      expect(auth[1]).toContain('Credential=ASIAFIRST/');
      expect(auth[2]).toContain('Credential=ASIASECOND/');
      expect(bedrock.received[0]?.headers['x-amz-security-token']).toBe('t');
    });
  });

  it('web identity: AssumeRoleWithWebIdentity at AWS_ENDPOINT_URL_STS, unsigned, then a signed call', async () => {
    await withServers(
      [{ body: STS_REPLY('ASIAWEBID', '2026-12-01T12:00:00Z'), headers: { 'content-type': 'text/xml' } }],
      1,
      async (sts, bedrock) => {
        const client = open(
          { ...WEB, AWS_ENDPOINT_URL_STS: sts.url },
          bedrock.url,
          () => new Date('2026-12-01T11:00:00Z'),
        );
        const result = await client.complete(request);
        expect(result.ok).toBe(true);
        const query = new URLSearchParams(sts.received[0]?.path.split('?')[1] ?? '');
        expect(query.get('Action')).toBe('AssumeRoleWithWebIdentity');
        expect(query.get('RoleArn')).toBe(WEB.AWS_ROLE_ARN);
        expect(query.get('WebIdentityToken')).toBe('eyJ.web.identity');
        expect(sts.received[0]?.headers.authorization).toBeUndefined();
        expect(String(bedrock.received[0]?.headers.authorization)).toContain('Credential=ASIAWEBID/');
      },
    );
  });

  it('a container endpoint that refuses ends the call naming the source; Bedrock is never called', async () => {
    await withServers([{ status: 403, body: {} }], 1, async (creds, bedrock) => {
      const client = open(
        { AWS_CONTAINER_CREDENTIALS_FULL_URI: `${creds.url}/creds` },
        bedrock.url,
        () => new Date(),
      );
      const result = await client.complete(request);
      expect(result).toMatchObject({ ok: false, failure: 'error' });
      if (!result.ok)
        expect(result.detail).toBe('provider `bedrock`: the container credentials endpoint answered 403');
      expect(bedrock.received).toHaveLength(0);
    });
  });

  it('an STS error names its code, never the token', async () => {
    const body =
      '<ErrorResponse><Error><Code>InvalidIdentityToken</Code><Message>eyJ.web.identity bad</Message></Error></ErrorResponse>';
    await withServers([{ status: 400, body }], 1, async (sts, bedrock) => {
      const client = open({ ...WEB, AWS_ENDPOINT_URL_STS: sts.url }, bedrock.url, () => new Date());
      const result = await client.complete(request);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.detail).toContain('`InvalidIdentityToken`');
        expect(result.detail).not.toContain('eyJ');
      }
      expect(bedrock.received).toHaveLength(0);
    });
  });
});
