/**
 * The judge's prompts: versioned data in prompts/judge-*.json, bundled at build time and validated here.
 * The shared core (trust tiers, evidence contract, calibration, self-check) is the whole system text of a
 * reviewer call, whose role is sent in the request after the unit (so a unit's reviewers share one cacheable
 * prefix); the adjudicator's role follows the core in its system text. The core is never replaceable. Every prompt's text is pinned by sha256 at its version in prompts/judge-pins.json: a
 * text changed without a new version and pin fails to load with a one-line reason. A prompt file that fails
 * validation is a bug in the package: loading throws.
 */

import * as z from 'zod/mini';
import adjudicatorFile from '../../../prompts/judge-adjudicator.json' with { type: 'json' };
import coreFile from '../../../prompts/judge-core.json' with { type: 'json' };
import governanceFile from '../../../prompts/judge-governance.json' with { type: 'json' };
import pinsFile from '../../../prompts/judge-pins.json' with { type: 'json' };
import qualityFile from '../../../prompts/judge-quality.json' with { type: 'json' };
import securityFile from '../../../prompts/judge-security.json' with { type: 'json' };
import { sha256Hex } from '../../core';
import type { JudgeCategory } from '../types';

export type JudgeRole = JudgeCategory | 'adjudicator';

export interface JudgePrompt {
  /** `judge-security@1+judge-core@1`: part of the cache key and of the report's prompt version. */
  ref: string;
  system: string;
  /** A reviewer's role text, sent in the request's GAVEL: REVIEW section; the adjudicator's is in `system`. */
  role?: string;
  maxOutputTokens: number;
}

export type JudgePrompts = Readonly<Record<JudgeRole, JudgePrompt>>;

function roleSchema() {
  return z.strictObject({
    id: z.string().check(z.regex(/^judge-[a-z]+$/)),
    version: z.int().check(z.minimum(1)),
    note: z.optional(z.string()),
    system: z.string().check(z.minLength(1)),
    maxOutputTokens: z.int().check(z.minimum(256)),
  });
}

function coreSchema() {
  return z.strictObject({
    id: z.literal('judge-core'),
    version: z.int().check(z.minimum(1)),
    note: z.optional(z.string()),
    system: z.string().check(z.minLength(1)),
  });
}

function pinsSchema() {
  return z.strictObject({
    note: z.optional(z.string()),
    pins: z.record(
      z.string(),
      z.strictObject({
        version: z.int().check(z.minimum(1)),
        sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
      }),
    ),
  });
}

/** The problem with a prompt's pin, or undefined when its version is pinned to its text's sha256. */
function pinProblem(
  pins: Readonly<Record<string, { version: number; sha256: string }>>,
  id: string,
  version: number,
  system: string,
): string | undefined {
  const pin = pins[id];
  if (pin === undefined) return `prompts/${id}.json: no pin in prompts/judge-pins.json`;
  if (pin.version !== version || pin.sha256 !== sha256Hex(system))
    return `prompts/${id}.json: text or version changed without a new pin in prompts/judge-pins.json (raise \`version\` and pin the new sha256)`;
  return undefined;
}

export function loadJudgePrompts(
  core: unknown,
  roles: Readonly<Record<JudgeRole, unknown>>,
  pinsDoc: unknown = pinsFile,
): { ok: true; prompts: JudgePrompts } | { ok: false; problem: string } {
  const p = z.safeParse(pinsSchema(), pinsDoc);
  if (!p.success) return { ok: false, problem: 'prompts/judge-pins.json: invalid' };
  const pins = p.data.pins;
  const c = z.safeParse(coreSchema(), core);
  if (!c.success) return { ok: false, problem: 'prompts/judge-core.json: invalid' };
  const corePin = pinProblem(pins, c.data.id, c.data.version, c.data.system);
  if (corePin) return { ok: false, problem: corePin };
  const out: Partial<Record<JudgeRole, JudgePrompt>> = {};
  for (const [role, doc] of Object.entries(roles) as [JudgeRole, unknown][]) {
    const r = z.safeParse(roleSchema(), doc);
    if (!r.success || r.data.id !== `judge-${role}`)
      return { ok: false, problem: `prompts/judge-${role}.json: invalid` };
    const rolePin = pinProblem(pins, r.data.id, r.data.version, r.data.system);
    if (rolePin) return { ok: false, problem: rolePin };
    const ref = `${r.data.id}@${r.data.version}+${c.data.id}@${c.data.version}`;
    const budget = { maxOutputTokens: r.data.maxOutputTokens };
    out[role] =
      role === 'adjudicator'
        ? { ref, system: `${c.data.system}\n\n${r.data.system}`, ...budget }
        : { ref, system: c.data.system, role: r.data.system, ...budget };
  }
  return { ok: true, prompts: out as JudgePrompts };
}

let cached: JudgePrompts | undefined;

export function bundledJudgePrompts(): JudgePrompts {
  if (cached) return cached;
  const loaded = loadJudgePrompts(coreFile, {
    security: securityFile,
    governance: governanceFile,
    quality: qualityFile,
    adjudicator: adjudicatorFile,
  });
  if (!loaded.ok) throw new Error(loaded.problem);
  cached = loaded.prompts;
  return cached;
}

/** The run's prompt version as the report shows it: the core and every role, in a fixed order. */
export function promptVersion(prompts: JudgePrompts): string {
  return (['security', 'governance', 'quality', 'adjudicator'] as const).map((r) => prompts[r].ref).join(',');
}
