/**
 * Builds the model client a run will use from the user's choice: a provider client (Anthropic,
 * OpenAI-compatible, Bedrock), the scripted client or the replay client, optionally wrapped to record
 * cassettes. Pure seam: the environment, a file reader and the home directory are passed in by the
 * surface; only user-scope values reach it (a repository never chooses the endpoint or the key).
 * Ends in a value: a client and its egress, or the reason there is none (`no-model`, `config-invalid`).
 */

import { selectAwsSource } from '../aws/aws-credentials';
import { awsCredentialProvider } from '../aws/credential-chain';
import type { RemoteInput } from '../aws/remote-credentials';
import type { ModelCatalog } from '../catalog/model-catalog';
import type { ModelClient } from '../client';
import { anthropicAdapter } from '../providers/anthropic';
import { bedrockAdapter } from '../providers/bedrock';
import {
  OLLAMA_DEFAULT_BASE_URL,
  OPENAI_DEFAULT_BASE_URL,
  openAiCompatibleAdapter,
} from '../providers/openai-compatible';
import { providerClient, type TransportOptions } from '../providers/provider-client';
import type { WireAdapter } from '../providers/wire-adapter';
import { recordingClient, replayClient } from '../testing/replay-client';
import { parseScript, scriptedClient } from '../testing/scripted-client';
import type { Egress, ModelSource } from './egress';
import { type ProviderId, parseModelSpec } from './model-spec';

export const DEFAULT_KEY_VARIABLE: Readonly<Record<ProviderId, string | undefined>> = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  ollama: undefined,
  bedrock: undefined,
};

export interface OpenModelInput {
  /** `provider/model`, `provider/<tier>`, `scripted:<file>` or `replay:<dir>`; undefined: no model. */
  spec: string | undefined;
  source: ModelSource;
  baseUrl?: string;
  /** Name of the variable holding the key; the provider's usual one when unset. */
  apiKeyEnv?: string;
  /** Record cassettes of a real provider's replies into this directory. */
  recordDir?: string;
  env: Readonly<Record<string, string | undefined>>;
  readFile: (path: string) => string | undefined;
  homeDir: string;
  now: () => Date;
  catalog: ModelCatalog;
  transport?: Omit<TransportOptions, 'catalog'>;
  /** How Bedrock's web identity and container sources are fetched; the global `fetch` when unset. */
  credentialFetch?: RemoteInput['fetch'];
}

export type OpenedModel =
  | { ok: true; client: ModelClient; egress: Egress }
  | { ok: false; basis: 'no-model' | 'config-invalid'; problem: string };

export function openModel(input: OpenModelInput): OpenedModel {
  if (input.spec === undefined || input.spec.trim() === '') {
    return {
      ok: false,
      basis: 'no-model',
      problem: 'no model configured (set GAVEL_MODEL or `model` in [model])',
    };
  }
  const parsed = parseModelSpec(input.spec, input.catalog);
  if (!parsed.ok) return { ok: false, basis: 'config-invalid', problem: `model: ${parsed.problem}` };
  const spec = parsed.spec;
  switch (spec.kind) {
    case 'scripted': {
      const text = input.readFile(spec.file);
      if (text === undefined)
        return {
          ok: false,
          basis: 'config-invalid',
          problem: `scripted file \`${spec.file}\` cannot be read`,
        };
      const script = parseScript(text);
      if (!script.ok)
        return {
          ok: false,
          basis: 'config-invalid',
          problem: `scripted file \`${spec.file}\` ${script.problem}`,
        };
      const client = scriptedClient(script.replies);
      return {
        ok: true,
        client,
        egress: { provider: client.provider, model: client.model, host: null, source: input.source },
      };
    }
    case 'replay': {
      const client = replayClient(spec.dir);
      return {
        ok: true,
        client,
        egress: { provider: 'replay', model: 'replay', host: null, source: input.source },
      };
    }
    case 'provider': {
      const adapter = buildAdapter(spec.provider, spec.model, input);
      if (!adapter.ok) return { ok: false, basis: 'config-invalid', problem: adapter.problem };
      const real = providerClient(adapter.adapter, { ...input.transport, catalog: input.catalog });
      const client = input.recordDir ? recordingClient(real, input.recordDir) : real;
      return {
        ok: true,
        client,
        egress: {
          provider: spec.provider,
          model: spec.model,
          host: adapter.adapter.egressHost,
          source: input.source,
        },
      };
    }
    default: {
      const never: never = spec;
      return { ok: false, basis: 'config-invalid', problem: `unknown model kind \`${String(never)}\`` };
    }
  }
}

