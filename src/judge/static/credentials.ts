/**
 * The credential detector (S01): finds what looks like a live secret and reports where and which
 * pattern, never the value. One detector, shared by the judge and any validator. Pure.
 * Code that merely names a secret (`token = credentials["SessionToken"]`, `os.environ["API_KEY"]`) is no
 * match: a generic assignment needs a quoted literal with entropy and no placeholder look.
 * INVARIANT: nothing returned by this module contains the matched secret.
 */

export interface CredentialPattern {
  id: string;
  regex: RegExp;
  generic: boolean;
  valueGroup: number;
}

export interface CredentialRules {
  patterns: readonly CredentialPattern[];
  placeholder: RegExp;
}

export interface CredentialHit {
  line: number;
  pattern: string;
}

export function loadCredentialRules(doc: unknown): CredentialRules {
  const d = doc as { patterns?: unknown; placeholders?: unknown };
  if (!Array.isArray(d?.patterns) || typeof d.placeholders !== 'string') {
    throw new Error('judge-credentials.json: must hold `patterns` and `placeholders`');
  }
  return {
    patterns: d.patterns.map((raw, i) => {
      const r = raw as Record<string, unknown>;
      if (typeof r.id !== 'string' || typeof r.regex !== 'string') {
        throw new Error(`judge-credentials.json patterns[${i}]: needs \`id\` and \`regex\``);
      }
      return {
        id: r.id,
        regex: new RegExp(r.regex, `${typeof r.flags === 'string' ? r.flags : ''}g`),
        generic: r.generic === true,
        valueGroup: typeof r.valueGroup === 'number' ? r.valueGroup : 0,
      };
    }),
    placeholder: new RegExp(d.placeholders, 'i'),
  };
}

export function shannonEntropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const c of counts.values()) {
    const p = c / value.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/**
 * A documentation placeholder built by counting (`A1B2C3D4E5...`, `abcdefgh...`, `12345678...`): most characters
 * follow the one before or the one two before by one code point. A random key almost never does.
 */
export function looksSequential(value: string): boolean {
  if (value.length < 12) return false;
  let steps = 0;
  for (let i = 2; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c - value.charCodeAt(i - 1) === 1 || c - value.charCodeAt(i - 2) === 1) steps += 1;
  }
  return steps / (value.length - 2) >= 0.6;
}

function looksLive(value: string, rules: CredentialRules): boolean {
  if (rules.placeholder.test(value)) return false;
  if (/^(.)\1+$/.test(value)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
  // Real secrets carry a long random run; `sk-email-api-742189` style names made of words do not.
  const longestRun = Math.max(0, ...value.split(/[^A-Za-z0-9]/).map((r) => r.length));
  return classes >= 2 && longestRun >= 16 && shannonEntropy(value) >= 3.2;
}

export function detectCredentials(text: string, rules: CredentialRules): CredentialHit[] {
  const hits: CredentialHit[] = [];
  // Line starts, for turning a match offset into a line number (one pass per pattern over the whole text).
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  for (const p of rules.patterns) {
    p.regex.lastIndex = 0;
    for (let m = p.regex.exec(text); m; m = p.regex.exec(text)) {
      if (m[0] === '') {
        p.regex.lastIndex += 1;
        continue;
      }
      const value = m[p.valueGroup] ?? m[0];
      const live = p.generic
        ? looksLive(value, rules)
        : !/EXAMPLE|X{8,}|0{12,}/.test(m[0]) && !looksSequential(m[0].slice(Math.min(6, m[0].length >> 2)));
      const line = lineAt(m.index);
      if (live && !hits.some((h) => h.line === line && h.pattern === p.id))
        hits.push({ line, pattern: p.id });
    }
  }
  return hits.sort((a, b) => a.line - b.line || (a.pattern < b.pattern ? -1 : 1));
}
