/**
 * Gradle tasks registered lazily (`tasks.register("x") { ... }`) are configured and run only when the build's task
 * graph holds them: a build script's `uploadDiagnostics` that posts a file is not what `./gradlew test` runs. Read on
 * the lexed script (strings as ` S<n> ` tokens): a registration none of the command's task names names (exactly or
 * by Gradle's camel-case abbreviation, `uD` for `uploadDiagnostics`), and that no other code of the script names
 * (`dependsOn`, `finalizedBy`, `tasks.named`) nor any other script of the build, and no selection by its type or a
 * predicate takes in, is taken out before the script is judged. A script that realizes every task (`tasks.all`,
 * `tasks.withType(T) { }`, `gradle tasks`), an eager `task x { }` or `tasks.create`, a build whose scripts were
 * not all read or that loads another (`apply from:`), an init script, or task names not read, keep it whole. Pure.
 */

import { DYN } from '../walk/markers';

/** Gradle options that take the next word as their value. */
const VALUE_OPTIONS =
  /^(-p|--project-dir|-b|--build-file|-c|--settings-file|-x|--exclude-task|--tests|--args|-I|--init-script|-g|--gradle-user-home|--console|--warning-mode|--max-workers|--priority|--project-cache-dir|-D|-P|--include-build|-M|--write-verification-metadata|--update-locks|--dependency-verification)$/;

/**
 * The task names a Gradle command line runs (the last part of a task path); undefined when it names none (the
 * build's default tasks) or one is known only at run time.
 */
export function gradleTasks(args: readonly string[]): string[] | undefined {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a.includes(DYN) || a.includes('$')) return undefined;
    // An init script can wire any task into the graph.
    if (/^(-I|--init-script)(=|$)/.test(a)) return undefined;
    if (VALUE_OPTIONS.test(a)) i++;
    else if (!a.startsWith('-')) out.push(a.slice(a.lastIndexOf(':') + 1));
  }
  return out.length === 0 ? undefined : out;
}

/**
 * Code that realizes every task of the build or selects tasks by something other than a literal name (a predicate,
 * every name), so that a dependency on the selection may hold a registered task: `tasks.all`, `tasks.matching`,
 * `tasks.named { }`, `tasks.names`, an eager `withType(T) { }`, an eager `task x { }` or `tasks.create`.
 */
