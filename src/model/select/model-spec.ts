/**
 * Reads a model choice: `provider/model`, `provider/<tier>` (light, standard, deep, resolved per
 * provider from rules/model-tiers.json), `scripted:<file>` or `replay:<dir>`. Pure.
 * A model id may itself hold `/` and `:` (`ollama/library/qwen:7b`); only the first `/` splits.
 */

import { type ModelCatalog, TIERS, type Tier } from '../catalog/model-catalog';

export const PROVIDERS = ['anthropic', 'openai', 'ollama', 'bedrock'] as const;
export type ProviderId = (typeof PROVIDERS)[number];

export type ModelSpec =
  | { kind: 'provider'; provider: ProviderId; model: string; tier?: Tier }
  | { kind: 'scripted'; file: string }
  | { kind: 'replay'; dir: string };

export type SpecResult = { ok: true; spec: ModelSpec } | { ok: false; problem: string };

export function parseModelSpec(text: string, catalog: ModelCatalog): SpecResult {
  const value = text.trim();
  if (value.startsWith('scripted:')) {
    const file = value.slice('scripted:'.length);
    return file
      ? { ok: true, spec: { kind: 'scripted', file } }
      : { ok: false, problem: '`scripted:` needs a file' };
  }
  if (value.startsWith('replay:')) {
    const dir = value.slice('replay:'.length);
    return dir
      ? { ok: true, spec: { kind: 'replay', dir } }
      : { ok: false, problem: '`replay:` needs a directory' };
  }
  const slash = value.indexOf('/');
  const expected = `expected \`provider/model\` with provider one of ${PROVIDERS.join(', ')}, or \`scripted:<file>\`, or \`replay:<dir>\``;
  if (slash <= 0 || slash === value.length - 1) return { ok: false, problem: `\`${value}\`: ${expected}` };
  const provider = value.slice(0, slash);
  const model = value.slice(slash + 1);
  if (!(PROVIDERS as readonly string[]).includes(provider)) {
    return { ok: false, problem: `unknown provider \`${provider}\`: ${expected}` };
  }
  const id = provider as ProviderId;
  if ((TIERS as readonly string[]).includes(model)) {
    const tier = model as Tier;
    const resolved = catalog.tier(id, tier);
    if (!resolved) return { ok: false, problem: `provider \`${id}\` has no \`${tier}\` tier` };
    return { ok: true, spec: { kind: 'provider', provider: id, model: resolved, tier } };
  }
  if (/\s/.test(model)) return { ok: false, problem: `model \`${model}\` holds whitespace` };
  return { ok: true, spec: { kind: 'provider', provider: id, model } };
}
