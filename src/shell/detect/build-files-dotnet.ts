/**
 * What `dotnet build/test/run/publish/pack/restore/clean/msbuild/watch/format` executes from the project: MSBuild
 * evaluates the project files it is given (or finds in the working folder: a `*.csproj`/`*.fsproj`/`*.vbproj`, or
 * a solution and the projects it lists), the `Directory.Build.props`/`.targets` found up the tree, the files they
 * `<Import>` and the projects they reference, and runs their targets. A small reader over the XML: `<Exec
 * Command>` and `PreBuildEvent`/`PostBuildEvent` are shell commands (analysed as the commands they are, in their
 * `WorkingDirectory`); a `<Target>` is known only when it holds messages, properties, items and such commands;
 * `<UsingTask>` (inline C# or a task assembly), other tasks, an import named at run time and a
 * `Directory.Build.rsp` (more command-line options) are code gavel does not follow. Pure apart from the injected
 * reader and reporting; never quotes the files.
 * INVARIANT: a project file that cannot be read, is too large or runs what the reader cannot follow is uncertain.
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import { argvText, type BuildRead, MAX_BUILD_FILE_LINES } from './build-files';
import { finishBuildWalk, followBuildFile, startBuildWalk } from './build-files-run';
import { folderNames } from './config-modules';
import { readBudgeted } from './disk-scripts';
import { resolveArg } from './path-effects';
import { foldersUp, inFolder, projectFile } from './project-file';

/** Subcommands that evaluate the project with MSBuild (and run its targets). */
const EVALUATES =
  /^(build|test|run|publish|pack|restore|clean|msbuild|build-server|watch|format|add|vstest)$/;
/** Options of those subcommands that take a value in the next word. */
const VALUED =
  /^(-c|--configuration|-f|--framework|-r|--runtime|-o|--output|-v|--verbosity|--filter|-l|--logger|-s|--source|--settings|-a|--arch|--os|--results-directory|--collect|-d|--diag|--launch-profile|--version-suffix|--packages|--configfile|--property|--blame-hang-timeout|--blame-crash-dump-type|-bl|--severity|--include|--exclude|--verify-no-changes|-e|--environment|--test-adapter-path|-t|--target|-m|--maxcpucount)$/;
const PROJECT = /\.(csproj|fsproj|vbproj|proj)$/i;
const SOLUTION = /\.(sln|slnx|slnf)$/i;

/** Elements a `<Target>` may hold and stay known: messages, properties, items, other targets, and `<Exec>`. */
const TARGET_CHILDREN = /^(Message|Warning|Error|Exec|CallTarget|PropertyGroup|ItemGroup|OnError)$/;
/** MSBuild's own folders: an `<Import>` from there is the SDK's. */
const SDK_IMPORT =
  /^\$\((MSBuildExtensionsPath\d*|MSBuildToolsPath|MSBuildBinPath|MSBuildSDKsPath|VSToolsPath|MSBuildFrameworkToolsPath|MSBuildProgramFiles32|NuGetPackageRoot)\)/;

