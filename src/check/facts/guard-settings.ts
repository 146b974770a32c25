/**
 * The settings in application code and configuration that guard it (rules/check-guards.json): forced HTTPS, TLS
 * certificate checks, allowed web origins, login and forgery checks, secrets filtered from logs, debug output in
 * production, administrator accounts seeded with a written password. Compiled once from the bundled data file; a
 * malformed entry throws with the file and field named (the build's tests load it, so a release never does). Pure.
 */

import guardsJson from '../../../rules/check-guards.json' with { type: 'json' };

export interface GuardSetting {
  id: string;
  reason: string;
  files: RegExp;
  expose: RegExp[];
  protect: RegExp[];
}

export interface GuardExample {
  path: string;
  before: string;
  after: string;
}

const FILE = 'rules/check-guards.json';

function fail(field: string, problem: string): never {
  throw new Error(`${FILE}: ${field}: ${problem}`);
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') fail(field, 'must be a non-empty string');
  return value;
}

function regex(value: unknown, field: string, flags: string): RegExp {
  const source = text(value, field);
  try {
    return new RegExp(source, flags);
  } catch {
    return fail(field, 'is not a valid regular expression');
  }
}

function regexes(value: unknown, field: string, flags: string): RegExp[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(field, 'must be a list of regular expressions');
  return value.map((v, i) => regex(v, `${field}[${i}]`, flags));
}

function examples(value: unknown, field: string): GuardExample[] {
  if (!Array.isArray(value) || value.length === 0) fail(field, 'must be a non-empty list');
  return value.map((v, i) => {
    const e = v as Record<string, unknown>;
    if (typeof e !== 'object' || e === null) fail(`${field}[${i}]`, 'must be an object');
    const extra = Object.keys(e).find((k) => !['path', 'before', 'after'].includes(k));
    if (extra) fail(`${field}[${i}].${extra}`, 'is not a known key');
    if (typeof e.before !== 'string' || typeof e.after !== 'string')
      fail(`${field}[${i}]`, 'needs `before` and `after` texts');
    return { path: text(e.path, `${field}[${i}].path`), before: e.before, after: e.after };
  });
}

const KEYS = ['id', 'reason', 'files', 'ignore_case', 'expose', 'protect', 'examples'];

/** The data file's entries with their examples, validated whole: one bad field and nothing is used. */
export function compileGuardSettings(
  json: unknown,
): { setting: GuardSetting; weakens: GuardExample[]; keeps: GuardExample[] }[] {
  const root = json as { version?: unknown; guards?: unknown };
  if (root?.version !== 1) fail('version', 'must be 1');
  if (!Array.isArray(root.guards)) fail('guards', 'must be a list');
  const ids = new Set<string>();
  return root.guards.map((raw, i) => {
    const g = raw as Record<string, unknown>;
    const at = `guards[${i}]`;
    if (typeof g !== 'object' || g === null) fail(at, 'must be an object');
    const extra = Object.keys(g).find((k) => !KEYS.includes(k));
    if (extra) fail(`${at}.${extra}`, 'is not a known key');
    const id = text(g.id, `${at}.id`);
    if (ids.has(id)) fail(`${at}.id`, `repeats \`${id}\``);
    ids.add(id);
    if (g.ignore_case !== undefined && typeof g.ignore_case !== 'boolean')
      fail(`${at}.ignore_case`, 'must be true or false');
    const flags = g.ignore_case ? 'gim' : 'gm';
    const expose = regexes(g.expose, `${at}.expose`, flags);
    const protect = regexes(g.protect, `${at}.protect`, flags);
    if (expose.length + protect.length === 0) fail(at, 'needs an `expose` or a `protect` pattern');
    const ex = (g.examples ?? {}) as Record<string, unknown>;
    return {
      setting: {
        id,
        reason: text(g.reason, `${at}.reason`),
        files: regex(g.files, `${at}.files`, ''),
        expose,
        protect,
      },
      weakens: examples(ex.weakens, `${at}.examples.weakens`),
      keeps: examples(ex.keeps, `${at}.examples.keeps`),
    };
  });
}

let compiled: GuardSetting[] | undefined;

/** The bundled entries, compiled on first use. */
export function guardSettings(): GuardSetting[] {
  compiled ??= compileGuardSettings(guardsJson).map((e) => e.setting);
  return compiled;
}

const count = (patterns: RegExp[], s: string): number =>
  patterns.reduce((n, re) => n + (s.match(re)?.length ?? 0), 0);

/** The entries a change of `path` from `before` to `after` weakens (more exposing matches, fewer protecting ones). */
export function loweredSettings(
  path: string,
  before: string,
  after: string,
  settings: readonly GuardSetting[] = guardSettings(),
): GuardSetting[] {
  return settings.filter(
    (s) =>
      s.files.test(path) &&
      (count(s.expose, after) > count(s.expose, before) ||
        count(s.protect, after) < count(s.protect, before)),
  );
}
