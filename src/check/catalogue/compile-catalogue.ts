/**
 * Compiles the safe catalogue once: validates rules/check-safe.json whole and indexes its entries by program, so
 * a segment is tried only against the entries of its own program (no scan of the whole catalogue).
 * Pure: takes parsed JSON. A problem is one line naming the file and key; the caller makes it `rules-invalid`.
 */

import { parseWith } from '../policy/policy-files';
import { CATALOGUE_FILE_SCHEMA, type CatalogueEntry, type CatalogueFile } from './catalogue-file';
import type { InlineLanguage } from './inline-code';

export const CATALOGUE_FILE = 'rules/check-safe.json';

export interface OptionSet {
  flags: ReadonlySet<string>;
  values: ReadonlySet<string>;
}

export interface CompiledEntry {
  id: string;
  global: OptionSet;
  /** Subcommand patterns (words; `*` any word), longest first; undefined: the entry has none. */
  subcommands?: readonly (readonly string[])[];
  options: OptionSet;
  breaking: ReadonlySet<string>;
  numeric: boolean;
  singleDashWords: boolean;
  literalArgs: boolean;
  staticArgs: boolean;
  positionals: 'any' | 'none';
  refuseAssignments: boolean;
  /** Every positional must match (`operands`); undefined: any. */
  operands?: RegExp;
  optionsAfterDashDash: boolean;
  suffixGlobs: boolean;
  runsScript: boolean;
  needsArgument: boolean;
  /** Programs `-exec`/`-execdir` may run (find); empty: none. */
  execPrograms: ReadonlySet<string>;
  language?: 'sed' | 'awk' | InlineLanguage;
  source: CatalogueEntry;
}

/** A variable list: exact names, prefixes written `NAME*` and suffixes written `*NAME`. */
export interface VariableSet {
  names: ReadonlySet<string>;
  prefixes: readonly string[];
  suffixes: readonly string[];
}

export interface Catalogue {
  version: number;
  byProgram: ReadonlyMap<string, readonly CompiledEntry[]>;
  entries: readonly CompiledEntry[];
  inert: VariableSet;
  runsCode: VariableSet;
  wrapperOptionsNotSafe: ReadonlySet<string>;
  /** Hosts a read-only web fetch may reach as known safe (exact names). */
  documentationHosts: ReadonlySet<string>;
}

export type CatalogueResult = { ok: true; catalogue: Catalogue } | { ok: false; problem: string };

const optionSet = (o: { flags?: string[]; values?: string[] } | undefined): OptionSet => ({
  flags: new Set(o?.flags ?? []),
  values: new Set(o?.values ?? []),
});

function variableSet(list: readonly string[]): VariableSet {
  return {
    names: new Set(list.filter((v) => !v.includes('*'))),
    prefixes: list.filter((v) => v.endsWith('*')).map((v) => v.slice(0, -1)),
    suffixes: list.filter((v) => v.startsWith('*')).map((v) => v.slice(1)),
  };
}

export function inVariableSet(set: VariableSet, name: string): boolean {
  return (
    set.names.has(name) ||
    set.prefixes.some((p) => name.startsWith(p)) ||
    set.suffixes.some((s) => name.endsWith(s))
  );
}

/** The empty catalogue: nothing is known safe (every shell segment is unknown). */
export const EMPTY_CATALOGUE: Catalogue = {
  version: 0,
  byProgram: new Map(),
  entries: [],
  inert: variableSet([]),
  runsCode: variableSet([]),
  wrapperOptionsNotSafe: new Set(),
  documentationHosts: new Set(),
};

/**
 * `validated`: this exact file text already passed the schema under this build (the runtime's cache of passed
 * checks), so the schema, most of a hook call's start-up cost for this 100 KB file, is not run again; every
 * check below still is.
 */
export function compileCatalogue(json: unknown, options: { validated?: boolean } = {}): CatalogueResult {
  const parsed = options.validated
    ? { ok: true as const, value: json as CatalogueFile }
    : parseWith(CATALOGUE_FILE_SCHEMA, json, CATALOGUE_FILE);
  if (!parsed.ok) return parsed;
  const file = parsed.value;
  const ids = new Set<string>();
  const entries: CompiledEntry[] = [];
  const byProgram = new Map<string, CompiledEntry[]>();
  for (const e of file.entries) {
    const where = `${CATALOGUE_FILE}: entry \`${e.id}\``;
    if (ids.has(e.id)) return { ok: false, problem: `${where}: the id is used twice` };
    ids.add(e.id);
    const breaking = new Set(e.breaking ?? []);
    const options = optionSet(e);
    const global = optionSet(e.global);
    // INVARIANT: an option listed as breaking is never also known safe, in any list of the entry.
    for (const o of breaking) {
      if (options.flags.has(o) || options.values.has(o) || global.flags.has(o) || global.values.has(o))
        return { ok: false, problem: `${where}: option \`${o}\` is both known safe and breaking` };
    }
    const compiled: CompiledEntry = {
      id: e.id,
      global,
      options,
      breaking,
      numeric: e.numeric_options ?? false,
      singleDashWords: e.single_dash_words ?? false,
      literalArgs: e.literal_args ?? false,
      staticArgs: e.static_args ?? false,
      positionals: e.positionals ?? 'any',
      refuseAssignments: e.refuse_assignments ?? false,
      optionsAfterDashDash: e.options_after_dash_dash ?? false,
      suffixGlobs: e.suffix_globs ?? false,
      runsScript: e.runs_script ?? false,
      needsArgument: e.needs_argument ?? false,
      execPrograms: new Set(e.exec_programs ?? []),
      source: e,
    };
    // A glob read as an operand is sound only where no option takes a value the glob could supply.
    if (compiled.suffixGlobs && (options.values.size > 0 || global.values.size > 0))
      return { ok: false, problem: `${where}: \`suffix_globs\` with options that take a value` };
    if (compiled.runsScript && e.subcommands)
      return { ok: false, problem: `${where}: \`runs_script\` with subcommands` };
    if (e.operands !== undefined) {
      try {
        compiled.operands = new RegExp(e.operands, 'u');
      } catch {
        return { ok: false, problem: `${where}: \`operands\` is not a regular expression` };
      }
    }
    // `**` (the run program's own arguments) may only end a pattern.
    if (e.subcommands?.some((p) => p.split(' ').slice(0, -1).includes('**')))
      return { ok: false, problem: `${where}: \`**\` may only end a subcommand pattern` };
    if (e.subcommands)
      compiled.subcommands = e.subcommands.map((s) => s.split(' ')).sort((a, b) => b.length - a.length);
    if (e.language) compiled.language = e.language;
    entries.push(compiled);
    for (const p of e.programs) {
      const same = byProgram.get(p);
      if (same) same.push(compiled);
      else byProgram.set(p, [compiled]);
    }
  }
  return {
    ok: true,
    catalogue: {
      version: file.version,
      byProgram,
      entries,
      inert: variableSet(file.inert_variables),
      runsCode: variableSet(file.runs_code_variables),
      wrapperOptionsNotSafe: new Set(file.wrapper_options_not_safe),
      documentationHosts: new Set(file.documentation_hosts ?? []),
    },
  };
}
