import { describe, expect, it } from 'vitest';
import { scriptedClient } from '../testing/scripted-client';
import { testRequest } from '../testing/test-request.testkit';
import { announceEgress, formatEgress } from './egress';

const request = testRequest();

describe('egress', () => {
  it.each([
    [
      {
        provider: 'anthropic',
        model: 'claude-haiku-4-5',
        host: 'api.anthropic.com',
        source: 'config' as const,
      },
      'model `anthropic/claude-haiku-4-5` sends to `api.anthropic.com` (chosen by config)',
    ],
    [
      { provider: 'replay', model: 'replay', host: null, source: 'flag' as const },
      'model `replay/replay` sends nothing over the network (chosen by flag)',
    ],
  ])('formats %o', (egress, line) => {
    expect(formatEgress(egress)).toBe(line);
  });

  it('announces once, before the first request reaches the client', async () => {
    const lines: string[] = [];
    const inner = scriptedClient(['{}', '{}']);
    const client = announceEgress(
      inner,
      { provider: 'scripted', model: 'scripted', host: null, source: 'environment' },
      (l) => lines.push(`${l}@${inner.used()}`),
    );
    expect(lines).toEqual([]);
    await client.complete(request);
    await client.complete(request);
    expect(lines).toEqual([
      'model `scripted/scripted` sends nothing over the network (chosen by environment)@0',
    ]);
  });
});
