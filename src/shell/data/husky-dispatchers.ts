/**
 * The dispatcher husky v9 copies to `.husky/_/h` (sourced by every hook shim it writes), as data: the SHA-256 of
 * each text husky 9.0.9 to 9.1.7 ships as its `husky` file (taken from the npm registry's packages). Every one runs
 * the user's hook of the same name one folder up (`.husky/<name>`) with git's arguments, after sourcing the user's
 * start-up files (`~/.config/husky/init.sh`, and `~/.huskyrc` before 9.1). Any other text is not husky's.
 */
export const HUSKY_DISPATCHERS: ReadonlySet<string> = new Set([
  '3b2cb21335e544b4ebce658ca47af4a69d2c77026cc4d3f8b2227c34d062b207', // 9.0.9, 9.0.10
  '548990e1c11285694096184993d907b258d41235461a7ca2551e3b53ff9d3a38', // 9.0.11
  'c029a943acea5d6e2ddbaa271a1fb22c2da55d56b5c6fb59ca804ac9a4018708', // 9.1.0, 9.1.1
  'ae3413a8fe2b39372de48bdc9691f42055f089c0c7529834b2fb07a131585b6a', // 9.1.2
  '70200b200ca709b0622784f93839a5b2872333a917a09afddefd7dc2d8cdc680', // 9.1.3 to 9.1.7
]);

/** The user's start-up files the dispatcher sources before the hook, relative to the home folder. */
export const HUSKY_START_UP_FILES = ['.config/husky/init.sh', '.huskyrc'];

/** The dispatchers that put the repository's `node_modules/.bin` first on PATH before the user's hook (9.1.x). */
export const HUSKY_PATH_FIRST: ReadonlySet<string> = new Set([
  'c029a943acea5d6e2ddbaa271a1fb22c2da55d56b5c6fb59ca804ac9a4018708',
  'ae3413a8fe2b39372de48bdc9691f42055f089c0c7529834b2fb07a131585b6a',
  '70200b200ca709b0622784f93839a5b2872333a917a09afddefd7dc2d8cdc680',
]);
