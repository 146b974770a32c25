/**
 * Holds a call until the scheduler lets it start (concurrency, rpm, priority) and frees its place when it ends,
 * whatever the ending. Decides nothing about the call itself.
 */

import type { CallScheduler } from '../call-scheduler';
import type { Layer } from './call-step';

export function scheduleLayer(scheduler: CallScheduler): Layer {
  return (next) => async (call) => {
    const release = await scheduler.acquire(call.request.priority ?? 0);
    try {
      return await next(call);
    } finally {
      release();
    }
  };
}
