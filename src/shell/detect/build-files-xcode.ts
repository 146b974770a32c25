/**
 * What `xcodebuild` executes from the project when it builds or tests: the run-script build phases of the Xcode
 * project it is given (`-project X.xcodeproj`), the projects a workspace lists (`-workspace W.xcworkspace`), or
 * the one project in the working folder; a Swift package it builds runs its `Package.swift`. A small reader over
 * `project.pbxproj`: each `shellScript` of a phase run by `/bin/sh`, `/bin/bash` or `/bin/zsh` is analysed as the
 * commands it is, in the project's folder; a script run by another interpreter, a project named at run time,
 * a workspace entry gavel cannot place, or a folder it cannot list is code gavel does not follow. Queries
 * (`-list`, `-showBuildSettings`, `-version`...) run nothing. Pure apart from the injected reader and reporting;
 * never quotes the files.
 * INVARIANT: a project file that cannot be read, is too large or runs what the reader cannot follow is uncertain.
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import { argvText, type BuildRead, MAX_BUILD_FILE_LINES, readProgram } from './build-files';
import { finishBuildWalk, followBuildFile, startBuildWalk } from './build-files-run';
import { folderNames } from './config-modules';
import { resolveArg } from './path-effects';
import { inFolder } from './project-file';

/** Options that only ask: they build nothing and run no phase. */
const QUERIES =
  /^-(list|showBuildSettings|showdestinations|showsdks|showTestPlans|version|help|usage|checkFirstLaunchStatus|license)$/;

/** Shells a run-script phase may name and stay readable. */
const SHELLS = /^\/(?:usr\/)?bin\/(?:sh|bash|zsh)$/;

