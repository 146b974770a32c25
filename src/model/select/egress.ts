/**
 * What a run will talk to, printed before its first model call: provider, model, egress host (or that
 * nothing leaves the machine), and where the choice came from. Pure.
 */

import type { ModelClient } from '../client';

export type ModelSource = 'flag' | 'environment' | 'config' | 'default';

export interface Egress {
  provider: string;
  model: string;
  /** `null`: nothing leaves the machine (scripted, replay). */
  host: string | null;
  source: ModelSource;
}

export function formatEgress(egress: Egress): string {
  const where = egress.host === null ? 'sends nothing over the network' : `sends to \`${egress.host}\``;
  return `model \`${egress.provider}/${egress.model}\` ${where} (chosen by ${egress.source})`;
}

/**
 * Wraps a client so that `notify` receives the egress line once, just before the first request is
 * handed to the client (cache hits and estimates send nothing and print nothing).
 */
export function announceEgress(
  client: ModelClient,
  egress: Egress,
  notify: (line: string) => void,
): ModelClient {
  let told = false;
  return {
    provider: client.provider,
    model: client.model,
    complete(request, signal) {
      if (!told) {
        told = true;
        notify(formatEgress(egress));
      }
      return client.complete(request, signal);
    },
  };
}
