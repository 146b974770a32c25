// The database a framework's migration command changes, read from the project's configuration (issue 11): a
// database on this machine leaves the command to the catalogue; another host, a production DSN, a value from a
// variable or code, or an unreadable file is uncertain. Real files in a temp folder, one project per case; the
// tools are never run.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

/** The uncertainties of `command` in a fresh project holding `files`. */
function uncertain(command: string, files: Record<string, string>): string[] {
  p = diskProject('dbs-mig-');
  p.write(files);
  const a = analyzeShellSync(command, p.env());
  return [...a.uncertain.map((u) => u.reason), ...a.hits.map((h) => h.category)];
}

const schema = (url: string, generator = 'prisma-client-js') =>
  `generator client {\n  provider = "${generator}"\n}\n\ndatasource db {\n  provider = "postgresql"\n  url      = ${url}\n}\n`;
const ALEMBIC_INI = (url: string) =>
  `[alembic]\nscript_location = %(here)s/alembic\nsqlalchemy.url = ${url}\n\n[loggers]\nkeys = root\n`;
const ENV_PY =
  'from alembic import context\nfrom sqlalchemy import engine_from_config, pool\nconfig = context.config\n' +
  'def run():\n    connectable = engine_from_config(config.get_section(config.config_ini_section), prefix="sqlalchemy.")\n';
const MANAGE =
  "import os, sys\nif __name__ == '__main__':\n    os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'mysite.settings')\n";
const djangoSettings = (db: string) =>
  `from pathlib import Path\nBASE_DIR = Path(__file__).resolve().parent.parent\nDATABASES = ${db}\n`;
const repo = (body: string) =>
  `import Config\n\nconfig :app, App.Repo,\n${body}\n\nconfig :app, AppWeb.Endpoint, http: [port: 4000]\n`;

describe('a database on this machine stays known', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'prisma, DATABASE_URL on localhost in .env',
      'npx prisma migrate dev --name add_users',
      {
        'prisma/schema.prisma': schema('env("DATABASE_URL")'),
        '.env': 'DATABASE_URL="postgresql://postgres:pw@localhost:5432/app_dev?schema=public"\n',
      },
    ],
    ['prisma, a sqlite file', 'prisma migrate dev', { 'prisma/schema.prisma': schema('"file:./dev.db"') }],
    [
      'prisma generate of a package generator',
      'npx prisma generate',
      { 'prisma/schema.prisma': schema('env("X")') },
    ],
    [
      'alembic, a sqlite file beside alembic.ini',
      'alembic upgrade head',
      { 'alembic.ini': ALEMBIC_INI('sqlite:///./app.db'), 'alembic/env.py': ENV_PY },
    ],
    [
      'alembic, postgres on the socket',
      'alembic current',
      { 'alembic.ini': ALEMBIC_INI('postgresql+psycopg://me@/app'), 'alembic/env.py': ENV_PY },
    ],
    [
      'Django, sqlite',
      'python manage.py migrate',
      {
        'manage.py': MANAGE,
        'mysite/settings.py': djangoSettings(
          "{'default': {'ENGINE': 'django.db.backends.sqlite3', 'NAME': BASE_DIR / 'db.sqlite3'}}",
        ),
      },
    ],
    [
      'Django, postgres on localhost',
      'python3 manage.py test',
      {
        'manage.py': MANAGE,
        'mysite/settings.py': djangoSettings(
          "{\n  'default': {\n    'ENGINE': 'django.db.backends.postgresql',\n    'NAME': 'app',\n    'HOST': 'localhost',\n  }\n}",
        ),
      },
    ],
    [
      'Django, postgres on localhost with the password and user from the environment',
      'python manage.py migrate',
      {
        'manage.py': MANAGE,
        'mysite/settings.py': `import os\n${djangoSettings(
          '{"default": {"ENGINE": "django.db.backends.postgresql", "NAME": "app", "USER": os.environ.get("DB_USER", "app"),\n  "PASSWORD": os.environ.get("DB_PASSWORD", "app"), "HOST": "localhost", "CONN_MAX_AGE": int(os.getenv("AGE", "60"))}}',
        )}`,
      },
    ],
    [
      'Django, the development server on sqlite',
      'python manage.py runserver',
      {
        'manage.py': MANAGE,
        'mysite/settings.py': djangoSettings(
          "{'default': {'ENGINE': 'django.db.backends.sqlite3', 'NAME': BASE_DIR / 'db.sqlite3'}}",
        ),
      },
    ],
    [
      'Laravel, sqlite',
      'php artisan migrate',
      { artisan: '<?php\n', '.env': 'APP_ENV=local\nDB_CONNECTION=sqlite\n' },
    ],
    [
      'Laravel, mysql on 127.0.0.1',
      'php artisan migrate:status',
      { artisan: '<?php\n', '.env': 'DB_CONNECTION=mysql\nDB_HOST=127.0.0.1\nDB_PORT=3306\n' },
    ],
    [
      'mix, Repo on localhost',
      'mix ecto.migrate',
      {
        'config/dev.exs': repo('  username: "postgres",\n  hostname: "localhost",\n  database: "app_dev"'),
        'config/runtime.exs':
          'import Config\nif config_env() == :prod do\n  config :app, App.Repo, url: System.get_env("DATABASE_URL")\nend\n',
      },
    ],
    [
      'rails, database.yml without a host outside production',
      'bin/rails db:migrate',
      {
        'config/database.yml':
          'default: &default\n  adapter: postgresql\n  pool: <%= ENV.fetch("RAILS_MAX_THREADS") { 5 } %>\ndevelopment:\n  <<: *default\n  database: app_dev\nproduction:\n  <<: *default\n  host: db.example.com\n',
      },
    ],
    [
      "prisma, a service of the workspace's compose file",
      'npx prisma migrate dev',
      {
        'prisma/schema.prisma': schema('env("DATABASE_URL")'),
        '.env': 'DATABASE_URL=postgresql://postgres@db:5432/app\n',
        'compose.yaml': 'services:\n  db:\n    image: postgres:16\n  web:\n    build: .\n',
      },
    ],
    [
      'rails, a .env without the dotenv gem',
      'bin/rails db:migrate',
      {
        Gemfile: 'source "https://rubygems.org"\ngem "rails"\n',
        '.env': 'DATABASE_URL=postgres://u@db.example.com/app\n',
      },
    ],
    [
      'rails, a local DATABASE_URL in .env.development with dotenv',
      'bin/rails db:migrate',
      {
        Gemfile: 'gem "rails"\ngem "dotenv-rails"\n',
        '.env.development': 'DATABASE_URL=postgres://u@localhost:5432/app_dev\n',
      },
    ],
  ])('%s', (_n, command, files) => expect(uncertain(command, files)).toEqual([]));
});

