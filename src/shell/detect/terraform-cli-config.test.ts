// terraform's CLI configuration (terraform-cli-config.ts, issue 11: scripts and programs the runner will run are
// read): `dev_overrides` in `~/.terraformrc` replaces a provider with a local build that every command starting
// that provider runs (validate and providers schema too, not only plan); a credentials helper runs a program. A
// configuration that uses no overridden provider, formatting, and `TF_CLI_CONFIG_FILE=/dev/null` stay quiet.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { listingReader } from '../testdata/listing-reader';
import { shellEnv } from '../testdata/shell-env';
import { overriddenTypes } from './terraform-cli-config';

const P = '/home/u/proj';
const H = '/home/u';
const RC =
  'plugin_cache_dir = "/home/u/.terraform.d/cache"\nprovider_installation {\n  # local build of the DNS provider\n  dev_overrides {\n    "registry.terraform.io/cloudflare/cloudflare" = "/home/u/dev/cf"\n  }\n  direct {}\n}\n';
const DNS = {
  [`${P}/dns/versions.tf`]:
    'terraform {\n  required_providers {\n    cloudflare = { source = "cloudflare/cloudflare" }\n  }\n}\n',
  [`${P}/dns/main.tf`]: 'resource "cloudflare_record" "api" {\n  name = "api"\n}\n',
};
const APP = { [`${P}/app/main.tf`]: 'resource "aws_s3_bucket" "b" {\n  bucket = "x"\n}\n' };

const reader = listingReader;
const uncertain = (command: string, files: Record<string, string>) =>
  analyzeShellSync(command, shellEnv({ readScript: reader(files) })).uncertain.map((u) => u.reason);

beforeAll(async () => {
  await loadShellParser();
});

describe('a provider replaced by a local build is uncertain wherever it starts', () => {
  it.each([
    'terraform -chdir=dns validate',
    'cd dns && terraform plan',
    'cd dns && terraform providers schema -json',
    'cd dns && terraform console',
    'cd dns && tofu validate',
  ])('%s', (command) => {
    const files = { ...DNS, ...APP, [`${H}/.terraformrc`]: RC };
    expect(uncertain(command, files).join('\n')).toMatch(/dev_overrides/);
  });

  // Review 26: terraform merges every `*.tfrc` of ~/.terraform.d into the file; HCL 1 takes a quoted block name.
  it.each<[string, Record<string, string>]>([
    [
      'a *.tfrc of ~/.terraform.d',
      { [`${H}/.terraform.d/dev.tfrc`]: RC, [`${H}/.terraformrc`]: 'plugin_cache_dir = "/x"\n' },
    ],
    ['a quoted block name', { [`${H}/.terraformrc`]: RC.replace('dev_overrides {', '"dev_overrides" {') }],
    [
      'the JSON form',
      {
        [`${H}/.terraformrc`]:
          '{"provider_installation": [{"dev_overrides": [{"hashicorp/null": "/tmp/tf"}]}]}',
      },
    ],
    [
      'a *.tfrc.json of ~/.terraform.d',
      { [`${H}/.terraform.d/x.tfrc.json`]: '{"provider_installation": {"dev\\u005foverrides": {}}}' },
    ],
    [
      'a block given as a value',
      { [`${H}/.terraformrc`]: RC.replace('dev_overrides {', 'dev_overrides = {') },
    ],
  ])('%s', (_n, rc) => {
    expect(uncertain('cd dns && terraform plan', { ...DNS, ...rc }).join('\n')).toMatch(
      /dev_overrides|overrides providers/,
    );
  });

  it('a module from elsewhere may start it too', () => {
    const files = {
      ...APP,
      [`${P}/app/net.tf`]: 'module "dns" {\n  source = "acme/dns/cloudflare"\n}\n',
      [`${H}/.terraformrc`]: RC,
    };
    expect(uncertain('terraform -chdir=app validate', files).join('\n')).toMatch(/dev_overrides/);
  });

  it("OpenTofu's own file comes first", () => {
    const files = { ...DNS, [`${H}/.tofurc`]: RC, [`${H}/.terraformrc`]: '' };
    expect(uncertain('cd dns && tofu validate', files).join('\n')).toMatch(/dev_overrides/);
    expect(uncertain('cd dns && terraform validate', files)).toEqual([]);
  });

  it('a credentials helper runs a program; a file named at run time or unreadable is not followed', () => {
    const helper = { ...APP, [`${H}/.terraformrc`]: 'credentials_helper "acme" {\n  args = []\n}\n' };
    expect(uncertain('terraform -chdir=app validate', helper).join('\n')).toMatch(/credentials helper/);
    expect(uncertain('TF_CLI_CONFIG_FILE="$X" terraform -chdir=app validate', APP).join('\n')).toMatch(
      /TF_CLI_CONFIG_FILE/,
    );
    const named = { ...DNS, '/home/u/dev.tfrc': RC };
    expect(
      uncertain('TF_CLI_CONFIG_FILE=/home/u/dev.tfrc terraform -chdir=dns validate', named).join('\n'),
    ).toMatch(/dev_overrides/);
    const unreadable = analyzeShellSync(
      'terraform -chdir=app validate',
      shellEnv({
        readScript: (abs) =>
          abs === `${H}/.terraformrc` ? { kind: 'unreadable', why: 'error' } : reader(APP)(abs),
      }),
    );
    expect(unreadable.uncertain.map((u) => u.reason).join('\n')).toMatch(/could not be read/);
  });
});

