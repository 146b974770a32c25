/**
 * The effective routing policy: thresholds, weights and penalties from the `[route]` config table joined
 * with the signal rules, and the file classifier compiled from their globs. Pure.
 * Thresholds are put in order (approve_below <= escalate_at <= block_at) by taking the lower value, which
 * only ever tightens.
 */

import picomatch from 'picomatch';
import { contentHash, type PolicyRef } from '../core';
import type { SignalRules } from './signal-rules';
import { SECURITY_KINDS, type SecurityKind, type SignalId } from './types';

/** The `[route]` table's values as config hands them over. */
export interface RouteSettings {
  approve_below: number;
  escalate_at: number;
  block_at: number;
  min_confidence: number;
  escalate_confidence: number;
  weights: Readonly<Record<string, number>>;
  confidence_penalties: Readonly<Record<string, number>>;
  notify: readonly string[];
  sensitive_paths: readonly string[];
}

export interface Thresholds {
  approveBelow: number;
  escalateAt: number;
  blockAt: number;
  minConfidence: number;
  escalateConfidence: number;
}

export type FileClass = 'security' | 'generated' | 'tests' | 'docs' | 'code';

export interface Classifier {
  /** Security kinds of a path (empty when none). */
  security(path: string): SecurityKind[];
  classOf(path: string): Exclude<FileClass, 'security'>;
  isLockfile(path: string): boolean;
}

export interface RoutePolicy {
  thresholds: Thresholds;
  weight(id: SignalId): number;
  penalty(id: SignalId): number;
  rules: SignalRules;
  classifier: Classifier;
  notify: readonly string[];
  ref: PolicyRef;
}

export function orderThresholds(t: Thresholds): Thresholds {
  const blockAt = t.blockAt;
  const escalateAt = Math.min(t.escalateAt, blockAt);
  const approveBelow = Math.min(t.approveBelow, escalateAt);
  const minConfidence = Math.max(t.minConfidence, t.escalateConfidence);
  return { approveBelow, escalateAt, blockAt, minConfidence, escalateConfidence: t.escalateConfidence };
}

export function buildRoutePolicy(settings: RouteSettings, rules: SignalRules): RoutePolicy {
  const thresholds = orderThresholds({
    approveBelow: settings.approve_below,
    escalateAt: settings.escalate_at,
    blockAt: settings.block_at,
    minConfidence: settings.min_confidence,
    escalateConfidence: settings.escalate_confidence,
  });
  const security = rules.security;
  const extra = [...settings.sensitive_paths];
  const classifier = buildClassifier(rules, extra);
  const weights = { ...settings.weights };
  const penalties = { ...settings.confidence_penalties };
  const ref: PolicyRef = {
    version: rules.version,
    sha256: contentHash({
      thresholds,
      weights,
      penalties,
      notify: [...settings.notify].sort(),
      extra,
      security,
      generated: rules.generated,
      tests: rules.tests,
      docs: rules.docs,
      scales: rules.scales,
      floors: rules.floors,
      uncertainty: rules.uncertainty.map((p) => p.pattern.source),
      approvalClaims: rules.approvalClaims.map((p) => p.pattern.source),
    }),
  };
  return {
    thresholds,
    weight: (id) => weights[id] ?? 0,
    penalty: (id) => penalties[id] ?? 0,
    rules,
    classifier,
    notify: [...settings.notify].sort(),
    ref,
  };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\x00-\x1f\x7f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\x00-\x1f\x7f]/g;

/**
 * The names a path is matched as: itself, and with control characters removed and read as folder breaks.
 * A glob's `*` never crosses a newline, so `.github/workflows\n/ci.yml` or `src/auth\r/x.ts` would
 * otherwise escape every pattern.
 */
export function namesOf(path: string): string[] {
  if (!CONTROL.test(path)) return [path];
  return [...new Set([path, path.replace(CONTROLS, ''), path.replace(CONTROLS, '/').replace(/\/+/g, '/')])];
}

function buildClassifier(rules: SignalRules, extraSensitive: string[]): Classifier {
  const opts = { dot: true, nocase: true };
  const security: (readonly [SecurityKind, (path: string) => boolean])[] = SECURITY_KINDS.map((kind) => {
    const list = rules.security[kind];
    return [kind, list.length > 0 ? picomatch(list, opts) : () => false] as const;
  });
  if (extraSensitive.length > 0) security.push(['configured', picomatch(extraSensitive, opts)]);
  const generated = picomatch(rules.generated, opts);
  const tests = picomatch(rules.tests, opts);
  const docs = picomatch(rules.docs, opts);
  const lock = picomatch(rules.lockfiles, opts);
  return {
    security: (path) => {
      const names = namesOf(path);
      return security.filter(([, m]) => names.some((n) => m(n))).map(([k]) => k);
    },
    // A name with a control character is unknown: code, whatever its extension says.
    classOf: (path) =>
      CONTROL.test(path)
        ? 'code'
        : generated(path)
          ? 'generated'
          : tests(path)
            ? 'tests'
            : docs(path)
              ? 'docs'
              : 'code',
    isLockfile: (path) => lock(path),
  };
}
