// The start-up files database and cloud clients read from the user's home before anything else (review 26: each
// of sqlite3, psql, mysql, kubectl and aws was allowed with a start-up file that runs a program): only display and
// connection settings and credential helpers of well-known names stay quiet. The reader is a table in memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import type { ScriptFile } from '../types';

const H = '/home/u';
const SECRET = 'TOKEN-4d0e-never-in-a-reason';

function reasons(command: string, files: Record<string, string>): string {
  const table: Record<string, ScriptFile> = {
    [H]: {
      kind: 'unreadable',
      why: 'not-regular',
      entries: Object.keys(files).map((k) => k.split('/')[0] ?? k),
    },
  };
  for (const [k, v] of Object.entries(files)) table[`${H}/${k}`] = { kind: 'text', text: v };
  const a = analyzeShellSync(command, shellEnv({ readScript: (abs) => table[abs] ?? { kind: 'missing' } }));
  const text = JSON.stringify(a.uncertain);
  expect(text).not.toContain(SECRET);
  return text;
}
const flagged = (command: string, files: Record<string, string>) => reasons(command, files) !== '[]';

beforeAll(async () => {
  await loadShellParser();
});

describe('a start-up file that may run a program or load code is uncertain', () => {
  it.each<[string, string, Record<string, string>]>([
    ['sqlite3 .shell', "sqlite3 app.db 'select 1'", { '.sqliterc': '.headers on\n.shell curl x\n' }],
    ['sqlite3 .load', 'sqlite3 app.db .tables', { '.sqliterc': '.load ./x.so\n' }],
    ['sqlite3 SQL', "sqlite3 app.db 'select 1'", { '.sqliterc': "ATTACH '/tmp/x.db' AS x;\n" }],
    ['psql \\!', "psql -c 'select 1'", { '.psqlrc': '\\set QUIET 1\n\\! curl x\n' }],
    ['psql a backquoted variable', "psql -c 'select 1'", { '.psqlrc': '\\set x `curl x`\n' }],
    [
      'psql a second meta-command on a line',
      "psql -c 'select 1'",
      { '.psqlrc': '\\set x 1 \\! sh /tmp/e.sh\n' },
    ],
    ['sqlite3 its XDG file', 'sqlite3 app.db .tables', { '.config/sqlite3/sqliterc': '.shell curl x\n' }],
    ['aws a colon separator', 'aws s3 ls', { '.aws/config': '[default]\ncredential_process: /tmp/c.sh\n' }],
    [
      'kubectl a quoted command key',
      'kubectl get pods',
      { '.kube/config': 'users:\n- user:\n    exec:\n      "command": /tmp/e.sh\n' },
    ],
    ['psql \\o to a pipe', "psql -c 'select 1'", { '.psqlrc': '\\o | sh\n' }],
    ['psql a versioned start-up file', "psql -c 'select 1'", { '.psqlrc-16': '\\! curl x\n' }],
    [
      'mysql a plugin',
      "mysql -e 'select 1'",
      { '.my.cnf': `[client]\nuser=u\npassword=${SECRET}\nplugin-dir=/tmp/p\ndefault-auth=evil\n` },
    ],
    ['mysql a pager', "mysql -e 'select 1'", { '.my.cnf': '[mysql]\npager=sh -c x\n' }],
    ['mysql an include', "mysql -e 'select 1'", { '.my.cnf': '!includedir /tmp/conf.d\n' }],
    [
      'kubectl a credential plugin by path',
      'kubectl get pods',
      {
        '.kube/config':
          'users:\n- name: u\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: /tmp/evil\n',
      },
    ],
    [
      'kubectl a legacy auth provider',
      'kubectl get pods',
      {
        '.kube/config':
          'users:\n- name: u\n  user:\n    auth-provider:\n      config:\n        cmd-path: /tmp/x\n',
      },
    ],
    [
      'aws a credential process by path',
      'aws sts get-caller-identity',
      { '.aws/config': '[default]\ncredential_process = /tmp/creds.sh\n' },
    ],
    ['aws plugins', 'aws sts get-caller-identity', { '.aws/config': '[plugins]\nx = evil_module\n' }],
    // Review 26: other spellings and files the real tools read.
    [
      'kubectl a JSON kubeconfig',
      'kubectl get pods',
      { '.kube/config': '{"users":[{"name":"u","user":{"exec":{"command":"/bin/sh","args":["-c","x"]}}}]}' },
    ],
    [
      'kubectl flow style',
      'kubectl get pods',
      { '.kube/config': 'users:\n- {name: u, user: {exec: {command: /tmp/evil}}}\n' },
    ],
    [
      'kubectl an escaped key',
      'kubectl get pods',
      { '.kube/config': '{"users":[{"user":{"exec":{"comm\\u0061nd":"/tmp/e"}}}]}' },
    ],
    [
      'aws a key in capitals',
      'aws sts get-caller-identity',
      { '.aws/config': '[default]\nCredential_Process = /tmp/creds.sh\n' },
    ],
    [
      'aws the credentials file',
      'aws sts get-caller-identity',
      { '.aws/credentials': `[default]\naws_access_key_id = ${SECRET}\ncredential_process = /tmp/c.sh\n` },
    ],
    [
      'aws an alias replacing the command',
      'aws sts get-caller-identity',
      { '.aws/cli/alias': '[toplevel]\nsts = !f() { curl x; }; f\n' },
    ],
    [
      'wget use_askpass',
      'wget -qO- https://example.com/x',
      { '.wgetrc': 'tries = 3\nuse-askpass = /tmp/ap.sh\n' },
    ],
    [
      'curl output elsewhere',
      'curl -s https://example.com/x',
      { '.curlrc': '--silent\noutput = /home/u/.bashrc\n' },
    ],
    [
      "curl's XDG file",
      'curl -s https://example.com/x',
      { '.config/.curlrc': 'data = @/home/u/.ssh/id_ed25519\n' },
    ],
    // The second review of the session's readers.
    [
      'kubectl a quoted command that goes on',
      'kubectl get pods',
      { '.kube/config': "users:\n- user:\n    exec:\n      command: 'aws''/../evil'\n" },
    ],
    [
      'kubectl a known helper handed another aws configuration',
      'kubectl get pods',
      {
        '.kube/config':
          'users:\n- user:\n    exec:\n      command: aws\n      args: [eks, get-token]\n      env:\n      - name: AWS_CONFIG_FILE\n        value: awscfg\n',
      },
    ],
    [
      "kubectl's aws helper under a credential process",
      'kubectl get pods',
      {
        '.kube/config': 'users:\n- user:\n    exec:\n      command: aws\n',
        '.aws/config': '[default]\ncredential_process = sh -c x\n',
      },
    ],
    [
      'aws an alias written with a colon',
      'aws sts get-caller-identity',
      { '.aws/cli/alias': '[toplevel]\nsts: !touch x\n' },
    ],
    [
      'aws a credential process through an alias',
      'aws s3 ls',
      {
        '.aws/config': '[default]\ncredential_process = aws zzhelper\n',
        '.aws/cli/alias': '[toplevel]\nzzhelper = !touch x\n',
      },
    ],
    [
      'less a variable name escaped',
      'less README.md',
      { '.lesskey': '#env\nLESS\\117PEN = |touch x; cat %s\n' },
    ],
    [
      'less another key file pulled in',
      'less README.md',
      { '.lesskey': '#env\nLESS = --lesskey-src=/tmp/k.txt\n' },
    ],
    [
      "curl's XDG file without the dot",
      'curl -s https://example.com/x',
      { '.config/curlrc': 'output = /tmp/x\n' },
    ],
    [
      'pip another interpreter on any command',
      'pip list',
      { '.config/pip/pip.conf': '[global]\npython = /tmp/evilpy\n' },
    ],
    ['less an input preprocessor', 'less -R README.md', { '.lesskey': '#env\nLESSOPEN=|curl x %s\n' }],
  ])('%s', (_n, command, files) => {
    expect(flagged(command, files)).toBe(true);
  });
});

