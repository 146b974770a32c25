/**
 * A build context's `.dockerignore` as the builder reads it: each line a pattern relative to the context (a leading
 * `/` or `./` dropped), `*`, `?` and `**` as Go's filepath.Match and Docker's extension read them, `!` taking a path
 * back, the last matching line deciding. A path excluded is not sent, so an image cannot copy it. Pure.
 */

/** A pattern as a regular expression over a context-relative path (`a/b`), or undefined when it is not read. */
function patternRegex(pattern: string): RegExp | undefined {
  // Character classes and escapes are left unread: such a line excludes nothing here (never more than Docker does).
  if (/[[\]\\]/.test(pattern)) return undefined;
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '*' && pattern[i + 1] === '*') {
      // `**/` matches any number of folders, `**` at the end anything.
      out += pattern[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += pattern[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|]/g, '\\$&');
  }
  // A folder excluded excludes what it holds.
  return new RegExp(`^${out}(?:/.*)?$`);
}

export interface DockerIgnore {
  /** Whether the builder leaves `rel` (relative to the context, no leading `./`) out of the context. */
  excludes(rel: string): boolean;
}

export function dockerIgnore(text: string | undefined): DockerIgnore {
  const rules: { re: RegExp; keep: boolean }[] = [];
  for (const raw of (text ?? '').replace(/\r\n/g, '\n').split('\n')) {
    let line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const keep = line.startsWith('!');
    if (keep) line = line.slice(1).trim();
    line = line.replace(/^(?:\.\/|\/)+/, '').replace(/\/+$/, '');
    const re = patternRegex(line);
    // An exception gavel cannot read may take anything back: nothing counts as excluded after it.
    if (re === undefined) {
      if (keep) rules.push({ re: /^/, keep: true });
      continue;
    }
    rules.push({ re, keep });
  }
  return {
    excludes(rel) {
      let out = false;
      for (const rule of rules) if (rule.re.test(rel)) out = !rule.keep;
      return out;
    },
  };
}
