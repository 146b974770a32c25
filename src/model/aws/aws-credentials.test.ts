import { describe, expect, it } from 'vitest';
import { resolveAwsCredentials } from './aws-credentials';

const HOME = '/home/u';
const files = (map: Record<string, string>) => (path: string) => map[path];

const CREDENTIALS = `[default]
aws_access_key_id = AKIDDEFAULT
aws_secret_access_key = secretdefault

[work]
aws_access_key_id=AKIDWORK
aws_secret_access_key=secretwork
aws_session_token = tokenwork
`;
const CONFIG = `[default]
region = eu-north-1
# comment
[profile work]
region = us-west-2
[profile sso]
sso_session = corp
region = eu-west-1
`;
const FS = files({ '/home/u/.aws/credentials': CREDENTIALS, '/home/u/.aws/config': CONFIG });

describe('resolveAwsCredentials', () => {
  it.each([
    [
      'environment keys win without a profile',
      {
        AWS_ACCESS_KEY_ID: 'AKIDENV',
        AWS_SECRET_ACCESS_KEY: 's',
        AWS_SESSION_TOKEN: 't',
        AWS_REGION: 'ap-south-1',
      },
      { accessKeyId: 'AKIDENV', sessionToken: 't' },
      'ap-south-1',
      'environment',
    ],
    [
      'the default profile and its region',
      {},
      { accessKeyId: 'AKIDDEFAULT' },
      'eu-north-1',
      'profile `default`',
    ],
    [
      'a named profile with a session token',
      { AWS_PROFILE: 'work' },
      { accessKeyId: 'AKIDWORK', sessionToken: 'tokenwork' },
      'us-west-2',
      'profile `work`',
    ],
    [
      'AWS_PROFILE beats environment keys',
      { AWS_PROFILE: 'work', AWS_ACCESS_KEY_ID: 'AKIDENV', AWS_SECRET_ACCESS_KEY: 's' },
      { accessKeyId: 'AKIDWORK' },
      'us-west-2',
      'profile `work`',
    ],
    [
      'AWS_DEFAULT_REGION overrides the profile region',
      { AWS_DEFAULT_REGION: 'ca-central-1' },
      { accessKeyId: 'AKIDDEFAULT' },
      'ca-central-1',
      'profile',
    ],
  ])('%s', (_name, env, want, region, source) => {
    const result = resolveAwsCredentials({ env, readFile: FS, homeDir: HOME });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.credentials).toMatchObject(want);
    expect(result.region).toBe(region);
    expect(result.source).toContain(source);
  });

  it.each([
    ['an SSO profile is named as unsupported', { AWS_PROFILE: 'sso' }, FS, /uses `sso_session`/],
    ['a missing profile is named', { AWS_PROFILE: 'nope' }, FS, /profile `nope` not found/],
    ['no credentials at all', {}, files({}), /no AWS credentials/],
  ])('%s', (_name, env, readFile, problem) => {
    const result = resolveAwsCredentials({ env, readFile, homeDir: HOME });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem).toMatch(problem);
      expect(result.problem).not.toContain('secret');
    }
  });

  it('reads the files named by AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE', () => {
    const result = resolveAwsCredentials({
      env: { AWS_SHARED_CREDENTIALS_FILE: '/x/creds', AWS_CONFIG_FILE: '/x/conf' },
      readFile: files({
        '/x/creds': '[default]\naws_access_key_id=A\naws_secret_access_key=B\n',
        '/x/conf': '[default]\nregion=sa-east-1\n',
      }),
      homeDir: HOME,
    });
    expect(result).toMatchObject({ ok: true, credentials: { accessKeyId: 'A' }, region: 'sa-east-1' });
  });
});
