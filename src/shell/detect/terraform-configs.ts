/**
 * The configuration a terraform (or OpenTofu `tofu`) command reads: every `*.tf` and `*.tf.json` file of its
 * working folder and of the local modules it calls (`source = "./modules/x"`), found by listing the folders, so a
 * data source in a file of any name is seen. And what in that text reaches beyond the module when it is
 * evaluated: a `data "http"` URL fetched (its query may carry what the configuration reads), `pathexpand()`, or
 * a file function (`file()`, `templatefile()`, ...) given a path outside the module. build-configs.ts judges the
 * rest (external data sources, local-exec, module and provider sources). Pure apart from the injected reader and
 * reporting.
 * INVARIANT: a folder that cannot be listed, a file that cannot be read or a walk past its bound is uncertain.
 */

import { posix } from 'node:path';
import type { Invocation, Reporter } from '../unwrap/invocation';
import { readBudgeted } from './disk-scripts';
import { inFolder, projectFile } from './project-file';

/** Folders of configuration read per command (the root and its local modules). */
const MAX_FOLDERS = 16;

/** A configuration file: its path and its text with comments removed. */
export interface TerraformFile {
  path: string;
  dir: string;
  text: string;
}

/** `source = "./x"` / `"source": "../x"`: the local modules a configuration calls. */
const LOCAL_SOURCE = /\bsource"?\s*[=:]\s*"(\.\.?\/[^"]*)"/g;

/**
 * The configuration files of `root` and of the local modules it calls, or undefined when they cannot all be read
 * (the uncertainty is reported). `inWorkspace`: whether a module folder may be read (one outside is the caller's).
 */
export function terraformFiles(
  root: string,
  inv: Invocation,
  r: Reporter,
  inWorkspace: (dir: string) => boolean,
): TerraformFile[] | undefined {
  const say = (why: string) =>
    r.uncertain('dynamic-script', `\`${inv.program}\` ${why}`, inv.segment, 'kept');
  const files: TerraformFile[] = [];
  const seen = new Set<string>();
  const queue = [root];
  while (queue.length > 0) {
    const dir = queue.shift() as string;
    if (seen.has(dir) || !inWorkspace(dir)) continue;
    seen.add(dir);
    if (seen.size > MAX_FOLDERS) {
      say(`calls more local modules than one review reads (${MAX_FOLDERS} folders)`);
      return undefined;
    }
    const listing = readBudgeted(dir, inv, r);
    if (listing === undefined) return undefined;
    if (listing.kind === 'missing') continue;
    if (listing.kind !== 'unreadable' || listing.why !== 'not-regular' || listing.entries === undefined) {
      say('reads a configuration folder gavel cannot list');
      return undefined;
    }
    for (const name of [...listing.entries].sort()) {
      if (!/\.tf(\.json)?$/.test(name)) continue;
      const path = inFolder(dir, name);
      const file = projectFile(path, inv, r);
      if (file.kind === 'unknown') return undefined;
      if (file.kind !== 'text') continue;
      const text = file.text.replace(/(^|\s)(#|\/\/)[^\n]*/g, '$1');
      files.push({ path, dir, text });
      for (const m of text.matchAll(LOCAL_SOURCE)) queue.push(posix.resolve(dir, m[1] as string));
    }
  }
  return files;
}

/** File functions and their first argument. */
const FILE_CALL =
  /\b(?:file|filebase64|filesha1|filesha256|filesha512|filemd5|filebase64sha256|filebase64sha512|templatefile|fileexists|fileset)\s*\(\s*([^,)]*)/g;

/**
 * Is a file function's path one of the module's own files: a quoted path, relative or below `${path.module}`,
 * `${path.root}` or `${path.cwd}`, with no `..`, `~` or other interpolation?
 */
function ownFile(arg: string): boolean {
  const m = /^"(?:\$\{path\.(?:module|root|cwd)\}\/)?([^"]*)"$/.exec(arg.trim());
  const rest = m?.[1];
  return (
    rest !== undefined &&
    !rest.startsWith('/') &&
    !rest.startsWith('~') &&
    !/(^|\/)\.\.(\/|$)|\$\{/.test(rest)
  );
}

/**
 * Data sources that contact an address the configuration computes when read (its value may carry what the
 * configuration read): a TLS endpoint, DNS lookups, another state over HTTP.
 */
const ADDRESSED_DATA =
  /\bdata\s+"?(?:tls_certificate|dns_\w+|terraform_remote_state)"?\s|"(?:tls_certificate|dns_\w+|terraform_remote_state)"\s*:\s*\{/;

/** Data sources reading a file by an attribute (`data "local_file" { filename = "…" }`), and the attribute's value. */
const FILE_ATTRIBUTE = /\b(?:filename|source_file|source_dir)"?\s*[=:]\s*("[^"\n]*"|[^\s,}]+)/g;

/** The module's own files its file functions and file-reading data sources name, as written (relative). */
export function namedFiles(text: string): string[] {
  const out: string[] = [];
  for (const m of [...text.matchAll(FILE_CALL), ...text.matchAll(FILE_ATTRIBUTE)]) {
    const own = /^"(?:\$\{path\.(?:module|root|cwd)\}\/)?([^"]*)"$/.exec((m[1] ?? '').trim())?.[1];
    if (own !== undefined && ownFile(m[1] ?? '')) out.push(own);
  }
  return out;
}

/** Why evaluating this configuration text reaches beyond its module, or undefined. */
export function reachesBeyond(text: string): string | undefined {
  if (/\bdata\s+"?http"?\s|"http"\s*:\s*\{/.test(text))
    return 'fetches a URL its configuration names (`data "http"`)';
  if (ADDRESSED_DATA.test(text))
    return 'contacts an address its configuration names (`tls_certificate`, `dns_*`, `terraform_remote_state`)';
  for (const m of text.matchAll(FILE_ATTRIBUTE))
    if (!ownFile(m[1] ?? ''))
      return 'reads a file its configuration names outside the module (`local_file`, ...)';
  if (/\bpathexpand\s*\(/.test(text))
    return 'reads a path under home its configuration names (`pathexpand()`)';
  for (const call of text.matchAll(FILE_CALL))
    if (!ownFile(call[1] ?? ''))
      return 'reads a file its configuration names outside the module (`file()`, ...)';
  return undefined;
}
