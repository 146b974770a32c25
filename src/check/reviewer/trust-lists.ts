/**
 * The trust lists of an action review (seed 001), as data in rules/check-trust.json: which texts the reviewer is
 * shown as the user's and operator's own words (trusted), which are evidence only (untrusted), and which trusted
 * texts a goal quote may come from. Parsed on first use and rejected whole unless it only tightens what the code
 * allows: every kind in exactly one list; `trusted` a subset of the user's and operator's kinds; every untrusted
 * kind the code knows listed untrusted; `quoteSources` user-authored kinds that are trusted. Pure apart from that
 * one parse of bundled data; decides nothing itself.
 */

import * as z from 'zod/mini';
import shipped from '../../../rules/check-trust.json';
import { UNTRUSTED_KINDS } from './review-input';

/** The texts the code may show as trusted: the user's and the operator's. */
export const TRUSTED_SOURCES = ['user_goal', 'session_task', 'agent_instructions', 'user_turns'] as const;
export type TrustedSource = (typeof TRUSTED_SOURCES)[number];
/** Of those, what the user wrote: the only texts a goal quote may ever come from. */
export const USER_AUTHORED: readonly TrustedSource[] = ['user_goal', 'session_task', 'user_turns'];

const KINDS = [...TRUSTED_SOURCES, ...UNTRUSTED_KINDS] as const;
type Kind = (typeof KINDS)[number];

export interface TrustLists {
  version: number;
  trusted: readonly TrustedSource[];
  untrusted: readonly Kind[];
  quoteSources: readonly TrustedSource[];
}

export type TrustResult = { ok: true; lists: TrustLists } | { ok: false; problem: string };

function trustSchema() {
  return z.strictObject({
    version: z.int().check(z.minimum(1)),
    note: z.optional(z.string()),
    trusted: z.array(z.enum(KINDS)),
    untrusted: z.array(z.enum(KINDS)),
    quoteSources: z.array(z.enum(KINDS)),
  });
}

/** Validates a trust-lists file: its shape, then that it only tightens what the code allows. */
export function parseTrustLists(data: unknown): TrustResult {
  const parsed = z.safeParse(trustSchema(), data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      problem: `\`${issue?.path.map(String).join('.') ?? ''}\`: ${issue?.message ?? 'invalid'}`,
    };
  }
  const { version, trusted, untrusted, quoteSources } = parsed.data;
  for (const k of KINDS) {
    const n = trusted.filter((x) => x === k).length + untrusted.filter((x) => x === k).length;
    if (n !== 1)
      return { ok: false, problem: `kind \`${k}\` must be in exactly one of \`trusted\`, \`untrusted\`` };
  }
  const allowed = new Set<string>(TRUSTED_SOURCES);
  const bad = trusted.find((k) => !allowed.has(k));
  if (bad) return { ok: false, problem: `\`trusted\`: \`${bad}\` is not the user's or the operator's text` };
  const trustedSet = new Set<string>(trusted);
  const authored = new Set<string>(USER_AUTHORED);
  const badQuote = quoteSources.find((k) => !authored.has(k) || !trustedSet.has(k));
  if (badQuote)
    return {
      ok: false,
      problem: `\`quoteSources\`: \`${badQuote}\` is not a trusted text the user wrote`,
    };
  return {
    ok: true,
    lists: {
      version,
      trusted: trusted as TrustedSource[],
      untrusted,
      quoteSources: quoteSources as TrustedSource[],
    },
  };
}

let bundled: TrustLists | undefined;

/** The shipped lists; throws only if the shipped file is broken (a bug, caught by its test). */
export function bundledTrustLists(): TrustLists {
  if (bundled) return bundled;
  const result = parseTrustLists(shipped);
  if (!result.ok) throw new Error(`shipped rules/check-trust.json is invalid: ${result.problem}`);
  bundled = result.lists;
  return bundled;
}

/** The texts of `trusted` that `sources` name, in the order the lists give. */
export function textsOf(
  trusted: {
    userGoal?: string;
    sessionTask?: string;
    agentInstructions?: string;
    userTurns: readonly string[];
  },
  sources: readonly TrustedSource[],
): string[] {
  return sources.flatMap((s) => {
    switch (s) {
      case 'user_goal':
        return trusted.userGoal === undefined ? [] : [trusted.userGoal];
      case 'session_task':
        return trusted.sessionTask === undefined ? [] : [trusted.sessionTask];
      case 'agent_instructions':
        return trusted.agentInstructions === undefined ? [] : [trusted.agentInstructions];
      case 'user_turns':
        return [...trusted.userTurns];
      default: {
        const never: never = s;
        return never;
      }
    }
  });
}
