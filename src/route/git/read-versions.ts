/**
 * Reads dependency version changes from the unified diff of manifest files (package.json,
 * requirements*.txt, go.mod, Cargo.toml, pyproject.toml, Gemfile, composer.json). Pure.
 * A removed and an added line naming the same dependency make a version change, graded patch, minor or
 * major by its numbers (0.x: a minor step counts as major). Any other changed manifest line is counted
 * as "other": the change is then more than a version bump. A JSON manifest that keeps a dependency table on
 * one line (`"dependencies": {"a": "^1.0.0", "b": "2.1.0"}`) is read pair by pair, so a major bump there is a
 * major bump, not "2 lines that are not a version bump".
 */

import type { VersionChange } from '../types';

const LINE_PATTERNS: RegExp[] = [
  /^\s*"([^"\s]+)"\s*:\s*"([~^=<>v]*\s*\d[^"\s]*)"\s*,?\s*$/, // package.json, composer.json
  /^\s*([A-Za-z0-9_.[\]-]+)\s*(?:==|>=|~=|===)\s*(\d[\w.+-]*)\s*(?:#.*)?$/, // requirements.txt
  /^\s*(?:require\s+)?([\w.~/-]+\.[\w.~/-]+)\s+(v\d[\w.+-]*)\s*(?:\/\/.*)?$/, // go.mod
  /^\s*([\w-]+)\s*=\s*"([~^=<>]*\s*\d[^"\s]*)"\s*$/, // Cargo.toml, pyproject (poetry)
  /^\s*([\w-]+)\s*=\s*\{.*\bversion\s*=\s*"([~^=<>]*\s*\d[^"\s]*)".*\}\s*$/, // Cargo.toml inline table
  /^\s*gem\s+['"]([\w-]+)['"]\s*,\s*['"][~><=\s]*(\d[\w.]*)['"]/, // Gemfile
];

export interface ManifestDiff {
  versions: VersionChange[];
  other: number;
}

export function readVersions(unifiedDiff: string): ManifestDiff {
  const removed = new Map<string, string>();
  const added = new Map<string, string>();
  let file = '';
  let other = 0;
  for (const line of unifiedDiff.split('\n')) {
    if (line.startsWith('+++ ')) {
      file = line.slice(4).replace(/^b\//, '');
      continue;
    }
    if (
      line.startsWith('--- ') ||
      line.startsWith('diff ') ||
      line.startsWith('@@') ||
      line.startsWith('index ')
    )
      continue;
    const sign = line[0];
    if (sign !== '+' && sign !== '-') continue;
    const body = line.slice(1);
    if (body.trim() === '' || body.trim() === ',' || body.trim().startsWith('#')) continue;
    const pairs = matchVersions(body);
    if (!pairs) {
      other++;
      continue;
    }
    for (const [name, version] of pairs) (sign === '-' ? removed : added).set(`${file}\0${name}`, version);
  }
  const versions: VersionChange[] = [];
  for (const [key, to] of added) {
    const from = removed.get(key);
    const [f, name] = key.split('\0') as [string, string];
    if (from === undefined) {
      other++;
      continue;
    }
    removed.delete(key);
    if (from === to) continue; // a pair the same on both sides of a one-line table: unchanged
    versions.push({ file: f, name, from, to, kind: gradeBump(from, to) });
  }
  other += removed.size;
  versions.sort((a, b) => (a.file + a.name).localeCompare(b.file + b.name));
  return { versions, other };
}

/** A manifest line longer than this is never a version pair: counted as other, never matched (linear time). */
const MAX_VERSION_LINE = 1024;

/** One `"name": "version"` pair of a JSON table (global: every pair of a one-line table). */
const JSON_PAIR = /"([^"\s]+)"\s*:\s*"([~^=<>v]*\s*\d[^"\s]*)"/g;
/** What may stand around the pairs of a one-line table: its key, braces, commas. */
const JSON_TABLE_REST =
  /^[\s{},]*(?:"(?:dependencies|devDependencies|peerDependencies|optionalDependencies|require|require-dev)"\s*:[\s{},]*)?$/;

/** The version pairs a manifest line holds: one, or each of a one-line JSON table; null when it holds other text. */
function matchVersions(body: string): [string, string][] | null {
  const one = matchVersion(body);
  if (one) return [one];
  if (body.length > MAX_VERSION_LINE || !body.includes('"')) return null;
  const pairs = [...body.matchAll(JSON_PAIR)].map(
    (m) => [m[1] as string, m[2] as string] as [string, string],
  );
  if (pairs.length === 0) return null;
  return JSON_TABLE_REST.test(body.replace(JSON_PAIR, '')) ? pairs : null;
}

function matchVersion(body: string): [string, string] | null {
  if (body.length > MAX_VERSION_LINE) return null;
  for (const re of LINE_PATTERNS) {
    const m = re.exec(body);
    if (m) return [m[1] as string, m[2] as string];
  }
  return null;
}

export function gradeBump(from: string, to: string): VersionChange['kind'] {
  const a = numbers(from);
  const b = numbers(to);
  if (!a || !b) return 'unknown';
  if (a[0] !== b[0]) return 'major';
  if (a[0] === 0 && a[1] !== b[1]) return 'major';
  if (a[1] !== b[1]) return 'minor';
  return 'patch';
}

function numbers(version: string): [number, number, number] | null {
  const m = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(version.replace(/^[~^=<>v\s]+/, ''));
  if (!m) return null;
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}
