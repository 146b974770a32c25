// The container endpoint and STS web identity against loopback stand-ins that speak their real wire formats.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { containerCredentials, webIdentityCredentials } from './remote-credentials';

let server: Server | undefined;
const seen: { url: string; headers: IncomingMessage['headers'] }[] = [];
afterEach(async () => {
  seen.length = 0;
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = undefined;
});

async function serve(status: number, body: string, type: string): Promise<string> {
  const s = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  });
  server = s;
  await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

const files: Record<string, string> = { '/run/token': 'container-token\n', '/run/jwt': 'eyJ.web.identity\n' };
const base = { readFile: (p: string) => files[p], fetch: (u: string, i: RequestInit) => fetch(u, i) };

const CONTAINER_REPLY = JSON.stringify({
  AccessKeyId: 'ASIACONTAINER',
  SecretAccessKey: 'container-secret',
  Token: 'container-session',
  Expiration: '2026-12-01T18:00:00Z',
});
const STS_REPLY = `<AssumeRoleWithWebIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
  <AssumeRoleWithWebIdentityResult>
    <Credentials>
      <AccessKeyId>ASIAWEBID</AccessKeyId>
      <SecretAccessKey>web-secret</SecretAccessKey>
      <SessionToken>web-session</SessionToken>
      <Expiration>2026-12-01T18:00:00Z</Expiration>
    </Credentials>
  </AssumeRoleWithWebIdentityResult>
</AssumeRoleWithWebIdentityResponse>`;

describe('container credentials', () => {
  it('reads the endpoint with the token file as authorization', async () => {
    const url = await serve(200, CONTAINER_REPLY, 'application/json');
    const got = await containerCredentials({
      ...base,
      env: {
        AWS_CONTAINER_CREDENTIALS_FULL_URI: `${url}/creds`,
        AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE: '/run/token',
      },
    });
    expect(got).toEqual({
      ok: true,
      credentials: {
        accessKeyId: 'ASIACONTAINER',
        secretAccessKey: 'container-secret',
        sessionToken: 'container-session',
      },
      expires: '2026-12-01T18:00:00Z',
      source: 'container credentials endpoint',
    });
    expect(seen[0]?.url).toBe('/creds');
    expect(seen[0]?.headers.authorization).toBe('container-token');
  });

  it.each([
    ['a 403', 403, '{}', /answered 403$/],
    ['not JSON', 200, 'nope', /not JSON/],
    ['no keys', 200, '{"Token":"t"}', /no AccessKeyId/],
  ])('fails closed on %s, naming no secret', async (_name, status, body, want) => {
    const url = await serve(status, body, 'application/json');
    const got = await containerCredentials({ ...base, env: { AWS_CONTAINER_CREDENTIALS_FULL_URI: url } });
    expect(got.ok).toBe(false);
    if (!got.ok) expect(got.problem).toMatch(want);
  });

  it.each([
    ['plain http to another host', 'http://attacker.example/creds', /neither https nor/],
    [
      'a token file that cannot be read',
      'http://127.0.0.1:1/x',
      /token file `\/run\/missing` cannot be read/,
    ],
  ])('refuses %s before any request', async (_name, uri, want) => {
    const got = await containerCredentials({
      ...base,
      env: {
        AWS_CONTAINER_CREDENTIALS_FULL_URI: uri,
        AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE: '/run/missing',
      },
    });
    expect(got.ok).toBe(false);
    if (!got.ok) expect(got.problem).toMatch(want);
  });
});

describe('web identity', () => {
  const env = {
    AWS_WEB_IDENTITY_TOKEN_FILE: '/run/jwt',
    AWS_ROLE_ARN: 'arn:aws:iam::123456789012:role/gavel',
  };

  it('calls AssumeRoleWithWebIdentity with the token and reads the credentials from the XML', async () => {
    const url = await serve(200, STS_REPLY, 'text/xml');
    const got = await webIdentityCredentials({ ...base, env }, url);
    expect(got).toEqual({
      ok: true,
      credentials: { accessKeyId: 'ASIAWEBID', secretAccessKey: 'web-secret', sessionToken: 'web-session' },
      expires: '2026-12-01T18:00:00Z',
      source: 'web identity for role `arn:aws:iam::123456789012:role/gavel`',
    });
    const query = new URLSearchParams(seen[0]?.url.replace(/^\/\?/, ''));
    expect(Object.fromEntries(query)).toEqual({
      Action: 'AssumeRoleWithWebIdentity',
      Version: '2011-06-15',
      RoleArn: env.AWS_ROLE_ARN,
      RoleSessionName: 'gavel',
      WebIdentityToken: 'eyJ.web.identity',
    });
  });

  it('an STS error names its code and status, never the token', async () => {
    const url = await serve(
      403,
      '<ErrorResponse><Error><Code>AccessDenied</Code><Message>eyJ.web.identity</Message></Error></ErrorResponse>',
      'text/xml',
    );
    const got = await webIdentityCredentials({ ...base, env }, url);
    expect(got).toEqual({ ok: false, problem: 'STS refused the web identity request: 403 (`AccessDenied`)' });
  });

  it('an unreadable token file is refused before any request', async () => {
    const got = await webIdentityCredentials({
      ...base,
      env: { ...env, AWS_WEB_IDENTITY_TOKEN_FILE: '/run/none' },
    });
    expect(got).toEqual({ ok: false, problem: 'web identity token file `/run/none` cannot be read' });
    expect(seen).toHaveLength(0);
  });
});
