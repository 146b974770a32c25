// Secrets recognised by what a file holds, not its name: real files in a temp folder, read through a reader
// like the surface's (regular files only).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ShellEnv } from '../types';
import { pathCategories } from './path-categories';
import { CONTENT_BUDGET } from './secret-content';

const dir = mkdtempSync(join(tmpdir(), 'gavel-secret-content-'));
const ws = join(dir, 'ws');
const reads: string[] = [];
const readScript: NonNullable<ShellEnv['readScript']> = (abs) => {
  reads.push(abs);
  try {
    if (!statSync(abs).isFile()) return { kind: 'unreadable', why: 'not-regular' };
    return { kind: 'text', text: readFileSync(abs, 'utf8') };
  } catch {
    return { kind: 'missing' };
  }
};
const env = (): ShellEnv => ({ ...shellEnv(), cwd: ws, workspaceRoots: [ws], readScript });

const SERVICE_ACCOUNT = JSON.stringify({
  type: 'service_account',
  project_id: 'p',
  private_key_id: 'k',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n',
  client_email: 'x@p.iam.gserviceaccount.com',
});

// Credential stores by class, under names that say nothing (fake values, full-length shapes).
const TOKEN36 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const SHAPED: Record<string, string> = {
  'credentials.csv':
    'User name,Password,Access key ID,Secret access key,Console login link\nci,,AKIAIOSFODNN7EXAMPLE,wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY,https://x\n',
  'pgp.txt': '-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOY\n-----END PGP PRIVATE KEY BLOCK-----\n',
  'putty.txt': 'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nPrivate-Lines: 1\nAAAA\n',
  'kube.yaml':
    'apiVersion: v1\nkind: Config\nusers:\n- name: u\n  user:\n    client-key-data: LS0tLS1CRUdJTiBSU0Eg\n',
  'kubetoken.yaml':
    'apiVersion: v1\nkind: Config\nusers:\n- name: u\n  user:\n    token: eyJhbGciOiJSUzI1NiJ9.x.y\n',
  'registry.json': '{"auths":{"ghcr.io":{"auth":"dXNlcjpwYXNzd29yZDEyMw=="}}}',
  'machines.txt': 'machine github.com\n  login u\n  password s3cr3t-value\n',
  'machine1.txt': 'machine github.com login u password s3cr3t-value\n',
  'rc.txt': `//registry.npmjs.org/:_authToken=npm_${TOKEN36}\n`,
  'vars.txt': `GITHUB_TOKEN=ghp_${TOKEN36}\n`,
  'aws.env': 'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n',
  'client.cnf':
    '# Automatically generated\n[client]\nhost     = localhost\nuser     = maint\npassword = Xk29sLq0pW\n',
  'kv.conf': 'bind 127.0.0.1\nport 6379\nrequirepass Zq81mfPw2x\n',
  'keystore.properties': 'storeFile=../upload.jks\nstorePassword=Fk29-store\nkeyAlias=upload\n',
  'application.properties': 'server.port=8080\nspring.datasource.password: Xk29sLq0pW\n',
  'quoted.properties': 'keyPassword="Fk29-key-value"\n',
  'application.yml':
    'server:\n  port: 8080\ndatasource:\n  username: ledger_app\n  password: Fk29-ledger-db\n',
  'settings.ini': '[database]\nhost = db.example.internal\nuser = app\npassword = Fk29-ini-db ; staging\n',
  'broker.conf': 'brokers = kafka-1:9092\nsasl_password = "Fk29-kafka"\n',
  'passwd.yml': 'db:\n  user: app\n  passwd: Xk29fjq7Lm\n',
  'aws.yml': 'aws:\n  secret_access_key: wJalrXUtnFEMIK7MDENGbPxRfiCYzz29fjq7LmAB\n',
  'dburl.yml': 'database:\n  url: postgres://app:Xk29fjq7Lm@db.prod.internal:5432/app\n',
  'folded.yml': 'db:\n  password: >-\n    Xk29fjq7Lm\n',
  'twice.yml': 'db:\n  password: Xk29fjq7Lm\nbackup:\n  password: Xk29fjq7Lm\n',
  'prod.example.local.yml': 'db:\n  password: Xk29fjq7Lm\n',
  // Review 30a: shapes of OAuth clients, payment keys, terraform state and pre-shared keys.
  'oauth.json':
    '{"installed":{"client_id":"1.apps.googleusercontent.com","client_secret":"GOCSPX-Fk29fjq7LmAB"}}',
  'stripe.txt': 'live key: sk_live_51Hk29fjq7LmABcdEF\n',
  'state.json':
    '{\n  "version": 4,\n  "terraform_version": "1.7.0",\n  "serial": 3,\n  "lineage": "6b1c",\n  "resources": []\n}\n',
  'home.nmconnection': '[wifi-security]\nkey-mgmt=wpa-psk\npsk=Xk29fjq7Lm\n',
  'app.yml.bak': 'db:\n  password: Xk29fjq7Lm\n',
  'appsettings.json':
    '{\n  "ConnectionStrings": {\n    "Default": "Server=db;Database=app;User Id=app;Password=Xk29fjq7Lm;"\n  }\n}\n',
  'settings.xml':
    '<settings><servers><server><id>r</id><password>Xk29fjq7Lm</password></server></servers></settings>\n',
  'deploy.toml': '[registry]\nurl = "https://registry.example.com"\napi_key = "Fk29-registry-key"\n',
};
// Files that name the same fields without holding a value: templates, docs, placeholders.
const LOOK_ALIKES: Record<string, string> = {
  'npmrc.tmpl': '//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n',
  'netrc.md': 'Put `machine HOST login USER password <PASS>` in ~/.netrc.\n',
  'env.example': 'GITHUB_TOKEN=ghp_xxx\nAWS_SECRET_ACCESS_KEY=changeme\n',
  'kube-doc.yaml': 'apiVersion: v1\nkind: Pod\nspec:\n  token: a\n',
  'docker.json': '{"credsStore": "desktop", "auths": {"ghcr.io": {}}}',
  'pubkey.txt': '-----BEGIN PGP PUBLIC KEY BLOCK-----\nmQIN\n-----END PGP PUBLIC KEY BLOCK-----\n',
  'server.cnf': '[mysqld]\ndatadir = /var/lib/mysql\n# password = set in [client]\n',
  'kv-doc.conf': '# requirepass foobared\nport 6379\n',
  'signing.properties': 'storePassword=${STORE_PASSWORD}\n# keyPassword=set-in-ci\nkeyAlias=upload\n',
  'gradle.properties': 'org.gradle.jvmargs=-Xmx2048m\nandroid.useAndroidX=true\n',
  'compose.yml':
    'services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: quarry\n      POSTGRES_PASSWORD: quarry\n',
  'ci.yml':
    'services:\n  postgres:\n    env:\n      POSTGRES_PASSWORD: postgres\n      API_TOKEN: ${{ secrets.API_TOKEN }}\n',
  'database.yml': 'development:\n  password: <%= ENV["DB_PASSWORD"] %>\ntest:\n  password: changeme\n',
  'settings.example.ini': '[database]\npassword = Fk29-not-real-but-a-template\n',
  'docker-compose.yml':
    'services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD: shop_dev\n',
  'compose.dev.yaml': 'services:\n  db:\n    environment:\n      MYSQL_ROOT_PASSWORD: local_root_pw\n',
  'mcp.json':
    '{"mcpServers": {"db": {"command": "npx", "args": ["-y", "server-postgres", "postgresql://harbor:harbor@db:5432/harbor_dev"]}}}\n',
  'local-url.yml': 'database:\n  url: postgres://app:Xk29fjq7Lm@localhost:5432/app\n',
  'service-account.yml': 'gcp:\n  credentials: ./keys/sa.json\n',
  'values.yaml': 'auth:\n  password: ""\n  existingSecret: db-auth\n',
};