describe('providers installed from the workspace (review 24)', () => {
  it('init from an implied local mirror beside the configuration, or from -plugin-dir, is uncertain', () => {
    const files = {
      ...APP,
      [`${P}/app/terraform.d/plugins/registry.terraform.io/hashicorp/null/9.9.9/linux_amd64/terraform-provider-null_v9.9.9`]:
        '#!/bin/sh\n',
    };
    expect(uncertain('terraform -chdir=app init', files).join('\n')).toMatch(/implied mirror/);
    expect(uncertain('cd app && terraform init && terraform validate', files).join('\n')).toMatch(
      /implied mirror/,
    );
    expect(uncertain('terraform -chdir=app init -plugin-dir=/tmp/p', APP).join('\n')).toMatch(/plugin-dir/);
    const home = { ...APP, [`${H}/.terraform.d/plugins/registry.terraform.io/x/y/1.0.0/linux_amd64/p`]: 'x' };
    expect(uncertain('terraform -chdir=app init', home).join('\n')).toMatch(/implied mirror/);
    for (const mirror of [
      'filesystem_mirror {\n path = "/home/u/m"\n }',
      'network_mirror {\n url = "https://m.example/"\n }',
    ]) {
      const rc = { ...APP, [`${H}/.terraformrc`]: `provider_installation {\n ${mirror}\n}\n` };
      expect(uncertain('terraform -chdir=app init', rc).join('\n')).toMatch(
        /mirror the CLI configuration names/,
      );
      expect(uncertain('terraform -chdir=app validate', rc)).toEqual([]);
    }
    expect(uncertain('terraform -chdir=app init', APP)).toEqual([]);
  });
});

describe('what starts no replaced provider stays quiet', () => {
  it.each([
    ['another configuration', 'terraform -chdir=app validate'],
    ['formatting', 'cd dns && terraform fmt -check'],
    ['the version', 'terraform version'],
    ['no CLI configuration at all', 'cd dns && terraform validate'],
    ['the configuration turned off', 'TF_CLI_CONFIG_FILE=/dev/null terraform -chdir=dns validate'],
  ])('%s', (name, command) => {
    const files: Record<string, string> = { ...DNS, ...APP };
    if (name !== 'no CLI configuration at all') files[`${H}/.terraformrc`] = RC;
    expect(uncertain(command, files)).toEqual([]);
  });

  it('the types overridden are read; an override in a comment is none', () => {
    expect(overriddenTypes('dev_overrides {\n "a/cloudflare" = "/x"\n "b/acme" = "/y"\n}\n')).toEqual([
      'cloudflare',
      'acme',
    ]);
    expect(
      uncertain('cd dns && terraform validate', { ...DNS, [`${H}/.terraformrc`]: '# dev_overrides {\n' }),
    ).toEqual([]);
  });
});
