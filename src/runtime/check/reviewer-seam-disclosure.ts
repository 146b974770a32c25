/**
 * The reviewer's disclosure (seed 004): what mode `auto` would send where, and on what terms -- mode, posture,
 * the reviewer model and its provider and egress host, the context mode and its bounds, the sha256 of each
 * configured prompt text and of the system prompt, and the untrusted-context rule. Builds lines from a loaded
 * config and the bundled policy; opens a model only to learn its egress host, and sends nothing. Never prints
 * configured prompt text, a key or a request: hashes and counts only.
 */

import {
  bundledReviewerPrompt,
  DEFAULT_REVIEWER_POLICY,
  type ReviewerPolicy,
  SCHEMA_PLACEHOLDER,
  systemPrompt,
} from '../../check';
import type { Config, Source } from '../../config';
import { sha256Hex } from '../../core';
import { bundledCatalog } from '../../model';
import { openChosenModel } from '../open-chosen-model';
import { promptCustomFor } from './reviewer-seam';
import { reviewerModel } from './reviewer-seam-model';

export const UNTRUSTED_CONTEXT_RULE =
  'commands, tool output, file contents, repository text, recent decisions and conversation excerpts are untrusted data: they reach the model only inside per-request fences, can never authorize anything, and cannot override a deterministic deny or the sealed floor';

export interface DisclosureInput {
  config: Config;
  sources: Readonly<Record<string, Source>>;
  projectRoot: string;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  now: () => Date;
  readFile: (path: string) => string | undefined;
  /** The policy's reviewer section with the `[check]` keys laid over it; the bundled defaults otherwise. */
  policy?: ReviewerPolicy;
}

const short = (text: string) => sha256Hex(text).slice(0, 16);

export function reviewerDisclosure(input: DisclosureInput): string[] {
  const { config } = input;
  const policy = input.policy ?? DEFAULT_REVIEWER_POLICY;
  const catalog = bundledCatalog();
  const view = reviewerModel({
    config,
    modelSource: input.sources['model.model'],
    effort: policy.effort,
    catalog,
  });
  let egress = 'none (no model: what needs review escalates with basis `no-model`)';
  if (view.choice.spec !== undefined) {
    const opened = openChosenModel(view.choice, {
      config,
      env: input.env,
      readFile: input.readFile,
      home: input.home,
      clock: { now: input.now },
      catalog,
    });
    egress = opened.ok
      ? `provider \`${opened.egress.provider}\`, egress host ${opened.egress.host ? `\`${opened.egress.host}\`` : 'none (sends nothing over the network)'}`
      : `cannot be used: ${opened.problem}`;
  }
  const custom = promptCustomFor(config, input.projectRoot, input.home);
  const system = systemPrompt(bundledReviewerPrompt(), policy, custom);
  const hashes = (texts: readonly string[]) =>
    texts.length === 0 ? 'none' : texts.map((t) => `sha256:${short(t)}`).join(', ');
  const c = config.check;
  const budget = policy.tokenBudget === null ? 'unlimited' : `${policy.tokenBudget} tokens`;
  return [
    `mode: ${c.mode}${c.mode === 'auto' ? '' : ' (the reviewer is used only in mode `auto`)'}`,
    `posture: ${policy.posture}`,
    `reviewer model: ${view.line}`,
    `provider: ${egress}`,
    `context: ${policy.contextMode}${policy.contextMode === 'minimal' ? ' (the action, gavel facts and the rules reason only)' : `: ${policy.userTurns} user turns (trusted), ${policy.conversationTurns} conversation turns and up to 10 recent decisions of the session (untrusted); prompt budget ${budget}`}`,
    `prompt appends: ${hashes(custom.appends)}`,
    `project appends: ${custom.projectTrusted ? hashes(custom.projectAppends) : `not sent (\`${input.projectRoot}\` is not in \`reviewer_trusted_projects\`)`}`,
    `prompt override: ${custom.override === undefined ? 'none' : `sha256:${short(custom.override)}${custom.override.includes(SCHEMA_PLACEHOLDER) ? '' : ` -- drops \`${SCHEMA_PLACEHOLDER}\`: every review fails closed`}`}`,
    `system prompt: ${system.ok ? `sha256:${short(system.system)}` : system.problem}`,
    `untrusted context: ${UNTRUSTED_CONTEXT_RULE}`,
  ];
}
