// A minimal CLI-like entry for load-parser.test.ts: sets the flag as the CLI entry does, analyses argv[2],
// prints the categories as JSON. Bundled by the test into a package layout of its own.
import { setFlagsFromString } from 'node:v8';
import { analyzeShell } from '../index';

// PROBE_NO_LIFTOFF=1 leaves the flag off, to measure the exit-time trap it avoids.
if (process.env.PROBE_NO_LIFTOFF !== '1') setFlagsFromString('--liftoff-only');
for (const flag of (process.env.PROBE_FLAGS ?? '').split(' ').filter(Boolean)) setFlagsFromString(flag);
// A minimal path table: the probe only needs `/` to be a system path.
const paths = {
  sensitive: [],
  sensitive_exceptions: [],
  system_roots: ['/etc'],
  temp_dirs: ['/tmp'],
  scratch_devices: [],
  self_modification: [],
  persistence: [],
};
const env = { paths, cwd: '/home/u/proj', home: '/home/u', workspaceRoots: ['/home/u/proj'], tempDirs: ['/tmp'] };
try {
  const a = await analyzeShell(process.argv[2] ?? '', env);
  process.stdout.write(JSON.stringify(a.hits.map((h) => h.category)));
} catch {
  process.stderr.write('probe: parser failed to load\n');
  process.exitCode = 3;
}
