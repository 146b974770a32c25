/**
 * What a Hugo site's configuration makes `hugo` (build, server, new) fetch or run (ADR 0089): module imports and
 * themes named by a module path (`github.com/x/theme`) are downloaded before the build unless a folder of the site
 * holds them (`themes/<name>`, `_vendor/<path>`); a mount or replacement outside the workspace is not known; a
 * `security.exec` setting lets templates run programs it names. Read from hugo.* / config.* (TOML, YAML, JSON) in the
 * site folder and config/_default. A setting gavel cannot read is uncertain. Pure apart from the injected reader
 * and reporting; never quotes a file.
 * INVARIANT: a configuration that makes hugo fetch or run something gavel does not know is uncertain.
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import { NO_FLOW } from '../walk/flow';
import { folderNames } from './config-modules';
import { resolveArg } from './path-effects';
import { inFolder, projectFile } from './project-file';

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');

const EXTS = ['toml', 'yaml', 'yml', 'json'];
const FILES = [
  ...['hugo', 'config'].flatMap((n) => EXTS.map((e) => `${n}.${e}`)),
  ...['hugo', 'config', 'module', 'security'].flatMap((n) => EXTS.map((e) => `config/_default/${n}.${e}`)),
];

/** Subcommands that only print or manage modules (the latter are not in the catalogue). */
const QUIET = /^(version|help|completion|env|config|list|mod|gen|import|convert|deploy)$/;

function outside(path: string, dir: string, inv: Invocation, r: Reporter): boolean {
  const res = resolveArg({ text: path, flow: NO_FLOW }, { ...inv, cwd: dir }, r);
  return res.class !== 'workspace' || (res.real !== undefined && res.real !== res.resolved);
}

/** The string values of `key` (TOML `key = "a"` / `["a","b"]`, YAML `key: a` / a list under it, JSON). */
function values(text: string, key: string): string[] {
  const out: string[] = [];
  const re = new RegExp(`^\\s*-?\\s*["']?${key}["']?\\s*[:=]\\s*(.*)$`, 'gm');
  for (const m of text.matchAll(re)) {
    const rest = (m[1] ?? '').trim();
    const quoted = [...rest.matchAll(/["']([^"']*)["']/g)].map((q) => q[1] ?? '');
    if (quoted.length > 0) out.push(...quoted);
    else if (rest.startsWith('['))
      out.push(
        ...rest
          .slice(1)
          .replace(/\].*$/, '')
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      );
    else if (rest !== '' && !rest.startsWith('{')) out.push(rest.replace(/[,}\]\s#].*$/, ''));
    else if (rest === '') {
      // A YAML list under the key.
      const after = text
        .slice((m.index ?? 0) + m[0].length)
        .split('\n')
        .slice(1);
      for (const line of after) {
        const item = /^\s+-\s*["']?([^"'\s#]+)/.exec(line);
        if (!item) break;
        out.push(item[1] ?? '');
      }
    }
  }
  // JSON on any line: `"key": "a"` or `"key": ["a", "b"]`.
  for (const m of text.matchAll(new RegExp(`"${key}"\\s*:\\s*("[^"]*"|\\[[^\\]]*\\])`, 'g')))
    out.push(...[...(m[1] ?? '').matchAll(/"([^"]*)"/g)].map((q) => q[1] ?? ''));
  return out;
}

/** Whether the site folder `dir` holds `name` (a theme folder or a vendored module), from folder listings. */
function present(dir: string, name: string, inv: Invocation, r: Reporter): boolean {
  return ['themes', '_vendor'].some((base) => {
    const full = posix.join(dir, base, name);
    return folderNames(posix.dirname(full), inv, r)?.has(posix.basename(full)) === true;
  });
}

function site(dir: string, inv: Invocation, r: Reporter): void {
  for (const name of FILES) {
    const file = projectFile(inFolder(dir, name), inv, r);
    if (file.kind === 'unknown') return;
    if (file.kind !== 'text') continue;
    const text = file.text;
    if (/^\s*\[\s*security\.exec\s*\]|^\s*exec\s*:\s*$|"exec"\s*:\s*\{|^\s*\[\s*exec\s*\]/m.test(text)) {
      say(inv, r, 'reads a configuration that lets its templates run other programs');
      return;
    }
    const names = [...values(text, 'theme')];
    if (/\bimports\b/.test(text)) names.push(...values(text.slice(text.search(/\bimports\b/)), 'path'));
    for (const v of names) {
      if (v === '') continue;
      if (/^(\.|\/|~)/.test(v)) {
        if (outside(v, dir, inv, r)) {
          say(inv, r, 'reads a configuration that imports a module from outside the workspace');
          return;
        }
        continue;
      }
      if (/^[\w-]+(\.[\w-]+)+\//.test(v) && !present(dir, v, inv, r)) {
        say(inv, r, 'reads a configuration that fetches Hugo modules from elsewhere before building');
        return;
      }
    }
    for (const key of ['source', 'target', 'replacements', 'workspace']) {
      for (const v of values(text, key)) {
        const paths = key === 'replacements' ? v.split(',').map((x) => x.split('->')[1]?.trim() ?? '') : [v];
        if (paths.some((p) => p !== '' && p !== 'off' && /^(\.\.|\/|~)/.test(p) && outside(p, dir, inv, r))) {
          say(inv, r, 'reads a configuration that mounts or replaces modules from outside the workspace');
          return;
        }
      }
    }
  }
}

export function hugoModules(inv: Invocation, r: Reporter): void {
  // Without a reader, what this line writes is still read (project-file.ts).
  if (inv.cwd === undefined) return;
  const program = inv.program.slice(inv.program.lastIndexOf('/') + 1);
  if (program !== 'hugo') return;
  const sub = plain(inv.args.find((w) => !optionText(w).startsWith('-')));
  if (QUIET.test(sub)) return;
  let dir = inv.cwd;
  for (let k = 0; k < inv.args.length; k++) {
    const m = /^(-s|--source)(=(.*))?$/.exec(optionText(inv.args[k]));
    if (!m) continue;
    const word = m[3] !== undefined ? inv.args[k] : inv.args[k + 1];
    if (!isLiteral(word)) {
      say(inv, r, 'builds a site named at run time');
      return;
    }
    dir = posix.resolve(inv.cwd, m[3] ?? plain(word));
  }
  site(dir, inv, r);
}
