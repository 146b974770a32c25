import { describe, expect, it } from 'vitest';
import { CallScheduler } from '../call-scheduler';
import type { Step } from './call-step';
import { callOf, innerStep, ok } from './layer-testkit.testkit';
import { scheduleLayer } from './schedule-layer';

const scheduler = () => new CallScheduler({ concurrency: 1, rpm: 0, nowMs: () => 0, sleep: async () => {} });

describe('scheduleLayer', () => {
  it('frees its place after a call ends, so the next may start', async () => {
    const step = scheduleLayer(scheduler())(innerStep([ok()]).step);
    await step(callOf());
    expect((await step(callOf())).ok).toBe(true);
  });

  it('frees its place when the call throws', async () => {
    const s = scheduler();
    const throwing = (async () => {
      throw new Error('broken');
    }) as Step;
    await expect(scheduleLayer(s)(throwing)(callOf())).rejects.toThrow('broken');
    expect((await scheduleLayer(s)(innerStep([ok()]).step)(callOf())).ok).toBe(true);
  });
});
