// Writes through a tool's operands and output options (issue 11): a formatter's operand, a builder's output
// option and a reader's OUTPUT positional are writes, judged where they land; workspace writes stay plain.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';

const env = shellEnv();
const writes = (command: string) =>
  analyzeShellSync(command, env)
    .segments.flatMap((s) => s.paths)
    .filter((p) => p.role === 'write')
    .map((p) => p.class);
const categories = (command: string) => analyzeShellSync(command, env).hits.map((h) => h.category);

beforeAll(async () => {
  await loadShellParser();
});

describe('tool outputs are writes', () => {
  it.each([
    ['prettier --write of a login file', 'prettier --write ~/.bashrc', 'home'],
    ['eslint --fix outside', 'eslint --fix /root/x.js', 'system'],
    ['eslint -o over a login file', 'eslint -o ~/.bashrc .', 'home'],
    ['tsc --outDir into home', 'tsc --outDir ~/.config/autostart', 'home'],
    ['biome format --write', 'biome format --write ~/.profile', 'home'],
    ['esbuild --outfile=', 'esbuild a.ts --outfile=/root/.bashrc', 'system'],
    ['black rewrites operands', 'black ~/.bashrc', 'home'],
    ['ruff check --fix', 'ruff check --fix /root/x.py', 'system'],
    ['ruff format', 'ruff format ~/.profile', 'home'],
    ['uniq OUTPUT positional', 'uniq /dev/null ~/.bashrc', 'home'],
    ['ptx -G OUTPUT positional', 'ptx -G README ~/.profile', 'home'],
    ['tree -o', 'tree -o ~/.bashrc', 'home'],
    ['gcc -o outside', 'gcc a.c -o /usr/local/bin/x', 'system'],
  ])('%s: `%s` writes a %s path', (_name, command, cls) => {
    expect(writes(command)).toContain(cls);
  });

  it('a login file written by a formatter is persistence', () => {
    expect(categories('prettier --write ~/.bashrc')).toContain('persistence');
  });

  it.each([
    ['prettier --check', 'prettier --check ~/.bashrc'],
    ['black --check', 'black --check ~/x.py'],
    ['ruff check without --fix', 'ruff check /root/x.py'],
    ['eslint without --fix', 'eslint /root/x.js'],
  ])('%s: `%s` writes nothing', (_name, command) => {
    expect(writes(command)).toEqual([]);
  });

  it.each([
    ['prettier --write in the workspace', 'prettier --write src'],
    ['eslint --fix in the workspace', 'eslint --fix src -o report.txt'],
    ['tsc --outDir in the workspace', 'tsc --outDir dist'],
    ['esbuild in the workspace', 'esbuild a.ts --bundle --outfile=dist/a.js'],
    ['black in the workspace', 'black src tests'],
    ['uniq to a workspace file', 'uniq in.txt out.txt'],
  ])('%s: `%s` writes only the workspace', (_name, command) => {
    expect(writes(command).every((c) => c === 'workspace')).toBe(true);
  });
});

describe('output and clearing options by program', () => {
  it.each([
    ['go test -coverprofile=', 'go test -coverprofile=/root/.bashrc ./...', 'system'],
    ['go test -cpuprofile as the next word', 'go test -cpuprofile ~/.profile ./...', 'home'],
    ['terraform plan -out=', 'terraform plan -out=/root/.bashrc', 'system'],
    ['cargo --target-dir', 'cargo build --target-dir ~/.config/autostart', 'home'],
    ['pytest --cov-report=html:DIR', 'pytest --cov=src --cov-report=html:/root/.config/autostart', 'system'],
    ['python -m pytest --junitxml', 'python3 -m pytest --junitxml ~/.bashrc', 'home'],
  ])('%s: `%s` writes a %s path', (_name, command, cls) => {
    expect(writes(command)).toContain(cls);
  });

  it.each([
    ['pytest --basetemp of home', 'pytest --basetemp ~', 'destructive_root_delete'],
    ['pytest --basetemp= of the root', 'python3 -m pytest --basetemp=/', 'destructive_root_delete'],
  ])('%s: `%s` removes the folder (%s)', (_name, command, category) => {
    expect(categories(command)).toContain(category);
  });

  it.each([
    ['go test with a workspace profile', 'go test -coverprofile=coverage.out ./...'],
    ['terraform plan -out in the workspace', 'terraform plan -out=plan.tfplan'],
    ['cargo --target-dir in the workspace', 'cargo build --target-dir target/ci'],
    ['pytest --cov-report=term', 'pytest --cov=src --cov-report=term-missing'],
    ['pytest --cov-report=html:htmlcov', 'pytest --cov-report=html:htmlcov'],
  ])('%s: `%s` writes only the workspace', (_name, command) => {
    expect(writes(command).every((c) => c === 'workspace')).toBe(true);
  });

  it('pytest --basetemp in the workspace removes only a workspace folder', () => {
    const paths = analyzeShellSync('pytest --basetemp=.tmp/pt', env)
      .segments.flatMap((s) => s.paths)
      .filter((p) => p.role === 'delete');
    expect(paths.map((p) => p.class)).toEqual(['workspace']);
  });
});
