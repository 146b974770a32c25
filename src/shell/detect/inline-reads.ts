/**
 * Python inline code that opens files by name for reading only (`json.load(open('data/events.json'))`): the
 * calls found, and the code with each call put out of the way of the inertness scan (code-imports.ts), which
 * refuses every `open`. A call is read only when its path is one plain string literal and its mode, if given, a
 * literal read mode; any other `open` stays in the code and keeps it not inert. Pure: judging the paths (a
 * secret, a file outside the workspace) is the caller's.
 */

/** `open('p')`, `open("p", "rb")`, `open('p', mode='r', encoding='utf-8')`: a path literal, a read mode. */
const OPEN_FOR_READING =
  /(?<![\w.])open\(\s*(['"])([^'"\\\n$`{}]+)\1\s*(?:,\s*(?:mode\s*=\s*)?(['"])(?:r|rb|rt|br|tr)\3\s*)?(?:,\s*encoding\s*=\s*(['"])[\w-]+\4\s*)?\)/g;

/** Calls read per program: more is not a small inline program. */
const MAX_OPENED = 8;

export interface OpenedForReading {
  /** The code with each read call replaced by an empty string literal. */
  code: string;
  /** The paths opened, as written. */
  paths: string[];
}

/** The read-only `open` calls of Python code, or undefined past the bound. */
export function openedForReading(code: string): OpenedForReading | undefined {
  const paths: string[] = [];
  const rest = code.replace(OPEN_FOR_READING, (_m, _q, path: string) => {
    paths.push(path);
    return "''";
  });
  return paths.length > MAX_OPENED ? undefined : { code: rest, paths };
}
