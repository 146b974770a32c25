// A package source set through the environment is judged as the installer's own source option: a host nobody
// stated is package_install_from_unstated_source, in every form the variable is given.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import { registrySources } from './registry-variables';

const env = shellEnv();
const categories = (command: string) => analyzeShellSync(command, env).hits.map((h) => h.category);
const UNSTATED = 'package_install_from_unstated_source';

beforeAll(async () => {
  await loadShellParser();
});

describe('registry variables pointing at a source nobody stated', () => {
  it.each([
    ['npm, upper case', 'NPM_CONFIG_REGISTRY=http://x.example/ npm install'],
    ['npm, lower case', 'npm_config_registry=http://x.example/ npm ci'],
    ['pip', 'PIP_INDEX_URL=http://pypi.x.example/simple pip install -r requirements.txt'],
    ['uv', 'UV_INDEX_URL=http://x.example/simple uv sync'],
    ['yarn berry', 'YARN_NPM_REGISTRY_SERVER=http://x.example yarn install'],
    ['a GOPROXY list', 'GOPROXY=https://goproxy.x.example,direct go mod download'],
    ['exported first', 'export PIP_INDEX_URL=http://x.example/simple && pip install requests'],
    ['through env', 'env NPM_CONFIG_REGISTRY=http://x.example/ npm install'],
    ['a value known at run time', 'NPM_CONFIG_REGISTRY="$REG" npm install'],
  ])('%s: %s', (_name, command) => {
    expect(categories(command)).toContain(UNSTATED);
  });

  it.each([
    ['the public registry', 'NPM_CONFIG_REGISTRY=https://registry.npmjs.org/ npm install'],
    ['the Go proxy and direct', 'GOPROXY=https://proxy.golang.org,direct go mod download'],
    ['Go off', 'GOPROXY=off go build ./...'],
    ['another npm setting', 'npm_config_loglevel=warn npm ci'],
  ])('quiet: %s: %s', (_name, command) => {
    expect(categories(command)).not.toContain(UNSTATED);
  });

  it('reads lists and leaves other names alone', () => {
    expect(registrySources('GOPROXY', 'https://a.example|https://b.example,direct')).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(registrySources('PATH', '/usr/bin')).toBeUndefined();
  });
});
