/**
 * Validates one parsed config document (a TOML file or the GAVEL_* variables) against the spec, whole.
 * Pure. Strict: an unknown table or key is a problem. For a repository document, user-scope settings are
 * taken out first and reported as notices; they are never validated, merged or used.
 */

import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { isRecord } from '../core';
import type { ConfigNotice, ConfigProblem } from './problem';
import { TABLE_NAMES, type TableName, tableSettings } from './spec';

z.config(en());

/** Values a document sets, by table then key. Only keys present in the document appear. */
export type PartialConfig = { [table: string]: { [key: string]: unknown } };

export type DocumentResult =
  | { ok: true; values: PartialConfig; notices: ConfigNotice[] }
  | { ok: false; problem: ConfigProblem };

export function validateDocument(doc: unknown, file: string, scope: 'user' | 'project'): DocumentResult {
  if (!isRecord(doc))
    return { ok: false, problem: { file, keyPath: '', message: 'must be a table of tables' } };
  const values: PartialConfig = {};
  const notices: ConfigNotice[] = [];
  for (const [tableName, tableValue] of Object.entries(doc)) {
    if (!(TABLE_NAMES as string[]).includes(tableName)) {
      return {
        ok: false,
        problem: { file, keyPath: tableName, message: `unknown table (known: ${TABLE_NAMES.join(', ')})` },
      };
    }
    if (!isRecord(tableValue)) {
      return {
        ok: false,
        problem: { file, keyPath: tableName, message: `must be a table, as \`[${tableName}]\`` },
      };
    }
    const settings = new Map(tableSettings(tableName as TableName));
    const shape: Record<string, z.ZodMiniType> = {};
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(tableValue)) {
      const spec = settings.get(key);
      if (spec && spec.scope === 'user' && scope === 'project') {
        notices.push({
          file,
          keyPath: `${tableName}.${key}`,
          message: `ignored: a repository cannot set this; set it in your user config or ${spec.env ? `\`${spec.env.name}\`` : 'a flag'}`,
        });
        continue;
      }
      kept[key] = value;
    }
    for (const [key, spec] of settings) shape[key] = z.optional(spec.schema);
    const parsed = z.strictObject(shape).safeParse(kept);
    if (!parsed.success) return { ok: false, problem: firstProblem(parsed.error.issues, file, tableName) };
    values[tableName] = parsed.data as Record<string, unknown>;
  }
  return { ok: true, values, notices };
}

export function firstProblem(
  issues: readonly z.core.$ZodIssue[],
  file: string,
  tableName: string,
): ConfigProblem {
  const issue = issues[0];
  if (!issue) return { file, keyPath: tableName, message: 'invalid' };
  const path = [tableName, ...issue.path.map(String)];
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    return { file, keyPath: [...path, key].join('.'), message: 'unknown key' };
  }
  return { file, keyPath: path.join('.'), message: lowerFirst(issue.message) };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
