import { describe, expect, it } from 'vitest';
import { decide, NO_POLICY, sha256Hex } from '../core';
import { buildAuditRecord, formatAuditLine } from './audit-record';
import { parseAuditLine } from './parse-audit-line';
import { isPreview, PREVIEW_MAX, previewOf } from './preview';

// Fake credentials assembled at run time, so no secret-shaped literal sits in the repository.
const KEY40 = `wJalrXUtnFEMI${'/K7MDENG/bPxRfiCY'}EXAMPLEKEY`;
const GHP = `ghp_${'A1b2C3d4E5f6G7h8I9j0'.repeat(2)}`;
const RANDOM24 = `q7Rk${'Z2mX9vL'}${'pT4wN8sB'}h3Jc`;
const HUNTER = `hunt${'er2-x9'}`;
const PEM_BODY = `MIIEow${'IBAAKCAQEA1x2y3z4'}\nAbCdEf${'GhIjKl0987'}`;
const PEM = `-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}\n-----END RSA PRIVATE KEY-----`;

const AT = new Date('2026-12-01T18:00:00.000Z');

/** The line written for a shell command, as the log holds it. */
function lineFor(command: string): string {
  const d = decide({ verdict: 'deny', basis: 'rule', reason: 'r', policy: NO_POLICY });
  const subject = sha256Hex(command);
  return formatAuditLine(
    buildAuditRecord(d, { surface: 'check', kind: 'cli', subject, preview: command }, AT),
  );
}

describe('previewOf: no secret of any kind reaches an audit line', () => {
  it.each([
    ['bearer header', `curl -H "Authorization: Bearer ${RANDOM24}" https://api.example.com`, RANDOM24],
    [
      'basic header',
      `curl -H 'Authorization: Basic ${'dXNlcjpwYXNzd29yZDEyMw=='}' x`,
      'dXNlcjpwYXNzd29yZDEyMw',
    ],
    ['url userinfo', `git clone https://bob:${HUNTER}@git.example.com/r.git`, HUNTER],
    ['a _TOKEN assignment', `GITHUB_TOKEN=${HUNTER} gh pr list`, HUNTER],
    ['a _SECRET_ACCESS_KEY export', `export AWS_SECRET_ACCESS_KEY=${HUNTER}`, HUNTER],
    ['a _PASSWORD assignment', `DB_PASSWORD='${HUNTER}' npm start`, HUNTER],
    ['a password= assignment', `psql "host=db password=${HUNTER}"`, HUNTER],
    ['--password flag', `mysqldump --password ${HUNTER} db`, HUNTER],
    ['--token= flag', `vault login --token=${HUNTER}`, HUNTER],
    ['-p glued to mysql', `mysql -u root -p${HUNTER} prod`, HUNTER],
    ['sshpass -p', `sshpass -p ${HUNTER} ssh deploy@host`, HUNTER],
    ['curl -u user:password', `curl -u admin:${HUNTER} https://x.example.com`, HUNTER],
    ['private key block', `printf '${PEM}' > k`, 'MIIEow'],
    ['private key block, raw newlines', `cat <<EOF\n${PEM}\nEOF`, 'GhIjKl'],
    ['github token', `git push https://x@github.com ${GHP}`, GHP],
    ['40-character base64 secret', `aws configure set aws_secret_access_key ${KEY40}`, 'EXAMPLEKEY'],
    ['a short high-entropy word', `deploy --key-id ${RANDOM24}`, RANDOM24],
  ])('%s', (_name, command, secret) => {
    const preview = previewOf(command);
    expect(preview).toBeDefined();
    expect(preview).toContain('[redacted:');
    expect(preview).not.toContain(secret);
    const line = lineFor(command);
    expect(line).not.toContain(secret);
    expect(parseAuditLine(line)?.preview).toBe(preview);
  });
});

describe('previewOf: what stays readable', () => {
  it.each([
    ['a plain command', 'rm -rf /tmp/build'],
    ['a force push', 'git push --force origin main'],
    ['mkdir -p is not a password', 'mkdir -p src/deep/folder'],
    ['ssh -p is a port', 'ssh -p 2222 deploy@host'],
    ['a path', '/home/alice/Projects/app/src/Deep/Module/File9.ts'],
    ['a host', 'registry.npmjs.org'],
    ['an identifier', 'npx vitest run src/audit/buildAuditRecord.test.ts'],
  ])('%s', (_name, text) => {
    expect(previewOf(text)).toBe(text);
  });

  it('escapes control and invisible characters instead of printing them', () => {
    expect(previewOf('echo a\nrm -rf ~\t# \u001b[2J\u202eevil')).toBe(
      'echo a\\nrm -rf ~\\t# \\x1b[2J\\u202eevil',
    );
  });

  it('cuts at PREVIEW_MAX with ..., never inside a surrogate pair or an escape', () => {
    const long = `echo ${'\u{1F600}'.repeat(200)}`;
    const cut = previewOf(long) ?? '';
    expect(cut.length).toBeLessThanOrEqual(PREVIEW_MAX);
    expect(cut.endsWith('...')).toBe(true);
    expect(cut.at(-4)).toBe('\ude00');
    const escapes = previewOf(`${'z'.repeat(115)}\u0001\u0001\u0001`) ?? '';
    expect(escapes).toBe(`${'z'.repeat(115)}...`);
  });

  it('redacts before cutting: a secret across the bound is not left half visible', () => {
    const preview = previewOf(`${'x '.repeat(55)}GITHUB_TOKEN=${HUNTER}${HUNTER}${HUNTER}`) ?? '';
    expect(preview).not.toContain('hunt');
  });

  it('is undefined for empty or blank text', () => {
    expect(previewOf('')).toBeUndefined();
    expect(previewOf('   ')).toBeUndefined();
  });

  it('the reader refuses a stored preview with a control character or over the bound', () => {
    expect(isPreview('ls -la')).toBe(true);
    expect(isPreview('a\nb')).toBe(false);
    expect(isPreview('x'.repeat(PREVIEW_MAX + 1))).toBe(false);
    expect(isPreview('')).toBe(false);
  });
});
