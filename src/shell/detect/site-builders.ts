/**
 * Documentation site builders whose configuration runs code: mkdocs (`hooks:` are Python files it runs, plugins
 * and `!!python/` tags import modules), sphinx-build (conf.py is Python run at start, its `extensions` are
 * imported), mdbook (book.toml preprocessors and renderers are commands it runs) and jekyll (`_plugins` is Ruby it
 * loads). Python is read with the inert-Python check, commands are analysed as the shell they are, and a plugin
 * or extension not on the short lists below is code gavel does not follow. Never quotes a file. Pure apart from
 * the injected reader and reporting.
 * INVARIANT: a configuration these builders run that gavel cannot read or follow is uncertain, never silently
 * allowed.
 */

import { posix } from 'node:path';
import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { runFileText } from './disk-scripts';
import { inertPython } from './inert-python';
import { resolveArg } from './path-effects';
import { inFolder, projectFile, unknownFolder } from './project-file';

const say = (inv: Invocation, r: Reporter, why: string) =>
  r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');

/** mkdocs plugins that run no project code and reach no network while building (built-in and well known). */
const MKDOCS_PLUGINS = new Set(
  'search tags blog info offline optimize privacy projects social typeset group meta autorefs mkdocstrings awesome-pages awesome-nav literate-nav section-index redirects minify git-revision-date-localized git-revision-date git-authors glightbox mermaid2 i18n include-markdown table-reader exclude print-site open-in-new-tab callouts rss swagger-ui-tag'.split(
    ' ',
  ),
);
/** Python modules a `!!python/name:` tag of an mkdocs.yml may name (the material theme's and pymdownx's). */
const MKDOCS_TAG_MODULES = /^(material|pymdownx)\.[\w.]+$/;
/** sphinx extensions that run no project code beyond importing it for autodoc (built-in and well known). */
const SPHINX_EXTENSIONS =
  /^(sphinx\.ext\.\w+|myst_parser|sphinx_rtd_theme|furo|sphinx_copybutton|sphinx_design|sphinx_autodoc_typehints|sphinx_click|sphinx_tabs\.tabs|sphinx_togglebutton|sphinx_inline_tabs|sphinxcontrib\.(mermaid|bibtex|httpdomain|apidoc|napoleon|spelling)|numpydoc|autoapi\.extension|breathe|sphinxext\.opengraph|sphinx_sitemap|notfound\.extension|sphinx_issues|pydata_sphinx_theme|sphinx_book_theme|sphinx_immaterial)$/;
/** mdbook preprocessors and renderers without a `command`: built in, or the well-known `mdbook-NAME` programs. */
const MDBOOK_PLUGINS = new Set(
  'links index html markdown katex mermaid admonish toc linkcheck pagetoc footnote alerts'.split(' '),
);

