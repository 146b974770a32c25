/**
 * Which profiles of a pom.xml a Maven build runs: a `<profile>` with no `<activation>` runs only when named
 * (`-P id`, `--activate-profiles id`, in the project's `.mvn/maven.config`, or as an `<activeProfile>` of the
 * user's `~/.m2/settings.xml`); one with an `<activation>` (a property, a file, the JDK, the OS, `activeByDefault`)
 * is taken to run, since its condition is not judged here. The pom is read without the profiles that do not run
 * (and without its comments), so a plugin there (an exec step of a `bootstrap` profile) is not one `mvn test`
 * runs. A profile list known only at run time, another settings file (`-s`), or a file that cannot be read: every
 * profile runs. Pure apart from the injected reader.
 */

import { isUnder } from '../../core';
import type { Invocation, Reporter } from '../unwrap/invocation';
import { plain } from '../unwrap/invocation';
import { DYN } from '../walk/markers';
import { readBudgeted } from './disk-scripts';
import { foldersUp, inFolder } from './project-file';
import { writtenScript } from './written-scripts';

/** The profile ids a build names, or `all` when it cannot tell. */
export type ActiveProfiles = ReadonlySet<string> | 'all';

/** The ids a `-P` value names (`a,b`, `?a`, `!a` and `-a` switch one off). */
function named(list: string, into: Set<string>): boolean {
  if (list.includes(DYN) || list.includes('$')) return false;
  for (const raw of list.split(',')) {
    const id = raw.trim().replace(/^\?/, '');
    if (id !== '' && !id.startsWith('!') && !id.startsWith('-')) into.add(id);
  }
  return true;
}

/** Reads `-P` options from words; false when one is computed or a settings file is chosen. */
function fromWords(words: readonly string[], into: Set<string>): boolean {
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (w === '-P' || w === '--activate-profiles') {
      if (!named(words[++i] ?? '', into)) return false;
    } else if (w.startsWith('--activate-profiles=')) {
      if (!named(w.slice('--activate-profiles='.length), into)) return false;
    } else if (w.startsWith('-P')) {
      if (!named(w.slice(2), into)) return false;
    } else if (/^(-s|--settings|-gs|--global-settings)(=|$)/.test(w)) return false;
  }
  return true;
}

/** The profiles `mvn` with these arguments runs in `cwd` (the user's settings in `home`). */
export function activeProfiles(inv: Invocation, r: Reporter): ActiveProfiles {
  const ids = new Set<string>();
  if (!fromWords(inv.args.map(plain), ids)) return 'all';
  // The project's options file, in the nearest folder up that has a `.mvn` folder.
  const cwd = inv.cwd as string;
  const root = r.scope.workspaceRoots.find((w) => isUnder(cwd, w));
  for (const dir of root === undefined ? [cwd] : foldersUp(cwd).filter((d) => isUnder(d, root))) {
    const path = inFolder(dir, '.mvn/maven.config');
    // A file this command line writes first is not read from disk.
    if (writtenScript(path, r).found) return 'all';
    const file = readBudgeted(path, inv, r);
    if (file === undefined) return 'all';
    if (file.kind === 'missing') continue;
    if (file.kind !== 'text' || !fromWords(file.text.split(/\s+/), ids)) return 'all';
    break;
  }
  const settingsPath = inFolder(r.scope.home, '.m2/settings.xml');
  if (writtenScript(settingsPath, r).found) return 'all';
  const settings = readBudgeted(settingsPath, inv, r);
  if (settings === undefined) return 'all';
  if (settings.kind === 'text') {
    for (const m of settings.text
      .replace(/<!--[\s\S]*?-->/g, '')
      .matchAll(/<activeProfile>\s*([^<]*?)\s*<\/activeProfile>/g))
      ids.add(m[1] ?? '');
  } else if (settings.kind !== 'missing') return 'all';
  return ids;
}

/**
 * The pom without its comments and without the profiles that do not run. A comment left open, or a profile left
 * open, keeps the text as it is.
 */
export function withoutInactiveProfiles(pom: string, active: ActiveProfiles): string {
  if (active === 'all') return pom;
  const text = pom.replace(/<!--[\s\S]*?-->/g, '');
  const opened = text.match(/<profile>/g)?.length ?? 0;
  if (text.includes('<!--') || opened !== (text.match(/<\/profile>/g)?.length ?? 0)) return pom;
  return text.replace(/<profile>[\s\S]*?<\/profile>/g, (block) => {
    if (/<activation\b/.test(block)) return block;
    const ids = [...block.matchAll(/<id>\s*([^<]*?)\s*<\/id>/g)].map((m) => m[1] ?? '');
    return ids.some((id) => active.has(id)) ? block : '';
  });
}
