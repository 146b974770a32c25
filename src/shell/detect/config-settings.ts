/**
 * A setting of a tool's configuration file read as the tool reads it, not by a pattern of its spelling: TOML parsed
 * (quoted and dotted keys, escapes, multi-line strings, arrays), ini read as Python's configparser does (`=` or `:`,
 * keys in any case, `-` and `_` alike, indented lines continuing a value). Used by the readers of pytest, pylint,
 * mypy, coverage and flake8 configuration, when the tool runs and when a change writes the file. Pure.
 */

import { parse } from 'smol-toml';

/** The values of `key` in the sections `sections` names (a TOML table's dotted path, an ini section's name). */
export type SettingValues = { ok: true; values: string[] } | { ok: false };

const norm = (key: string): string => key.trim().toLowerCase().replaceAll('_', '-');

const flat = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.flatMap(flat)
    : typeof v === 'string'
      ? [v]
      : v === undefined || v === null
        ? []
        : [String(v)];

/** The last text parsed and its document (undefined: it does not parse): one file's settings are read in turn. */
let last: { text: string; doc: unknown } | undefined;

function parsed(text: string): unknown {
  if (last?.text !== text) {
    let doc: unknown;
    try {
      doc = parse(text);
    } catch {
      doc = undefined;
    }
    last = { text, doc };
  }
  return last.doc;
}

function tomlValues(text: string, sections: RegExp, key: string): SettingValues {
  const doc = parsed(text);
  if (doc === undefined) return { ok: false };
  const values: string[] = [];
  const walk = (table: Record<string, unknown>, path: string) => {
    for (const [k, v] of Object.entries(table)) {
      const here = path === '' ? k : `${path}.${k}`;
      if (v !== null && typeof v === 'object' && !Array.isArray(v)) walk(v as Record<string, unknown>, here);
      else if (sections.test(path) && norm(k) === norm(key)) values.push(...flat(v));
    }
  };
  walk(doc as Record<string, unknown>, '');
  return { ok: true, values };
}

function iniValues(text: string, sections: RegExp, key: string): SettingValues {
  const values: string[] = [];
  let section = '';
  // Whether a value is open (an indented line continues it), and whether it is one of ours.
  let open = false;
  let ours = false;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const header = /^\s*\[([^\]]*)\]\s*$/.exec(raw);
    if (header) {
      section = (header[1] ?? '').trim();
      open = false;
      continue;
    }
    if (/^\s*(?:[#;]|$)/.test(raw)) continue;
    if (open && /^\s/.test(raw)) {
      if (ours) values[values.length - 1] += `\n${raw.trim()}`;
      continue;
    }
    // A key line (indented too, where no value is open): `key = value` or `key: value`.
    const pair = /^\s*([^=:\s][^=:]*?)\s*[=:]\s*(.*)$/.exec(raw);
    open = pair !== null;
    ours = pair !== null && sections.test(section) && norm(pair[1] ?? '') === norm(key);
    if (ours) values.push(pair?.[2] ?? '');
  }
  return { ok: true, values };
}

/** The values a configuration file gives `key` in `sections`: TOML for `.toml` files, ini otherwise. */
export function settingValues(text: string, file: string, sections: RegExp, key: string): SettingValues {
  return /\.toml$/i.test(file) ? tomlValues(text, sections, key) : iniValues(text, sections, key);
}

/** The words of a setting's values (quotes and list brackets gone): `addopts`, `plugins`, `paths`. */
export const settingWords = (values: readonly string[]): string[] =>
  values
    .join(' ')
    .replace(/[[\],"']/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
