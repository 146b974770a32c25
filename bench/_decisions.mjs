// Every decision of the throughput corpus (bench/check-throughput.mjs's commands, bundled policy, default
// settings), one JSON line per command: verdict, basis, reason, categories. For checking that a speed change
// changes no decision: `node bench/_decisions.mjs > a.txt` before and after, then `diff a.txt b.txt`.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledPolicy, corpusCommands, loadCheckBundle, shellRequest } from './check-throughput.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const m = await loadCheckBundle(root, join(root, '.tmp', 'bench-decisions', 'bench-decisions.mjs'));
const policy = bundledPolicy(m, root);
const commands = corpusCommands([
  join(root, 'eval', 'corpora', 'check'),
  resolve(root, '..', 'shared', 'corpora', 'shell'),
  resolve(root, '..', '..', 'shared', 'corpora', 'shell'),
]);
await m.loadShellParser();
const deps = { analyzeShell: m.analyzeShell, policy, clock: m.systemClock };
for (const command of commands) {
  const d = await m.check(shellRequest(m, command), deps);
  const { verdict, basis, reason, categories } = d;
  process.stdout.write(
    `${JSON.stringify({ command: command.slice(0, 200), verdict, basis, reason, categories })}\n`,
  );
}
