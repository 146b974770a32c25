/**
 * Whether a shell glob component (`.en?`, `.e*`, `*.tfst*`, `[.]env`) can match a file name that a sensitive
 * name pattern (`.env`, `.env.*`, `*.pem`, `id_rsa`) also matches: the two patterns have a common word. Bash's
 * `*`, `?` and `[...]` never match a leading dot unless the glob spells the dot itself. Pure and bounded (both
 * patterns are single path components, cut at MAX_COMPONENT; the walk is memoized over both positions).
 */

const MAX_COMPONENT = 256;

/** One token of a component pattern: any run (`*`), or one character from a set. */
type Token = { star: true } | { star: false; test: (c: string) => boolean; dot: boolean };

const ANY: Token = { star: false, test: () => true, dot: false };

function lit(c: string): Token {
  return { star: false, test: (x) => x === c, dot: c === '.' };
}

/** Tokens of a glob component; a bracket expression that does not close is a literal `[`. */
function tokens(glob: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*') {
      if (!(out[out.length - 1] as { star?: boolean } | undefined)?.star) out.push({ star: true });
    } else if (c === '?') out.push(ANY);
    else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) {
        out.push(lit(c));
        continue;
      }
      let body = glob.slice(i + 1, close);
      const negate = body.startsWith('!') || body.startsWith('^');
      if (negate) body = body.slice(1);
      const chars = new Set<string>();
      const ranges: Array<[string, string]> = [];
      for (let k = 0; k < body.length; k++) {
        if (body[k + 1] === '-' && k + 2 < body.length) {
          ranges.push([body[k] as string, body[k + 2] as string]);
          k += 2;
        } else chars.add(body[k] as string);
      }
      const inSet = (x: string) => chars.has(x) || ranges.some(([a, b]) => x >= a && x <= b);
      out.push({
        star: false,
        test: negate ? (x) => !inSet(x) : inSet,
        dot: !negate && chars.size === 1 && chars.has('.') && ranges.length === 0,
      });
      i = close;
    } else if (c === '\\' && i + 1 < glob.length) {
      out.push(lit(glob[i + 1] as string));
      i++;
    } else out.push(lit(c));
  }
  return out;
}

/** Some character both tokens accept: a sample alphabet wide enough for file names. */
const SAMPLE = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-~+@'];

function overlap(a: Token, b: Token): boolean {
  if (a.star || b.star) return true;
  return SAMPLE.some((c) => a.test(c) && b.test(c));
}

/**
 * True when shell glob component `glob` and name pattern `name` can match one same file name. A glob whose first
 * token is not a literal dot cannot match a name that must start with one (bash without dotglob).
 */
export function globsIntersect(glob: string, name: string): boolean {
  if (glob.length > MAX_COMPONENT || name.length > MAX_COMPONENT) return true;
  const a = tokens(glob);
  const b = tokens(name);
  const first = b[0];
  const nameDot = first !== undefined && !first.star && first.dot;
  const globDot = a[0] !== undefined && !a[0].star && a[0].dot;
  if (nameDot && !globDot) return false;
  const seen = new Set<number>();
  const walk = (i: number, j: number): boolean => {
    if (i === a.length && j === b.length) return true;
    const key = i * (b.length + 1) + j;
    if (seen.has(key)) return false;
    seen.add(key);
    const x = a[i];
    const y = b[j];
    if (x?.star) return walk(i + 1, j) || (j < b.length && walk(i, j + 1));
    if (y?.star) return walk(i, j + 1) || (i < a.length && walk(i + 1, j));
    if (x === undefined || y === undefined) return false;
    return overlap(x, y) && walk(i + 1, j + 1);
  };
  return walk(0, 0);
}

/**
 * A glob of the form `*<suffix>` names a secret only when a sensitive pattern is that same type (`*.pem` for
 * `*.pem`, or `*pem`, cut inside a type): against `*.tfvars.json`, `*.tfstate.*` or a bare name such as
 * `credentials.json` it names every file of a kind (`*.json`, `*.ts`), not a secret. A lone `*` is generic too.
 */
export function globIsGeneric(glob: string, name: string): boolean {
  if (/^\*+$/.test(glob)) return true;
  // `test_*.py` against `*.tfstate.*`: only the glob's star could spell the secret's distinctive text.
  if (name.slice(1).includes('*') && glob.includes('*')) {
    const core = name.split(/[*?]/).reduce((a, b) => (b.length > a.length ? b : a), '');
    if (core !== '' && !glob.includes(core)) return true;
  }
  const m = /^\*([^*?[\\]*)$/.exec(glob);
  if (!m) return false;
  const tail = m[1] as string;
  if (!name.startsWith('*')) return true;
  const rest = name.slice(1);
  if (/[*?[]/.test(rest)) return true;
  if (rest === tail) return false;
  return !(rest.endsWith(tail) && !tail.startsWith('.'));
}
