/**
 * How pi rewrites a path its tools are given before it touches the file: the one place for this harness's
 * path rules, applied to every read, write, edit and search target by ./tool-inputs.ts. Pure. pi's own path
 * utilities turn the unicode spaces a model may emit into plain spaces, drop one leading `@` (a file mention),
 * and open a `file://` URL as the local path it names; `~`, `~/x` and `~user/x` are left for gavel's resolver,
 * which expands them as pi does.
 */

const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;

export function rewritePath(path: string, _cwd: string): string {
  let p = path.replace(UNICODE_SPACES, ' ');
  if (p.startsWith('@')) p = p.slice(1);
  if (/^file:\/\//i.test(p)) {
    const rest = p.slice('file://'.length);
    // `file:///x` and `file://localhost/x` name the local `/x`; another host stays as written (not local).
    const local = rest.startsWith('/')
      ? rest
      : rest.toLowerCase().startsWith('localhost/')
        ? rest.slice(9)
        : undefined;
    if (local !== undefined) {
      try {
        p = decodeURIComponent(local);
      } catch {
        p = local;
      }
    }
  }
  return p;
}
