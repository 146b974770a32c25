/**
 * Which `"cmd ..."` strings of a mix.exs a task runs: Mix runs an alias's shell commands only when the alias runs
 * (`mix deps.audit`, or an alias that lists it), never for another task (`mix test`). Read on the lexed program
 * (strings as ` S<n> ` tokens): an alias is a keyword entry `name: [...]` or `"dotted.name": [...]` whose list holds
 * strings only, or `name: "..."`; a task name in a list (its first word) runs that alias in turn, or that task (a
 * mix command of its own, `run priv/seeds.exs`, `ecto.drop`, returned to be judged as one). A command string
 * owned by no such entry (in a function, a list with other items) may run for any task: every command then counts.
 * A task not known (`mix do`, bare `mix`) may run any alias. Pure.
 */

/** A keyword key: an atom (`test:`) or a quoted one (`"ecto.setup":`, lexed as `S<n>:`). */
const KEY = String.raw`(?:\b([a-z_]\w*[?!]?)|\bS(\d+)\s*):\s*`;
const LISTS = new RegExp(`${KEY}\\[([^\\[\\]]*)\\]`, 'g');
const SINGLE = new RegExp(`${KEY}S(\\d+)\\b(?!\\s*:)`, 'g');

const isCommand = (v: string | undefined): boolean => v !== undefined && /^cmd\s/.test(v);

/** What a task runs through its aliases: the indices of its command strings, and the other tasks they name. */
export interface AliasRuns {
  /** Undefined: a command string no alias entry owns, which may run for any task (every one counts). */
  commands: Set<number> | undefined;
  /** Task invocations of its aliases that are no alias themselves (`ecto.migrate --quiet`, `run priv/seeds.exs`). */
  tasks: string[];
}

/** What `task` runs through its aliases (undefined: a task not known, `mix do`, bare `mix`: every alias may run). */
export function mixAliasRuns(
  code: string,
  strings: readonly (string | undefined)[],
  task: string | undefined,
): AliasRuns {
  const aliases = new Map<string, number[]>();
  const owned = new Set<number>();
  const add = (atom: string | undefined, quoted: string | undefined, items: number[]) => {
    const key = atom ?? strings[Number(quoted)];
    if (key === undefined) return;
    aliases.set(key, [...(aliases.get(key) ?? []), ...items]);
    for (const i of items) owned.add(i);
  };
  for (const m of code.matchAll(LISTS)) {
    const body = m[3] ?? '';
    if (!/^[\sS\d,]*$/.test(body)) continue;
    add(
      m[1],
      m[2],
      [...body.matchAll(/S(\d+)/g)].map((x) => Number(x[1])),
    );
  }
  for (const m of code.matchAll(SINGLE)) add(m[1], m[2], [Number(m[3])]);
  const unowned = strings.some((v, i) => isCommand(v) && !owned.has(i));
  const runs = new Set<number>();
  const tasks: string[] = [];
  const seen = new Set<string>();
  const queue = task === undefined ? [...aliases.keys()] : [task];
  while (queue.length > 0) {
    const name = queue.shift() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const i of aliases.get(name) ?? []) {
      const v = strings[i];
      if (v === undefined) continue;
      if (isCommand(v)) {
        runs.add(i);
        continue;
      }
      // Another alias is followed; the task itself (`test` in the `test` alias) is what the command runs anyway;
      // any other task is a mix command of its own, judged as one.
      const first = v.trim().split(/\s+/)[0] ?? '';
      if (aliases.has(first)) queue.push(first);
      else if (first !== task && first !== '') tasks.push(v.trim());
    }
  }
  return { commands: unowned ? undefined : runs, tasks };
}