beforeAll(async () => {
  await loadShellParser();
  mkdirSync(ws, { recursive: true });
  writeFileSync(join(ws, 'sa.json'), SERVICE_ACCOUNT);
  writeFileSync(join(ws, 'leak'), SERVICE_ACCOUNT);
  writeFileSync(
    join(ws, 'notes.txt'),
    'keys:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl\n-----END OPENSSH PRIVATE KEY-----\n',
  );
  writeFileSync(join(ws, 'creds.ini'), '[default]\naws_access_key_id = AKIA\naws_secret_access_key = abc\n');
  writeFileSync(join(ws, 'package.json'), '{"name": "x", "type": "module"}');
  writeFileSync(join(ws, 'doc.md'), 'A service account key has "type": "service_account" and more.');
  for (const [name, text] of Object.entries(SHAPED)) writeFileSync(join(ws, name), text);
  for (const [name, text] of Object.entries(LOOK_ALIKES)) writeFileSync(join(ws, name), text);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a file read is a secret read when its content has a secret shape', () => {
  it.each([
    ['a service-account key with a telling name', 'sa.json'],
    ['the same key with no telling name', 'leak'],
    ['a private key inside a text file', 'notes.txt'],
    ['an AWS credentials file by another name', 'creds.ini'],
  ])('%s: the Read tool', (_name, file) => {
    expect(pathCategories(join(ws, file), 'read', env()).categories).toContain('secret_material_read');
  });

  it.each([
    ['cat', 'cat leak'],
    ['jq', 'jq . sa.json'],
    ['head', 'head -5 notes.txt'],
  ])('%s through the shell', (_name, command) => {
    const a = analyzeShellSync(command, env());
    expect(a.hits.map((h) => h.category)).toContain('secret_material_read');
  });
});

