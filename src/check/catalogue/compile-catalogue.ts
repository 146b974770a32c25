/**
 * Compiles the safe catalogue once: validates rules/check-safe.json whole and indexes its entries by program, so
 * a segment is tried only against the entries of its own program (no scan of the whole catalogue). A text the
 * build checked whole (`indexCatalogue`) is compiled lazily instead, an entry when its program is first met.
 * Pure: takes parsed JSON. A problem is one line naming the file and key; the caller makes it `rules-invalid`.
 */

import { parseWith } from '../policy/policy-files';
import { CATALOGUE_FILE_SCHEMA, type CatalogueEntry, type CatalogueFile } from './catalogue-file';
import type { InlineLanguage } from './inline-code';
import type { PrintLanguage } from './print-code';

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
  numeric: boolean | 'first';
  singleDashWords: boolean;
  literalArgs: boolean;
  staticArgs: boolean;
  positionals: 'any' | 'none';
  refuseAssignments: boolean;
  /** Every positional must match (`operands`); undefined: any. */
  operands?: RegExp;
  optionsAfterDashDash: boolean;
  /** The pattern each listed option's value must match (`option_values`). */
  optionValues: ReadonlyMap<string, RegExp>;
  pathsInScope: boolean;
  /** At least one of these must be given a value; empty: none required. */
  requiredValues: ReadonlySet<string>;
  /** Flags given a value only as `=true` (the file's `flags_kept_only_true`, and `required_values`). */
  keptFlags: ReadonlySet<string>;
  firstOperand?: RegExp;
  /** At most this many positionals (`max_positionals`); undefined: any number. */
  maxPositionals?: number;
  optionsFirst: boolean;
  suffixGlobs: boolean;
  runsScript: boolean;
  needsArgument: boolean;
  /** Programs `-exec`/`-execdir` may run (find); empty: none. */
  execPrograms: ReadonlySet<string>;
  language?: 'sed' | 'awk' | 'perl-subst' | InlineLanguage | PrintLanguage;
  source: CatalogueEntry;
}

/** A variable list: exact names, prefixes written `NAME*` and suffixes written `*NAME`. */
export interface VariableSet {
  names: ReadonlySet<string>;
  prefixes: readonly string[];
  suffixes: readonly string[];
}

/** The entries of each program, in catalogue order. */
export interface ProgramIndex {
  get(program: string): readonly CompiledEntry[] | undefined;
  has(program: string): boolean;
  /**
   * The same entries read one at a time, each compiled when first reached (a catalogue loaded from the build's
   * index): matching stops at the first entry that knows a command safe, so `git status` compiles `git-read` and
   * not the nine git entries after it (ADR 0094). Absent: use `get`.
   */
  each?(program: string): EntryList | undefined;
}

/** Entries by position, in catalogue order (an array is one). */
export interface EntryList {
  readonly length: number;
  at(k: number): CompiledEntry | undefined;
}

export interface Catalogue {
  version: number;
  byProgram: ProgramIndex;
  entries: readonly CompiledEntry[];
  inert: VariableSet;
  runsCode: VariableSet;
  /** Variables inert only with a value of a known shape: name -> the whole value's pattern. */
  inertValues: ReadonlyMap<string, RegExp>;
  wrapperOptionsNotSafe: ReadonlySet<string>;
  /** Hosts a read-only web fetch may reach as known safe (exact names). */
  documentationHosts: ReadonlySet<string>;
  /** Options that, alone, make any program the catalogue knows print what it is (`--version`). */
  versionOptions: ReadonlySet<string>;
  /** Options asking a program its usage (`--help`), the programs that answer them after a subcommand, and those never. */
  help: HelpQueries;
  /** Programs whose every option is inert: a run-time word that may be an option is an operand to them. */
  optionsInert: ReadonlySet<string>;
  /** Is `name` in the file's `known_packages` list of `registry` (`npm`, `pypi`, ...)? */
  knownPackage(registry: string, name: string): boolean;
}

/** The file's `help_options`, `help_programs` and `manual_help_programs`. */
export interface HelpQueries {
  options: ReadonlySet<string>;
  programs: ReadonlySet<string>;
  manual: ReadonlySet<string>;
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
  inertValues: new Map(),
  wrapperOptionsNotSafe: new Set(),
  documentationHosts: new Set(),
  versionOptions: new Set(),
  help: { options: new Set(), programs: new Set(), manual: new Set() },
  optionsInert: new Set(),
  knownPackage: () => false,
};

