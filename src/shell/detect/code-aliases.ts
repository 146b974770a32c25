/**
 * The names code gives the functions that start processes, read as those functions, so a scan of literal calls sees
 * through them (white-box review of round 32's session: `from os import system as s; s("…")`, `import subprocess
 * as sp; sp.run(…)`, `f = os.system; f(…)`, `const {execSync: e} = cp`, `import { execSync as x } from
 * 'node:child_process'`, `const e = cp.execSync`, and Python's full-width letters, which Python folds into the
 * ASCII names as it reads the code). The text returned is for scanning only: a name is replaced where it is
 * called or its member is read. Pure.
 */

/** Python modules whose functions start processes, load code or reach the network. */
const PY_MODULES =
  'os|subprocess|pty|importlib|posix|commands|shutil|socket|builtins|urllib\\.request|http\\.client';
const MODULE = new RegExp(`^(?:${PY_MODULES})$`);
const FUNCTION = new RegExp(`^(?:${PY_MODULES})\\.\\w+$`);
const FROM_IMPORT = new RegExp(`(?:^|;)\\s*from\\s+(${PY_MODULES})\\s+import\\s+([^;\\n]+)`, 'gm');
const IMPORT = /(?:^|;)\s*import\s+([^;\n]+)/gm;
/** A Python name bound to a name (`f = os.system`, `f = s`): kept when that name is a process function. */
const PY_BOUND = /(?:^|;)\s*(\w+)\s*=\s*([\w.]+)\s*(?:#.*)?(?=$|;)/gm;
/** The same in JavaScript (`const e = child_process.execSync`). */
const JS_BOUND = /(?:const|let|var)\s+(\w+)\s*=\s*(child_process\.\w+)\s*[;\n]/g;
/** A JavaScript module name of the process functions (`child_process`, `node:child_process`). */
const CP = `["'](?:node:)?child_process["']`;
const JS_MODULE = new RegExp(
  `(?:const|let|var)\\s+(\\w+)\\s*=\\s*require\\s*\\(\\s*${CP}\\s*\\)|import\\s+(?:\\*\\s+as\\s+)?(\\w+)\\s+from\\s*${CP}`,
  'g',
);

const quoteRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `code` with each alias of a process function or module replaced by the name it stands for. */
export function processAliases(code: string, language: 'python' | 'node'): string {
  // Python reads identifiers folded (NFKC): `os.ｓｙｓｔｅｍ` is `os.system`.
  let out = language === 'python' && /[^ -~\t\n\r]/.test(code) ? code.normalize('NFKC') : code;
  const names = new Map<string, string>();
  const rename = (alias: string, real: string) => {
    if (!/^\w+$/.test(alias) || alias === real) return;
    names.set(alias, real);
    out = out.replace(new RegExp(`(?<![.\\w])${quoteRe(alias)}(?=\\s*[.([])`, 'g'), real);
  };
  if (language === 'python') {
    for (const m of out.matchAll(FROM_IMPORT))
      for (const part of (m[2] ?? '').replace(/[()\\]/g, '').split(',')) {
        const [name, as] = part.trim().split(/\s+as\s+/);
        if (name) rename(as ?? name, `${m[1]}.${name}`);
      }
    for (const m of out.matchAll(IMPORT))
      for (const part of (m[1] ?? '').split(',')) {
        const [name, as] = part.trim().split(/\s+as\s+/);
        if (name && as && MODULE.test(name)) rename(as, name);
      }
    // Bound after the imports are read: `from os import system as s; f = s` is `f = os.system`.
    for (const m of out.matchAll(PY_BOUND)) {
      const value = m[2] ?? '';
      const real = names.get(value) ?? value;
      if (FUNCTION.test(real)) rename(m[1] ?? '', real);
    }
    return out;
  }
  const modules = new Set(['child_process']);
  for (const m of out.matchAll(JS_MODULE)) modules.add(m[1] ?? m[2] ?? '');
  const from = [...modules].map(quoteRe).join('|');
  // `const {execSync: e} = require('child_process')`, `= cp`, `import { execSync as x } from 'child_process'`.
  const destructured = new RegExp(
    `(?:const|let|var|import)\\s*\\{([^}]*)\\}\\s*(?:=\\s*(?:require\\s*\\(\\s*${CP}\\s*\\)|(?:${from})\\b)|from\\s*${CP})`,
    'g',
  );
  for (const m of out.matchAll(destructured))
    for (const part of (m[1] ?? '').split(',')) {
      // A default after the name (`{execSync: e = null}`) is no part of it.
      const [name, as] = part
        .trim()
        .replace(/\s*=.*$/, '')
        .split(/\s*(?::|\s+as\s+)\s*/);
      if (name && as) rename(as, name);
    }
  for (const name of modules) rename(name, 'child_process');
  for (const m of out.matchAll(JS_BOUND)) rename(m[1] ?? '', m[2] ?? '');
  return out;
}