describe("alembic's script folder is the ini's own folder, whatever the workspace's path holds", () => {
  it('a workspace path with a space', () => {
    p = diskProject('dbs mig space-');
    p.write({ 'alembic.ini': ALEMBIC_INI('sqlite:///./app.db'), 'alembic/env.py': ENV_PY });
    expect(p.env().cwd).toContain(' ');
    const a = analyzeShellSync('alembic upgrade head', p.env());
    expect(a.uncertain).toEqual([]);
  });

  it('a script folder above the ini is not placed', () => {
    const ini = ALEMBIC_INI('sqlite:///./app.db').replace('%(here)s/alembic', '%(here)s/../alembic');
    expect(
      uncertain('alembic upgrade head', { 'alembic.ini': ini, '../alembic/env.py': ENV_PY }).join(),
    ).toMatch(/alembic/);
  });
});

describe('another machine, or one gavel cannot place, is uncertain', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'prisma, a remote host in .env',
      'npx prisma migrate deploy',
      {
        'prisma/schema.prisma': schema('env("DATABASE_URL")'),
        '.env': 'DATABASE_URL=postgresql://app@db.prod.example.com:5432/app\n',
      },
    ],
    [
      'prisma, the variable in no file',
      'npx prisma migrate dev',
      { 'prisma/schema.prisma': schema('env("DATABASE_URL")') },
    ],
    [
      'prisma, a host in the query string',
      'prisma migrate status',
      { 'prisma/schema.prisma': schema('"postgresql://u@localhost/app?host=db.example.com"') },
    ],
    [
      'prisma, a config file of code',
      'npx prisma migrate dev',
      { 'prisma.config.ts': 'export default {}\n', 'prisma/schema.prisma': schema('"file:./dev.db"') },
    ],
    [
      'prisma generate of a command line',
      'npx prisma generate',
      { 'prisma/schema.prisma': schema('"file:./dev.db"', 'node ./x.js') },
    ],
    [
      'alembic, a remote URL',
      'alembic upgrade head',
      { 'alembic.ini': ALEMBIC_INI('postgresql://u@10.1.2.3/app'), 'alembic/env.py': ENV_PY },
    ],
    [
      'alembic, env.py takes the URL from the environment',
      'alembic upgrade head',
      {
        'alembic.ini': ALEMBIC_INI('sqlite:///./app.db'),
        'alembic/env.py': `${ENV_PY}import os\nconfig.set_main_option("sqlalchemy.url", os.environ["DB"])\n`,
      },
    ],
    [
      'Django, a settings value from the environment',
      'python manage.py migrate',
      { 'manage.py': MANAGE, 'mysite/settings.py': djangoSettings("{'default': dj_database_url.config()}") },
    ],
    [
      'Django, a remote host',
      'python manage.py migrate',
      {
        'manage.py': MANAGE,
        'mysite/settings.py': djangoSettings(
          "{'default': {'ENGINE': 'x', 'HOST': 'db.internal.example.com'}}",
        ),
      },
    ],
    [
      'Django, the development server on a remote host',
      'python manage.py runserver 8001',
      {
        'manage.py': MANAGE,
        'mysite/settings.py': djangoSettings(
          "{'default': {'ENGINE': 'x', 'HOST': 'db.internal.example.com'}}",
        ),
      },
    ],
    [
      'Django, a password from the environment beside a host from it',
      'python manage.py migrate',
      {
        'manage.py': MANAGE,
        'mysite/settings.py': `import os\n${djangoSettings(
          '{"default": {"ENGINE": "x", "PASSWORD": os.environ["DB_PASSWORD"], "HOST": os.environ.get("DB_HOST", "localhost")}}',
        )}`,
      },
    ],
    [
      'Django, a connection option naming a service',
      'python manage.py migrate',
      {
        'manage.py': MANAGE,
        'mysite/settings.py': djangoSettings(
          "{'default': {'ENGINE': 'x', 'PASSWORD': 'p', 'OPTIONS': {'service': 'prod'}}}",
        ),
      },
    ],
    [
      'Django, a password entry that never ends',
      'python manage.py migrate',
      {
        'manage.py': MANAGE,
        'mysite/settings.py': djangoSettings("{'default': {'PASSWORD': os.environ.get('P'}}"),
      },
    ],
    [
      'Django, split settings',
      'python manage.py migrate',
      { 'manage.py': MANAGE, 'mysite/settings.py': `from .local import *\n${djangoSettings('{}')}` },
    ],
    [
      'Laravel, a remote host',
      'php artisan migrate',
      { artisan: '<?php\n', '.env': 'DB_CONNECTION=pgsql\nDB_HOST=prod-db.example.com\n' },
    ],
    ['Laravel, no .env', 'php artisan migrate', { artisan: '<?php\n' }],
    [
      'mix, a host from the environment',
      'mix ecto.migrate',
      { 'config/dev.exs': repo('  hostname: System.get_env("DB_HOST")') },
    ],
    [
      'mix, runtime.exs sets the Repo for every environment',
      'mix ecto.migrate',
      { 'config/runtime.exs': 'import Config\nconfig :app, App.Repo, url: System.get_env("DATABASE_URL")\n' },
    ],
    [
      'rails, a development host from ERB',
      'bin/rails db:migrate',
      { 'config/database.yml': 'development:\n  adapter: postgresql\n  host: <%= ENV["DB_HOST"] %>\n' },
    ],
    [
      'rails, a remote DATABASE_URL in .env with dotenv',
      'bin/rails db:migrate',
      {
        Gemfile: 'gem "rails"\ngem "dotenv-rails"\n',
        '.env': 'DATABASE_URL=postgres://u@db.example.com/app\n',
      },
    ],
    [
      'rails, a remote DATABASE_URL in .env.development with dotenv',
      'bin/rails db:migrate',
      {
        Gemfile: 'gem "rails"\ngem "dotenv-rails"\n',
        '.env.development': 'DATABASE_URL=postgres://u@db.example.com/app\n',
      },
    ],
    [
      'rails, a remote DATABASE_URL in .env.local with dotenv',
      'bin/rails db:migrate',
      {
        Gemfile: 'gem "rails"\ngem "dotenv-rails"\n',
        '.env': 'DATABASE_URL=postgres://u@localhost/app\n',
        '.env.local': 'DATABASE_URL=postgres://u@db.example.com/app\n',
      },
    ],
    [
      'prisma, a host no compose service names',
      'npx prisma migrate dev',
      {
        'prisma/schema.prisma': schema('env("DATABASE_URL")'),
        '.env': 'DATABASE_URL=postgresql://postgres@db:5432/app\n',
        'compose.yaml': 'services:\n  web:\n    build: .\n',
      },
    ],
  ])('%s', (_n, command, files) => expect(uncertain(command, files)).not.toEqual([]));
});

