// Preloaded (`node -r`) into a measured process by bench/worst-inputs.mjs: prints the process's CPU time
// (user + system, every thread) on stderr as it exits. CommonJS, so it costs no ES module loader.
'use strict';
process.on('exit', () => {
  const u = process.cpuUsage();
  try {
    require('node:fs').writeSync(2, `\ngavel-bench-cpu-ms=${(u.user + u.system) / 1000}\n`);
  } catch {}
});
