/**
 * Every config table and its settings, in one place; the types of the effective config follow from it.
 * Adding a setting is one entry in its table file.
 */

import type { Setting } from './setting';
import { askTable } from './tables/ask';
import { auditTable } from './tables/audit';
import { capsTable } from './tables/caps';
import { checkTable } from './tables/check';
import { judgeTable } from './tables/judge';
import { modelTable } from './tables/model';
import { routeTable } from './tables/route';
import { serveTable } from './tables/serve';

export const CONFIG_SPEC = {
  check: checkTable,
  ask: askTable,
  route: routeTable,
  judge: judgeTable,
  audit: auditTable,
  model: modelTable,
  caps: capsTable,
  serve: serveTable,
} as const;

export type ConfigSpec = typeof CONFIG_SPEC;
export type TableName = keyof ConfigSpec;

type ValueOf<S> = S extends Setting<infer T> ? T : never;

/** The effective config: every setting of every table, defaults filled in. */
export type Config = {
  readonly [T in TableName]: { readonly [K in keyof ConfigSpec[T]]: ValueOf<ConfigSpec[T][K]> };
};

/** Where a setting's value came from. */
export type Source = 'default' | 'user' | 'env' | 'project';

export type AnySetting = Setting<unknown>;

export function tableSettings(table: TableName): [string, AnySetting][] {
  return Object.entries(CONFIG_SPEC[table] as Record<string, AnySetting>);
}

export const TABLE_NAMES = Object.keys(CONFIG_SPEC) as TableName[];
