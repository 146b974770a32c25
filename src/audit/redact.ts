/**
 * Redaction of free text bound for the audit log: defence in depth for text gavel wrote itself.
 * Pure. Strips control and invisible formatting characters, replaces anything shaped like a secret
 * with a named marker (`[redacted:jwt]`), and caps the length. It never decides whether text is
 * trusted: untrusted text must not reach the log at all, this pass only catches mistakes.
 */

/** Default cap, in UTF-16 code units, for one redacted field. */
export const REDACT_MAX_LENGTH = 300;

/** Text past this is dropped before any pattern runs, so no input makes redaction slow. */
export const REDACT_INPUT_MAX = 16 * 1024;

export interface SecretShape {
  /** Shown in the marker: `[redacted:<name>]`. */
  name: string;
  pattern: RegExp;
  /**
   * Literals one of which every match of `pattern` contains (lower case when `pattern` has the `i` flag): the
   * pattern runs only on a text that holds one. A necessary condition read off the pattern, never a guess; it
   * spares a call compiling the expressions of shapes its text cannot hold (regular expressions are compiled on
   * their first run in each process, about 1 ms for all of them on every hook call, ADR 0091). Absent: always runs.
   */
  needs?: readonly string[];
  /** Builds the replacement from the match; by default the whole match becomes the marker. */
  replace?: (match: string, ...groups: string[]) => string;
}

const marker = (name: string) => `[redacted:${name}]`;

/** Slashes per character above which a long run reads as a path, not as base64. */
const PATH_SLASH_RATIO = 1 / 16;

/**
 * Secret shapes, most specific first: a generic run (hex, base64) must not eat part of a named token
 * before the named shape sees it.
 */
export const SECRET_SHAPES: readonly SecretShape[] = [
  {
    name: 'private-key',
    needs: ['-----BEGIN '],
    // `[\s\S]`: a block keeps its newlines in a preview, where controls are escaped after redaction.
    pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?:[\s\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----|[\s\S]*$)/g,
  },
  {
    name: 'aws-key',
    needs: ['AKIA', 'ASIA', 'ABIA', 'ACCA', 'AIDA', 'AROA'],
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|AIDA|AROA)[0-9A-Z]{16}\b/g,
  },
  {
    name: 'github-token',
    needs: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g,
  },
  { name: 'api-key', needs: ['sk-'], pattern: /\bsk-[A-Za-z0-9_-]{8,}/g },
  { name: 'slack-token', needs: ['xox'], pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/g },
  { name: 'jwt', needs: ['eyJ'], pattern: /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g },
  {
    name: 'bearer',
    needs: ['bearer', 'basic'],
    pattern: /\b(Bearer|Basic)(\s+)([A-Za-z0-9._~+/=-]{8,})/gi,
    // A credential has a digit or is long; `bearer authentication` is prose and stays.
    replace: (whole, scheme, space, value) =>
      /[0-9]/.test(value) || value.length >= 20 ? `${scheme}${space}${marker('bearer')}` : whole,
  },
  {
    name: 'assignment',
    needs: ['pass', 'pwd', 'secret', 'key', 'token'],
    pattern:
      /\b(pass(?:word|wd|phrase)|pwd|secret[_-]?key|(?:api|access|auth|refresh|bearer)[_-]?(?:key|token)|apikey|private[_-]?key|client[_-]?secret)(["']?\s*[=:]\s*)("[^"]*"?|'[^']*'?|[^\s,;&]+)/gi,
    replace: (_m, key, sep) => `${key}${sep}${marker('assignment')}`,
  },
  {
    name: 'assignment',
    needs: ['token=', 'secret='],
    pattern: /\b(token|secret)(=)("[^"]*"?|'[^']*'?|[^\s,;&]+)/gi,
    replace: (_m, key, sep) => `${key}${sep}${marker('assignment')}`,
  },
  {
    // Environment-style names ending in a secret word: `GITHUB_TOKEN=`, `AWS_SECRET_ACCESS_KEY=`, `DB_PASSWORD:`.
    name: 'assignment',
    needs: ['key', 'token', 'secret', 'pass', 'pwd', 'credential', 'auth'],
    pattern:
      /\b([A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)*[_-](?:key|token|secret|password|passwd|pwd|pass|credentials?|auth))(\s*[=:]\s*)("[^"]*"?|'[^']*'?|[^\s,;&]+)/gi,
    replace: (_m, key, sep) => `${key}${sep}${marker('assignment')}`,
  },
  {
    // Flags that take a secret as their value: `--password hunter2`, `--token=abc`, `--client-secret x`.
    name: 'flag',
    needs: ['pass', 'token', 'secret', 'key'],
    pattern:
      /(\s--?(?:[a-z0-9]+-)*(?:password|passwd|pass|token|secret|api-key|apikey|access-key|auth-token|private-key)(?:=|\s+))("[^"]*"?|'[^']*'?|[^\s-][^\s]*)/gi,
    replace: (_m, flag) => `${flag}${marker('flag')}`,
  },
  {
    // A password glued to `-p` (`mysql -phunter2`) or given to `sshpass -p`; `-p` alone means many things.
    name: 'flag',
    needs: ['mysql', 'mariadb'],
    pattern:
      /\b((?:mysql|mariadb|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck)\b[^|;&\n]*?\s-p)([^\s-][^\s]*)/gi,
    replace: (_m, before) => `${before}${marker('flag')}`,
  },
  {
    name: 'flag',
    needs: ['sshpass'],
    pattern: /\b(sshpass\s+-p\s*)(\S+)/gi,
    replace: (_m, before) => `${before}${marker('flag')}`,
  },
  {
    // `curl -u user:password` and `--user user:password`: the part after the colon.
    name: 'flag',
    needs: ['-u'],
    pattern: /(\s(?:-u|--user|--proxy-user)(?:=|\s+)["']?[^\s:"']+:)([^\s"']+)/g,
    replace: (_m, before) => `${before}${marker('flag')}`,
  },
  {
    name: 'url-credentials',
    needs: ['://'],
    pattern: /\b([a-z][a-z0-9+.-]{0,31}:\/\/)[^\s/:@]+:[^\s/@]+@/gi,
    replace: (_m, scheme) => `${scheme}${marker('url-credentials')}@`,
  },
  { name: 'hex', pattern: /\b[0-9A-Fa-f]{32,}\b/g },
  {
    name: 'base64',
    pattern: /[A-Za-z0-9+/_-]{40,}={0,2}/g,
    // A long run counts only when it mixes upper case, lower case and digits and is not a path.
    replace: (run) => (looksEncoded(run) ? marker('base64') : run),
  },
  {
    // Shorter high-entropy words: 20 or more characters mixing upper case, lower case and digits, with
    // many distinct characters (an identifier like `getUser2ById` stays; a generated key does not).
    name: 'high-entropy',
    pattern: /(?<![A-Za-z0-9+/_=-])[A-Za-z0-9+/_=-]{20,}(?![A-Za-z0-9+/_=-])/g,
    replace: (run) => (looksEncoded(run) && highEntropy(run) ? marker('high-entropy') : run),
  },
];

/** Bits per character above which a 20+ character word reads as generated: English identifiers stay below. */
const ENTROPY_BITS = 3.7;

function highEntropy(run: string): boolean {
  const counts = new Map<string, number>();
  for (const c of run) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / run.length) * Math.log2(n / run.length);
  const digits = run.replace(/[^0-9]/g, '').length;
  // Camel-case words with one digit (`buildAuditRecord2Times`) are names; a key scatters its digits.
  return bits >= ENTROPY_BITS && digits >= 2;
}

