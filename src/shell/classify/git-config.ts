/**
 * A git configuration file as git reads it (sections, subsections, quoted values, escapes, continuation lines),
 * and whether a value is a URL carrying a password or token in its user part. Pure.
 */

/** One `key = value` of a git configuration file; `value` undefined when it cannot be parsed. */
export interface GitConfigEntry {
  key: string;
  value: string | undefined;
}

/** What configValue answers when a lone backslash ends the text: the value goes on on the next line. */
const CONTINUED = Symbol('continued');

/**
 * A configuration value as git's `parse_value` reads it: quotes removed, escapes decoded (`\b` is a backspace
 * character), comments dropped; blanks outside quotes dropped before the value and after it, each one inside it a
 * space; a backslash before a line break joins the lines. CONTINUED when the text ends in a backslash that is not
 * itself escaped and not in a comment.
 */
function configValue(raw: string): string | undefined | typeof CONTINUED {
  let out = '';
  let quoted = false;
  let spaces = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (c === '\n') return undefined;
    if (!quoted && (c === ' ' || c === '\t' || c === '\r')) {
      if (out.length > 0) spaces++;
      continue;
    }
    if (!quoted && (c === '#' || c === ';')) break;
    out += ' '.repeat(spaces);
    spaces = 0;
    if (c === '"') quoted = !quoted;
    else if (c === '\\') {
      const n = raw[++i];
      if (n === undefined) return CONTINUED;
      if (n === '\n') continue;
      if (n === 'n') out += '\n';
      else if (n === 't') out += '\t';
      else if (n === 'b') out += '\b';
      else if (n === '"' || n === '\\') out += n;
      else return undefined;
    } else out += c;
  }
  return quoted ? undefined : out;
}

/** The entries of a git configuration file, or undefined when a line cannot be read as git would. */
export function parseGitConfig(text: string): GitConfigEntry[] | undefined {
  const out: GitConfigEntry[] = [];
  let section: string | undefined;
  // A value continued by a backslash at the end of its line is one value; a comment line never continues.
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  for (let at = 0; at < lines.length; at++) {
    let line = (lines[at] as string).trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const head = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]\s*(.*)$/.exec(line);
    if (head) {
      section = head[2] === undefined ? (head[1] ?? '') : `${head[1]}.${head[2].replace(/\\(.)/g, '$1')}`;
      line = (head[3] ?? '').trim();
      if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    }
    if (section === undefined) return undefined;
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=(.*))?$/.exec(line);
    if (!kv) return undefined;
    let raw = kv[2];
    let value = raw === undefined ? 'true' : configValue(raw);
    while (value === CONTINUED) {
      if (at + 1 >= lines.length) return undefined;
      raw = `${raw}\n${lines[++at]}`;
      value = configValue(raw);
    }
    const key = `${section}.${kv[1]}`;
    out.push({ key, value });
  }
  return out;
}

/** The user part of a URL (`https://user:tok@host/x`): a password after `:`, or a user that is a token. */
export function urlHoldsCredential(url: string): boolean {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\s]*)@/i.exec(url.trim());
  const user = m?.[1];
  if (!user) return false;
  const colon = user.indexOf(':');
  if (colon >= 0) return colon < user.length - 1;
  return (
    /^(gh[pousr]_|github_pat_|glpat-|x-access-token|x-oauth|oauth2|xox[abp]-)/i.test(user) ||
    user.length >= 32
  );
}
