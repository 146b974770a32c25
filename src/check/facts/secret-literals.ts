/**
 * A credential written literally into what a tool sends away: an issuer-prefixed token (the shell's
 * `ISSUER_TOKEN`: GitHub, GitLab, npm, Slack, Anthropic, OpenAI, Google), an AWS access key id, a Stripe live
 * key, a JSON Web Token or a private key block. Pure; answers yes or no and never returns or logs the text.
 */

import { ISSUER_TOKEN } from '../../shell';

const SHAPES: readonly RegExp[] = [
  ISSUER_TOKEN,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/,
  /\b[rs]k_live_[A-Za-z0-9]{20,}\b/,
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/,
  /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/,
];

/** Text past this is not searched whole: a tool's parameters are read up to it (a bound on time). */
const MAX_CHARS = 1_000_000;

/** Does `text` carry a credential-shaped literal? */
export function carriesSecret(text: string): boolean {
  const t = text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text;
  // A URL may carry it percent-encoded (`%2D%2D%2D%2D%2DBEGIN`): searched decoded too.
  if (SHAPES.some((s) => s.test(t))) return true;
  if (!t.includes('%')) return false;
  // Escape by escape: one malformed `%` elsewhere in the text must not hide an encoded secret.
  const decoded = t.replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return SHAPES.some((s) => s.test(decoded));
}

/**
 * Shapes of a credential that has no place in a project file: an issuer-prefixed token, an AWS access key id with a
 * secret key beside it, a Stripe live key, a private key block (a JSON Web Token in a test fixture is ordinary, and
 * AWS documents its example key, `AKIAIOSFODNN7EXAMPLE`).
 */
const STORED: readonly RegExp[] = [
  ISSUER_TOKEN,
  /\b(?:AKIA|ASIA)(?![0-9A-Z]*EXAMPLE)[0-9A-Z]{16}\b[\s\S]{0,400}?\b[A-Za-z0-9/+]{40}\b/,
  /\b[rs]k_live_[A-Za-z0-9]{20,}\b/,
  /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/,
];

/** Does text a change adds to a file carry a credential the text before did not (a copy on its way to a commit)? */
export function addsStoredSecret(before: string, after: string): boolean {
  const b = before.length > MAX_CHARS ? before.slice(0, MAX_CHARS) : before;
  const a = after.length > MAX_CHARS ? after.slice(0, MAX_CHARS) : after;
  return STORED.some((s) => s.test(a) && !s.test(b));
}

/** A cheap first look: does the text hold any part of a stored credential's shape (a key id, a 40-character secret, a token prefix, a key block)? */
const PARTS =
  /AKIA|ASIA|-----BEGIN|_live_|gh[pousr]_|github_pat_|glpat-|npm_|xox[abprs]-|sk-|AIza|[A-Za-z0-9/+]{40}/;
export const mayCarryStoredSecret = (text: string): boolean => PARTS.test(text);
