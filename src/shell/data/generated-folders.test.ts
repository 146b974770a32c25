// Generated folders: made again from source and lockfile, so a recursive delete inside the workspace is
// routine; a folder with hand-written work is not one (issue 11 item 8). Real parser, bundled path table.
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { shellEnv } from '../testdata/shell-env';
import { isGeneratedFolder, isGeneratedGlob } from './generated-folders';

const env = shellEnv();
const categories = (command: string) =>
  [...new Set(analyzeShellSync(command, env).hits.map((h) => h.category))].sort();

beforeAll(async () => {
  await loadShellParser();
});

describe('isGeneratedFolder', () => {
  it.each([
    ['.venv'],
    ['venv'],
    ['ledger.egg-info'],
    ['requests-2.0.dist-info'],
    ['Pods'],
    ['node_modules'],
    ['__pycache__'],
    ['.pytest_cache'],
    ['.mypy_cache'],
    ['.tox'],
    ['.gradle'],
    ['.dart_tool'],
    ['cmake-build-debug'],
    // Round 36 and the ecosystems around it: cabal's build tree, Lean, PlatformIO, editors' language servers.
    ['dist-newstyle'],
    ['.cabal-sandbox'],
    ['.lake'],
    ['.pio'],
    ['.elixir_ls'],
    ['.cpcache'],
    ['.metals'],
    ['.ipynb_checkpoints'],
  ])('%s is generated', (name) => {
    expect(isGeneratedFolder(name)).toBe(true);
  });

  it.each([['src'], ['vendor'], ['lib'], ['.egg-info'], ['docs'], ['egg-info.bak'], ['.git'], ['Podsx']])(
    '%s is not',
    (name) => {
      expect(isGeneratedFolder(name)).toBe(false);
    },
  );
});

describe('recursive deletes in the workspace', () => {
  it.each([
    ['virtual environments', 'rm -rf .venv venv'],
    ['egg-info by a glob', 'rm -rf build dist *.egg-info'],
    ['egg-info under src', 'rm -rf src/ledger.egg-info'],
    ['CocoaPods', 'rm -rf ios/Pods'],
    ['cabal and stack build trees', 'rm -rf svc/dist-newstyle svc/.stack-work'],
    ['nested node_modules', 'rm -rf packages/web/node_modules packages/api/node_modules'],
    ['python caches', 'rm -rf .pytest_cache .mypy_cache .tox'],
    ['find over __pycache__', "find . -name '__pycache__' -type d -prune -exec rm -rf {} +"],
    ['gradle and dart caches', 'rm -rf .gradle .dart_tool'],
    ['rails scratch and logs', 'rm -rf tmp/cache log/test.log'],
  ])('%s are routine', (_name, command) => {
    expect(categories(command)).toEqual([]);
  });

  it.each([
    ['source', 'rm -rf src'],
    ['a folder beside a generated one', 'rm -rf docs .venv'],
    ['the whole workspace', 'rm -rf .'],
    ['a venv outside the workspace', 'rm -rf ~/other/.venv'],
    ['every folder by a glob', 'rm -rf *'],
    ['a glob that may match source', 'rm -rf src*'],
    ['egg-info globbed outside the workspace', 'rm -rf ../*.egg-info'],
  ])('%s is not', (_name, command) => {
    expect(categories(command)).not.toEqual([]);
  });
});

describe('isGeneratedGlob', () => {
  it.each([['*.egg-info'], ['*.dist-info'], ['cmake-build-*']])('%s matches generated folders only', (g) => {
    expect(isGeneratedGlob(g)).toBe(true);
  });

  it.each([
    ['*'],
    ['*.info'],
    ['build*'],
    ['*egg-info'],
    ['src*.egg-info'],
    ['*.egg-info/..'],
    ['?.egg-info'],
  ])('%s may match other work', (g) => {
    expect(isGeneratedGlob(g)).toBe(false);
  });
});
