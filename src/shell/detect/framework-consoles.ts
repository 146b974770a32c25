/**
 * Code given on the line to a framework's console (`bin/rails runner 'X'`, `python manage.py shell -c 'X'`):
 * it runs with the whole application loaded, through the workspace's entry file. The catalogue knows the code
 * (the inline-code scan); this reads the entry: unless it is the one the framework generates (read whole, through
 * the surface's reader, compared line by line once comments, blank lines and string-only lines are dropped), the
 * segment is uncertain. Pure apart from the injected reader. Reports a fixed phrase, never file text.
 * INVARIANT: an entry that cannot be read whole, is missing, was written or changed earlier in the line, or has
 * any line the generated one has not is never called standard (ADR 0073).
 */

import { posix } from 'node:path';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import { changedEarlier, readBudgeted } from './disk-scripts';
import { writtenScript } from './written-scripts';

/** `bin/rails` as `rails new` writes it (Rails 5.2 and later), quotes made double. */
const RAILS_BINSTUB = [
  'APP_PATH = File.expand_path("../config/application", __dir__)',
  'require_relative "../config/boot"',
  'require "rails/commands"',
];

/** `manage.py` as `django-admin startproject` writes it (Django 2 and later), quotes made double. */
const DJANGO_MANAGE = [
  /^import os$/,
  /^import sys$/,
  /^def main\(\):$/,
  /^os\.environ\.setdefault\("DJANGO_SETTINGS_MODULE", "[A-Za-z_][\w.]*"\)$/,
  /^try:$/,
  /^from django\.core\.management import execute_from_command_line$/,
  /^except ImportError as exc:$/,
  /^raise ImportError\($/,
  /^\) from exc$/,
  /^execute_from_command_line\(sys\.argv\)$/,
  /^if __name__ == "__main__":$/,
  /^main\(\)$/,
];

/** Code lines: comments, blank lines and lines holding only a string literal dropped; quotes made double. */
function codeLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .filter((l) => !/^(?:"""[^"]*"""|"[^"\\]*"|'[^'\\]*')$/.test(l))
    .map((l) => l.replaceAll("'", '"'));
}

export function standardRailsBinstub(text: string): boolean {
  const lines = codeLines(text);
  return lines.length === RAILS_BINSTUB.length && lines.every((l, i) => l === RAILS_BINSTUB[i]);
}

export function standardDjangoManage(text: string): boolean {
  const lines = codeLines(text);
  return lines.length === DJANGO_MANAGE.length && lines.every((l, i) => DJANGO_MANAGE[i]?.test(l));
}

/** The entry file a console call runs through and its kind, or undefined when `inv` is none. */
function consoleEntry(inv: Invocation): { file: string; kind: 'rails' | 'django' } | undefined {
  const t = inv.args.map((w) => (isLiteral(w) ? plain(w) : undefined));
  if (inv.program === 'rails' && (t[0] === 'runner' || t[0] === 'r' || t[0] === 'console' || t[0] === 'c')) {
    // `rails` found on the path hands an app's commands to its `bin/rails`, as the binstub itself is run.
    const word = inv.command && isLiteral(inv.command) ? plain(inv.command) : 'rails';
    return { file: word.includes('/') ? word : 'bin/rails', kind: 'rails' };
  }
  if (/^python(3(\.\d+)?)?$/.test(inv.program) && t[0] !== undefined && /(^|\/)manage\.py$/.test(t[0]))
    if (t[1] === 'shell' || t[1] === 'shell_plus') return { file: t[0], kind: 'django' };
  return undefined;
}

/** Is the entry a console call runs through the one the framework generates, read whole now? */
function entryStandard(inv: Invocation, r: Reporter, file: string, kind: 'rails' | 'django'): boolean {
  if (inv.cwd === undefined) return false;
  const path = posix.normalize(posix.join(inv.cwd, file));
  if (writtenScript(path, r).found || changedEarlier(path, inv, r)) return false;
  const read = readBudgeted(path, inv, r);
  if (read?.kind !== 'text') return false;
  return kind === 'rails' ? standardRailsBinstub(read.text) : standardDjangoManage(read.text);
}

/**
 * Reports uncertain when a console call runs through an entry file that is not the generated one. Without a
 * script reader (no surface reads files: the catalogue's own examples) nothing is read, as for the migration
 * targets.
 */
export function frameworkConsoles(inv: Invocation, r: Reporter): void {
  const entry = consoleEntry(inv);
  if (!entry || !r.env.readScript) return;
  if (entryStandard(inv, r, entry.file, entry.kind)) return;
  r.uncertain(
    'dynamic-script',
    `\`${inv.program}\` runs code given on the line through an entry file that is not the one the framework generates`,
    inv.segment,
  );
}
