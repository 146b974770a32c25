// composer.json scripts are read as the shell they are: `composer <script>`, `run-script`, and the event
// scripts `install`/`update`/`dump-autoload` fire; `@php`, `@composer`, `@other` expand; a PHP callback is
// uncertain; `--no-scripts` runs none. The reader is a table in memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { fileProject } from '../testdata/file-project';
import type { ScriptFile } from '../types';

const P = '/home/u/proj';
const json = (v: unknown): ScriptFile => ({ kind: 'text', text: JSON.stringify(v) });
const FILES: Record<string, ScriptFile> = {
  [`${P}/ok/composer.json`]: json({
    name: 'a/b',
    scripts: { test: 'phpunit', lint: ['@php -l src/index.php', '@test'], 'post-install-cmd': '@lint' },
  }),
  [`${P}/bad/composer.json`]: json({
    name: 'a/b',
    scripts: { test: 'rm -rf ~', 'post-install-cmd': ['@wipe'], wipe: 'rm -rf /' },
  }),
  [`${P}/cb/composer.json`]: json({
    name: 'a/b',
    scripts: { 'post-autoload-dump': ['Acme\\Installer::run'] },
  }),
  [`${P}/laravel/composer.json`]: json({
    name: 'a/b',
    scripts: {
      'post-autoload-dump': [
        'Illuminate\\Foundation\\ComposerScripts::postAutoloadDump',
        '@php artisan package:discover --ansi',
      ],
    },
  }),
  [`${P}/broken/composer.json`]: { kind: 'text', text: '{"scripts": ' },
};
const { at, categories, codes } = fileProject(P, FILES);

beforeAll(async () => {
  await loadShellParser();
});

describe('composer scripts', () => {
  it('composer test / run-script test / install run what composer.json says', () => {
    expect(categories(at('bad', 'composer test'))).toContain('destructive_root_delete');
    expect(categories(at('bad', 'composer run-script test'))).toContain('destructive_root_delete');
    expect(categories(at('bad', 'composer install'))).toContain('destructive_root_delete');
  });
  it('--no-scripts runs none; validate runs none', () => {
    expect(categories(at('bad', 'composer install --no-scripts'))).toEqual([]);
    expect(categories(at('bad', 'composer validate'))).toEqual([]);
  });
  it('a PHP callback and a manifest that does not parse are uncertain', () => {
    expect(codes(at('cb', 'composer dump-autoload'))).toContain('dynamic-script');
    expect(codes(at('broken', 'composer test'))).toContain('dynamic-script');
  });
  it("a framework's own install hook is the framework's code, run as any install runs it (round 16)", () => {
    const a = at('laravel', 'composer install');
    expect(codes(a)).toEqual([]);
    expect(categories(a)).toEqual([]);
  });
  it('ordinary scripts with @php and @other references stay quiet', () => {
    const a = at('ok', 'composer install');
    expect(categories(a)).toEqual([]);
    expect(codes(a)).toEqual([]);
    expect(a.segments.map((s) => s.program)).toContain('phpunit');
  });
});
