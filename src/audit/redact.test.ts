import { describe, expect, it } from 'vitest';
import {
  capLength,
  preCut,
  REDACT_INPUT_MAX,
  REDACT_MAX_LENGTH,
  redact,
  redactSecrets,
  SECRET_SHAPES,
  stripControls,
} from './redact';

// Fake credentials assembled at run time, so no secret-shaped literal sits in the repository.
const AWS_KEY = `AKIA${'IOSFODNN7EXAMPLE'}`;
const OPENAI_KEY = `sk-${'proj-'}${'a1B2c3D4e5F6g7H8i9J0'.repeat(2)}`;
const ANTHROPIC_KEY = `sk-ant-api03-${'Zx9Yw8Vu7Ts6'.repeat(3)}-AA`;
const GHP = `ghp_${'A1b2C3d4E5f6G7h8I9j0'.repeat(2)}`;
const GH_PAT = `github_pat_11ABCDEFG0${'_xYz12345'.repeat(4)}`;
const JWT = `eyJhbGciOiJIUzI1NiJ9.${'eyJzdWIiOiIxMjM0NTY3ODkwIn0'}.${'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'}`;
const HEX = 'deadbeef'.repeat(6);
const B64 = 'Qm9vbXNoYWthbGFrYTEyMzQ1Njc4OTBBQkNERUZHSElKS0xNTk9Q';
const SLACK = `xoxb-${'123456789012'}-${'AbCdEfGhIjKl'}`;

describe('redact: secrets become named markers', () => {
  it.each([
    ['aws access key id', `key ${AWS_KEY} was used`, 'key [redacted:aws-key] was used'],
    ['openai project key', `called with ${OPENAI_KEY}`, 'called with [redacted:api-key]'],
    ['anthropic key', `x ${ANTHROPIC_KEY} y`, 'x [redacted:api-key] y'],
    ['github classic token', `token ${GHP}`, 'token [redacted:github-token]'],
    ['github fine-grained token', `pat ${GH_PAT}.`, 'pat [redacted:github-token].'],
    ['json web token', `jwt ${JWT} end`, 'jwt [redacted:jwt] end'],
    ['bearer header', 'Authorization: Bearer abc123def456ghi', 'Authorization: Bearer [redacted:bearer]'],
    ['basic header', 'basic dXNlcjpwYXNzd29yZDEyMw==', 'basic [redacted:bearer]'],
    [
      'password assignment',
      'ran with password=hunter2 twice',
      'ran with password=[redacted:assignment] twice',
    ],
    ['quoted json password', '{"password": "p a s s"}', '{"password": [redacted:assignment]}'],
    ['api_key with colon', 'api_key: 12345', 'api_key: [redacted:assignment]'],
    ['client secret', 'CLIENT_SECRET=abc', 'CLIENT_SECRET=[redacted:assignment]'],
    ['token equals', 'token=abc&x=1', 'token=[redacted:assignment]&x=1'],
    [
      'url credentials',
      'fetch https://bob:s3cret@example.com/x',
      'fetch https://[redacted:url-credentials]@example.com/x',
    ],
    ['slack token', `posted ${SLACK}`, 'posted [redacted:slack-token]'],
    ['long hex run', `hash ${HEX}`, 'hash [redacted:hex]'],
    ['long base64 run', `blob ${B64} end`, 'blob [redacted:base64] end'],
    [
      'private key block, flattened',
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA\n-----END OPENSSH PRIVATE KEY----- after',
      '[redacted:private-key] after',
    ],
    [
      'private key block without end',
      'x -----BEGIN RSA PRIVATE KEY----- MIIEow rest',
      'x [redacted:private-key]',
    ],
  ])('%s', (_name, input, want) => {
    expect(redact(input)).toBe(want);
  });
});

describe('redact: ordinary reasons stay as they are', () => {
  it.each([
    ['a plain reason', 'rule R-04 denies a force push to `main`'],
    ['a deep path', 'reads `/home/alice/Projects/Proj2/src/Deep/Module/File9.ts` outside the workspace'],
    ['kebab-case words', 'approve-with-flag-because-of-a-large-change-set-in-docs'],
    ['prose about tokens', 'the token budget was exceeded by 3 percent'],
    ['prose about bearer auth', 'uses bearer authentication over plain http'],
    ['a short hex id', 'commit abc1234 touched the workflow'],
    ['a secret word without a value', 'reads a secret: `~/.aws/credentials`'],
  ])('%s', (_name, input) => {
    expect(redact(input)).toBe(input);
  });
});

describe('stripControls', () => {
  it.each([
    ['newlines and tabs', 'a\nb\tc\r\nd', 'a b c d'],
    ['ansi escape', 'red \u001b[31mtext\u001b[0m', 'red [31mtext [0m'],
    ['bidi override', 'abc\u202edef', 'abc def'],
    ['zero width and bom', 'a\u200bb\ufeffc', 'a b c'],
    ['line separator', 'a\u2028b', 'a b'],
    ['c1 control', 'a\u0085b', 'a b'],
    ['runs of spaces trimmed', '  a    b  ', 'a b'],
  ])('%s', (_name, input, want) => {
    expect(stripControls(input)).toBe(want);
  });
});

