/**
 * `gavel route`: routes a change (a git range) to approve, approve_with_flag, escalate or block, and
 * `gavel route calibrate --cases FILE.jsonl` fits the thresholds to labelled cases. The command's spec
 * (flags, exits, help); `route/` turns the flags into a call of the route runtime (src/runtime/route:
 * config, inputs, routing, the audit line) and prints the answer. Decides nothing itself.
 */

import { resolve } from 'node:path';
import { EXIT, UsageError } from '../../../core';
import { DEFAULT_COSTS } from '../../../route';
import type { CommandSpec } from '../command';
import { str } from './route/route-flags';
import { runCalibrate } from './route/run-calibrate';
import { runRoute } from './route/run-route';

export const routeCommand: CommandSpec = {
  name: 'route',
  summary: 'route a change (a git range) to approve, approve_with_flag, escalate or block',
  usage: 'gavel route [options]  |  gavel route calibrate --cases FILE.jsonl [options]',
  description: [
    'Reads risk signals from a real git range (default: the merge-base with the default branch to HEAD),',
    'and optionally the pull request event payload, the review findings and the run\u2019s audit log. Each',
    'signal is listed with its evidence and contribution; risk 0-100 and confidence 0-1 come from the',
    '[route] weights and thresholds. Paths guarded by CODEOWNERS (read at the base) always go to their owners;',
    'the top-level outcome is the stricter of the guarded part and the rest. Nothing written in a PR lowers risk.',
    'Each routing appends one line to the audit log; one that cannot be written is never approved (escalate).',
    'A run-log line that is not a whole audit record is refused with its line number (exit 2), never skipped.',
    '',
    'calibrate: fits approve_below, escalate_at, block_at and min_confidence to labelled cases, and prints',
    'the confusion table of a binary verdict (approve unless a finding is high or worse) beside graduated routing.',
  ].join('\n'),
  options: {
    repo: {
      type: 'string',
      valueName: 'DIR',
      description: 'a directory in the repository (default: the current one)',
    },
    base: {
      type: 'string',
      valueName: 'REV',
      description: 'base of the range (default: merge-base with the default branch)',
    },
    head: { type: 'string', valueName: 'REV', description: 'head of the range (default: HEAD)' },
    pr: {
      type: 'string',
      valueName: 'FILE',
      description: 'GitHub pull_request event payload (as GitHub sends it)',
    },
    findings: {
      type: 'string',
      valueName: 'FILE',
      description: 'review findings: {"findings": [...], "challenges": [...]}',
    },
    'run-log': {
      type: 'string',
      valueName: 'FILE',
      description: 'gavel audit log (NDJSON) of the run that made the change; a bad line is refused',
    },
    'run-id': {
      type: 'string',
      valueName: 'ID',
      description: 'with --run-log: count only this run\u2019s or session\u2019s records',
    },
    tier: {
      type: 'string',
      valueName: 'N',
      description: 'intent tier 0-3 of the change, when known (trusted input)',
    },
    notify: {
      type: 'string',
      multiple: true,
      valueName: 'WHO',
      description: 'someone to tell about a flag (adds to [route] notify)',
    },
    'tell-pr': {
      type: 'boolean',
      description:
        'the result is posted on the pull request (--pr): a flag with nobody else to tell tells the PR, not escalate',
    },
    json: { type: 'boolean', description: 'print the result as JSON (same as --format json)' },
    format: {
      type: 'string',
      valueName: 'FMT',
      description: 'text (default), json, or markdown (a ready PR comment)',
    },
    cases: {
      type: 'string',
      valueName: 'FILE',
      description: 'calibrate: labelled cases, one JSON object a line',
    },
    'from-history': {
      type: 'boolean',
      description:
        "calibrate: instead of --cases, the repository's last merges, weakly labelled (reverted or hot-fixed within 7 days: needed a person)",
    },
    merges: {
      type: 'string',
      valueName: 'N',
      description: 'calibrate --from-history: how many merges, the newest (default 100, at most 2000)',
    },
    'cost-approve-bad': {
      type: 'string',
      valueName: 'N',
      description: `calibrate: cost of approving a change that needed a person (default ${DEFAULT_COSTS.approveBad})`,
    },
    'cost-escalate-good': {
      type: 'string',
      valueName: 'N',
      description: `calibrate: cost of escalating a change that could proceed (default ${DEFAULT_COSTS.escalateGood})`,
    },
    'cost-missed-flag': {
      type: 'string',
      valueName: 'N',
      description: `calibrate: cost of approving a change that needed a flag (default ${DEFAULT_COSTS.missedFlag})`,
    },
  },
  positionals: [
    { name: 'calibrate', description: 'fit thresholds to labelled cases instead of routing', optional: true },
  ],
  exits: [EXIT.ok, EXIT.internal, EXIT.usage, EXIT.configInvalid, EXIT.deny, EXIT.escalate, EXIT.flag],
  examples: [
    'gavel route --json',
    'gavel route --base origin/main --pr "$GITHUB_EVENT_PATH" --format markdown',
    'gavel route --findings review.json --run-log .gavel/logs/decisions.ndjson --run-id "$RUN_ID"',
    'gavel route calibrate --cases labelled.jsonl --cost-approve-bad 20',
    'gavel route calibrate --from-history --merges 200',
  ],
  async run(ctx, args) {
    const sub = args.positionals[0];
    if (sub !== undefined && sub !== 'calibrate')
      throw new UsageError(`unknown subcommand \`${sub.slice(0, 40)}\``);
    const repo = resolve(ctx.cwd, str(args, 'repo') ?? '.');
    return sub === 'calibrate' ? runCalibrate(ctx, args, repo) : runRoute(ctx, args, repo);
  },
};
