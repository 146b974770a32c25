/**
 * model: the one model interface every capability uses. Providers (Anthropic, OpenAI-compatible,
 * Bedrock), structured output validated in code, caps, the reply cache, pricing, and the scripted and
 * replay clients. Reads no environment and no config: the surface passes in what the user chose.
 */

export {
  containerCredentials,
  type RemoteInput,
  type RemoteResult,
  webIdentityCredentials,
} from './aws/remote-credentials';
export { userCacheDir } from './cache/cache-dir';
export { requestKey } from './cache/cache-key';
export { loadCacheSecret } from './cache/cache-secret';
export {
  CACHE_MODES,
  CACHE_TTL_MS,
  type CachedReply,
  type CacheMode,
  type CacheOpener,
  KEY_SHAPE,
  openResponseCache,
  type ResponseCache,
  sealReply,
  unsealReply,
} from './cache/response-cache';
export { type Raced, withDeadline } from './call/deadline';
export { defuse, type Fences, fence, fenceMarker, markerAbsent, openFences } from './call/fence';
export { bundledCatalog } from './catalog/bundled-catalog';
export { buildCatalog, type ModelCatalog, TIERS, type Tier } from './catalog/model-catalog';
export { type PriceEntry, priceEntryOf } from './catalog/price-entry';
export { expectedInputCost, type PrefixLedger, worstInputUsd } from './catalog/prompt-cache-price';
export { tokenCostUsd } from './catalog/token-cost';
export {
  type EstimatedCall,
  failed,
  MODEL_FAILURES,
  type ModelClient,
  type ModelFailed,
  type ModelFailure,
  type ModelRequest,
  type ModelResult,
  type ModelSuccess,
  type ModelUsage,
  NO_USAGE,
  REASONING_EFFORTS,
  type ReasoningEffort,
  type StopReason,
} from './client';
export {
  createModelRunner,
  type ModelRunner,
  type StructuredResult,
  type StructuredSuccess,
} from './run/model-runner';
export {
  type EstimateView,
  estimateExit,
  estimateJson,
  estimateOf,
  formatUsd,
  renderEstimate,
} from './run/render-estimate';
export { type CallCost, planAdmission, type RunCaps, type SharedCaps } from './run/run-budget';
export type { EstimateReport, RunReport } from './run/run-report';
export { announceEgress, type Egress, formatEgress, type ModelSource } from './select/egress';
export { type ModelSpec, PROVIDERS, type ProviderId, parseModelSpec } from './select/model-spec';
export { DEFAULT_KEY_VARIABLE, type OpenedModel, type OpenModelInput, openModel } from './select/open-model';
export { openRunner, type RunSettings, type RunShared } from './select/open-runner';
export { chooseStageModel, type StageModel, type StageModelInput } from './select/stage-model';
export {
  BYTES_PER_TOKEN,
  estimateInputTokens,
  estimateTokens,
  tokensOfBytes,
} from './structured/estimate-tokens';
export { type ParsedReply, parseReply, type ReplySchema } from './structured/parse-reply';
export { checkSchemaSubset } from './structured/schema-subset';
export {
  formatReplayMisses,
  type LabelledRecorder,
  type LabelledReplay,
  labelledRecorder,
  labelledReplay,
  RECORDING_INDEX,
  type RecordingIndex,
  type ReplayMiss,
} from './testing/labelled-recording';
export { type Cassette, recordingClient, replayClient } from './testing/replay-client';
export { parseScript, type ScriptedReply, scriptedClient } from './testing/scripted-client';
