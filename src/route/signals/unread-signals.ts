/**
 * The signal for what of a change was not read (an empty range, symlinks past the bound, a tree git could
 * not list): unknown risk, which escalates. Evidence is gavel's own words, never repository text. Pure.
 */

import type { RoutePolicy } from '../route-policy';
import type { Signal } from '../types';
import { makeSignal } from './make-signal';

export function unreadSignals(unread: readonly string[], policy: RoutePolicy): Signal[] {
  if (unread.length === 0) return [];
  return [makeSignal(policy, 'range-unread', [...new Set(unread)].sort(), { scale: 1 })];
}
