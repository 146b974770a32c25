/**
 * Argument-aware rules: program, subcommand, flags, arguments and path scope, matched against one shell
 * segment after unwrapping. Pure. A rule with `paths` matches only when every path of the segment is
 * resolved and inside one of the listed scopes (`writable` means the configured writable folders).
 * Known limit: the subcommand is the first argument that does not start with `-`; global options that take a
 * value (`git -C dir push`) hide it, so such a segment falls to the other rules, never to an allow of its own.
 */

import { posix } from 'node:path';
import type { ArgumentRuleSpec } from '../../config';
import type { PathClass, Segment } from '../../shell';

export type ScopeName = PathClass | 'writable';

/** Does segment path `resolved` (class `cls`) lie in scope `scope`? */
export type InScope = (scope: ScopeName, cls: PathClass, resolved: string) => boolean;

export function programOf(argv: readonly string[]): string {
  const word = argv[0] ?? '';
  // Most words name a program without a folder: their basename is the word (asked for every target).
  return word.includes('/') ? posix.basename(word) : word;
}

export function subcommandOf(argv: readonly string[]): string | undefined {
  return argv.slice(1).find((a) => !a.startsWith('-'));
}

/** Is flag `flag` present in `args`: exactly, as `--flag=value`, or inside a short cluster (`-rf` holds `-r`). */
export function hasFlag(args: readonly string[], flag: string): boolean {
  for (const a of args) {
    if (a === '--') return false;
    if (a === flag) return true;
    if (flag.startsWith('--') && a.startsWith(`${flag}=`)) return true;
    if (/^-[A-Za-z0-9]$/.test(flag) && /^-[A-Za-z0-9]{2,}$/.test(a) && a.includes(flag.slice(1))) return true;
  }
  return false;
}

/** A word some parsers take as a flag's value when it follows the flag (`npm publish --dry-run false`). */
const FLAG_VALUE = /^(?:false|true|0|1|no|yes|off|on)$/i;

/**
 * Is flag `flag` on in `args`, for an exclusion (`flags_none`): written alone and not followed by a yes/no word, or
 * as `--flag=true`. `--dry-run=false` and `--dry-run false` may mean the opposite, so they do not exclude.
 */
export function flagOn(args: readonly string[], flag: string): boolean {
  for (const [k, a] of args.entries()) {
    if (a === '--') return false;
    if (a === `${flag}=true`) return true;
    const alone =
      a === flag ||
      (/^-[A-Za-z0-9]$/.test(flag) && /^-[A-Za-z0-9]{2,}$/.test(a) && a.includes(flag.slice(1)));
    if (alone && !FLAG_VALUE.test(args[k + 1] ?? '')) return true;
  }
  return false;
}

export function matchArgumentRule(rule: ArgumentRuleSpec, segment: Segment, inScope: InScope): boolean {
  const argv = segment.argv;
  if (argv.length === 0 || programOf(argv) !== rule.program) return false;
  const args = argv.slice(1);
  if (rule.subcommand && rule.subcommand.length > 0) {
    const sub = subcommandOf(argv);
    if (sub === undefined || !rule.subcommand.includes(sub)) return false;
  }
  if (rule.flags_any && rule.flags_any.length > 0 && !rule.flags_any.some((f) => hasFlag(args, f)))
    return false;
  if (rule.flags_none?.some((f) => flagOn(args, f))) return false;
  if (rule.args_any && rule.args_any.length > 0 && !rule.args_any.some((a) => args.includes(a))) return false;
  if (rule.paths) {
    const scopes = rule.paths;
    for (const p of segment.paths) {
      if (p.resolved === undefined) return false;
      const resolved = p.resolved;
      if (!scopes.some((s) => inScope(s, p.class, resolved))) return false;
    }
  }
  return true;
}
