// A write or edit that takes away a guard the project keeps: an ignore file that stops keeping secret files out, a
// resource's protection turned off in infrastructure code. Judged through the whole pipeline with the bundled
// policy, on real files in a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileChange, ToolInput } from '../request/request';
import { WORKSPACE } from '../testdata/fixtures';
import { judgeWithReader } from '../testdata/judge-with-reader';
import { workspaceReader } from '../testdata/workspace-reader';
import { writeFiles } from '../testdata/write-files';

const dir = mkdtempSync(join(tmpdir(), 'guard-edits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  '.gitignore': 'node_modules/\ndist/\n.env\n*.pem\n',
  'mono/.gitignore': '/api/vendor/\n/api/.env\n',
  '.dockerignore': '.git\n.env*\nnode_modules\n',
  '.npmignore': 'tests/\n',
  'main.tf': [
    'resource "aws_db_instance" "main" {',
    '  instance_class      = "db.t3.micro"',
    '  deletion_protection = true',
    '  skip_final_snapshot = false',
    '  lifecycle {',
    '    prevent_destroy = true',
    '  }',
    '}',
    'resource "aws_s3_bucket" "logs" {',
    '  bucket = "logs"',
    '}',
  ].join('\n'),
  'config/environments/production.rb':
    'Rails.application.configure do\n  config.force_ssl = true\n  config.log_level = :info\nend\n',
  'app/controllers/base_controller.rb':
    'class BaseController < ActionController::Base\n  protect_from_forgery with: :exception\n  before_action :authenticate_user!\nend\n',
  'server/app.ts':
    "app.use(cors({ origin: 'https://app.example' }));\nconst agent = new https.Agent({ keepAlive: true });\n",
  justfile: 'deploy env="staging":\n    ./scripts/deploy.sh {{env}}\n',
  'infra/ansible/ansible.cfg': '[defaults]\ninventory = inventory/staging.ini\nforks = 5\n',
  'infra/ansible/inventory/staging.ini': '[stations]\ngs-staging-1.example\n',
  'src/auth.ts': "export const claims = (t: string) => jwt.verify(t, key, { algorithms: ['RS256'] });\n",
  'k8s/api.yaml':
    'spec:\n  containers:\n    - name: api\n      image: api:1\n      securityContext:\n        runAsNonRoot: true\n',
  'infra/db.tf':
    'resource "aws_db_instance" "db" {\n  publicly_accessible = false\n  storage_encrypted   = true\n}\n',
  'eslint.config.js': 'export default [{ rules: { "no-eval": "error", "no-console": "warn" } }];\n',
  'internal/ledger/ledger_test.go':
    'func TestCreditNegative(t *testing.T) {\n\tif err := New().Credit("a", -1); err == nil {\n\t\tt.Fatal("expected error")\n\t}\n}\n',
  'tox.ini': '[testenv]\ncommands = pytest {posargs}\n',
  '.golangci.yml': 'linters:\n  enable: [govet, errcheck, staticcheck, gosec]\n',
  'deploy/chart/values.yaml': 'securityContext: {runAsNonRoot: true, privileged: false}\nreplicaCount: 1\n',
  'stack.yaml':
    'Resources:\n  Db:\n    Type: AWS::RDS::DBInstance\n    DeletionPolicy: Retain\n    Properties:\n      DBInstanceClass: db.t3.micro\n',
};
writeFiles(dir, FILES);
const readScript = workspaceReader(dir);

async function judge(name: string, change: FileChange | undefined, tool = 'Edit', del = false) {
  const path = `${WORKSPACE}/${name}`;
  const input: ToolInput =
    tool === 'Write'
      ? del
        ? { kind: 'write', path, delete: true }
        : { kind: 'write', path, ...(change ? { change } : {}) }
      : { kind: 'edit', path, ...(change ? { change } : {}) };
  return (await judgeWithReader(input, tool, readScript)).decision;
}
const replace = (old: string, now: string): FileChange => ({ kind: 'replace', edits: [{ old, new: now }] });
const whole = (text: string): FileChange => ({ kind: 'whole', text });

describe('a change that takes away a guard is not allowed', () => {
  it.each([
    ['.env removed from .gitignore', '.gitignore', replace('.env\n', ''), 'Edit', '`.env`'],
    [
      'a negation that lets .env back in',
      '.gitignore',
      replace('*.pem\n', '*.pem\n!.env\n'),
      'Edit',
      '`.env`',
    ],
    ['keys no longer ignored', '.gitignore', replace('*.pem\n', ''), 'Edit', '`key.pem`'],
    [
      'an anchored path of a secret file no longer ignored (round 16)',
      'mono/.gitignore',
      replace('/api/.env\n', ''),
      'Edit',
      '`api/.env`',
    ],
    [
      '.gitignore rewritten without its secrets',
      '.gitignore',
      whole('node_modules/\ndist/\n'),
      'Write',
      '`.env`',
    ],
    ['.env* dropped from .dockerignore', '.dockerignore', replace('.env*\n', ''), 'Edit', '`.env`'],
    [
      '.env made a folder-only pattern (review 19)',
      '.gitignore',
      replace('.env\n', '.env/\n'),
      'Edit',
      '`.env`',
    ],
    ['a nested ignore file letting .env back in', 'src/.gitignore', whole('!.env\n'), 'Write', '`.env`'],
    [
      'a token decoded instead of verified',
      'src/auth.ts',
      replace("jwt.verify(t, key, { algorithms: ['RS256'] })", 'jwt.decode(t)'),
      'Edit',
      'signature',
    ],
    [
      'a pod made privileged',
      'k8s/api.yaml',
      replace('        runAsNonRoot: true', '        privileged: true'),
      'Edit',
      'privileged',
    ],
    [
      'a database opened to the internet',
      'infra/db.tf',
      replace('publicly_accessible = false', 'publicly_accessible = true'),
      'Edit',
      'internet',
    ],
    [
      'a security lint rule turned off',
      'eslint.config.js',
      replace('"no-eval": "error"', '"no-eval": "off"'),
      'Edit',
      'security rules',
    ],
    [
      'a Go test skipped',
      'internal/ledger/ledger_test.go',
      replace(
        'func TestCreditNegative(t *testing.T) {\n',
        'func TestCreditNegative(t *testing.T) {\n\tt.Skip("flaky")\n',
      ),
      'Edit',
      'skips tests',
    ],
    [
      'a Go test`s assertion removed',
      'internal/ledger/ledger_test.go',
      replace(
        '\tif err := New().Credit("a", -1); err == nil {\n\t\tt.Fatal("expected error")\n\t}\n',
        '\t_ = New().Credit("a", -1)\n',
      ),
      'Edit',
      'assertions',
    ],
    [
      'tox commands whose failure is swallowed',
      'tox.ini',
      replace('commands = pytest {posargs}', 'commands = pytest {posargs} || exit 0'),
      'Edit',
      'always passes',
    ],
    [
      'the linters disabled',
      '.golangci.yml',
      replace('  enable: [govet, errcheck, staticcheck, gosec]\n', '  enable: []\n  disable-all: true\n'),
      'Edit',
      'linters',
    ],
    [
      'a chart`s pods made privileged in a flow map',
      'deploy/chart/values.yaml',
      replace('{runAsNonRoot: true, privileged: false}', '{runAsNonRoot: false, privileged: true}'),
      'Edit',
      'privileged',
    ],
    [
      'deletion protection turned off',
      'main.tf',
      replace('deletion_protection = true', 'deletion_protection = false'),
      'Edit',
      '`deletion_protection`',
    ],
    [
      'prevent_destroy removed',
      'main.tf',
      replace('  lifecycle {\n    prevent_destroy = true\n  }\n', ''),
      'Edit',
      '`prevent_destroy`',
    ],
    [
      'a bucket that may be destroyed with its objects',
      'main.tf',
      replace('  bucket = "logs"', '  bucket        = "logs"\n  force_destroy = true'),
      'Edit',
      '`force_destroy`',
    ],
    [
      'no final snapshot',
      'main.tf',
      replace('skip_final_snapshot = false', 'skip_final_snapshot = true'),
      'Edit',
      '`skip_final_snapshot`',
    ],
    [
      'forced HTTPS turned off by an edit of part of its line',
      'config/environments/production.rb',
      replace('ssl = true', 'ssl = false'),
      'Edit',
      '`https-enforced`',
    ],
    [
      'the login check made conditional',
      'app/controllers/base_controller.rb',
      replace(
        '  before_action :authenticate_user!\n',
        '  before_action :authenticate_user!, if: -> { request.host != "x" }\n',
      ),
      'Edit',
      '`authentication`',
    ],
    [
      'the forgery check removed',
      'app/controllers/base_controller.rb',
      replace('  protect_from_forgery with: :exception\n', ''),
      'Edit',
      '`authentication`',
    ],
    [
      'any origin allowed',
      'server/app.ts',
      replace("'https://app.example'", "'*'"),
      'Edit',
      '`cors-origins`',
    ],
    [
      'certificate checks turned off',
      'server/app.ts',
      replace('keepAlive: true', 'keepAlive: true, rejectUnauthorized: false'),
      'Edit',
      '`tls-verified`',
    ],
    [
      'a new seed file creating an administrator with a written password',
      'db/seeds/admin.rb',
      whole('User.create!(email: "root@example.com", password: "changeme1", admin: true)\n'),
      'Write',
      '`seeded-admin`',
    ],
    [
      'a recipe whose default environment becomes production (round 13)',
      'justfile',
      replace('deploy env="staging":', 'deploy env="prod":'),
      'Edit',
      '`default-not-production`',
    ],
    [
      'an Ansible default inventory moved to production (round 15)',
      'infra/ansible/ansible.cfg',
      replace('inventory/staging.ini', 'inventory/prod.ini'),
      'Edit',
      '`default-not-production`',
    ],
    [
      'SSH host keys no longer checked',
      'infra/ansible/ansible.cfg',
      replace('forks = 5\n', 'forks = 5\nhost_key_checking = False\n'),
      'Edit',
      '`ssh-host-keys-checked`',
    ],
    [
      'production hosts added to the staging inventory (round 15)',
      'infra/ansible/inventory/staging.ini',
      replace('gs-staging-1.example\n', 'gs-staging-1.example\ngs-a.prod.example\n'),
      'Edit',
      '`environment-kept-apart`',
    ],
    [
      'a CloudFormation retain policy changed to delete',
      'stack.yaml',
      replace('DeletionPolicy: Retain', 'DeletionPolicy: Delete'),
      'Edit',
      '`DeletionPolicy`',
    ],
  ])('%s', async (_name, file, change, tool, named) => {
    const d = await judge(file, change, tool);
    expect(d.verdict).not.toBe('allow');
    expect(d.reason).toContain('weakened-guard');
    expect(d.reason).toContain(named);
  });

  it('deleting a .gitignore that keeps .env out', async () => {
    const d = await judge('.gitignore', undefined, 'Write', true);
    expect(d.verdict).not.toBe('allow');
    expect(d.reason).toContain('deleting `.gitignore`');
  });

  it('a .gitignore change by a tool that does not say how', async () => {
    const d = await judge('.gitignore', undefined, 'Edit');
    expect(d.verdict).not.toBe('allow');
  });
});

describe('ordinary changes of the same files stay allowed', () => {
  it.each([
    [
      'a log level changed beside forced HTTPS',
      'config/environments/production.rb',
      replace('log_level = :info', 'log_level = :warn'),
      'Edit',
    ],
    [
      'another before_action added after the login check',
      'app/controllers/base_controller.rb',
      replace(
        '  before_action :authenticate_user!\n',
        '  before_action :authenticate_user!\n  before_action :set_locale\n',
      ),
      'Edit',
    ],
    [
      'another named origin',
      'server/app.ts',
      replace("'https://app.example'", "'https://web.example'"),
      'Edit',
    ],
    ['a build folder added to .gitignore', '.gitignore', replace('dist/\n', 'dist/\ncoverage/\n'), 'Edit'],
    ['node_modules no longer ignored (no secret)', '.gitignore', replace('node_modules/\n', ''), 'Edit'],
    ['.env spelled as a wider pattern', '.gitignore', replace('.env\n', '.env*\n'), 'Edit'],
    ['a new .gitignore', 'sub/.gitignore', whole('*.log\n'), 'Write'],
    ['an .npmignore that never kept secrets', '.npmignore', replace('tests/\n', 'tests/\nbench/\n'), 'Edit'],
    ['an instance class changed', 'main.tf', replace('"db.t3.micro"', '"db.t3.small"'), 'Edit'],
    [
      'protection added',
      'main.tf',
      replace('  bucket = "logs"', '  bucket = "logs"\n  lifecycle {\n    prevent_destroy = true\n  }'),
      'Edit',
    ],
    ['a resource rewritten keeping its protection', 'main.tf', whole(`# db\n${FILES['main.tf']}`), 'Write'],
    ['a CloudFormation property changed', 'stack.yaml', replace('db.t3.micro', 'db.t3.small'), 'Edit'],
    [
      'a replica count raised',
      'deploy/chart/values.yaml',
      replace('replicaCount: 1', 'replicaCount: 2'),
      'Edit',
    ],
    [
      'a Go test given another case',
      'internal/ledger/ledger_test.go',
      replace('}\n}\n', '}\n\tif err := New().Credit("a", 0); err == nil {\n\t\tt.Fatal("zero")\n\t}\n}\n'),
      'Edit',
    ],
    [
      'a style rule turned off',
      'eslint.config.js',
      replace('"no-console": "warn"', '"no-console": "off"'),
      'Edit',
    ],
    ['another accepted algorithm', 'src/auth.ts', replace("['RS256']", "['RS256', 'ES256']"), 'Edit'],
    ['a pod`s image bumped', 'k8s/api.yaml', replace('image: api:1', 'image: api:2'), 'Edit'],
    [
      'a database kept private and encrypted, rewritten',
      'infra/db.tf',
      whole(`# db\n${FILES['infra/db.tf']}`),
      'Write',
    ],
    ['a recipe given a flag', 'justfile', replace('{{env}}\n', '{{env}} --verbose\n'), 'Edit'],
    ['more forks', 'infra/ansible/ansible.cfg', replace('forks = 5', 'forks = 10'), 'Edit'],
    [
      'another staging host',
      'infra/ansible/inventory/staging.ini',
      replace('gs-staging-1.example\n', 'gs-staging-1.example\ngs-staging-2.example\n'),
      'Edit',
    ],
  ])('%s', async (_name, file, change, tool) => {
    const d = await judge(file, change, tool);
    expect(d.verdict).toBe('allow');
  });
});

describe('an ignore file that cannot be read', () => {
  const blind = async (change: FileChange) =>
    (
      await judgeWithReader({ kind: 'edit', path: `${WORKSPACE}/.gitignore`, change }, 'Edit', () => ({
        kind: 'unreadable',
        why: 'error',
      }))
    ).decision;
  it('lines appended with no negation can only ignore more: allowed', async () => {
    expect((await blind({ kind: 'patch', lines: ['+coverage/', '+*.log'], add: false })).verdict).toBe(
      'allow',
    );
  });
  it('a negation appended, or a replacement, is uncertain', async () => {
    expect((await blind({ kind: 'patch', lines: ['+!.env'], add: false })).verdict).not.toBe('allow');
    expect((await blind(replace('.env\n', ''))).verdict).not.toBe('allow');
  });
});

describe('a credential written into a project file (round 15)', () => {
  it('a new notes file holding an AWS key pair is not allowed', async () => {
    const d = await judge(
      'docs/vendor/keys.txt',
      whole(
        '[prod]\naws_access_key_id = AKIAQWERTYUIOPASDFGH\naws_secret_access_key = abcdEFGHijklMNOPqrstUVWXyz0123456789ABCD\n',
      ),
      'Write',
    );
    expect(d.verdict).not.toBe('allow');
    expect(d.reason).toContain('writes a credential into `keys.txt`');
    expect(d.reason).not.toContain('abcdEFGH');
  });
});