// Round 33, measured with alembic 1.8: `history`, `heads`, `branches`, `show` and `revision` without
// `--autogenerate` read the revision files and run no env.py, so open no database, unless `revision_environment`
// makes `history` and `revision` run it.
describe('alembic commands that open no database', () => {
  const REMOTE = { 'alembic.ini': ALEMBIC_INI('postgresql://u@10.1.2.3/app'), 'alembic/env.py': ENV_PY };
  const ENV_RUNS = {
    ...REMOTE,
    'alembic.ini': ALEMBIC_INI('postgresql://u@10.1.2.3/app').replace(
      '[alembic]\n',
      '[alembic]\nrevision_environment = true\n',
    ),
  };
  it.each([
    'alembic history',
    'alembic heads',
    'alembic branches',
    'alembic show head',
    "alembic revision -m 'x'",
  ])('quiet: %s', (command) => expect(uncertain(command, REMOTE)).toEqual([]));
  it.each<[string, Record<string, string>]>([
    ['alembic revision --autogenerate -m x', REMOTE],
    ['alembic current', REMOTE],
    ['alembic history', ENV_RUNS],
    ['alembic history -i', REMOTE],
    ['alembic history --indicate-current', REMOTE],
    ['alembic show current', REMOTE],
    ["alembic revision -m 'x'", ENV_RUNS],
  ])('placed: %s', (command, files) => expect(uncertain(command, files)).not.toEqual([]));
});