const unquote = (s: string) => s.trim().replace(/^(["'])(.*)\1$/, '$2');

/** A value the runner resolves from `w`: its absolute path, or undefined (reported) when known only at run time. */
function pathOf(w: Word, inv: Invocation, r: Reporter): string | undefined {
  if (!isLiteral(w)) {
    say(inv, r, 'reads a configuration named at run time');
    return undefined;
  }
  return resolveArg(w, inv, r).resolved;
}

/** The items of a top-level YAML key: a flow list on its line, or the names of the block below it. */
function yamlItems(lines: readonly string[], at: number): string[] | undefined {
  const inline = (/^[^:]+:\s*(.*)$/.exec(lines[at] ?? '')?.[1] ?? '').replace(/\s+#.*$/, '').trim();
  if (inline.startsWith('[')) {
    if (!inline.endsWith(']')) return undefined;
    return inline.slice(1, -1).split(',').map(unquote).filter(Boolean);
  }
  if (inline !== '') return undefined;
  const items: string[] = [];
  let indent: number | undefined;
  for (const line of lines.slice(at + 1)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const depth = line.length - line.trimStart().length;
    if (depth === 0) break;
    indent ??= depth;
    if (depth > indent) continue;
    const m = /^\s*(?:-\s+)?(["']?)([^"':#]+)\1\s*(?::.*)?$/.exec(line.replace(/\s+#.*$/, ''));
    if (!m) return undefined;
    items.push((m[2] ?? '').trim());
  }
  return items;
}

function mkdocs(inv: Invocation, args: readonly Word[], r: Reporter): void {
  let sub: string | undefined;
  let file: Word | undefined;
  for (let k = 0; k < args.length; k++) {
    const t = plain(args[k]);
    if (t === '-f' || t === '--config-file') file = args[++k];
    else if (t.startsWith('--config-file=')) file = { text: t.slice(14), flow: (args[k] as Word).flow };
    else if (!t.startsWith('-')) sub ??= t;
  }
  if (!sub || !/^(build|serve|gh-deploy)$/.test(sub)) return;
  if (inv.cwd === undefined) {
    unknownFolder(inv, r);
    return;
  }
  let config: { path: string; text: string } | undefined;
  if (file) {
    const path = pathOf(file, inv, r);
    if (!path) return;
    const f = projectFile(path, inv, r);
    if (f.kind === 'text') config = { path, text: f.text };
  } else
    for (const name of ['mkdocs.yml', 'mkdocs.yaml']) {
      const path = inFolder(inv.cwd, name);
      const f = projectFile(path, inv, r);
      if (f.kind === 'unknown') return;
      if (f.kind === 'text') {
        config = { path, text: f.text };
        break;
      }
    }
  if (!config) return;
  const dir = config.path.slice(0, config.path.lastIndexOf('/')) || '/';
  const lines = config.text.replace(/\r\n/g, '\n').split('\n');
  // A tag spelled another way may name the same Python tag: a `%TAG` directive, a verbatim tag `!<…>`, the full tag
  // URI, a %-escape in a tag (review of round 32).
  if (/^\s*%TAG\b|!<|tag:yaml\.org,2002:python|!!?[\w/-]*%[0-9A-Fa-f]{2}/im.test(config.text)) {
    say(inv, r, 'reads a configuration with YAML tags spelled in a way gavel does not follow');
    return;
  }
  for (const m of config.text.matchAll(/!!python\/([\w/]+)(?::([\w.]*))?/g))
    if (m[1] !== 'name' || !MKDOCS_TAG_MODULES.test(m[2] ?? '')) {
      say(inv, r, 'reads a configuration that imports Python modules gavel does not follow');
      return;
    }
  lines.forEach((line, k) => {
    const key = /^([A-Za-z_]\w*)\s*:/.exec(line)?.[1];
    if (key === 'INHERIT')
      say(inv, r, 'reads a configuration that inherits another, which gavel does not follow');
    else if (key === 'plugins') {
      const names = yamlItems(lines, k);
      if (!names) say(inv, r, 'reads a plugin list gavel cannot read');
      else if (names.some((n) => !MKDOCS_PLUGINS.has(n.replace(/^material\//, ''))))
        say(inv, r, 'loads a plugin that is code gavel does not follow');
    } else if (key === 'hooks') {
      const hooks = yamlItems(lines, k);
      if (!hooks) {
        say(inv, r, 'reads a hook list gavel cannot read');
        return;
      }
      for (const hook of hooks) {
        const path = posix.resolve(dir, hook);
        const f = projectFile(path, inv, r);
        if (f.kind === 'text' && !inertPython(f.text))
          say(inv, r, 'runs a hook file whose Python may reach the system');
      }
    }
  });
}

/** conf.py without the idiom that puts the project on the import path (`sys.path.insert(0, os.path.abspath(..))`). */
function withoutPathIdiom(text: string): string {
  return text
    .replace(
      /^[ \t]*sys\.path\.(?:insert\(\s*0\s*,|append\()\s*(?:str\()?os\.path\.abspath\(\s*(["'])[^"'\n]*\1\s*\)\s*\)?\s*\)[ \t]*$/gm,
      '',
    )
    .replace(/^[ \t]*import (?:os|sys|os\.path|os, sys|sys, os)[ \t]*$/gm, '');
}

function sphinx(inv: Invocation, args: readonly Word[], r: Reporter): void {
  const positionals: Word[] = [];
  let confDir: Word | undefined;
  let isolated = false;
  for (let k = 0; k < args.length; k++) {
    const t = plain(args[k]);
    if (t === '-c' || t === '--conf-dir') confDir = args[++k];
    else if (t === '-C' || t === '--isolated') isolated = true;
    else if (/^(-D|--define|-A|--html-define)$/.test(t) || /^(-D|-A)./.test(t)) {
      say(inv, r, 'sets configuration values on its command line, which may load code');
      return;
    } else if (/^(-b|--builder|-M|-d|--doctree-dir|-j|--jobs|-t|--tag|-w|--warning-file)$/.test(t)) k++;
    else if (!t.startsWith('-')) positionals.push(args[k] as Word);
  }
  if (isolated) return;
  const source = confDir ?? positionals[0];
  if (!source) return;
  if (inv.cwd === undefined) {
    unknownFolder(inv, r);
    return;
  }
  const dir = pathOf(source, inv, r);
  if (!dir) return;
  const f = projectFile(inFolder(dir, 'conf.py'), inv, r);
  if (f.kind !== 'text') return;
  const code = withoutPathIdiom(f.text);
  if (!inertPython(code)) {
    say(inv, r, 'runs a conf.py whose Python may reach the system');
    return;
  }
  // Every mention of `extensions` is a literal list of names on the lists above.
  const mentions = code.match(/(?<![\w.])extensions\b/g)?.length ?? 0;
  const lists = [...code.matchAll(/^extensions\s*\+?=\s*\[([^\]]*)\]/gm)];
  const names = lists.flatMap((m) => (m[1] ?? '').replace(/#[^\n]*/g, '').split(','));
  if (
    lists.length !== mentions ||
    names.some((n) => n.trim() !== '' && !/^\s*(["'])[\w.]+\1\s*$/.test(n)) ||
    names.map(unquote).some((n) => n !== '' && !SPHINX_EXTENSIONS.test(n))
  )
    say(inv, r, 'loads extensions that are code gavel does not follow');
}

function mdbook(inv: Invocation, args: readonly Word[], r: Reporter): void {
  const positionals: Word[] = [];
  for (let k = 0; k < args.length; k++) {
    const t = plain(args[k]);
    if (/^(-d|--dest-dir|-n|--hostname|-p|--port|--watcher|-L|--library-path|-c|--chapter)$/.test(t)) k++;
    else if (!t.startsWith('-')) positionals.push(args[k] as Word);
  }
  const [sub, root] = positionals;
  if (!sub || !/^(build|b|serve|s|watch|w|test|t)$/.test(plain(sub))) return;
  if (inv.cwd === undefined) {
    unknownFolder(inv, r);
    return;
  }
  const dir = root ? pathOf(root, inv, r) : inv.cwd;
  if (!dir) return;
  const f = projectFile(inFolder(dir, 'book.toml'), inv, r);
  if (f.kind !== 'text') return;
  const commands: string[] = [];
  let plugin: string | undefined;
  let hasCommand = false;
  const close = () => {
    if (plugin !== undefined && !hasCommand && !MDBOOK_PLUGINS.has(plugin))
      say(inv, r, 'runs a preprocessor or renderer program gavel does not follow');
  };
  for (const line of f.text.replace(/\r\n/g, '\n').split('\n')) {
    const section = /^\s*\[\s*(preprocessor|output)\.("?)([\w-]+)\2\s*\]/.exec(line);
    if (/^\s*\[/.test(line)) {
      close();
      plugin = section?.[3];
      hasCommand = false;
      continue;
    }
    if (plugin === undefined || !/^\s*command\s*=/.test(line)) continue;
    const m = /^\s*command\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')\s*(#.*)?$/.exec(line);
    if (!m || (m[1] ?? '').includes('\\')) {
      say(inv, r, 'runs a command gavel cannot read from book.toml');
      return;
    }
    hasCommand = true;
    commands.push(m[1] ?? m[2] ?? '');
  }
  close();
  if (commands.length > 0)
    runFileText(
      commands.map((c) => `(\n${c}\n)`).join('\n'),
      { ...inv, cwd: dir },
      r,
      `${inv.program}${SCRIPT_FILE_WRAPPER}`,
    );
}

function jekyll(inv: Invocation, args: readonly Word[], r: Reporter): void {
  const sub = plain(args.find((w) => !plain(w).startsWith('-')));
  if (!/^(build|b|serve|s|server)$/.test(sub) || args.some((w) => plain(w) === '--safe')) return;
  const read = r.env.readScript;
  if (!read) return;
  if (inv.cwd === undefined) {
    unknownFolder(inv, r);
    return;
  }
  const config = projectFile(inFolder(inv.cwd, '_config.yml'), inv, r);
  if (config.kind === 'text' && /^plugins_dir\s*:/m.test(config.text)) {
    say(inv, r, 'loads Ruby plugins from a folder its configuration names');
    return;
  }
  // Probed only: a `_plugins` folder (or anything there) is Ruby jekyll loads.
  if (read(inFolder(inv.cwd, '_plugins')).kind !== 'missing')
    say(inv, r, 'loads the Ruby plugins of `_plugins`');
}

export function siteBuilders(inv: Invocation, r: Reporter): void {
  const p = inv.program.slice(inv.program.lastIndexOf('/') + 1);
  let program = p;
  let args = inv.args;
  if (/^python\d*(\.\d+)?$/.test(p) && plain(args[0]) === '-m') {
    program = plain(args[1]);
    args = args.slice(2);
  }
  if (program === 'mkdocs') mkdocs(inv, args, r);
  else if (program === 'sphinx-build' || program === 'sphinx') sphinx(inv, args, r);
  else if (program === 'mdbook') mdbook(inv, args, r);
  else if (program === 'jekyll') jekyll(inv, args, r);
}
