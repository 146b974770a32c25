// Preloaded (`node -r`) into a `gavel hook` process by bench/hook-phases.mjs: the process's CPU time (user +
// system, every thread) split where bin/gavel hands over to the hook bundle. `boot` is Node's own start-up up to
// this preload; `pre` bin/gavel before it compiles dist/hook.cjs (reading it, its digest, the socket client);
// `compile` the vm.Script with the V8 code cache (deserializing it); `toplevel` running the bundle's top level
// (every module's initialisation, and main() up to its first await); `rest` the call itself up to exit (for a
// shell command, compiling and initialising dist/hook-shell.cjs too). On a shell command `rest` is also split:
// `chunk` is bin/gavel loading dist/hook-shell.cjs (reading it and its digest, compiling it with its code cache,
// running its top level: from the call of `globalThis.__gavelLoadChunk` to its return), `call` the rest of
// `rest` (ADR 0091). A build without the chunk (`e63a7cc`) reports neither.
// Printed on stderr as one `gavel-bench-phases=` JSON line. CommonJS, so it costs no ES module loader.
'use strict';
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const t = { boot: cpu() };
const vm = require('node:vm');
const Script = vm.Script;
// Only the first script is timed per step: dist/hook.cjs (bin/gavel compiles dist/hook-shell.cjs later, inside
// `rest`; its load is timed whole below, as `chunk`).
vm.Script = function PhaseScript(...args) {
  if (t.pre !== undefined) return new Script(...args);
  t.pre = cpu();
  const script = new Script(...args);
  t.compiled = cpu();
  const run = script.runInThisContext.bind(script);
  script.runInThisContext = (...a) => {
    const wrapper = run(...a);
    return (...b) => {
      t.top = cpu();
      const result = wrapper(...b);
      t.topDone = cpu();
      return result;
    };
  };
  return script;
};
// bin/gavel sets `globalThis.__gavelLoadChunk` once, before the bundle runs; the setter wraps it in a timer.
let loadChunk;
t.chunk = 0;
Object.defineProperty(globalThis, '__gavelLoadChunk', {
  configurable: true,
  get: () => loadChunk,
  set(fn) {
    loadChunk =
      typeof fn === 'function'
        ? (...args) => {
            const start = cpu();
            try {
              return fn(...args);
            } finally {
              t.chunk += cpu() - start;
            }
          }
        : fn;
  },
});
process.on('exit', () => {
  const end = cpu();
  const phases =
    t.topDone === undefined
      ? { boot: t.boot, total: end }
      : {
          boot: t.boot,
          pre: t.pre - t.boot,
          compile: t.compiled - t.pre,
          toplevel: t.topDone - t.top,
          rest: end - t.topDone,
          ...(t.chunk > 0 ? { chunk: t.chunk, call: end - t.topDone - t.chunk } : {}),
          total: end,
        };
  try {
    require('node:fs').writeSync(2, `\ngavel-bench-phases=${JSON.stringify(phases)}\n`);
  } catch {}
});