describe('ordinary start-up files stay quiet', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'sqlite3 display settings',
      "sqlite3 app.db 'select 1'",
      { '.sqliterc': '-- mine\n.headers on\n.mode column\n.timer on\n' },
    ],
    [
      'psql variables and display',
      "psql -c 'select 1'",
      { '.psqlrc': '\\set QUIET 1\n\\pset null (null)\n\\timing\n\\x auto\n' },
    ],
    ['psql -X skips the file', "psql -X -c 'select 1'", { '.psqlrc': '\\! curl x\n' }],
    [
      'mysql connection settings',
      "mysql -e 'select 1'",
      {
        '.my.cnf': `[client]\nuser=u\npassword=${SECRET}\ndefault-character-set=utf8mb4\n[mysqld]\nplugin-dir=/x\n`,
      },
    ],
    ['mysql --no-defaults first', "mysql --no-defaults -e 'select 1'", { '.my.cnf': '[client]\npager=x\n' }],
    [
      'kubectl a well-known helper',
      'kubectl get pods',
      {
        '.kube/config':
          'users:\n- name: u\n  user:\n    exec:\n      command: aws\n      args: ["eks", "get-token"]\n',
      },
    ],
    [
      'aws a well-known credential helper',
      'aws sts get-caller-identity',
      {
        '.aws/config':
          '[profile p]\ncredential_process = aws-vault export --format=json p\nregion = eu-west-1\n',
      },
    ],
  ])('%s', (_n, command, files) => {
    expect(flagged(command, files)).toBe(false);
  });
});
