/**
 * `python -c` code that only asks an installed module what it is: `import torch; print(torch.__version__)`,
 * `import flask` (is it installed?), `print(torch.version.cuda, sys.version)`. Read as a closed shape, never as a
 * scan: every statement is an `import` of plain dotted names (optionally `as NAME`) or one `print(...)` of string
 * literals and attribute chains of bound names whose every attribute says what the module is (`__version__`,
 * `version`, `VERSION`, `__file__`, `cuda`), or a closed list of device queries (`torch.cuda.is_available()`). No other
 * call, subscript, operator or other name: a module attribute that
 * holds a secret read from the environment at import (`openai.api_key`) is never printed. Which module an import
 * finds (a workspace file of that name, a standard module with effects) is workspace-programs.ts's question.
 * Pure.
 */

/** Attributes that only say what a module is. */
const WHAT_IT_IS = new Set(['__version__', 'version', 'VERSION', '__file__', 'cuda']);
const NAME = '[A-Za-z][A-Za-z0-9_]*';
const DOTTED = `${NAME}(?:\\.${NAME})*`;
const IMPORT = new RegExp(
  `^import\\s+(${DOTTED}(?:\\s+as\\s+${NAME})?(?:\\s*,\\s*${DOTTED}(?:\\s+as\\s+${NAME})?)*)$`,
);
/** A string literal with nothing Python could read as an escape, a format field or another quote. */
const STRING = /^(?:'[\w .:=/-]*'|"[\w .:=/-]*")$/;
const CHAIN = new RegExp(`^(${NAME})((?:\\.(?:${NAME}|__version__|__file__))+)$`);
/**
 * A framework asked which devices it sees (`torch.cuda.is_available()`, `torch.cuda.get_device_name(0)`,
 * `torch.backends.mps.is_available()`, `tf.config.list_physical_devices('GPU')`, `jax.devices()`): a closed list of
 * device namespaces and query calls, with no argument but a device number or the word GPU.
 */
const QUERY_CALL = new RegExp(
  `^(${NAME})(?:\\.(?:cuda|backends|mps|config|experimental|test))*\\.(?:is_available|device_count|current_device|get_device_name|is_built|is_built_with_cuda|list_physical_devices|devices|device_count)\\((?:\\d{1,2}|'GPU'|"GPU")?\\)$`,
);

/**
 * The dotted modules the code imports, when the whole code is that shape (`;` and newlines between statements,
 * single blanks around them); undefined otherwise. `sys` is a name the code may read without importing it only
 * after `import sys`, like any other.
 */
export function moduleQueryImports(code: string): string[] | undefined {
  const statements = code
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (statements.length === 0 || statements.length > 8) return undefined;
  const modules: string[] = [];
  const bound = new Set<string>();
  /** Dotted modules imported without an alias: `import a.b` binds `a` with `b` reachable as its attribute. */
  const dotted: string[] = [];
  let printed = false;
  for (const s of statements) {
    const imported = IMPORT.exec(s);
    if (imported) {
      for (const part of (imported[1] as string).split(',')) {
        const [mod = '', alias] = part.trim().split(/\s+as\s+/);
        modules.push(mod);
        bound.add(alias ?? (mod.split('.')[0] as string));
        if (alias === undefined && mod.includes('.')) dotted.push(mod);
      }
      continue;
    }
    if (printed || !s.startsWith('print(') || !s.endsWith(')')) return undefined;
    printed = true;
    const inner = s.slice('print('.length, -1).trim();
    if (inner === '') continue;
    for (const arg of inner.split(',').map((a) => a.trim())) {
      if (STRING.test(arg)) continue;
      const query = QUERY_CALL.exec(arg);
      if (query && bound.has(query[1] as string)) continue;
      const chain = CHAIN.exec(arg);
      if (!chain || !bound.has(chain[1] as string)) return undefined;
      // `google.protobuf.__version__`: the submodules an unaliased dotted import named are the path to it.
      const via = dotted
        .filter((m) => arg.startsWith(`${m}.`))
        .reduce((a, m) => (m.length > a.length ? m : a), chain[1] as string);
      const attrs = arg.slice(via.length + 1).split('.');
      if (!attrs.every((a) => WHAT_IT_IS.has(a))) return undefined;
    }
  }
  return modules.length > 0 ? modules : undefined;
}
