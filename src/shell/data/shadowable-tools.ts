/**
 * Programs of the system and of the package managers that no package's bin should stand in for, as data: one of
 * these names in a `node_modules/.bin` that a runner puts first on PATH replaces the tool a script means
 * (detect/bin-shadows.ts).
 */
export const SHADOWABLE: ReadonlySet<string> = new Set(
  'git sh bash dash zsh node npm npx pnpm yarn bun deno corepack cat ls echo printf test rm cp mv mkdir chmod ln touch grep sed awk find xargs env curl wget python python3 pip make tar gzip head tail sort uniq wc tr cut tee diff true false ssh scp rsync docker kubectl'.split(
    ' ',
  ),
);