/** A quoted value of the old-style property list (`"a\nb"`), decoded; or a bare word. */
function plistValue(raw: string): string {
  if (!raw.startsWith('"')) return raw;
  return raw
    .slice(1, -1)
    .replace(/\\(["\\nt])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

const VALUE = String.raw`("(?:[^"\\]|\\.)*"|[^;\s]+)`;

/**
 * A `project.pbxproj` of the project in folder `dir` (the `.xcodeproj`'s parent): the commands its run-script
 * phases run, the local Swift packages it references (their `Package.swift`), or why it cannot be followed.
 */
/** Build settings naming a program the build runs, or compiler flags loading a plugin (`-load-plugin-executable`). */
const PROGRAM_SETTINGS =
  /^\s*"?(?:CC|CXX|LD|LDPLUSPLUS|LIBTOOL|SWIFT_EXEC|CLANG_EXEC|CPP|DSTROOT_EXEC)"?\s*=|(?:-load-plugin|-plugin-path|-fplugin|-Xclang\s+-load|-external-plugin-path)\b/m;

/** A scheme's pre- or post-action that runs a shell script around the build or the tests. */
const SCHEME_SCRIPT = /ExecutionActionType\.ShellScriptAction/;

export function readXcodeProject(text: string, dir: string): BuildRead & { packages: string[] } {
  if (text.split('\n').length > MAX_BUILD_FILE_LINES * 5)
    return { commands: [], loads: [], packages: [], opaque: 'is too large' };
  const commands: string[] = [];
  const packages: string[] = [];
  // A legacy target runs the build tool it names (`buildToolPath`, its arguments); build settings may name the
  // compiler, linker or Swift driver the build runs, or flags that load a compiler plugin.
  if (/isa = PBXLegacyTarget;/.test(text))
    return { commands: [], loads: [], packages: [], opaque: 'runs a build tool the project names' };
  if (PROGRAM_SETTINGS.test(text))
    return {
      commands: [],
      loads: [],
      packages: [],
      opaque: 'names a compiler, linker or plugin the build runs',
    };
  for (const m of text.matchAll(/isa = PBXShellScriptBuildPhase;([\s\S]*?)\n\t\t\};/g)) {
    const body = m[1] ?? '';
    const shell = new RegExp(`shellPath = ${VALUE};`).exec(body)?.[1];
    const script = new RegExp(`shellScript = ${VALUE};`).exec(body)?.[1];
    if (script === undefined)
      return { commands: [], loads: [], packages: [], opaque: 'runs a script gavel cannot read' };
    if (shell !== undefined && !SHELLS.test(plistValue(shell)))
      return { commands: [], loads: [], packages: [], opaque: 'runs a script in another language' };
    const source = plistValue(script).trim();
    if (source !== '') commands.push(`cd ${argvText([dir])} && (\n${source}\n)`);
  }
  if (
    /isa = PBXShellScriptBuildPhase;/.test(text) &&
    commands.length === 0 &&
    /shellScript = "[^"]/.test(text)
  )
    return { commands: [], loads: [], packages: [], opaque: 'runs a script gavel cannot read' };
  for (const m of text.matchAll(/isa = XCLocalSwiftPackageReference;[\s\S]*?relativePath = ([^;]+);/g)) {
    const rel = plistValue((m[1] ?? '').trim());
    if (rel === '' || rel.startsWith('/'))
      return { commands: [], loads: [], packages: [], opaque: 'loads a package outside it' };
    packages.push(posix.resolve(dir, rel, 'Package.swift'));
  }
  return { commands, loads: [], packages };
}

/** The projects a workspace's `contents.xcworkspacedata` lists (absolute `.xcodeproj` paths, or undefined). */
function workspaceProjects(text: string, dir: string): string[] | undefined {
  const out: string[] = [];
  for (const m of text.matchAll(/location\s*=\s*"(group|container|absolute|self):([^"]*)"/g)) {
    const kind = m[1] ?? '';
    const path = m[2] ?? '';
    if (kind === 'self' || !/\.xcodeproj\/?$/.test(path)) continue;
    if (kind === 'absolute' || path.startsWith('/')) return undefined;
    out.push(posix.resolve(dir, path));
  }
  return out;
}

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');

/** The value after option `name` (a literal, resolved), null when absent, undefined when not literal. */
function optionPath(inv: Invocation, r: Reporter, name: string): string | null | undefined {
  const at = inv.args.findIndex((a) => plain(a) === name);
  if (at < 0) return null;
  const word = inv.args[at + 1];
  if (!word || !isLiteral(word)) return undefined;
  return resolveArg(word, inv, r).resolved;
}

/** The scheme folders of each user's data in a project or workspace (`xcuserdata/<user>.xcuserdatad/xcschemes`). */
function userSchemes(container: string, inv: Invocation, r: Reporter): string[] {
  const users = folderNames(inFolder(container, 'xcuserdata'), inv, r);
  return [...(users ?? [])].map((u) => inFolder(inFolder(inFolder(container, 'xcuserdata'), u), 'xcschemes'));
}

export function xcodeBuildFiles(inv: Invocation, r: Reporter): void {
  if (!r.env.readScript || inv.cwd === undefined) return;
  if (inv.args.some((a) => QUERIES.test(plain(a)))) return;
  const project = optionPath(inv, r, '-project');
  const workspace = optionPath(inv, r, '-workspace');
  if (project === undefined || workspace === undefined) {
    say(inv, r, 'builds a project named at run time: its build phases are not read');
    return;
  }
  const w = startBuildWalk(inv, r);
  const packages: string[] = [];
  const pbx = (xcodeproj: string): boolean =>
    followBuildFile(
      w,
      inFolder(xcodeproj, 'project.pbxproj'),
      (t) => {
        const read = readXcodeProject(t, posix.dirname(xcodeproj));
        packages.push(...read.packages);
        return read;
      },
      'Xcode project',
    );
  const swiftReader = (t: string) => readProgram('swift', t);
  const projects: string[] = [];
  if (project !== null) projects.push(project);
  else if (workspace !== null) {
    let listed: string[] | undefined;
    followBuildFile(
      w,
      inFolder(workspace, 'contents.xcworkspacedata'),
      (t) => {
        listed = workspaceProjects(t, posix.dirname(workspace));
        return listed === undefined
          ? { commands: [], loads: [], opaque: 'lists a project outside it' }
          : { commands: [], loads: [] };
      },
      'Xcode workspace',
    );
    projects.push(...(listed ?? []));
  } else {
    const names = folderNames(inv.cwd, inv, r);
    if (names === undefined) {
      say(inv, r, 'builds a project in a folder gavel cannot list: its build phases are not read');
      return;
    }
    const found = [...names].filter((n) => n.endsWith('.xcodeproj'));
    if (found.length > 0) projects.push(...found.map((n) => inFolder(inv.cwd as string, n)));
    else if (names.has('Package.swift'))
      followBuildFile(w, inFolder(inv.cwd, 'Package.swift'), swiftReader, 'Package.swift');
  }
  for (const p of projects) if (!pbx(p)) return;
  // Schemes' pre- and post-actions (shared and per user) run shell scripts around the build and the tests.
  for (const container of [...projects, ...(workspace === null ? [] : [workspace])])
    for (const schemes of [
      inFolder(container, 'xcshareddata/xcschemes'),
      ...userSchemes(container, inv, r),
    ]) {
      const names = folderNames(schemes, inv, r);
      for (const name of [...(names ?? [])].filter((n) => n.endsWith('.xcscheme')).sort())
        if (
          !followBuildFile(
            w,
            inFolder(schemes, name),
            (t) =>
              SCHEME_SCRIPT.test(t)
                ? { commands: [], loads: [], opaque: 'runs a pre- or post-action script' }
                : { commands: [], loads: [] },
            'Xcode scheme',
          )
        )
          return;
    }
  // Local packages the projects reference: their manifests are Swift that runs.
  for (const path of packages) if (!followBuildFile(w, path, swiftReader, 'Package.swift')) return;
  finishBuildWalk(w);
}