function looksEncoded(run: string): boolean {
  if (!/[A-Z]/.test(run) || !/[a-z]/.test(run) || !/[0-9]/.test(run)) return false;
  const slashes = run.split('/').length - 1;
  return slashes <= run.length * PATH_SLASH_RATIO;
}

/**
 * C0 and C1 controls, DEL, line and paragraph separators, bidirectional overrides and isolates,
 * zero-width characters and the byte-order mark: none may reach a log line or a terminal.
 */
export const INVISIBLE_CLASS =
  '\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2069\\ufeff';

const INVISIBLE = new RegExp(`[${INVISIBLE_CLASS}]+`, 'g');

/** Removes control and invisible formatting characters; runs of whitespace become one space. */
export function stripControls(text: string): string {
  return text.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
}

/** Cuts to at most `max` code units, ending in `…`, never splitting a surrogate pair. */
export function capLength(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Replaces every secret shape with its marker. */
export function redactSecrets(text: string): string {
  let out = text;
  let lower = '';
  let lowerOf: string | undefined;
  for (const shape of SECRET_SHAPES) {
    if (shape.needs) {
      let haystack = out;
      if (shape.pattern.ignoreCase) {
        if (lowerOf !== out) {
          lower = out.toLowerCase();
          lowerOf = out;
        }
        haystack = lower;
      }
      if (!shape.needs.some((literal) => haystack.includes(literal))) continue;
    }
    const replace = shape.replace;
    out = replace
      ? // The callback's last two arguments are the offset and the whole text; before them, the groups.
        out.replace(shape.pattern, (match: string, ...rest: unknown[]) =>
          replace(match, ...rest.slice(0, -2).map((g) => (typeof g === 'string' ? g : ''))),
        )
      : out.replace(shape.pattern, marker(shape.name));
  }
  return out;
}

/**
 * Cuts overlong input before the patterns see it. The cut also drops the last, possibly partial, run
 * of non-space characters: half a token no longer matches its shape and must not survive.
 */
export function preCut(text: string): string {
  if (text.length <= REDACT_INPUT_MAX) return text;
  const cut = text.slice(0, REDACT_INPUT_MAX);
  const lastSpace = cut.search(/\s\S*$/);
  return `${lastSpace > 0 ? cut.slice(0, lastSpace) : ''} …`;
}

/**
 * The one pass every free-text field of an audit line goes through: controls stripped, secrets
 * replaced, length capped. Capping comes last so that it can never cut a secret in half and leave
 * a piece the shapes no longer recognise.
 */
export function redact(text: string, maxLength: number = REDACT_MAX_LENGTH): string {
  return capLength(redactSecrets(stripControls(preCut(text))), maxLength);
}
