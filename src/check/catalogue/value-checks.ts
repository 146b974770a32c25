/**
 * Values of options and arguments the catalogue knows inert by reading them, per program: `git -c KEY=VALUE` of a
 * key that only changes how git prints, a database client's single read-only `SELECT` (`sqlite3 db 'select ...'`,
 * `psql -c 'select 1'`), and `make VAR=value` of a variable make itself does not read with a plain value. Pure.
 * INVARIANT: a value these readers are not sure of is not inert (an allow-list of shapes, never a deny-list).
 */

import type { VariableSet } from './compile-catalogue';
import { inVariableSet } from './compile-catalogue';

/** git settings that change only how git prints or names (never a program it runs, a path it reads, a host). */
const INERT_GIT_KEYS =
  /^(color\.[a-z.]+|column\.ui|core\.quotepath|advice\.[a-z]+|log\.(date|decorate|abbrevcommit|follow|showroot|mailmap)|diff\.(renames|noprefix|mnemonicprefix|relative|context|interhunkcontext|colormoved|colormovedws|algorithm|indentheuristic|statgraphwidth)|status\.(short|branch|showuntrackedfiles|relativepaths|aheadbehind)|format\.pretty|init\.defaultbranch|user\.(name|email)|blame\.(date|coloring)|grep\.(linenumber|patterntype|extendedregexp|column|fullname)|branch\.sort|tag\.sort|merge\.conflictstyle|pull\.(rebase|ff)|rebase\.(autosquash|autostash)|commit\.verbose|fetch\.prune|help\.autocorrect)$/;
/** Values: a word, a number, a boolean, a date or colour name, with no path, command or substitution in it. */
const PLAIN_VALUE = /^[A-Za-z0-9_.,:+@%-]*$/;

/** `git -c key=value`: an inert key with a plain value. */
export function inertGitConfig(kv: string): boolean {
  const eq = kv.indexOf('=');
  const key = (eq < 0 ? kv : kv.slice(0, eq)).toLowerCase();
  const value = eq < 0 ? '' : kv.slice(eq + 1);
  // The file-system monitor turned off for this command runs nothing (`git -c core.fsmonitor=false status`).
  if (key === 'core.fsmonitor') return /^(?:false|no|off|0)$/i.test(value);
  // An author's name is any text git only records (`-c user.name='Dev One' commit`).
  if (key === 'user.name') return /^[^$`\\\p{Cc}]*$/u.test(value);
  return INERT_GIT_KEYS.test(key) && PLAIN_VALUE.test(value);
}

/** SQL functions that compute on values (never a file, a program, an extension, the server's state). */
const SQL_FUNCTIONS = new Set(
  'count sum avg min max total group_concat string_agg lower upper length char_length abs round coalesce ifnull nullif typeof date datetime time julianday strftime now current_date substr substring trim ltrim rtrim replace instr position cast version'.split(
    ' ',
  ),
);
/** Words that write, attach a file, load code, reach a program or change settings. */
const SQL_VERBS =
  /\b(insert|update|delete|drop|create|alter|attach|detach|pragma|vacuum|reindex|replace\s+into|copy|program|load_extension|into|grant|revoke|truncate|call|do|execute|set|lock|listen|notify|begin|commit|rollback|savepoint|analyze|explain)\b/i;

/**
 * One read-only `SELECT` (or `VALUES`/`TABLE`-free `WITH ... SELECT`): no second statement, no comment, no client
 * meta-command (`.shell`, `\!`), no function outside the computing ones, no statement word that writes.
 */
export function readOnlySelect(sql: string): boolean {
  const t = sql.trim().replace(/;\s*$/, '');
  if (!/^select\s/i.test(t) || t.length > 2000) return false;
  // One statement, no comment, no meta-command, no dollar quoting or escapes a reader could misjoin.
  if (/[;\\`$]|--|\/\*|^\s*\./m.test(t)) return false;
  // Strings hold no words that count: drop them first (a quote left open is not read).
  const bare = t.replace(/'(?:[^']|'')*'/g, '0');
  if (bare.includes("'") || bare.includes('"')) return false;
  if (SQL_VERBS.test(bare)) return false;
  for (const m of bare.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*\(/g))
    if (!SQL_FUNCTIONS.has((m[1] as string).toLowerCase())) return false;
  return true;
}

/**
 * sqlite3's dot-commands that only print the database's structure or content (`.tables`, `.schema users`,
 * `.indexes`, `.dump`): one command, its arguments plain names or LIKE patterns. `.shell`, `.system`, `.output`,
 * `.once`, `.import`, `.read`, `.open`, `.load`, `.save`, `.backup` and any other are not known.
 */
export function readOnlySqliteDot(text: string): boolean {
  return /^\s*\.(?:tables|schema|fullschema|indexes|indices|databases|dbinfo|dump|show|help|version)(?:\s+(?:--indent|[\w%]+))*\s*$/.test(
    text,
  );
}

/** Variables make itself reads (its shell, flags, makefiles, goals): never set from the command line here. */
const MAKE_OWN =
  /^(SHELL|\.SHELLFLAGS|MAKEFLAGS|MFLAGS|GNUMAKEFLAGS|MAKEFILES|MAKE|MAKECMDGOALS|MAKELEVEL|MAKEOVERRIDES|MAKE_RESTARTS|MAKESHELL|VPATH|SUFFIXES|\..*)$/;

/**
 * `make NAME=value`: a variable make does not read itself, that runs no code in a program's environment (make
 * exports it to recipes), with a plain value (no path, command or substitution: `CFLAGS=-O2`, `DEBUG=1`).
 */
export function inertMakeAssignment(a: string, runsCode: VariableSet): boolean {
  const eq = a.indexOf('=');
  const name = a.slice(0, eq).replace(/[:+?]$/, '');
  const value = a.slice(eq + 1);
  if (MAKE_OWN.test(name)) return false;
  // Compiler flags can load a plugin or pick the compiler's programs (`-fplugin=`, `-B`): only optimisation,
  // debug, warning (not `-Wl,`/`-Wp,`/`-Wa,`), standard and define flags are known.
  if (FLAG_VARIABLES.test(name)) return value.split(' ').every((f) => COMPILER_FLAG.test(f));
  return !inVariableSet(runsCode, name) && PLAIN_VALUE.test(value);
}

const FLAG_VARIABLES = /^(C|CXX|CPP|LD)FLAGS$/;
const COMPILER_FLAG =
  /^(-O[0-3sgz]?|-g[0-3]?|-W(all|extra|error|pedantic|shadow|conversion|no-[a-z-]+|[a-z][a-z-]*)|-pedantic|-std=[a-z0-9+]+|-D[A-Za-z_][A-Za-z0-9_]*(=[A-Za-z0-9_.]*)?|-march=native|-fPIC|-pipe|-fsanitize=[a-z,]+)$/;