describe('credential stores are recognised by shape, by class', () => {
  it.each(Object.keys(SHAPED))('%s: the Read tool and cat', (file) => {
    expect(pathCategories(join(ws, file), 'read', env()).categories).toContain('secret_material_read');
    expect(analyzeShellSync(`cat ${file}`, env()).hits.map((h) => h.category)).toContain(
      'secret_material_read',
    );
  });

  it.each(Object.keys(LOOK_ALIKES))('%s: a template or doc naming the fields is ordinary', (file) => {
    expect(pathCategories(join(ws, file), 'read', env()).categories).toEqual([]);
  });

  it('a reason never quotes the secret', () => {
    const a = analyzeShellSync('cat vars.txt', env());
    expect(JSON.stringify(a)).not.toContain(TOKEN36);
  });
});

describe('ordinary files stay ordinary', () => {
  it.each([
    ['a manifest', 'package.json'],
    ['prose that names the shape without the key', 'doc.md'],
    ['a missing file', 'gone.json'],
  ])('%s', (_name, file) => {
    expect(pathCategories(join(ws, file), 'read', env()).categories).toEqual([]);
  });

  it('a write is not sniffed (only the instruction files whose imports are agent configuration are read)', () => {
    reads.length = 0;
    pathCategories(join(ws, 'sa.json'), 'write', env());
    expect(reads).not.toContain(join(ws, 'sa.json'));
    expect(reads.every((p) => /(?:CLAUDE|AGENTS|GEMINI)(?:\.local)?\.md$/.test(p))).toBe(true);
  });

  it('at most a few files are looked at per request', () => {
    const e = env();
    reads.length = 0;
    const verdicts = Array.from({ length: CONTENT_BUDGET + 12 }, (_, i) =>
      pathCategories(join(ws, `f${i}.txt`), 'read', e),
    );
    expect(reads.length).toBeLessThanOrEqual(CONTENT_BUDGET);
    // Past the budget a read is uncertain, never presumed clean.
    expect(verdicts.at(-1)?.uncertain).toBe(true);
    expect(verdicts[0]?.uncertain).toBeUndefined();
  });

  it('a shell reading more files than are looked inside is uncertain', () => {
    const files = Array.from({ length: CONTENT_BUDGET + 2 }, (_, i) => `g${i}.txt`).join(' ');
    expect(analyzeShellSync(`cat ${files}`, env()).uncertain.map((u) => u.code)).toContain('too-large');
  });
});
