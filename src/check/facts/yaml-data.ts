/**
 * A YAML configuration file as plain data, for comparing what a change does to it (workflow-steps.ts,
 * pre-commit-hooks.ts): read by the strict YAML reader of src/shell (anchors, aliases, tags, folded plain scalars,
 * duplicate keys refused), mappings as objects with no prototype and scalars as their text. Pure.
 */

import { isDeepStrictEqual } from 'node:util';
import { isRecord } from '../../core';
import { readComposeYaml, type YamlValue } from '../../shell';

export type YamlDoc = Record<string, unknown>;

/** A mapping read from the file (the one plain-object guard of src/core). */
export const isMap: (v: unknown) => v is YamlDoc = isRecord;

function plain(v: YamlValue): unknown {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(plain);
  const out: YamlDoc = Object.create(null) as YamlDoc;
  for (const [k, x] of v) out[k] = plain(x);
  return out;
}

/**
 * The file's top mapping; undefined when it does not read whole or is no mapping. A folded block (`run: >`) is
 * refused too: its lines join into one when read, the reader keeps them apart.
 */
export function yamlData(text: string): YamlDoc | undefined {
  if (text.length > 512 * 1024 || /^[\t ]*(?:-[\t ]+)?[\w-]+:[\t ]*>/m.test(text)) return undefined;
  const top = readComposeYaml(text);
  if (top === undefined) return undefined;
  const value = plain(top);
  return isMap(value) ? value : undefined;
}

/** Whether two mappings have the same keys. */
export function sameKeys(a: YamlDoc, b: YamlDoc): boolean {
  return isDeepStrictEqual(Object.keys(a).sort(), Object.keys(b).sort());
}

/** The items `after` adds to `before`, in order, when `before` is kept whole in it; undefined otherwise. */
export function addedItems(before: unknown, after: unknown): unknown[] | undefined {
  if (before === undefined && after === undefined) return [];
  if (!Array.isArray(before) || !Array.isArray(after)) return undefined;
  const added: unknown[] = [];
  let i = 0;
  for (const item of after) {
    if (i < before.length && isDeepStrictEqual(before[i], item)) i++;
    else added.push(item);
  }
  return i === before.length ? added : undefined;
}
