/**
 * terraform's CLI configuration (`~/.terraformrc`; OpenTofu's `~/.tofurc`, else the same file; or the file a
 * `TF_CLI_CONFIG_FILE=` on the line names): `provider_installation { dev_overrides { "ns/type" = "/folder" } }`
 * makes every command that starts that provider (validate, plan, console, `providers schema`, ...) run the binary
 * in the folder instead of the one installed from the registry, and a `credentials_helper` runs a program for
 * registry and remote-backend credentials. A command that starts providers is uncertain when the configuration it
 * reads (its own files and local modules) names an overridden provider's type or calls a module from elsewhere, or
 * when a helper is set or the file cannot be read. `init` from an implied local mirror (`terraform.d/plugins` beside
 * the configuration, the user's data folders), a mirror the CLI configuration names or a `-plugin-dir` installs
 * providers nobody reviewed. Formatting, the version and help start none. Pure apart from the
 * injected reader and reporting.
 * INVARIANT: a CLI configuration that cannot be read, or a `TF_CLI_CONFIG_FILE` known only at run time, is uncertain.
 */

import { posix } from 'node:path';
import { type Invocation, optionText, type Reporter } from '../unwrap/invocation';
import { folderListing } from './config-modules';
import { readBudgeted } from './disk-scripts';
import { inFolder } from './project-file';
import { type TerraformFile, terraformFiles } from './terraform-configs';

/** Subcommands that start no provider. */
const NO_PROVIDERS = new Set(['', 'fmt', 'version', 'help', 'workspace']);

/** HCL comments (`#`, `//`, and block comments) removed; a string holding a comment marker is rare in this file. */
function uncommented(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:"])(?:#|\/\/)[^\n]*/g, '$1');
}

/** The provider types `dev_overrides` replaces (`"registry.terraform.io/ns/type" = "..."` -> `type`). */
export function overriddenTypes(config: string): string[] {
  const types: string[] = [];
  // HCL 1 takes a block's name quoted too, and `name = {` for a block.
  for (const block of config.matchAll(/\bdev_overrides"?\s*=?\s*\{([^}]*)\}/g))
    for (const m of (block[1] ?? '').matchAll(/"([^"]+)"\s*=/g)) {
      const type = (m[1] ?? '').split('/').pop()?.toLowerCase();
      if (type) types.push(type);
    }
  return types;
}

/** A module called from anywhere but a folder (`./x`, `../x`): its files are not read here. */
const REMOTE_MODULE = /\bmodule\s+"[^"]*"\s*\{[^}]*\bsource\s*=\s*"(?!\.\.?\/)/;

/** Does the configuration start a provider of `type` (a resource, data source or provider block, or a source)? */
function startsType(files: readonly TerraformFile[], type: string): boolean {
  const escaped = type.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const named = new RegExp(`(?<![\\w-])${escaped}(?:_\\w|(?![\\w-]))`, 'i');
  return files.some((f) => named.test(f.text) || f.path.endsWith('.json') || REMOTE_MODULE.test(f.text));
}

/**
 * Judges the CLI configuration for `program sub` run on the configuration in `dir`; false when it reported the
 * command uncertain (the caller reads no further).
 */
export function terraformCliConfig(
  program: string,
  sub: string,
  dir: string,
  inv: Invocation,
  r: Reporter,
): boolean {
  if (NO_PROVIDERS.has(sub)) return true;
  const say = (why: string) => {
    r.uncertain('dynamic-script', `\`${program}\` ${why}`, inv.segment, 'kept');
    return false;
  };
  // `init` installs providers from `terraform.d/plugins` beside the configuration (an implied local mirror) or
  // from a `-plugin-dir`, instead of the registry: binaries nobody reviewed that every later command starts.
  if (sub === 'init') {
    if (inv.args.some((a) => /^-{1,2}plugin-dir(?:=|$)/.test(optionText(a))))
      return say('installs providers from a folder named on the line (`-plugin-dir`)');
    // The implied local mirrors: beside the configuration and in the user's data folders.
    for (const folder of [
      inFolder(dir, 'terraform.d/plugins'),
      posix.join(r.scope.home, '.terraform.d/plugins'),
      posix.join(r.scope.home, '.local/share/terraform/plugins'),
    ]) {
      const mirror = readBudgeted(folder, inv, r);
      if (!mirror) return false;
      if (mirror.kind !== 'missing')
        return say('installs providers from a local folder instead of the registry (an implied mirror)');
    }
  }
  const given = r.segments[inv.segment]?.assignedValues?.find(([name]) => name === 'TF_CLI_CONFIG_FILE');
  let paths: string[];
  if (given) {
    if (given[1] === '/dev/null' || given[1] === '') return true;
    if (!given[1].startsWith('/') || given[1].includes('$'))
      return say('reads a CLI configuration named at run time (`TF_CLI_CONFIG_FILE`)');
    paths = [given[1]];
  } else if (r.assignedNames.has('TF_CLI_CONFIG_FILE'))
    return say('reads a CLI configuration named at run time (`TF_CLI_CONFIG_FILE`)');
  else {
    // Every `*.tfrc` of the user's CLI configuration folder is read too, merged with the file.
    const folder = posix.join(r.scope.home, '.terraform.d');
    const listed = folderListing(folder, inv, r);
    if (listed === 'unlisted') return say('reads a CLI configuration folder whose files are not known');
    paths = [
      ...(program === 'tofu' ? [posix.join(r.scope.home, '.tofurc')] : []),
      posix.join(r.scope.home, '.terraformrc'),
      ...(listed === 'missing'
        ? []
        : [...listed].filter((n) => /\.tfrc(?:\.json)?$/.test(n)).map((n) => inFolder(folder, n))),
    ];
  }
  for (const path of paths) {
    const file = readBudgeted(path, inv, r);
    if (!file) return false;
    if (file.kind === 'missing') continue;
    if (file.kind !== 'text') return say('reads a CLI configuration that could not be read');
    // The JSON form (`{"provider_installation": ...}`, `*.tfrc.json`) is read by terraform alike: any override or
    // helper in it, however escaped, is not followed here.
    if (/^\s*\{/.test(file.text) || path.endsWith('.json')) {
      let decoded = '';
      try {
        decoded = JSON.stringify(JSON.parse(file.text));
      } catch {
        return say('reads a CLI configuration gavel cannot parse');
      }
      if (/dev_overrides|credentials_helper|filesystem_mirror|network_mirror/.test(decoded))
        return say('reads a CLI configuration in JSON that overrides providers or runs a helper');
      continue;
    }
    const config = uncommented(file.text);
    if (/\bcredentials_helper\b/.test(config))
      return say('reads a CLI configuration whose credentials helper runs a program');
    // A mirror the configuration names installs providers from a folder or a host instead of the registry.
    if (sub === 'init' && /\b(?:filesystem_mirror|network_mirror)\b/.test(config))
      return say('installs providers from a mirror the CLI configuration names instead of the registry');
    const types = overriddenTypes(config);
    if (types.length === 0) continue;
    const files = terraformFiles(dir, inv, r, (d) => d === dir || d.startsWith(`${dir}/`));
    if (!files) return false;
    if (types.some((t) => startsType(files, t)))
      return say(
        "starts a provider the user's CLI configuration replaces with a local build (`dev_overrides`)",
      );
  }
  return true;
}