/** `Catalogue.knownPackage` over the file's package lists, each made a set on first use. */
function packageLookup(lists: PackageLists): Catalogue['knownPackage'] {
  const sets = new Map<string, ReadonlySet<string>>();
  return (registry, name) => {
    let set = sets.get(registry);
    if (!set) {
      set = new Set(Object.hasOwn(lists(), registry) ? lists()[registry] : []);
      sets.set(registry, set);
    }
    return set.has(name);
  };
}

/** The file's package lists (`known_packages`), read on first use. */
type PackageLists = () => Readonly<Record<string, readonly string[]>>;
/** The file's shared fragments (`patterns`), by name. */
type Fragments = Readonly<Record<string, string>>;
/** What an entry's patterns may name: the package lists and the shared fragments. */
interface References {
  lists: PackageLists;
  fragments: Fragments;
  keptFlags: readonly string[];
}

const REFERENCE = /\{(known|pattern):([a-z][a-z0-9-]*)\}/g;
const NAMES_REFERENCE = /\{(known|pattern):/;

/**
 * `pattern` with each `{known:LIST}` replaced by an alternation of the list's names, each escaped (matched
 * literally), and each `{pattern:NAME}` by the shared fragment in a group; undefined when it names a list or a
 * fragment the file does not have.
 */
function expandReferences(pattern: string, refs: References): string | undefined {
  if (!NAMES_REFERENCE.test(pattern)) return pattern;
  let missing = false;
  const out = pattern.replace(REFERENCE, (_m, kind: string, name: string) => {
    if (kind === 'pattern') {
      const fragment = Object.hasOwn(refs.fragments, name) ? refs.fragments[name] : undefined;
      if (fragment === undefined) missing = true;
      return `(?:${fragment ?? ''})`;
    }
    const names = Object.hasOwn(refs.lists(), name) ? refs.lists()[name] : undefined;
    if (!names || names.length === 0) {
      missing = true;
      return '';
    }
    return `(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})`;
  });
  return missing ? undefined : out;
}

/** `e` with its patterns' references expanded; undefined when one names a list or fragment the file lacks. */
function withReferences(e: CatalogueEntry, refs: References): CatalogueEntry | undefined {
  const patterns = [e.operands, e.first_operand, ...Object.values(e.option_values ?? {})];
  if (!patterns.some((r) => r !== undefined && NAMES_REFERENCE.test(r))) return e;
  const operands = e.operands === undefined ? undefined : expandReferences(e.operands, refs);
  const first = e.first_operand === undefined ? undefined : expandReferences(e.first_operand, refs);
  const values: Record<string, string> = {};
  for (const [o, re] of Object.entries(e.option_values ?? {})) {
    const x = expandReferences(re, refs);
    if (x === undefined) return undefined;
    values[o] = x;
  }
  if (
    (e.operands !== undefined && operands === undefined) ||
    (e.first_operand !== undefined && first === undefined)
  )
    return undefined;
  return {
    ...e,
    ...(operands === undefined ? {} : { operands }),
    ...(first === undefined ? {} : { first_operand: first }),
    ...(e.option_values ? { option_values: values } : {}),
  };
}

/** The problem with the file's shared fragments, if any: each must be a regular expression naming nothing. */
function fragmentsProblem(fragments: Fragments): string | undefined {
  for (const [name, re] of Object.entries(fragments)) {
    if (NAMES_REFERENCE.test(re))
      return `${CATALOGUE_FILE}: \`patterns.${name}\` names a list or another pattern`;
    try {
      new RegExp(re, 'u');
    } catch {
      return `${CATALOGUE_FILE}: \`patterns.${name}\` is not a regular expression`;
    }
  }
  return undefined;
}

/** The checks of one entry the schema cannot state; a problem names the entry and key, undefined when sound. */
function entryProblem(e: CatalogueEntry): string | undefined {
  const where = `${CATALOGUE_FILE}: entry \`${e.id}\``;
  const known = new Set([
    ...(e.flags ?? []),
    ...(e.values ?? []),
    ...(e.global?.flags ?? []),
    ...(e.global?.values ?? []),
  ]);
  // INVARIANT: an option listed as breaking is never also known safe, in any list of the entry.
  for (const o of new Set(e.breaking ?? []))
    if (known.has(o)) return `${where}: option \`${o}\` is both known safe and breaking`;
  // A glob read as an operand is sound only where no option takes a value the glob could supply.
  if (e.suffix_globs && ((e.values?.length ?? 0) > 0 || (e.global?.values?.length ?? 0) > 0))
    return `${where}: \`suffix_globs\` with options that take a value`;
  if (e.runs_script && e.subcommands) return `${where}: \`runs_script\` with subcommands`;
  if (e.first_operand !== undefined) {
    try {
      new RegExp(e.first_operand, 'u');
    } catch {
      return `${where}: \`first_operand\` is not a regular expression`;
    }
  }
  for (const o of e.required_values ?? [])
    if (!known.has(o)) return `${where}: \`required_values\` names \`${o}\`, not a known option`;
  if (e.operands !== undefined) {
    try {
      new RegExp(e.operands, 'u');
    } catch {
      return `${where}: \`operands\` is not a regular expression`;
    }
  }
  for (const [o, re] of Object.entries(e.option_values ?? {})) {
    if (!known.has(o)) return `${where}: \`option_values\` names \`${o}\`, not a known option`;
    try {
      new RegExp(re, 'u');
    } catch {
      return `${where}: \`option_values.${o}\` is not a regular expression`;
    }
  }
  // `**` (the run program's own arguments) may only end a pattern.
  if (e.subcommands?.some((p) => p.split(' ').slice(0, -1).includes('**')))
    return `${where}: \`**\` may only end a subcommand pattern`;
  return undefined;
}

/** One entry as matching reads it. Assumes `entryProblem` finds nothing (an invalid `operands` throws). */
function compileEntry(source: CatalogueEntry, refs: References): CompiledEntry {
  // A list or fragment the file lacks never reaches here from a checked text; if it did, the entry must not compile
  // as written.
  const e = withReferences(source, refs);
  if (!e)
    throw new Error(
      `${CATALOGUE_FILE}: entry \`${source.id}\` names a list or pattern the file does not have`,
    );
  const compiled: CompiledEntry = {
    id: e.id,
    global: optionSet(e.global),
    options: optionSet(e),
    breaking: new Set(e.breaking ?? []),
    numeric: e.numeric_options ?? false,
    singleDashWords: e.single_dash_words ?? false,
    literalArgs: e.literal_args ?? false,
    staticArgs: e.static_args ?? false,
    positionals: e.positionals ?? 'any',
    refuseAssignments: e.refuse_assignments ?? false,
    optionsAfterDashDash: e.options_after_dash_dash ?? false,
    optionValues: new Map(
      Object.entries(e.option_values ?? {}).map(([o, re]) => [o, new RegExp(`^(?:${re})$`, 'u')]),
    ),
    pathsInScope: e.paths_in_scope ?? false,
    requiredValues: new Set(e.required_values ?? []),
    keptFlags: new Set([...refs.keptFlags, ...(e.required_values ?? [])]),
    optionsFirst: e.options_first ?? false,
    suffixGlobs: e.suffix_globs ?? false,
    runsScript: e.runs_script ?? false,
    needsArgument: e.needs_argument ?? false,
    execPrograms: new Set(e.exec_programs ?? []),
    source,
  };
  if (e.operands !== undefined) compiled.operands = new RegExp(e.operands, 'u');
  if (e.max_positionals !== undefined) compiled.maxPositionals = e.max_positionals;
  if (e.first_operand !== undefined) compiled.firstOperand = new RegExp(`^(?:${e.first_operand})$`, 'u');
  if (e.subcommands)
    compiled.subcommands = e.subcommands.map((s) => s.split(' ')).sort((a, b) => b.length - a.length);
  if (e.language) compiled.language = e.language;
  return compiled;
}

/** Is `value` of variable `name` one the catalogue knows inert (`inert_values`)? */
export function valueInert(catalogue: Catalogue, name: string, value: string): boolean {
  return catalogue.inertValues.get(name)?.test(value) ?? false;
}

/** Checks a parsed catalogue whole (the schema, then what it cannot state) and compiles every entry. */
export function compileCatalogue(json: unknown): CatalogueResult {
  const parsed = parseWith(CATALOGUE_FILE_SCHEMA, json, CATALOGUE_FILE);
  if (!parsed.ok) return parsed;
  const file = parsed.value;
  for (const [name, re] of Object.entries(file.inert_values ?? {})) {
    try {
      new RegExp(re, 'u');
    } catch {
      return {
        ok: false,
        problem: `${CATALOGUE_FILE}: \`inert_values.${name}\` is not a regular expression`,
      };
    }
  }
  const ids = new Set<string>();
  const entries: CompiledEntry[] = [];
  const byProgram = new Map<string, CompiledEntry[]>();
  const fragments = file.patterns ?? {};
  const fragmentProblem = fragmentsProblem(fragments);
  if (fragmentProblem) return { ok: false, problem: fragmentProblem };
  const refs: References = {
    lists: () => file.known_packages ?? {},
    fragments,
    keptFlags: file.flags_kept_only_true ?? [],
  };
  for (const e of file.entries) {
    if (ids.has(e.id))
      return { ok: false, problem: `${CATALOGUE_FILE}: entry \`${e.id}\`: the id is used twice` };
    ids.add(e.id);
    const expanded = withReferences(e, refs);
    if (!expanded)
      return {
        ok: false,
        problem: `${CATALOGUE_FILE}: entry \`${e.id}\`: names a list \`known_packages\` or a pattern \`patterns\` does not have`,
      };
    const problem = entryProblem(expanded);
    if (problem) return { ok: false, problem };
    const compiled = compileEntry(e, refs);
    entries.push(compiled);
    for (const p of e.programs) {
      const same = byProgram.get(p);
      if (same) same.push(compiled);
      else byProgram.set(p, [compiled]);
    }
  }
  return {
    ok: true,
    catalogue: { ...fileLevel(file), byProgram, entries, knownPackage: packageLookup(refs.lists) },
  };
}

function fileLevel(
  file: Omit<CatalogueFile, 'entries' | 'known_packages'>,
): Omit<Catalogue, 'byProgram' | 'entries' | 'knownPackage'> {
  return {
    version: file.version,
    inert: variableSet(file.inert_variables),
    runsCode: variableSet(file.runs_code_variables),
    inertValues: new Map(
      Object.entries(file.inert_values ?? {}).map(([name, re]) => [name, new RegExp(`^(?:${re})$`, 'u')]),
    ),
    wrapperOptionsNotSafe: new Set(file.wrapper_options_not_safe),
    documentationHosts: new Set(file.documentation_hosts ?? []),
    versionOptions: new Set(file.version_options ?? []),
    help: {
      options: new Set(file.help_options ?? []),
      programs: new Set(file.help_programs ?? []),
      manual: new Set(file.manual_help_programs ?? []),
    },
    optionsInert: new Set(file.options_inert_programs ?? []),
  };
}

/**
 * Where each entry of a catalogue's text is: what a build records once it has checked that text whole, so a
 * later load of the same text (the same sha256) parses and compiles only the entries of the programs it meets.
 */
export interface CatalogueIndex {
  /** The file without its entries and package lists (the variable lists, the hosts, the shared patterns). */
  file: Omit<CatalogueFile, 'entries' | 'known_packages'>;
  /** Where `known_packages` is in the text, parsed when an entry naming a list is compiled. */
  packagesAt?: readonly [number, number];
  /** Each entry's programs and its place in the text: `[start, end)` in UTF-16 units of the decoded text. */
  entries: readonly { programs: readonly string[]; at: readonly [number, number] }[];
}

/** The end of the JSON value starting at `from` in `text` (an object, array, string or bare word). */
function valueEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      if (depth === 0) return i + 1;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * Checks a catalogue's text whole (as `compileCatalogue`) and indexes where each entry is. Build time: a problem
 * fails the build. Each entry's text is parsed back and must be the entry the whole parse read.
 */
export function indexCatalogue(
  text: string,
): { ok: true; index: CatalogueIndex } | { ok: false; problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: `${CATALOGUE_FILE}: is not valid JSON` };
  }
  const checked = compileCatalogue(json);
  if (!checked.ok) return checked;
  const { entries, known_packages, ...file } = json as CatalogueFile;
  let packagesAt: [number, number] | undefined;
  if (known_packages !== undefined) {
    const key = /"known_packages"\s*:\s*\{/.exec(text);
    const start = key ? key.index + key[0].length - 1 : -1;
    const end = start < 0 ? -1 : valueEnd(text, start);
    if (end < 0 || JSON.stringify(JSON.parse(text.slice(start, end))) !== JSON.stringify(known_packages))
      return { ok: false, problem: `${CATALOGUE_FILE}: \`known_packages\` could not be located in the text` };
    packagesAt = [start, end];
  }
  const at: [number, number][] = [];
  const open = /"entries"\s*:\s*\[/g.exec(text);
  let i = open ? open.index + open[0].length : -1;
  for (const entry of entries) {
    while (i >= 0 && i < text.length && text[i] !== '{') i++;
    const end = i < 0 ? -1 : valueEnd(text, i);
    if (end < 0 || JSON.stringify(JSON.parse(text.slice(i, end))) !== JSON.stringify(entry))
      return {
        ok: false,
        problem: `${CATALOGUE_FILE}: entry \`${entry.id}\` could not be located in the text`,
      };
    at.push([i, end]);
    i = end;
  }
  return {
    ok: true,
    index: {
      file,
      ...(packagesAt ? { packagesAt } : {}),
      entries: entries.map((e, k) => ({ programs: e.programs, at: at[k] as [number, number] })),
    },
  };
}

/**
 * A catalogue's text read a part at a time: `slice(start, end)` is the decoded text's `slice` (UTF-16 units), so a
 * caller holding the file's bytes decodes only the entries a call looks up, not the whole file (ADR 0094).
 */
export interface CatalogueText {
  slice(start: number, end: number): string;
}

/**
 * The catalogue of `text`, which the caller knows is the very text `index` was made from and checked whole (its
 * sha256 is the one the build recorded): nothing is checked again, and an entry is parsed and compiled when a
 * program it names is first looked up.
 */
export function catalogueFromIndex(text: string | CatalogueText, index: CatalogueIndex): Catalogue {
  const slice =
    typeof text === 'string' ? (start: number, end: number) => text.slice(start, end) : text.slice;
  const compiled: (CompiledEntry | undefined)[] = [];
  let packages: Readonly<Record<string, readonly string[]>> | undefined;
  const packageLists: PackageLists = () => {
    packages ??= index.packagesAt
      ? (JSON.parse(slice(index.packagesAt[0], index.packagesAt[1])) as Record<string, string[]>)
      : {};
    return packages;
  };
  const entryAt = (k: number): CompiledEntry => {
    let e = compiled[k];
    if (!e) {
      const [start, end] = index.entries[k]?.at ?? [0, 0];
      e = compileEntry(JSON.parse(slice(start, end)) as CatalogueEntry, {
        lists: packageLists,
        fragments: index.file.patterns ?? {},
        keptFlags: index.file.flags_kept_only_true ?? [],
      });
      compiled[k] = e;
    }
    return e;
  };
  // Built on first use too: a request that runs no program (a Read, an edit) never looks at the catalogue.
  let positions: Map<string, number[]> | undefined;
  const positionsOf = (): Map<string, number[]> => {
    if (positions) return positions;
    positions = new Map();
    for (const [k, e] of index.entries.entries()) {
      for (const p of e.programs) {
        const same = positions.get(p);
        if (same) same.push(k);
        else positions.set(p, [k]);
      }
    }
    return positions;
  };
  let level: ReturnType<typeof fileLevel> | undefined;
  const levelOf = (): ReturnType<typeof fileLevel> => {
    level ??= fileLevel(index.file);
    return level;
  };
  const byProgramCache = new Map<string, readonly CompiledEntry[]>();
  const lists = new Map<string, EntryList>();
  const byProgram: ProgramIndex = {
    has: (program) => positionsOf().has(program),
    each(program) {
      let list = lists.get(program);
      if (list === undefined) {
        const ks = positionsOf().get(program);
        if (!ks) return undefined;
        list = {
          length: ks.length,
          at: (k) => (k >= 0 && k < ks.length ? entryAt(ks[k] as number) : undefined),
        };
        lists.set(program, list);
      }
      return list;
    },
    get(program) {
      let list = byProgramCache.get(program);
      if (list === undefined) {
        const ks = positionsOf().get(program);
        if (!ks) return undefined;
        list = ks.map(entryAt);
        byProgramCache.set(program, list);
      }
      return list;
    },
  };
  let all: readonly CompiledEntry[] | undefined;
  return {
    get version() {
      return levelOf().version;
    },
    get inert() {
      return levelOf().inert;
    },
    get runsCode() {
      return levelOf().runsCode;
    },
    get inertValues() {
      return levelOf().inertValues;
    },
    get wrapperOptionsNotSafe() {
      return levelOf().wrapperOptionsNotSafe;
    },
    get documentationHosts() {
      return levelOf().documentationHosts;
    },
    get versionOptions() {
      return levelOf().versionOptions;
    },
    get help() {
      return levelOf().help;
    },
    get optionsInert() {
      return levelOf().optionsInert;
    },
    knownPackage: packageLookup(packageLists),
    byProgram,
    get entries() {
      all ??= index.entries.map((_, k) => entryAt(k));
      return all;
    },
  };
}
