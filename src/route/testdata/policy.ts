// Test helper: the shipped route policy, with optional overrides of the [route] settings.
import defaults from '../../../rules/route-defaults.json' with { type: 'json' };
import signals from '../../../rules/route-signals.json' with { type: 'json' };
import { buildRoutePolicy, type RoutePolicy, type RouteSettings, type Thresholds } from '../route-policy';
import { loadSignalRules } from '../signal-rules';
import type { ChangeFacts, ChangedFile } from '../types';

/** Fixed thresholds for scoring tests, apart from the shipped ones so a change there does not move them. */
export const TEST_THRESHOLDS: Thresholds = {
  approveBelow: 20,
  escalateAt: 45,
  blockAt: 85,
  minConfidence: 0.6,
  escalateConfidence: 0.35,
};

export function shippedSettings(over: Partial<RouteSettings> = {}): RouteSettings {
  return {
    ...defaults.thresholds,
    weights: defaults.weights,
    confidence_penalties: defaults.confidence_penalties,
    notify: ['@acme/reviewers'],
    sensitive_paths: [],
    ...over,
  };
}

export function shippedPolicy(over: Partial<RouteSettings> = {}): RoutePolicy {
  return buildRoutePolicy(shippedSettings(over), loadSignalRules(signals));
}

export function file(path: string, added = 5, deleted = 0): ChangedFile {
  return { path, status: 'modified', added, deleted, binary: false };
}

export function facts(over: Partial<ChangeFacts> = {}): ChangeFacts {
  return {
    base: 'a'.repeat(40),
    head: 'b'.repeat(40),
    files: [],
    submodules: [],
    commits: [],
    manifestOther: [],
    versions: [],
    codeowners: null,
    unread: [],
    authorNewToHistory: false,
    ...over,
  };
}
