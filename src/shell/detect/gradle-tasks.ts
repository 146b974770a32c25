/**
 * Gradle tasks registered lazily (`tasks.register("x") { ... }`) are configured and run only when the build's task
 * graph holds them: a build script's `uploadDiagnostics` that posts a file is not what `./gradlew test` runs. Read on
 * the lexed script (strings as ` S<n> ` tokens): a registration none of the command's task names names (exactly or
 * by Gradle's camel-case abbreviation, `uD` for `uploadDiagnostics`), and that no other code of the script names
 * (`dependsOn`, `finalizedBy`, `tasks.named`), is taken out before the script is judged. A script that realizes
 * every task (`tasks.all`, `tasks.withType(T) { }`, `tasks.each`, `gradle tasks`), an eager `task x { }` or
 * `tasks.create`, or a command whose task names are not read, keeps the whole script. Pure.
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
    if (VALUE_OPTIONS.test(a)) i++;
    else if (!a.startsWith('-')) out.push(a.slice(a.lastIndexOf(':') + 1));
  }
  return out.length === 0 ? undefined : out;
}

/** Code that realizes every task of the build, registered ones too. */
const REALIZES_ALL =
  /\btasks\b[^\n;{]*\.\s*(?:all|each|forEach|findAll|collect|toList|toSet|asMap|getAsMap|iterator|size)\b|\bwithType\s*(?:\([^)]*\)|<[^>]*>)\s*(?:\{|\(\s*\)\s*\{)|\btask\s+[\w]+|\btask\s*\(|\btasks\s*\.\s*create\b/;

const REGISTER = /\btasks\s*\.\s*register\s*(?:<[^>]*>)?\s*\(\s*S(\d+)\s*(?:,[^(){}]*)?\)\s*\{/g;

/** Whether a command's task name `word` selects `task`: the same name, or Gradle's camel-case abbreviation of it. */
export function selectsTask(word: string, task: string): boolean {
  if (word === task) return true;
  const parts = word.match(/[A-Z0-9]?[a-z]*|[A-Z0-9]/g)?.filter((p) => p !== '');
  if (!parts || parts.length === 0 || !/^[\w-]+$/.test(word)) return false;
  const pattern = parts.map((p) => `${p.replace(/[^\w]/g, '')}[a-z0-9]*`).join('');
  return new RegExp(`^${pattern}$`, 'i').test(task);
}

/** The script's code without the lazily registered tasks `requested` does not run; the code as is when unsure. */
export function withoutIdleTasks(
  code: string,
  strings: readonly (string | undefined)[],
  requested: readonly string[] | undefined,
  balanced: (text: string, open: number, pair: string, quotes: string) => string | undefined,
): string {
  if (requested === undefined || requested.includes('tasks') || REALIZES_ALL.test(code)) return code;
  let out = code;
  for (const m of code.matchAll(REGISTER)) {
    const name = strings[Number(m[1])];
    if (name === undefined || requested.some((w) => selectsTask(w, name))) continue;
    const start = m.index ?? 0;
    const body = balanced(code, start + m[0].length, '{}', '');
    if (body === undefined) return code;
    const span = code.slice(start, start + m[0].length + body.length + 1);
    const rest = out.replace(span, ' ');
    if (rest === out) continue;
    // Named anywhere else (a dependency, a finalizer, `tasks.named`): the graph may hold it.
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const named =
      new RegExp(`\\b${escaped}\\b`).test(rest) ||
      strings.some(
        (v, i) =>
          v !== undefined && i !== Number(m[1]) && v.includes(name) && new RegExp(`\\bS${i}\\b`).test(rest),
      );
    if (!named) out = rest;
  }
  return out;
}
