// Test helper: a script reader over files in memory (absolute path -> text) that lists the folders above them, as
// the surface's reader lists a folder (`not-regular` with its entries); anything else is missing.
import type { ScriptFile } from '../types';

export function listingReader(files: Record<string, string>): (abs: string) => ScriptFile {
  return (abs) => {
    if (abs in files) return { kind: 'text', text: files[abs] as string };
    const prefix = `${abs}/`;
    const entries = new Set<string>();
    for (const path of Object.keys(files))
      if (path.startsWith(prefix)) entries.add(path.slice(prefix.length).split('/')[0] as string);
    return entries.size > 0
      ? { kind: 'unreadable', why: 'not-regular', entries: [...entries] }
      : { kind: 'missing' };
  };
}
