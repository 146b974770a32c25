/**
 * A pre-commit configuration change that only turns on more hooks of a hook repository it already uses, at the
 * same revision (`- id: ruff-format` beside `- id: ruff`): the code those hooks run is the code the file already
 * runs at each commit, so the file is not persistence by itself. An added hook may name only which files it
 * checks and how it is shown (`id`, `name`, `alias`, `files`, `exclude`, `types`, `types_or`, `exclude_types`,
 * `stages`, `verbose`); its arguments, its entry, its language, extra dependencies, a new repository, a changed
 * revision, a `local` or `meta` repository's hooks, or any other change keep the file persistence. Both texts
 * are read whole by the strict YAML reader (yaml-data.ts). Pure.
 */

import { isDeepStrictEqual } from 'node:util';
import { addedItems, isMap, sameKeys, yamlData } from './yaml-data';

const CONFIG = /(^|\/)\.pre-commit-config\.ya?ml$/;

/** Whether a path is a pre-commit configuration file. */
export const isPreCommitPath = (path: string): boolean => CONFIG.test(path);

const HOOK_KEYS: ReadonlySet<string> = new Set([
  'id',
  'name',
  'alias',
  'files',
  'exclude',
  'types',
  'types_or',
  'exclude_types',
  'stages',
  'verbose',
]);

const plainHook = (hook: unknown): boolean =>
  isMap(hook) && typeof hook.id === 'string' && Object.keys(hook).every((k) => HOOK_KEYS.has(k));

/** Whether `after` is `before` with only plain hooks of its remote repositories added (or no change as data). */
export function addsOnlyRepositoryHooks(beforeText: string, afterText: string): boolean {
  const before = yamlData(beforeText);
  const after = yamlData(afterText);
  if (before === undefined || after === undefined || !sameKeys(before, after)) return false;
  for (const key of Object.keys(after))
    if (key !== 'repos' && !isDeepStrictEqual(before[key], after[key])) return false;
  const old = before.repos;
  const now = after.repos;
  if (!Array.isArray(old) || !Array.isArray(now) || old.length !== now.length) return false;
  return now.every((repo, i) => {
    const was = old[i];
    if (!isMap(repo) || !isMap(was) || !sameKeys(was, repo)) return false;
    for (const key of Object.keys(repo))
      if (key !== 'hooks' && !isDeepStrictEqual(was[key], repo[key])) return false;
    const added = addedItems(was.hooks, repo.hooks);
    if (added === undefined) return false;
    if (added.length === 0) return true;
    return typeof repo.repo === 'string' && !/^(local|meta)$/.test(repo.repo) && added.every(plainHook);
  });
}
