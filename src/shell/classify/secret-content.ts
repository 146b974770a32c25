/**
 * A file whose name says nothing may still hold a secret: a cloud service-account key (`"type":
 * "service_account"` with a `"private_key"`), a PEM private key, an AWS credentials file. When the surface gives
 * a reader (ShellEnv.readScript: regular files of at most 256 KiB, never blocking), a file a request reads is
 * recognised by that content shape. At most a few files per request are looked at: past them the answer is
 * `unknown` and the caller makes the read uncertain (never presumed clean). A file that cannot be read says
 * nothing (its name decides, as before). The text is never kept, logged or returned. Pure apart from the
 * reader it is given.
 */

import type { ShellEnv } from '../types';

/** Files looked at per analysis: a shell analysis (its reporter) or a tool request (its ShellEnv). */
const BUDGET = 8;
const looked = new WeakMap<object, Map<string, boolean>>();

const SHAPES: readonly RegExp[] = [
  /"type"\s*:\s*"service_account"[\s\S]*"private_key"\s*:|"private_key"\s*:[\s\S]*"type"\s*:\s*"service_account"/,
  /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/,
  /^\s*aws_secret_access_key\s*=/m,
];

/** Does the file at `abs` hold secret material by its content? `unknown` past the per-request budget. */
export function holdsSecretContent(abs: string, env: ShellEnv, per: object = env): boolean | 'unknown' {
  if (!env.readScript || !abs.startsWith('/')) return false;
  let seen = looked.get(per);
  if (!seen) {
    seen = new Map();
    looked.set(per, seen);
  }
  const known = seen.get(abs);
  if (known !== undefined) return known;
  if (seen.size >= BUDGET) return 'unknown';
  const file = env.readScript(abs);
  const secret = file.kind === 'text' && SHAPES.some((shape) => shape.test(file.text));
  seen.set(abs, secret);
  return secret;
}