const REALIZES_ALL =
  /\btasks\b[^\n;{]*\.\s*filter\b|\btypealias\b|\bstartParameter\b|\bGradleBuild\b|\b(?:def|val|var|fun)\s+tasks\b|\btasks\s*=(?!=)|\btasks\b[^\n;{]*\.\s*(?:all|each|forEach|findAll|collect|toList|toSet|asMap|getAsMap|iterator|size|matching|names|getNames)\b|\btasks\s*\.\s*named\s*\{|\bgetTasksByName\b|\bwithType\s*(?:\([^)]*\)|<[^>]*>)\s*(?:\{|\(\s*\)\s*\{)|\btask\s+[\w]+|\btask\s*\(|\btasks\s*\.\s*create\b/;

/** `tasks.register("name"[, Type]) {` and `tasks.register<Type>("name") {`: the name's string and the type. */
const REGISTER =
  /\btasks\s*\.\s*register\s*(?:<\s*([\w.]+)\s*>)?\s*\(\s*S(\d+)\s*(?:,\s*([\w.]+)[^(){}]*)?\)\s*\{/g;

/** A selection by type that takes in tasks of `type` (its own name, or every task). */
const selectsType = (code: string, type: string | undefined): boolean => {
  const name = (type ?? 'DefaultTask').replace(/\.class$/, '').replace(/^.*\./, '');
  return new RegExp(
    `\\bwithType\\s*(?:\\(\\s*|<\\s*)(?:[\\w.]*\\.)?(?:${name}|DefaultTask|Task|AbstractTask)\\b`,
  ).test(code);
};

/** What the command line runs, and the build's other scripts (a reference there may wire a task in). */
export interface GradleRun {
  tasks: readonly string[];
  /** The texts of the build's other scripts; undefined when not all of them were read. */
  others: readonly string[] | undefined;
}

/** Whether a command's task name `word` selects `task`: the same name, or Gradle's camel-case abbreviation of it. */
export function selectsTask(word: string, task: string): boolean {
  if (word === task) return true;
  const parts = word.match(/[A-Z0-9]?[a-z]*|[A-Z0-9]/g)?.filter((p) => p !== '');
  if (!parts || parts.length === 0 || !/^[\w-]+$/.test(word)) return false;
  const pattern = parts.map((p) => `${p.replace(/[^\w]/g, '')}[a-z0-9]*`).join('');
  return new RegExp(`^${pattern}$`, 'i').test(task);
}

/** `val name by tasks.registering(Type::class) {` (Kotlin's delegate): the name and the type. */
const REGISTERING =
  /\bval\s+(\w+)\s+by\s+tasks\s*\.\s*registering\s*(?:<\s*([\w.]+)\s*>)?\s*(?:\(\s*([\w.]+)(?:::class)?[^(){}]*\))?\s*\{/g;

/**
 * Lifecycle tasks no task of the usual plugins depends on but the ones listed (`build` runs `check` and `assemble`;
 * nothing runs `build` but `buildNeeded` and `buildDependents`): what is wired to them runs only when the command
 * runs one of those. Any other task (`test`, `jar`, a compile) may be run by many: what is wired to it counts.
 */
const RUN_BY: Record<string, readonly string[]> = {
  build: ['build', 'buildNeeded', 'buildDependents'],
  check: ['check', 'build', 'buildNeeded', 'buildDependents'],
  assemble: ['assemble', 'build', 'buildNeeded', 'buildDependents'],
  publish: ['publish'],
};

/**
 * Does the command (its task words) run the lifecycle task `target`, or may something else of the build? Named
 * anywhere else in the scripts (a dependency, a provider used as an input, a nested build, a variable holding its
 * name), it may be in the graph.
 */
function lifecycleRuns(
  target: string,
  words: readonly string[],
  scripts: readonly string[],
  strings: readonly (string | undefined)[],
): boolean {
  const by = RUN_BY[target];
  if (by === undefined) return true;
  if (words.some((w) => by.some((t) => selectsTask(w, t)))) return true;
  const token = strings.flatMap((v, i) => (v === target || v === `:${target}` ? [`S${i}`] : []));
  const names = new RegExp(`\\b(?:${[target, ...token].join('|')})\\b`);
  return scripts.some((t) => names.test(t));
}

/**
 * The script without the blocks that only wire tasks to lifecycle tasks the command does not run
 * (`tasks.named("build") { finalizedBy(upload) }`, `tasks.build { finalizedBy(upload) }`), and without the
 * statements that do the same (`tasks.build.finalizedBy(upload)`).
 */
function withoutIdleWiring(
  code: string,
  run: GradleRun,
  scripts: readonly string[],
  strings: readonly (string | undefined)[],
  balanced: (text: string, open: number, pair: string, quotes: string) => string | undefined,
): string {
  const target = (s: string | undefined, ident: string | undefined) =>
    ident ?? (s === undefined ? undefined : strings[Number(s)]?.replace(/^:/, ''));
  const idle = (name: string | undefined) =>
    name !== undefined && RUN_BY[name] !== undefined && !lifecycleRuns(name, run.tasks, [], strings);
  let out = code;
  const wired: string[] = [];
  const BLOCK =
    /\btasks\s*\.\s*(?:(?:named|getByName)\s*\(\s*S(\d+)\s*\)\s*(?:\.\s*configure\s*)?|(build|check|assemble|publish)\s*)\{/g;
  for (const m of code.matchAll(BLOCK)) {
    if (!idle(target(m[1], m[2]))) continue;
    const start = m.index ?? 0;
    const body = balanced(code, start + m[0].length, '{}', '');
    if (
      body === undefined ||
      !/^(?:\s*(?:finalizedBy|dependsOn|mustRunAfter|shouldRunAfter)\s*\(\s*[\w.\s,]*\)\s*;?)*\s*$/.test(body)
    )
      continue;
    out = out.replace(code.slice(start, start + m[0].length + body.length + 1), ' ');
    wired.push(target(m[1], m[2]) as string);
  }
  out = out.replace(
    /\btasks\s*\.\s*(?:(?:named|getByName)\s*\(\s*S(\d+)\s*\)(?:\s*\.\s*get\s*\(\s*\))?|(build|check|assemble|publish))\s*\.\s*(?:finalizedBy|dependsOn)\s*\(\s*[\w.\s,]*\)\s*;?/g,
    (statement, s: string | undefined, ident: string | undefined) => {
      if (!idle(target(s, ident))) return statement;
      wired.push(target(s, ident) as string);
      return ' ';
    },
  );
  // The lifecycle task named anywhere else once its wiring is out (`test { dependsOn("assemble") }`): it may run.
  const rest = [out, ...scripts.slice(1)];
  return wired.some((t) => lifecycleRuns(t, run.tasks, rest, strings)) ? code : out;
}

/** A task's actions (`doLast { }`, `doFirst { }`), which run only when the task runs. */
function withoutActions(
  code: string,
  balanced: (text: string, open: number, pair: string, quotes: string) => string | undefined,
): string | undefined {
  let out = code;
  for (const m of code.matchAll(/\bdo(?:Last|First)\s*(?:\(\s*\)\s*)?\{/g)) {
    const start = m.index ?? 0;
    const body = balanced(code, start + m[0].length, '{}', '');
    if (body === undefined) return undefined;
    out = out.replace(code.slice(start, start + m[0].length + body.length + 1), ' ');
  }
  return out;
}

/**
 * The script's code without the lazily registered tasks `requested` does not run; the code as is when unsure. A task
 * wired only to a lifecycle task the command does not run (`build`'s finalizer under `gradle test`) is not run; one
 * realized by `gradle tasks` is configured but not run (its actions are taken out, its configuration judged).
 */
export function withoutIdleTasks(
  code: string,
  strings: readonly (string | undefined)[],
  run: GradleRun | undefined,
  balanced: (text: string, open: number, pair: string, quotes: string) => string | undefined,
): string {
  const others = run?.others;
  if (run === undefined || others === undefined || REALIZES_ALL.test(code)) return code;
  // A script another one loads (`apply from:`) is not among those read here.
  if ([code, ...others].some((t) => /\bapply\s*\(?\s*from\b/.test(t))) return code;
  // Another script that selects tasks by predicate or realizes them all (`subprojects { tasks.matching … }`).
  if (others.some((t) => REALIZES_ALL.test(t))) return code;
  // A dependency or finalizer named by code (`finalizedBy("up" + "load")`, a provider, a filter): any task may be it.
  for (const t of [code, ...others])
    for (const m of t.matchAll(
      /(?:\b|set)(?:dependsOn|finalizedBy|mustRunAfter|shouldRunAfter)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)/gi,
    )) {
      const args = (m[1] ?? '').replace(
        /\btasks\s*\.\s*(?:named|getByName)\s*\(\s*(?:S\d+|"[^"]*"|'[^']*')\s*\)/g,
        ' ',
      );
      if (/[(+{$]/.test(args)) return code;
    }
  // `gradle tasks` configures every task it lists (`--all` or not) and runs none of them.
  const listsAll = run.tasks.some((w) => selectsTask(w, 'tasks'));
  let out = code;
  const registrations = [
    ...[...code.matchAll(REGISTER)].map((m) => ({
      m,
      name: strings[Number(m[2])],
      token: Number(m[2]),
      type: m[1] ?? m[3],
    })),
    ...[...code.matchAll(REGISTERING)].map((m) => ({ m, name: m[1], token: -1, type: m[2] ?? m[3] })),
  ];
  for (const { m, name, token, type } of registrations) {
    if (name === undefined || run.tasks.some((w) => w !== 'tasks' && selectsTask(w, name))) continue;
    if ([code, ...others].some((t) => selectsType(t, type)) || others.some((t) => t.includes(name))) continue;
    const start = m.index ?? 0;
    // `val u = tasks.register("upload") { }`: the provider's variable names the task too.
    const held = /\b(?:val|var|def)\s+(\w+)\s*(?::\s*[\w<>.]+\s*)?=\s*$/.exec(
      code.slice(Math.max(0, start - 80), start),
    )?.[1];
    const body = balanced(code, start + m[0].length, '{}', '');
    if (body === undefined) return code;
    const span = code.slice(start, start + m[0].length + body.length + 1);
    const rest = out.replace(span, ' ');
    if (rest === out) continue;
    // Named anywhere else (a dependency, a finalizer, `tasks.named`) but a lifecycle task the command does not run:
    // the graph may hold it.
    const unwired = withoutIdleWiring(rest, run, [rest, ...others], strings, balanced);
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const named =
      new RegExp(`\\b${escaped}\\b`).test(unwired) ||
      (held !== undefined && new RegExp(`\\b${held}\\b`).test(unwired)) ||
      strings.some(
        (v, i) =>
          v !== undefined && i !== token && v.includes(name) && new RegExp(`\\bS${i}\\b`).test(unwired),
      );
    if (named) continue;
    if (!listsAll) {
      out = unwired;
      continue;
    }
    const configured = withoutActions(span, balanced);
    if (configured === undefined) return code;
    out = out.replace(span, configured);
  }
  return out;
}
