/**
 * Opens the judge's model half for one run: the model of every role (the reviewers and the adjudicator), each
 * through the model layer (openModel, openRunner with the user's caps and reply cache), and the review stage
 * over them. Precedence per role: `--model-for ROLE=MODEL`, then `--adjudicator-model` (adjudicator), then
 * `--model` (every role), then `[judge.models]` (the role, else `reviewers`; user scope only), then the light
 * tier of `[model] model` as action review chooses it. All roles use one provider and one credential.
 * The egress line of every model goes to `announce` before anything is sent. Reads env and files: runtime.
 * Ends in a value: the stage and its egress, or the reason there is none (`no-model`, `config-invalid`).
 */

import { readFileSync } from 'node:fs';
import type { Config, Source } from '../../config';
import type { Clock } from '../../core';
import type { JudgeRules, ReviewStage } from '../../judge';
import { type JudgeRole, modelReviewStage, pinRubrics, type Rubric, type Trap } from '../../judge';
import {
  announceEgress,
  bundledCatalog,
  chooseStageModel,
  DEFAULT_KEY_VARIABLE,
  type Egress,
  estimateInputTokens,
  failed,
  type ModelRunner,
  type ModelSource,
  type OpenedModel,
  openRunner,
  parseModelSpec,
  type RunCaps,
  tokenCostUsd,
} from '../../model';
import { anchorSpec, chooseRunModel, type ModelOptions, runSettingsFor } from '../model-options';
import { openChosenModel } from '../open-chosen-model';

export const JUDGE_ROLES: readonly JudgeRole[] = ['security', 'governance', 'quality', 'adjudicator'];
/** The judge's spend cap when neither a flag nor the user's config sets one. */
export const JUDGE_DEFAULT_MAX_COST_USD = 2;
/** One reviewer call's deadline, retries included. */
export const JUDGE_CALL_TIMEOUT_MS = 120_000;

export interface JudgeModelFlags extends ModelOptions {
  adjudicatorModel?: string;
  modelFor?: Partial<Record<JudgeRole, string>>;
  maxCostUsd?: number;
  maxTokens?: number;
  maxCalls?: number;
  concurrency?: number;
  rpm?: number;
}

export interface JudgeReviewSetup {
  config: Config;
  sources: Readonly<Record<string, Source>>;
  flags: JudgeModelFlags;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  cwd: string;
  clock: Clock;
  rules: JudgeRules;
  read: (rel: string) => string | undefined;
  traps?: readonly Trap[];
  rubrics?: readonly Rubric[];
  /** The egress lines and cache notices (stderr on the CLI). */
  announce?: (line: string) => void;
}

export type OpenedJudgeReview =
  | { ok: true; stage: ReviewStage; egress: Egress[]; caps: RunCaps }
  | { ok: false; basis: 'no-model' | 'config-invalid'; problem: string; role?: JudgeRole };

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The run's caps: flags, else the user's `[caps]`, with the judge's own $2.00 when nobody set a cost cap. */
export function judgeCaps(setup: Pick<JudgeReviewSetup, 'config' | 'sources' | 'flags'>): RunCaps {
  const c = setup.config.caps;
  const costSet =
    setup.sources['caps.max_cost_usd'] === 'user' || setup.sources['caps.max_cost_usd'] === 'env';
  return {
    maxCostUsd: setup.flags.maxCostUsd ?? (costSet ? c.max_cost_usd : JUDGE_DEFAULT_MAX_COST_USD),
    maxTokens: setup.flags.maxTokens ?? c.max_tokens,
    maxCalls: setup.flags.maxCalls ?? c.max_calls,
    maxCallTokens: c.max_call_tokens,
  };
}

/** The spec a role uses and where it came from. */
export function roleSpec(
  role: JudgeRole,
  setup: Pick<JudgeReviewSetup, 'config' | 'sources' | 'flags' | 'cwd'>,
): { spec: string | undefined; source: 'flag' | 'config' | 'environment' | 'default' } {
  const f = setup.flags;
  const models = setup.config.judge.models ?? {};
  const flag = f.modelFor?.[role] ?? (role === 'adjudicator' ? f.adjudicatorModel : undefined) ?? f.model;
  const stage =
    role === 'adjudicator' ? (models.adjudicator ?? models.reviewers) : (models[role] ?? models.reviewers);
  const run = chooseRunModel({ estimate: false }, setup.config, setup.sources['model.model']);
  const choice = chooseStageModel(
    {
      ...(flag !== undefined ? { flag: anchorSpec(flag, setup.cwd) } : {}),
      ...(stage !== undefined ? { stage: anchorSpec(stage, setup.cwd) } : {}),
      ...(run.spec !== undefined ? { model: run.spec } : {}),
      modelSource: run.source,
      customEndpoint: setup.config.model.base_url !== undefined,
    },
    bundledCatalog(),
  );
  return { spec: choice.spec, source: choice.source };
}

