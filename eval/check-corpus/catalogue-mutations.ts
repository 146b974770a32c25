/**
 * Mutations of the catalogue's own examples: every `safe` example of every entry, with one argument (a whole word,
 * or the value of `--opt=value`) replaced by a protected place. A known-safe shape must never let a secret or a
 * protected write through unseen: a secret target (`~/.ssh/id_rsa`, `.env`, a system file) allowed where the program
 * opens it is a hole, and so is a protected place (a git hook, an agent setting) allowed where it is written. Where
 * the word is only a name an allow is right, so a person reads the list. Pure.
 */

/** Targets whose read is as bad as their write: any allow is a hole. */
export const SECRET_TARGETS = [
  '/home/agent/.ssh/id_rsa',
  '.env',
  '~/.aws/credentials',
  '/etc/shadow',
] as const;
/** Targets that are harmful only when written: an allow is read by a person (a read of them is fine). */
export const WRITE_TARGETS = ['.git/hooks/pre-commit', '.claude/settings.json', '/etc/cron.d/job'] as const;

/** A command split into words as a plain shell reads quotes (no expansions); undefined when it uses more. */
export function splitWords(command: string): string[] | undefined {
  if (/[|;&<>`$(){}\n\\]/.test(command.replace(/'[^']*'/g, "''"))) return undefined;
  const words: string[] = [];
  let cur = '';
  let inWord = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    if (c === "'" || c === '"') {
      const end = command.indexOf(c, i + 1);
      if (end < 0) return undefined;
      cur += command.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === ' ' || c === '\t') {
      if (inWord) words.push(cur);
      cur = '';
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) words.push(cur);
  return words;
}

/** A word as the shell must see it: single-quoted unless it is plain (a leading `~` stays bare to expand). */
export function quoteWord(word: string): string {
  if (/^[\w@%+=:,./~-]+$/.test(word) && !word.slice(1).includes('~')) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

export interface Mutant {
  entry: string;
  example: string;
  command: string;
  target: string;
}

/** Every mutant of one example: each argument after the program, whole or as an option's `=value`, per target. */
export function mutantsOf(entry: string, example: string, targets: readonly string[]): Mutant[] {
  const words = splitWords(example);
  if (!words || words.length < 2) return [];
  const out: Mutant[] = [];
  const seen = new Set<string>();
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as string;
    const eq = w.startsWith('-') ? w.indexOf('=') : -1;
    for (const target of targets) {
      const replaced = eq > 0 ? `${w.slice(0, eq + 1)}${target}` : w.startsWith('-') ? undefined : target;
      if (replaced === undefined) continue;
      const command = words.map((x, k) => quoteWord(k === i ? replaced : x)).join(' ');
      if (seen.has(command)) continue;
      seen.add(command);
      out.push({ entry, example, command, target });
    }
  }
  return out;
}

/** A catalogue entry as the option scan reads it. */
export interface EntryOptions {
  id: string;
  safe: readonly string[];
  values?: readonly string[];
  global?: { values?: readonly string[] };
  option_values?: Readonly<Record<string, string>>;
}

/**
 * Every option an entry lets take any value (listed in `values`, no `option_values` pattern), given a target: the
 * entry's first simple example with ` OPTION TARGET` appended. The catalogue does not read such a value, so only
 * the analysis stands between a writing or reading option and the target.
 */
export function optionMutants(entry: EntryOptions, targets: readonly string[]): Mutant[] {
  const example = entry.safe.find((x) => splitWords(x) !== undefined);
  if (example === undefined) return [];
  const free = [...(entry.values ?? []), ...(entry.global?.values ?? [])].filter(
    (o) => entry.option_values?.[o] === undefined,
  );
  return [...new Set(free)].flatMap((o) =>
    targets.map((target) => ({
      entry: entry.id,
      example,
      command: `${example} ${o.startsWith('--') ? `${o}=${quoteWord(target)}` : `${o} ${quoteWord(target)}`}`,
      target,
    })),
  );
}
