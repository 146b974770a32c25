// What a Hugo site's configuration makes `hugo` fetch or run (ADR 0089): module imports and themes by module path
// not held in the site, mounts outside the workspace, templates allowed to run programs. A theme folder or vendored
// module stays quiet. Real files in a temp folder.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

function uncertain(command: string, files: Record<string, string>): boolean {
  p = diskProject('hugo-mod-');
  const away = p.away;
  p.write(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.replaceAll('AWAY', away)])));
  return analyzeShellSync(command, p.env()).uncertain.some((u) =>
    /Hugo modules|module from outside|run other programs|mounts or replaces|this command writes|content not shown/.test(
      u.reason,
    ),
  );
}

describe('a site whose configuration fetches or runs is uncertain', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'TOML module import',
      'hugo',
      { 'hugo.toml': '[module]\n[[module.imports]]\npath = "github.com/x/theme"\n' },
    ],
    [
      'YAML module import',
      'hugo --minify',
      { 'hugo.yaml': 'module:\n  imports:\n    - path: github.com/x/theme\n' },
    ],
    [
      'JSON module import',
      'hugo server',
      { 'hugo.json': '{"module": {"imports": [{"path": "gitlab.com/x/t"}]}}' },
    ],
    [
      'module.toml under config/_default',
      'hugo',
      { 'config/_default/module.toml': '[[imports]]\npath = "github.com/x/t"\n' },
    ],
    ['theme by module path', 'hugo', { 'config.toml': 'theme = "github.com/x/theme"\n' }],
    ['theme list with a module path', 'hugo', { 'hugo.yaml': 'theme: [local, github.com/x/t]\n' }],
    [
      'import from outside the workspace',
      'hugo',
      { 'hugo.toml': '[[module.imports]]\npath = "AWAY/theme"\n' },
    ],
    [
      'replacement outside the workspace',
      'hugo',
      { 'hugo.toml': '[module]\nreplacements = "github.com/a/b -> AWAY/b"\n' },
    ],
    ['templates allowed to run programs', 'hugo', { 'hugo.toml': '[security.exec]\nallow = ["^sh$"]\n' }],
    ['site named with --source', 'hugo -s site', { 'site/hugo.toml': 'theme = "github.com/x/t"\n' }],
    ['configuration written in the same line', 'printf \'theme = "github.com/x/t"\' > hugo.toml && hugo', {}],
  ])('%s', (_name, command, files) => {
    expect(uncertain(command, files)).toBe(true);
  });
});

describe('a site built from its own files stays quiet', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'theme folder',
      'hugo',
      { 'hugo.toml': 'theme = "ananke"\n', 'themes/ananke/theme.toml': 'name = "a"\n' },
    ],
    [
      'vendored module',
      'hugo --gc --minify',
      {
        'hugo.toml': '[[module.imports]]\npath = "github.com/x/theme"\n',
        '_vendor/github.com/x/theme/layouts/index.html': '<html></html>\n',
      },
    ],
    [
      'mount inside the site',
      'hugo',
      { 'hugo.toml': '[[module.mounts]]\nsource = "assets"\ntarget = "assets"\n' },
    ],
    ['no configuration', 'hugo', {}],
    [
      'plain configuration',
      'hugo server -D',
      { 'hugo.yaml': 'baseURL: https://example.org/\ntitle: Site\n' },
    ],
  ])('%s', (_name, command, files) => {
    expect(uncertain(command, files)).toBe(false);
  });
});