/**
 * For `--estimate`: a client that names the provider and model and can send nothing (the runner's estimate
 * layer answers every call before it), so an estimate needs no key and opens no connection.
 */
function estimateOnly(spec: string | undefined, source: ModelSource): OpenedModel | undefined {
  if (spec === undefined) return undefined;
  const parsed = parseModelSpec(spec, bundledCatalog());
  if (!parsed.ok || parsed.spec.kind !== 'provider') return undefined;
  const self = { provider: parsed.spec.provider, model: parsed.spec.model };
  return {
    ok: true,
    client: { ...self, complete: async () => failed(self, 'estimate', 'estimate only: not sent') },
    egress: { ...self, host: null, source },
  };
}

/** The values of the configured API key variables: masked wherever they appear in text sent. */
function configuredKeys(setup: JudgeReviewSetup, egress: readonly Egress[]): string[] {
  const names = new Set<string>();
  if (setup.config.model.api_key_env) names.add(setup.config.model.api_key_env);
  for (const e of egress) {
    const name = DEFAULT_KEY_VARIABLE[e.provider as keyof typeof DEFAULT_KEY_VARIABLE];
    if (name) names.add(name);
  }
  return [...names].map((n) => setup.env[n]).filter((v): v is string => typeof v === 'string' && v !== '');
}

export function openJudgeReview(setup: JudgeReviewSetup): OpenedJudgeReview {
  const { config, env, clock } = setup;
  const catalog = bundledCatalog();
  const caps = judgeCaps(setup);
  const settings = {
    ...runSettingsFor({
      flags: setup.flags,
      config,
      env,
      home: setup.home,
      clock,
      ...(setup.flags.concurrency !== undefined ? { concurrency: setup.flags.concurrency } : {}),
    }),
    caps,
    ...(setup.flags.rpm !== undefined ? { rpm: setup.flags.rpm } : {}),
  };
  // One runner per distinct model: roles that share a model share its runner, its caps and its cache.
  const bySpec = new Map<string, { runner: ModelRunner; egress: Egress }>();
  const runners: Partial<Record<JudgeRole, ModelRunner>> = {};
  for (const role of JUDGE_ROLES) {
    const choice = roleSpec(role, setup);
    const key = choice.spec ?? '';
    let opened = bySpec.get(key);
    if (!opened) {
      const model = setup.flags.estimate ? estimateOnly(choice.spec, choice.source) : undefined;
      const real =
        model ??
        openChosenModel(choice, { config, env, readFile: readText, home: setup.home, clock, catalog });
      if (!real.ok) return { ok: false, basis: real.basis, problem: real.problem, role };
      const announce = setup.announce;
      const client =
        announce && !setup.flags.estimate ? announceEgress(real.client, real.egress, announce) : real.client;
      const { runner, notices } = openRunner(client, catalog, settings);
      for (const n of notices) setup.announce?.(n);
      opened = { runner, egress: real.egress };
      bySpec.set(key, opened);
    }
    runners[role] = opened.runner;
  }
  const egress = [...bySpec.values()].map((o) => o.egress);
  const providers = new Set(egress.map((e) => e.provider));
  if (providers.size > 1)
    return {
      ok: false,
      basis: 'config-invalid',
      problem: `every judge role uses one provider; these name ${[...providers]
        .sort()
        .map((p) => `\`${p}\``)
        .join(', ')}`,
    };
  // A rubric matching its pin is configured text (T1); a changed one is reference data (T2), told in a notice.
  const pinned = pinRubrics(setup.rubrics ?? [], config.judge.skills?.pins ?? {});
  const stage = modelReviewStage({
    runners: runners as Record<JudgeRole, ModelRunner>,
    rules: setup.rules,
    read: setup.read,
    ...(setup.traps ? { traps: setup.traps } : {}),
    rubrics: pinned.rubrics,
    notices: pinned.notices,
    timeoutMs: JUDGE_CALL_TIMEOUT_MS,
    admission: {
      caps,
      expected: (role, request) => {
        const r = runners[role];
        const price = catalog.price(r?.provider ?? '', r?.model ?? '');
        const input = estimateInputTokens(request);
        const output = request.expectedOutputTokens ?? request.maxOutputTokens;
        return {
          tokens: input + output,
          costUsd: tokenCostUsd(price, input, output),
        };
      },
    },
    egressHosts: [...new Set(egress.map((e) => e.host).filter((h): h is string => h !== null))].sort(),
    estimate: setup.flags.estimate,
    secretValues: configuredKeys(setup, egress),
  });
  return { ok: true, stage, egress, caps };
}
