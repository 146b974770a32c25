// Every decision of the throughput corpus (bench/check-throughput.mjs's commands, bundled policy, default
// settings), one JSON line per command: verdict, basis, reason, categories. For checking that a speed change
// changes no decision: `node bench/_decisions.mjs > a.txt` before and after, then `diff a.txt b.txt`.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { corpusCommands } from './check-throughput.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const ENTRY = `
export { check, compilePolicy, emptyContext } from './src/check/index.ts';
export { analyzeShell, loadShellParser } from './src/shell/index.ts';
export { tableSettings } from './src/config/index.ts';
export { systemClock } from './src/core/index.ts';
`;
const outDir = join(root, '.tmp', 'bench-decisions');
mkdirSync(outDir, { recursive: true });
const out = join(outDir, 'bench-decisions.mjs');
await build({
  stdin: { contents: ENTRY, resolveDir: root, loader: 'ts' },
  outfile: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __benchCreateRequire } from 'node:module'; const require = __benchCreateRequire(import.meta.url);",
  },
});
const m = await import(`${pathToFileURL(out).href}?t=${Date.now()}`);
const rule = (name) => JSON.parse(readFileSync(join(root, 'rules', name), 'utf8'));
const check = Object.fromEntries([...m.tableSettings('check')].map(([key, spec]) => [key, spec.default]));
const compiled = m.compilePolicy({
  policyJson: rule('check-policy.json'),
  floorJson: rule('check-floor.json'),
  pathsJson: rule('check-paths.json'),
  safeJson: rule('check-safe.json'),
  check,
});
if (!compiled.ok) throw new Error(`bundled policy does not compile: ${compiled.problem}`);
const cwd = '/workspace/project';
const commands = corpusCommands([
  join(root, 'eval', 'corpora', 'check'),
  resolve(root, '..', 'shared', 'corpora', 'shell'),
  resolve(root, '..', '..', 'shared', 'corpora', 'shell'),
]);
await m.loadShellParser();
const deps = { analyzeShell: m.analyzeShell, policy: compiled.policy, clock: m.systemClock };
for (const command of commands) {
  const d = await m.check(
    {
      toolName: 'Bash',
      input: { kind: 'shell', command },
      cwd,
      workspaceRoots: [cwd],
      home: '/home/dev',
      tempDirs: ['/tmp'],
      context: m.emptyContext(),
    },
    deps,
  );
  const { verdict, basis, reason, categories } = d;
  process.stdout.write(
    `${JSON.stringify({ command: command.slice(0, 200), verdict, basis, reason, categories })}\n`,
  );
}
