/**
 * Watches the files a policy is built from (the user config, the project's gavel.toml files, the bundled rule
 * files, the token file) and calls back once per burst of changes. Polls with fs.watchFile: it sees a file
 * that is created, removed or replaced by rename (how editors save), which fs.watch misses on some systems.
 * Decides nothing; never keeps the process alive on its own.
 */

import { type StatWatcher, unwatchFile, watchFile } from 'node:fs';

export function watchFiles(paths: readonly string[], onChange: () => void, intervalMs = 500): () => void {
  let timer: NodeJS.Timeout | undefined;
  const fire = () => {
    clearTimeout(timer);
    // One reload for an editor's several writes.
    timer = setTimeout(onChange, 100);
    timer.unref();
  };
  const unique = [...new Set(paths)];
  const watchers: StatWatcher[] = unique.map((p) =>
    watchFile(p, { interval: intervalMs, persistent: false }, (now, before) => {
      if (now.mtimeMs !== before.mtimeMs || now.ino !== before.ino || now.size !== before.size) fire();
    }),
  );
  return () => {
    clearTimeout(timer);
    for (const p of unique) unwatchFile(p);
    watchers.length = 0;
  };
}
