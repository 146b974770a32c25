// Launcher files of JVM builds that load code before the build runs (ADR 0089): sbt's .sbtopts and .jvmopts,
// maven's .mvn/extensions.xml. Real folders in a temp directory read through the plain file reader; each
// dangerous case has an ordinary twin that stays quiet.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { diskReader as reader } from '../testdata/disk-reader';
import { shellEnv } from '../testdata/shell-env';

let root = '';
let ws = '';
const BUILD = 'name := "a"\n';
const POM = '<project><modelVersion>4.0.0</modelVersion></project>\n';
const ext = (g: string, a: string) =>
  `<extensions><extension><groupId>${g}</groupId><artifactId>${a}</artifactId><version>1</version></extension></extensions>\n`;

const PROJECTS: Record<string, Record<string, string>> = {
  sbtagent: { 'build.sbt': BUILD, '.sbtopts': '-J-javaagent:/tmp/a.jar\n' },
  sbtoom: { 'build.sbt': BUILD, '.jvmopts': '-Xmx2G\n-XX:OnOutOfMemoryError=sh -c id\n' },
  sbtdebug: { 'build.sbt': BUILD, '.sbtopts': '-jvm-debug 5005\n' },
  sbtjar: { 'build.sbt': BUILD, '.sbtopts': '-sbt-jar /tmp/sbt-launch.jar\n' },
  sbtrepo: { 'build.sbt': BUILD, '.sbtopts': '-sbt-launch-repo https://repo.example.com/ivy\n' },
  sbtboot: { 'build.sbt': BUILD, '.sbtopts': '-Dsbt.boot.properties=https://x.example/boot.properties\n' },
  sbtplain: {
    'build.sbt': BUILD,
    '.sbtopts': '-J-Xmx4G\n-J-Xss4M\n-Dfile.encoding=UTF8\n-java-home /usr/lib/jvm/java-17\n',
    '.jvmopts': '-Xms1G\n-Xmx4G\n-XX:+UseG1GC\n-XX:MaxMetaspaceSize=1G\n',
  },
  mvnext: { 'pom.xml': POM, '.mvn/extensions.xml': ext('com.example', 'build-reporter') },
  mvnbad: { 'pom.xml': POM, '.mvn/extensions.xml': '<extensions><extension><groupId>x\n' },
  mvnos: { 'pom.xml': POM, '.mvn/extensions.xml': ext('kr.motd.maven', 'os-maven-plugin') },
  mvnplain: { 'pom.xml': POM },
};

beforeAll(async () => {
  await loadShellParser();
  root = mkdtempSync(join(tmpdir(), 'gavel-jvm-launch-'));
  ws = join(root, 'proj');
  for (const [project, files] of Object.entries(PROJECTS))
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(ws, project, name)), { recursive: true });
      writeFileSync(join(ws, project, name), text);
    }
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

const flagged = (project: string, command: string) =>
  analyzeShellSync(
    command,
    shellEnv({
      cwd: join(ws, project),
      home: join(root, 'home'),
      workspaceRoots: [ws],
      tempDirs: [],
      readScript: reader,
    }),
  ).uncertain.some((u) =>
    /\.sbtopts|\.jvmopts|extensions\.xml|content not shown|this command writes|changes/.test(u.reason),
  );

describe('a launcher file that loads code is uncertain', () => {
  it.each<[string, string, string]>([
    ['sbt agent in .sbtopts', 'sbtagent', 'sbt test'],
    ['sbt OnOutOfMemoryError in .jvmopts', 'sbtoom', 'sbt compile'],
    ['sbt debug port', 'sbtdebug', 'sbt test'],
    ['sbt launcher jar outside', 'sbtjar', 'sbt test'],
    ['sbt launcher repository by URL', 'sbtrepo', 'sbt test'],
    ['sbt boot properties by URL', 'sbtboot', 'sbt test'],
    ['maven core extension', 'mvnext', 'mvn test'],
    ['maven core extension through the wrapper', 'mvnext', './mvnw -q package'],
    ['maven extensions.xml that does not parse', 'mvnbad', 'mvn verify'],
    [
      'sbt options written in the same line',
      'sbtplain',
      "printf -- '-J-javaagent:/tmp/a.jar\\n' > .sbtopts && sbt test",
    ],
    [
      'maven extensions written in the same line',
      'mvnplain',
      `mkdir -p .mvn && printf '${ext('com.example', 'x').trim()}' > .mvn/extensions.xml && mvn test`,
    ],
  ])('%s', (_name, project, command) => {
    expect(flagged(project, command)).toBe(true);
  });
});

describe('memory and encoding options, known extensions stay quiet', () => {
  it.each<[string, string, string]>([
    ['sbt memory options', 'sbtplain', 'sbt test'],
    ['maven os detector extension', 'mvnos', 'mvn test'],
    ['maven without extensions', 'mvnplain', 'mvn -q package'],
    ['maven version ignores extensions', 'mvnext', 'mvn -v'],
  ])('%s', (_name, project, command) => {
    expect(flagged(project, command)).toBe(false);
  });
});
