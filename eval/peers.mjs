// Peer tools measured side by side with gavel (evals and benchmarks), installed on demand into
// `.tmp/peers/<name>@<version>/` from the npm registry, pinned, without optional dependencies (ferret-scan's
// optional `re2` would otherwise compile from source for minutes on every clean `npm ci`). Not a dependency of
// gavel: nothing here is loaded by the product.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The executable `bin` of `name@version`, installing the package first if it is not there yet. */
export function peerBin(name, version, bin) {
  const dir = join(ROOT, '.tmp', 'peers', `${name}@${version}`);
  const path = join(dir, 'node_modules', '.bin', bin);
  if (existsSync(path)) return path;
  mkdirSync(dir, { recursive: true });
  const r = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      dir,
      '--no-save',
      '--omit=optional',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `${name}@${version}`,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (r.status !== 0 || !existsSync(path)) {
    throw new Error(
      `cannot install the peer \`${name}@${version}\` from the npm registry (npm exit ${r.status})`,
    );
  }
  return path;
}

export const FERRET_SCAN = { name: 'ferret-scan', version: '2.10.0', bin: 'ferret' };

// `node eval/peers.mjs <name> <version> <bin>` prints the executable's path (for callers in TypeScript).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [name, version, bin] = process.argv.slice(2);
  if (!name || !version || !bin) {
    process.stderr.write('usage: node eval/peers.mjs <name> <version> <bin>\n');
    process.exit(2);
  }
  try {
    process.stdout.write(`${peerBin(name, version, bin)}\n`);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