type AdapterResult = { ok: true; adapter: WireAdapter } | { ok: false; problem: string };

function buildAdapter(provider: ProviderId, model: string, input: OpenModelInput): AdapterResult {
  const quirks = input.catalog.quirks(provider, model);
  const keyVariable = input.apiKeyEnv ?? DEFAULT_KEY_VARIABLE[provider];
  const apiKey = keyVariable ? input.env[keyVariable] : undefined;
  const url = checkBaseUrl(input.baseUrl, apiKey !== undefined && apiKey !== '');
  if (!url.ok) return url;
  switch (provider) {
    case 'anthropic':
      if (!apiKey) return { ok: false, problem: `provider \`anthropic\` needs a key in \`${keyVariable}\`` };
      return {
        ok: true,
        adapter: anthropicAdapter({ model, apiKey, quirks, ...(url.value ? { baseUrl: url.value } : {}) }),
      };
    case 'openai':
    case 'ollama': {
      const isOpenAi = provider === 'openai';
      const baseUrl = url.value ?? (isOpenAi ? OPENAI_DEFAULT_BASE_URL : OLLAMA_DEFAULT_BASE_URL);
      if (isOpenAi && !apiKey && !input.baseUrl) {
        return {
          ok: false,
          problem: `provider \`openai\` needs a key in \`${keyVariable}\` (or a \`base_url\` for a local server)`,
        };
      }
      return {
        ok: true,
        adapter: openAiCompatibleAdapter({ provider, model, baseUrl, quirks, ...(apiKey ? { apiKey } : {}) }),
      };
    }
    case 'bedrock': {
      const chainInput = { env: input.env, readFile: input.readFile, homeDir: input.homeDir };
      const chain = selectAwsSource(chainInput);
      if (!chain.ok) return { ok: false, problem: `provider \`bedrock\`: ${chain.problem}` };
      if (!chain.region)
        return {
          ok: false,
          problem: "provider `bedrock` needs a region (AWS_REGION or the profile's `region`)",
        };
      // Static keys are resolved again for every attempt; web identity and container credentials are fetched
      // on the first call and renewed before they expire (credential-chain.ts).
      const credentials = awsCredentialProvider(
        { ...chainInput, now: input.now, fetch: input.credentialFetch ?? ((url, init) => fetch(url, init)) },
        chain.using,
      );
      return {
        ok: true,
        adapter: bedrockAdapter({
          model,
          region: chain.region,
          credentials,
          quirks,
          now: input.now,
          ...(url.value ? { baseUrl: url.value } : {}),
        }),
      };
    }
    default: {
      const never: never = provider;
      return { ok: false, problem: `unknown provider \`${String(never)}\`` };
    }
  }
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/** A key is never sent in clear text off the machine: `http:` only for loopback, or without a key. */
function checkBaseUrl(
  raw: string | undefined,
  sendsKey: boolean,
): { ok: true; value?: string } | { ok: false; problem: string } {
  if (raw === undefined) return { ok: true };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: 'base_url is not a URL' };
  }
  if (url.username || url.password) return { ok: false, problem: 'base_url must not carry credentials' };
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, problem: `base_url \`${url.host}\` must be http or https` };
  if (url.protocol === 'http:' && sendsKey && !LOOPBACK.test(url.hostname)) {
    return {
      ok: false,
      problem: `base_url \`${url.host}\` is plain http: a key is only sent over https or to loopback`,
    };
  }
  return { ok: true, value: raw };
}