describe('capLength', () => {
  it('cuts at the cap and marks the cut', () => {
    const out = redact('x'.repeat(1000));
    expect(out).toHaveLength(REDACT_MAX_LENGTH);
    expect(out.endsWith('…')).toBe(true);
  });

  it('never leaves half a surrogate pair', () => {
    const out = capLength(`${'a'.repeat(8)}😀😀`, 10);
    expect(out).toBe(`${'a'.repeat(8)}…`);
    expect(/[\ud800-\udfff]/.test(out)).toBe(false);
  });

  it('redacts before cutting, so a secret at the edge is not left half visible', () => {
    const out = redact(`${'a '.repeat(130)}${GHP}`, 290);
    expect(out).toContain('[redacted:github-token]');
    expect(out).not.toContain('ghp_');
    expect(out).not.toContain('A1b2C3');
  });

  it('a secret split by a newline is joined and still caught', () => {
    expect(redact('password=\nhunter2')).toBe('password= [redacted:assignment]');
  });
});

describe('preCut: overlong input', () => {
  it('drops a token cut in half at the input bound', () => {
    const text = `${'w '.repeat((REDACT_INPUT_MAX - 10) / 2)}${GHP}`;
    const out = preCut(text);
    expect(out.length).toBeLessThanOrEqual(REDACT_INPUT_MAX + 2);
    expect(out).not.toContain('ghp_');
    expect(out.endsWith(' …')).toBe(true);
  });

  it('one huge run without spaces is dropped whole', () => {
    expect(preCut('A1b2'.repeat(REDACT_INPUT_MAX))).toBe(' …');
  });

  it('input under the bound is untouched', () => {
    const text = 'x '.repeat(100);
    expect(preCut(text)).toBe(text);
  });
});

// A shape's `needs` lets its pattern run only on a text holding one of its literals (ADR 0091): each must be a
// necessary condition of a match, in any letter case the pattern accepts.
const SHAPED_TEXTS = [
  `key ${AWS_KEY} was used`,
  `ASIA${'IOSFODNN7EXAMPLE'} and AROA${'IOSFODNN7EXAMPLE'}`,
  `called with ${OPENAI_KEY}`,
  `x ${ANTHROPIC_KEY} y`,
  `token ${GHP} and gho_${'A1b2C3d4E5f6G7h8I9j0'} and ${GH_PAT}`,
  `jwt ${JWT} end`,
  `posted ${SLACK}`,
  'Authorization: BEARER abc123def456ghi and BASIC dXNlcjpwYXNzd29yZDEyMw==',
  'PASSWORD=hunter2 Passphrase: "x y" PWD=abc Secret-Key=s1 REFRESH_TOKEN=t Private_Key=k ApiKey=v Client-Secret=c',
  'TOKEN=abc SECRET="a b" token=x&y=1',
  'DB_PASSWORD: x GITHUB_TOKEN=y AWS_SECRET_ACCESS_KEY=z NPM_AUTH=w GCP_CREDENTIALS=v MY-PASS=u',
  'run --PASSWORD hunter2 -Token=abc --client-secret x --api-key=y --Private-Key k',
  'MySQL -u root -phunter2 db; MARIADB -pabc; mysqldump -pxyz',
  'SSHPASS -p hunter2 ssh host',
  'curl -u bob:s3cret https://x --user=al:pw --proxy-user p:q',
  'fetch HTTPS://bob:s3cret@example.com/x and git+ssh://a:b@h/r',
  '-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl\n-----END OPENSSH PRIVATE KEY-----',
];

describe('redact: a shape runs only where its literal is', () => {
  for (const shape of SECRET_SHAPES.filter((s) => s.needs)) {
    it(`${shape.name} (${shape.pattern.source.slice(0, 24)}): every match holds one of its literals`, () => {
      let matched = 0;
      for (const text of SHAPED_TEXTS)
        for (const m of text.matchAll(new RegExp(shape.pattern.source, shape.pattern.flags))) {
          matched++;
          const seen = shape.pattern.ignoreCase ? m[0].toLowerCase() : m[0];
          expect(shape.needs?.some((literal) => seen.includes(literal))).toBe(true);
        }
      expect(matched).toBeGreaterThan(0);
    });
  }

  it.each([
    ['upper-case assignment', 'ran with PASSWORD=hunter2', 'ran with PASSWORD=[redacted:assignment]'],
    ['upper-case bearer', 'Authorization: BEARER abc123def456ghi', 'Authorization: BEARER [redacted:bearer]'],
    ['mixed-case mysql', 'MySQL -u root -phunter2 db', 'MySQL -u root -p[redacted:flag] db'],
    [
      'upper-case url scheme',
      'HTTPS://bob:s3cret@example.com/x',
      'HTTPS://[redacted:url-credentials]@example.com/x',
    ],
  ])('%s is still redacted', (_name, input, want) => {
    expect(redactSecrets(input)).toBe(want);
  });

  it('a text holding no literal is returned as it is', () => {
    expect(redactSecrets('Bash: git status && npm test')).toBe('Bash: git status && npm test');
  });
});
