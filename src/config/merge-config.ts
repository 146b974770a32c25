/**
 * Merges the validated documents into the effective config. Pure.
 * Order: defaults, then the user's file, then GAVEL_* variables (both user scope, later wins), then the
 * repository layers (the gavel.toml files of the folders above the project root, outermost first, then
 * the project's own), each of which can only tighten what the layers before it left: each setting's own
 * merge decides, and a refused loosening is kept as a notice naming the file it came from.
 * INVARIANT: no project value ever makes a setting looser than the user's or an outer repository's.
 */

import type { ConfigNotice } from './problem';
import { type Config, type Source, TABLE_NAMES, tableSettings } from './spec';
import type { PartialConfig } from './validate-document';

export interface Layer {
  values: PartialConfig;
  file: string;
}

export interface Merged {
  config: Config;
  sources: Record<string, Source>;
  notices: ConfigNotice[];
}

export function mergeConfig(
  user: Layer | undefined,
  env: Layer | undefined,
  ...projects: (Layer | undefined)[]
): Merged {
  const config: Record<string, Record<string, unknown>> = {};
  const sources: Record<string, Source> = {};
  const notices: ConfigNotice[] = [];
  for (const table of TABLE_NAMES) {
    const out: Record<string, unknown> = {};
    for (const [key, spec] of tableSettings(table)) {
      const path = `${table}.${key}`;
      let value = spec.default;
      let source: Source = 'default';
      for (const [layer, name] of [
        [user, 'user'],
        [env, 'env'],
      ] as const) {
        const set = layer?.values[table];
        if (set && key in set && set[key] !== undefined) {
          value = set[key];
          source = name;
        }
      }
      for (const project of projects) {
        const repo = project?.values[table];
        if (!project || !repo || !(key in repo) || repo[key] === undefined || spec.scope !== 'both') continue;
        const merged = spec.merge(value, repo[key]);
        if (merged.refused !== undefined) {
          notices.push({ file: project.file, keyPath: path, message: `ignored: ${merged.refused}` });
        } else if (merged.value !== value) {
          source = 'project';
        }
        value = merged.value;
      }
      out[key] = value;
      sources[path] = source;
    }
    config[table] = out;
  }
  return { config: config as unknown as Config, sources, notices };
}
