/**
 * Files a JVM build tool's launcher reads before the build itself, whose settings load code into it or fetch it
 * from elsewhere (ADR 0089): sbt's `.sbtopts` and `.jvmopts` (JVM agents, `-XX:OnError`-style commands, a debug
 * port, a launcher jar, Java home or boot repository outside the workspace) and maven's `.mvn/extensions.xml`
 * (core extensions: code that runs inside maven on every goal). Read in the folders from the cwd up to the top of
 * the workspace, through project-file.ts (written earlier in the line: the text written; changed by an earlier
 * command: uncertain). Memory and encoding options stay quiet. Pure apart from the injected reader and reporting;
 * never quotes a file.
 * INVARIANT: a launcher setting that loads code gavel does not know, or a file gavel cannot read, is uncertain,
 * never silently allowed.
 */

import { type Invocation, optionText, type Reporter } from '../unwrap/invocation';
import { NO_FLOW } from '../walk/flow';
import { resolveArg } from './path-effects';
import { inFolder, projectFile } from './project-file';
import { configFolders } from './runner-config';
import { runnerOf } from './runner-options';

const say = (program: string, inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${program}\` ${why}`, inv.segment, 'kept');

/** JVM options that load code into the JVM, run a program on an event, or open a debugger to the network. */
export const JVM_LOADS =
  /^-(javaagent|agentpath|agentlib|Xbootclasspath|XX:OnError|XX:OnOutOfMemoryError|Djava\.system\.class\.loader|Djava\.security\.manager|Djdk\.attach|Xrunjdwp|Xdebug|XX:\+?EnableDynamicAgentLoading)/;

/** sbt launcher options whose value is a jar, a Java, a folder or a repository the launcher uses. */
const SBT_PLACES =
  /^-(sbt-jar|sbt-launch-repo|sbt-dir|sbt-boot|ivy|java-home|sbt-version|scala-home|Dsbt\.boot\.properties|Dsbt\.repository\.config|Dsbt\.global\.base|Dsbt\.ivy\.home|Dsbt\.boot\.directory|Dsbt\.override\.build\.repos|Dsbt\.launcher\.coursier)\b/;

/** Java homes of the machine's own installs, where a launcher may take its Java from. */
const SYSTEM_JAVA = /^\/(usr\/lib\/jvm|usr\/local|opt|Library\/Java|usr\/java)\//;

function outside(value: string, dir: string, inv: Invocation, r: Reporter): boolean {
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return true;
  const res = resolveArg({ text: value, flow: NO_FLOW }, { ...inv, cwd: dir }, r);
  return res.class !== 'workspace' || (res.real !== undefined && res.real !== res.resolved);
}

/** The words of an options file (one option a line or several; `#` comments dropped). */
function words(text: string): string[] {
  return text
    .split(/\r?\n/)
    .filter((l) => !/^\s*#/.test(l))
    .join(' ')
    .split(/\s+/)
    .map((w) => w.replace(/^["']|["']$/g, ''))
    .filter(Boolean);
}

/** Why an sbt options file loads code or takes its launcher from elsewhere; undefined when it does not. */
function sbtOptions(text: string, dir: string, inv: Invocation, r: Reporter): string | undefined {
  const list = words(text);
  for (let k = 0; k < list.length; k++) {
    const raw = list[k] ?? '';
    const w = raw.replace(/^-J(?=-)/, '');
    if (JVM_LOADS.test(w)) return 'loads an agent into the JVM or runs a program on an event';
    if (w === '-jvm-debug' || w === '--jvm-debug') return 'opens a debugger port on the build';
    const place = SBT_PLACES.exec(w);
    if (!place) continue;
    const eq = w.indexOf('=');
    const value = eq >= 0 ? w.slice(eq + 1) : (list[++k] ?? '');
    if (place[1] === 'sbt-version' || place[1] === 'Dsbt.override.build.repos') {
      if (place[1] === 'Dsbt.override.build.repos' && value !== 'false')
        return 'takes its repositories from a file gavel does not read';
      continue;
    }
    if (place[1] === 'java-home' && SYSTEM_JAVA.test(value)) continue;
    if (value === '' || outside(value, dir, inv, r))
      return 'takes its launcher, Java or repositories from outside the workspace';
  }
  return undefined;
}

/** `sbt`: `.sbtopts` and `.jvmopts` of the project folder (sbt reads them where it starts). */
function sbt(inv: Invocation, r: Reporter): void {
  for (const dir of configFolders(inv.cwd as string, r)) {
    for (const name of ['.sbtopts', '.jvmopts']) {
      const file = projectFile(inFolder(dir, name), inv, r);
      if (file.kind === 'unknown') return;
      if (file.kind !== 'text') continue;
      const why = sbtOptions(file.text, dir, inv, r);
      if (why) {
        say('sbt', inv, r, `reads a ${name} that ${why}`);
        return;
      }
    }
    const build = projectFile(inFolder(dir, 'build.sbt'), inv, r);
    // The nearest folder with a build is the project: options above it are another project's.
    if (build.kind !== 'missing') return;
  }
}

/**
 * Core extensions that only inspect the build (the operating system detector, timing and profiling reports):
 * every other extension is code maven loads on every goal, and one that reports builds sends them elsewhere.
 */
const MAVEN_INERT_EXTENSIONS = new Set([
  'kr.motd.maven:os-maven-plugin',
  'co.leantechniques:maven-buildtime-extension',
  'fr.jcgay.maven:maven-profiler',
]);

/** `.mvn/extensions.xml`: an extension not on the short list is code gavel does not follow. */
function mavenExtensions(program: string, inv: Invocation, r: Reporter): void {
  for (const dir of configFolders(inv.cwd as string, r)) {
    const file = projectFile(inFolder(dir, '.mvn/extensions.xml'), inv, r);
    if (file.kind === 'unknown') return;
    if (file.kind !== 'text') continue;
    const text = file.text.replace(/<!--[\s\S]*?-->/g, '');
    const blocks = [...text.matchAll(/<extension\b[^>]*>([\s\S]*?)<\/extension>/g)];
    const opened = (text.match(/<extension\b[^s>]*>/g) ?? []).length;
    if (blocks.length !== opened) {
      say(program, inv, r, 'reads a .mvn/extensions.xml gavel cannot parse');
      return;
    }
    for (const b of blocks) {
      const body = b[1] ?? '';
      const group = /<groupId>\s*([^<\s]+)\s*<\/groupId>/.exec(body)?.[1];
      const artifact = /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/.exec(body)?.[1];
      if (!MAVEN_INERT_EXTENSIONS.has(`${group}:${artifact}`)) {
        say(
          program,
          inv,
          r,
          'reads a .mvn/extensions.xml that loads a core extension: code gavel does not follow',
        );
        return;
      }
    }
    return;
  }
}

export function jvmLaunchFiles(inv: Invocation, r: Reporter): void {
  // Without a reader, what this line writes is still read (project-file.ts).
  if (inv.cwd === undefined) return;
  const program = runnerOf(inv).program;
  const base = program.slice(program.lastIndexOf('/') + 1);
  if (base === 'sbt' || base === 'sbtn') sbt(inv, r);
  else if (base === 'mvn' || base === 'mvnw' || base === 'mvnd') {
    if (inv.args.some((a) => /^(-h|--help|-v|--version)$/.test(optionText(a)))) return;
    mavenExtensions(base, inv, r);
  }
}
