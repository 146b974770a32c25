/**
 * What a run will talk to, printed before its first model call: provider, model, egress host (or that
 * nothing leaves the machine), and where the choice came from. Pure.
 */

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