/** XML character references and the five entities, decoded. */
function unescapeXml(v: string): string {
  return v
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCharCode(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** One attribute of a start tag, from where the last one ended. */
const ATTRIBUTE = /\s+([\w:.-]+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;

/** A start tag's text after its name, a quoted `>` inside it (`@(X->'%(F)')`, `Label="/>"`) kept in its value. */
const ATTRS = String.raw`((?:"[^"]*"|'[^']*'|[^'">])*)`;

/**
 * A start tag's attributes in order, read one after another as XML reads them (so `Condition='… Command="x" …'` is
 * one value); undefined when the text is not attributes alone, or a value holds `<`.
 */
function attributes(tag: string): Map<string, string> | undefined {
  const out = new Map<string, string>();
  ATTRIBUTE.lastIndex = 0;
  let at = 0;
  for (let m = ATTRIBUTE.exec(tag); m !== null; m = ATTRIBUTE.exec(tag)) {
    const name = (m[1] as string).toLowerCase();
    if (!out.has(name)) out.set(name, unescapeXml(m[2] ?? m[3] ?? ''));
    at = ATTRIBUTE.lastIndex;
  }
  return /^\s*\/?$/.test(tag.slice(at)) ? out : undefined;
}

/** An attribute's value in a start tag's text, decoded; undefined when absent. */
function attribute(tag: string, name: string): string | undefined {
  return attributes(tag)?.get(name.toLowerCase());
}

/** Every start tag of the text reads as a name and attributes alone (attributes() above). */
function tagsRead(xml: string): boolean {
  for (const m of xml.matchAll(new RegExp(`<([A-Za-z_][\\w:.-]*)${ATTRS}>`, 'g')))
    if (!attributes(m[2] ?? '')) return false;
  // A quote never closed leaves the rest unread as tags.
  return !/<[A-Za-z_][\w:.-]*(?:"[^"]*"|'[^']*'|[^'">])*['"][^'"]*$/.test(xml);
}

/**
 * Properties naming a program, a Java-like host or a test adapter the build runs (`CscToolPath`+`CscToolExe`, any
 * task's `…ToolPath`/`…ToolExe`, `VSTestTestAdapterPath`, `DotnetHostPath`): what `-p:` on the command line would do.
 */
const TOOL_PROPERTIES = /<(?:\w*ToolPath|\w*ToolExe|\w*ToolExePath|VSTestTestAdapterPath|DotnetHostPath)\b/i;

/** An MSBuild path (`..\Lib\Lib.csproj`, `$(MSBuildThisFileDirectory)x.props`) relative to `dir`; undefined: computed. */
function msbuildPath(value: string, dir: string): string | undefined {
  const v = value
    .trim()
    .replace(/^\$\((MSBuildThisFileDirectory|MSBuildProjectDirectory)\)[\\/]?/, '')
    .replaceAll('\\', '/');
  if (v === '' || /[$@%*?]/.test(v)) return undefined;
  return posix.resolve(dir, v);
}

/** MSBuild's run-time values in a command: properties of the project's folder substituted, others left to run time. */
function commandText(command: string, dir: string): string {
  return command
    .replace(/\$\((MSBuildThisFileDirectory|MSBuildProjectDirectory)\)[\\/]?/g, `${dir}/`)
    .replace(/[$@%]\([^()]*(?:\([^()]*\)[^()]*)*\)/g, '"$__msbuild_value"');
}

/** Shell text that runs `command` in `workdir` (relative to `dir`), or in `dir`. */
function inFolderText(command: string, workdir: string | undefined, dir: string): string {
  const where =
    workdir === undefined || workdir.trim() === ''
      ? argvText([dir])
      : /[$@%]\(/.test(workdir)
        ? '"$__msbuild_value"'
        : argvText([posix.resolve(dir, workdir.replaceAll('\\', '/'))]);
  return `cd ${where} && ${commandText(command, dir)}`;
}

/**
 * A project, props or targets file (MSBuild XML) in folder `dir`: the commands its targets and build events run,
 * the project files it imports or references (absolute paths), or why it cannot be followed.
 */
export function readMsbuild(text: string, dir: string): BuildRead {
  if (text.split('\n').length > MAX_BUILD_FILE_LINES)
    return { commands: [], loads: [], opaque: 'is too large' };
  const xml = text.replace(/<!--[\s\S]*?-->/g, ' ');
  if (/<!--|<!\[CDATA\[|<!DOCTYPE|<!ENTITY/i.test(xml))
    return { commands: [], loads: [], opaque: 'uses an XML form gavel does not follow' };
  const opaque = (why: string): BuildRead => ({ commands: [], loads: [], opaque: why });
  if (!tagsRead(xml)) return opaque('uses attribute values gavel does not read');
  if (/<UsingTask\b/i.test(xml)) return opaque('defines a build task of its own');
  if (TOOL_PROPERTIES.test(xml)) return opaque('names a program the build runs in place of its own');
  const commands: string[] = [];
  const loads: string[] = [];
  for (const m of xml.matchAll(new RegExp(`<(Import|ProjectReference)\\b${ATTRS}>`, 'gi'))) {
    const tag = m[2] ?? '';
    const value = attribute(tag, m[1]?.toLowerCase() === 'import' ? 'Project' : 'Include');
    if (value === undefined) {
      if (attribute(tag, 'Sdk') !== undefined) continue;
      return opaque('imports a file gavel cannot name');
    }
    if (m[1]?.toLowerCase() === 'import' && attribute(tag, 'Sdk') !== undefined) continue;
    if (SDK_IMPORT.test(value.trim())) continue;
    const above =
      /^\$\(\[MSBuild\]::GetPathOfFileAbove\(\s*'?([\w.]+)'?\s*,\s*'?\$\(MSBuildThisFileDirectory\)\.\.[\\/]?'?\s*\)\)$/.exec(
        value.trim(),
      );
    if (above) {
      loads.push(`above:${above[1]}`);
      continue;
    }
    for (const part of value.split(';').filter((p) => p.trim() !== '')) {
      const path = msbuildPath(part, dir);
      if (path === undefined) return opaque('imports a file named at run time');
      loads.push(path);
    }
  }
  for (const m of xml.matchAll(/<(PreBuildEvent|PostBuildEvent)\b[^>]*>([\s\S]*?)<\/\1>/gi)) {
    const command = unescapeXml(m[2] ?? '').trim();
    if (command !== '') commands.push(inFolderText(command, undefined, dir));
  }
  for (const m of xml.matchAll(
    new RegExp(`<Target\\b${ATTRS}(?:(?<=/)>|>([\\s\\S]*?)</Target\\s*>)`, 'gi'),
  )) {
    const body = (m[2] ?? '').replace(
      new RegExp(`<(PropertyGroup|ItemGroup)\\b${ATTRS}>[\\s\\S]*?</\\1\\s*>`, 'gi'),
      ' ',
    );
    for (const child of body.matchAll(new RegExp(`<([A-Za-z_][\\w.-]*)\\b${ATTRS}>`, 'g'))) {
      const name = child[1] ?? '';
      if (!TARGET_CHILDREN.test(name)) return opaque('runs a build task gavel does not know');
      if (name !== 'Exec') continue;
      // MSBuild unescapes `%XX` in a task's parameters (`%0A` is a line break) before Exec runs the command.
      const command = attribute(child[2] ?? '', 'Command')?.replace(/%([0-9a-fA-F]{2})/g, (_, h: string) =>
        String.fromCharCode(Number.parseInt(h, 16)),
      );
      if (command === undefined) return opaque('runs a command gavel cannot read');
      commands.push(inFolderText(command, attribute(child[2] ?? '', 'WorkingDirectory'), dir));
    }
  }
  if (/<Exec\b/i.test(xml.replace(/<Target\b[\s\S]*?<\/Target\s*>/gi, ' ')))
    return opaque('runs a command gavel cannot place');
  return { commands, loads };
}

/** The project files `dotnet` works on: named on the command line, or found in the folder. */
function projectsOf(inv: Invocation, r: Reporter, sub: string): string[] | undefined {
  const cwd = inv.cwd as string;
  const named: string[] = [];
  const args = inv.args.slice(inv.args.findIndex((a) => plain(a) === sub) + 1);
  for (let k = 0; k < args.length; k++) {
    const t = plain(args[k]);
    if (t === '--') break;
    if (t === '--project' || (sub === 'run' && t === '-p')) {
      const v = args[++k];
      if (!v || !isLiteral(v)) return undefined;
      named.push(resolveArg(v, inv, r).resolved ?? '');
      continue;
    }
    if (VALUED.test(t)) {
      k++;
      continue;
    }
    if (t.startsWith('-') || t.startsWith('/')) continue;
    const word = args[k];
    if (!word || !isLiteral(word)) return undefined;
    if (sub === 'add' || sub === 'format') {
      // `dotnet add [PROJECT] package X`, `dotnet format [PROJECT] whitespace`.
      if (PROJECT.test(t) || SOLUTION.test(t)) named.push(resolveArg(word, inv, r).resolved ?? '');
      continue;
    }
    if (/\.dll$/i.test(t)) continue;
    named.push(resolveArg(word, inv, r).resolved ?? '');
  }
  const out: string[] = [];
  for (const path of named.length > 0 ? named : [cwd]) {
    if (path === '') return undefined;
    if (PROJECT.test(path) || SOLUTION.test(path)) {
      out.push(path);
      continue;
    }
    const names = folderNames(path, inv, r);
    if (names === undefined) {
      const file = readBudgeted(path, inv, r);
      // No listing: a reader that does not list folders (judged by name), or a folder too large to list.
      if (file?.kind === 'unreadable' && file.why === 'not-regular') return undefined;
      continue;
    }
    const found = [...names].filter((n) => PROJECT.test(n));
    out.push(
      ...(found.length > 0 ? found : [...names].filter((n) => SOLUTION.test(n))).map((n) =>
        inFolder(path, n),
      ),
    );
  }
  return out;
}

/** The projects a solution file lists (absolute paths). */
function solutionProjects(text: string, dir: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/["']([^"'\n]+\.(?:cs|fs|vb)proj)["']/gi)) {
    const path = msbuildPath(m[1]?.replaceAll('\\\\', '\\') ?? '', dir);
    if (path !== undefined) out.push(path);
  }
  return out;
}

/** The nearest `name` from `dir` up (a missing one skipped); undefined when none. */
function nearestAbove(dir: string, name: string, inv: Invocation, r: Reporter): string | undefined {
  for (const d of foldersUp(dir)) {
    const path = inFolder(d, name);
    const file = projectFile(path, inv, r);
    if (file.kind === 'unread') return undefined;
    if (file.kind !== 'missing') return path;
  }
  return undefined;
}

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');

export function dotnetBuildFiles(inv: Invocation, r: Reporter): void {
  if (!r.env.readScript || inv.cwd === undefined) return;
  // global.json's `sdk.paths` (the .NET 10 host) picks an SDK from folders the project names, run even for
  // `--version`/`--info`: a program of the repository's.
  const global = nearestAbove(inv.cwd, 'global.json', inv, r);
  const globalText = global === undefined ? undefined : projectFile(global, inv, r);
  if (
    globalText?.kind === 'text' &&
    (/"paths"\s*:/.test(globalText.text) || globalText.text.includes('\\u'))
  ) {
    say(inv, r, "runs the SDK global.json's paths name: a program of the project's");
    return;
  }
  if (inv.args.some((a) => /^(-h|--help|-\?|--version|--info|--list-sdks|--list-runtimes)$/.test(plain(a))))
    return;
  const sub = plain(inv.args.find((a) => !plain(a).startsWith('-')));
  if (!EVALUATES.test(sub)) return;
  const projects = projectsOf(inv, r, sub);
  if (projects === undefined) {
    say(inv, r, 'builds a project gavel cannot find or list: its build files are not read');
    return;
  }
  const w = startBuildWalk(inv, r);
  const queue = [...projects];
  const reader = (text: string, path: string): BuildRead => {
    if (SOLUTION.test(path)) return { commands: [], loads: solutionProjects(text, posix.dirname(path)) };
    const read = readMsbuild(text, posix.dirname(path));
    return {
      ...read,
      loads: read.loads.flatMap((l) => {
        if (!l.startsWith('above:')) return [l];
        const found = nearestAbove(posix.dirname(posix.dirname(path)), l.slice(6), inv, r);
        return found ? [found] : [];
      }),
    };
  };
  const dirs = new Set<string>();
  for (const project of queue) {
    if (!followBuildFile(w, project, reader, 'project file')) return;
    dirs.add(posix.dirname(project));
  }
  // The projects reached (references included): each one's Directory.Build files and response file.
  for (const path of w.seen) {
    if (!PROJECT.test(path)) continue;
    dirs.add(posix.dirname(path));
  }
  // MSBuild imports beside each project its user file (`App.csproj.user`) and the files restore wrote for it in `obj/`
  // (`obj/App.csproj.*.props`/`.targets`, its MSBuildProjectExtensionsPath): read as the project's own.
  for (const path of [...w.seen]) {
    if (!PROJECT.test(path)) continue;
    if (!followBuildFile(w, `${path}.user`, reader, 'project user file')) return;
    const obj = inFolder(posix.dirname(path), 'obj');
    const names = folderNames(obj, inv, r);
    if (names === undefined && readBudgeted(obj, inv, r)?.kind === 'unreadable') {
      say(
        inv,
        r,
        'builds a project whose obj/ folder gavel cannot list: the files restore wrote are not read',
      );
      return;
    }
    const own = `${posix.basename(path)}.`;
    for (const name of [...(names ?? [])].sort())
      if (name.startsWith(own) && /\.(?:props|targets)$/i.test(name))
        if (!followBuildFile(w, inFolder(obj, name), reader, 'MSBuild file')) return;
  }
  for (const dir of dirs) {
    if (nearestAbove(dir, 'Directory.Build.rsp', inv, r)) {
      say(inv, r, 'reads a Directory.Build.rsp, command-line options gavel does not follow');
      return;
    }
    for (const name of ['Directory.Build.props', 'Directory.Build.targets', 'Directory.Packages.props']) {
      const found = nearestAbove(dir, name, inv, r);
      if (found && !followBuildFile(w, found, reader, 'MSBuild file')) return;
    }
  }
  finishBuildWalk(w);
}
