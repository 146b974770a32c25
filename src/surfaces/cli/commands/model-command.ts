/**
 * `gavel model`: shows which model gavel would use, where it would send requests, the caps and the
 * cache, from the user's config alone; `--probe` sends one tiny structured request to prove the
 * endpoint, key and schema path work. Decides nothing; sends nothing without `--probe`.
 */

import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import * as z from 'zod/mini';
import { DEFAULT_REVIEWER_POLICY } from '../../../check';
import { formatProblem, loadConfig } from '../../../config';
import { EXIT } from '../../../core';
import {
  bundledCatalog,
  formatEgress,
  type ModelSource,
  openModel,
  openRunner,
  userCacheDir,
} from '../../../model';
import { reviewerModel } from '../../../runtime';
import type { CommandSpec } from '../command';

const Probe = z.strictObject({ ok: z.boolean() });

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

export const modelCommand: CommandSpec = {
  name: 'model',
  summary: 'show the model, endpoint, caps and cache gavel would use; --probe tests the endpoint',
  usage: 'gavel model [--model SPEC] [--probe]',
  description:
    'Reads only user scope: ~/.config/gavel/config.toml, GAVEL_* variables and flags. Prints the egress line gavel prints before the first model call of a run. With --probe, sends one request of a few tokens and reports tokens, cost and time; --probe with no model configured exits 2, a probe that fails exits 1.',
  options: {
    model: {
      type: 'string',
      valueName: 'SPEC',
      description: '`provider/model`, `provider/<tier>`, `scripted:<file>` or `replay:<dir>`',
    },
    probe: { type: 'boolean', description: 'send one tiny structured request to the endpoint' },
    json: { type: 'boolean', description: 'print the model, caps, cache and probe as one JSON object' },
  },
  exits: [EXIT.ok, EXIT.internal, EXIT.usage, EXIT.configInvalid],
  examples: ['gavel model', 'GAVEL_MODEL=ollama/qwen2.5:7b gavel model --probe'],
  async run(ctx, args) {
    const json = args.values.json === true;
    const loaded = loadConfig({ cwd: ctx.cwd, env: ctx.env });
    if (!loaded.ok) {
      ctx.stderr.write(`gavel model: ${formatProblem(loaded.problem)}\n`);
      return EXIT.configInvalid;
    }
    const { config, sources } = loaded;
    const flag = typeof args.values.model === 'string' ? args.values.model : undefined;
    const source: ModelSource = flag
      ? 'flag'
      : sources['model.model'] === 'env'
        ? 'environment'
        : sources['model.model'] === 'user'
          ? 'config'
          : 'default';
    const catalog = bundledCatalog();
    const reviewer = reviewerModel({
      config,
      modelSource: sources['model.model'],
      ...(flag !== undefined ? { flag } : {}),
      effort: DEFAULT_REVIEWER_POLICY.effort,
      catalog,
    });
    const opened = openModel({
      spec: flag ?? config.model.model,
      source,
      ...(config.model.base_url ? { baseUrl: config.model.base_url } : {}),
      ...(config.model.api_key_env ? { apiKeyEnv: config.model.api_key_env } : {}),
      env: ctx.env,
      readFile: readText,
      homeDir: homedir(),
      now: () => ctx.clock.now(),
      catalog,
    });
    if (!opened.ok) {
      if (opened.basis === 'no-model') {
        if (json)
          ctx.stdout.write(
            `${JSON.stringify({ model: null, problem: opened.problem, reviewerModel: reviewer.line })}\n`,
          );
        else {
          ctx.stdout.write(`${opened.problem}; what needs a model escalates with basis \`no-model\`\n`);
          ctx.stdout.write(`reviewer model: ${reviewer.line}\n`);
        }
        if (args.values.probe !== true) return EXIT.ok;
        // Nothing to probe: asked to test an endpoint that is not there is a usage error, never a pass.
        ctx.stderr.write('gavel model: `--probe` needs a model (`--model`, GAVEL_MODEL or [model] model)\n');
        return EXIT.usage;
      }
      ctx.stderr.write(`gavel model: ${opened.problem}\n`);
      return EXIT.configInvalid;
    }
    const caps = config.caps;
    const cacheDir = userCacheDir(ctx.env, homedir());
    const view = {
      model: opened.egress,
      reviewerModel: reviewer.line,
      caps: {
        maxCalls: caps.max_calls,
        maxTokens: caps.max_tokens,
        maxCostUsd: caps.max_cost_usd,
        maxCallTokens: caps.max_call_tokens,
        concurrency: caps.concurrency,
        rpm: caps.rpm,
      },
      cache: { mode: config.model.cache, dir: cacheDir },
      pricesVersion: catalog.pricesVersion,
    };
    if (!json) {
      ctx.stdout.write(`${formatEgress(opened.egress)}\n`);
      ctx.stdout.write(`reviewer model: ${reviewer.line}\n`);
      ctx.stdout.write(
        `caps: ${caps.max_calls} calls, ${caps.max_tokens} tokens, $${caps.max_cost_usd} per run; ${caps.max_call_tokens} tokens per call; concurrency ${caps.concurrency}; rpm ${caps.rpm || 'unlimited'}\n`,
      );
      ctx.stdout.write(`cache: ${config.model.cache} in \`${cacheDir}\`; prices v${catalog.pricesVersion}\n`);
    }
    if (args.values.probe !== true) {
      if (json) ctx.stdout.write(`${JSON.stringify(view)}\n`);
      return EXIT.ok;
    }

    const { runner } = openRunner(opened.client, catalog, {
      caps: {
        maxCalls: 2,
        maxTokens: 4_000,
        maxCostUsd: Math.min(0.05, caps.max_cost_usd),
        maxCallTokens: 2_000,
      },
      concurrency: 1,
      rpm: 0,
      cacheMode: 'off',
      cacheDir,
      estimate: false,
      clock: ctx.clock,
    });
    const result = await runner.complete(
      {
        promptId: 'gavel-probe@1',
        system: 'You answer health checks.',
        user: 'Reply with ok set to true.',
        schema: {
          type: 'object',
          additionalProperties: false,
          properties: { ok: { type: 'boolean' } },
          required: ['ok'],
        },
        schemaName: 'probe',
        maxOutputTokens: 64,
        timeoutMs: 30_000,
      },
      Probe,
    );
    if (!result.ok) {
      if (json)
        ctx.stdout.write(`${JSON.stringify({ ...view, probe: { ok: false, failure: result.failure } })}\n`);
      ctx.stderr.write(`gavel model: probe failed: ${result.failure}: ${result.detail}\n`);
      return EXIT.internal;
    }
    const u = result.usage;
    if (json) {
      const probe = {
        ok: true,
        ms: result.ms,
        inputTokens: u.inputTokens,
        outputTokens: u.outputTokens,
        costUsd: u.costUsd,
      };
      ctx.stdout.write(`${JSON.stringify({ ...view, probe })}\n`);
      return EXIT.ok;
    }
    ctx.stdout.write(
      `probe: valid answer in ${result.ms} ms, ${result.usage.inputTokens} input + ${result.usage.outputTokens} output tokens, $${result.usage.costUsd.toFixed(6)}\n`,
    );
    return EXIT.ok;
  },
};

export default modelCommand;
