/**
 * `gavel check`: judges one tool call given as JSON (gavel's request shape or a Claude Code hook payload) on
 * stdin or from --file, and prints the decision. For every harness without its own hook. Decides nothing itself.
 * The model flags (`--model`, `--no-cache`, `--cache-readonly`, `--estimate`) reach the reviewer seam; with
 * `--estimate` nothing is sent nor recorded, and the exit code says whether the run fits the caps.
 */

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkTargets, parseRequest } from '../../../check';
import { type Decision, decide, EXIT, exitForOutcome, NO_POLICY, UsageError } from '../../../core';
import { estimateExit, estimateJson, renderEstimate } from '../../../model';
import { auditLogFor, checkMeta, fileAuditSink, recordJudged, recordOrDeny, runIdOf } from '../../../runtime';
import { fromClaudeCode } from '../../harness';
import type { CommandSpec } from '../command';
import { modelFlagOptions, readModelFlags } from '../model-flags';
import { renderDecision } from '../render-decision';
import { checkModelFlags, loadReviewRuntime, runtimeEstimate } from '../review-runtime';
import { INPUT_FIELDS, NOTHING_PIPED, spellingHint } from './check-input';

export const checkCommand: CommandSpec = {
  name: 'check',
  summary: 'judge one tool call given as JSON (stdin or --file) and print the decision',
  usage:
    'gavel check [--file request.json] [--json] [--model SPEC] [--no-cache | --cache-readonly] [--estimate]',
  description:
    'The request is `{"tool": "shell|read|write|edit|web_fetch|mcp|other", "input": {...}, "cwd"?, "workspace_roots"?, "session_id"?, "context"?}` or a Claude Code hook payload (`tool_name`, `tool_input`). The exit code carries the verdict. The decision is recorded in the audit log (a hash of the request and, unless [audit] preview = "hash-only", a redacted preview of its command, path or host); one that cannot be recorded is a deny. In mode `auto` with a model in user scope (GAVEL_MODEL or [model] model), what needs review goes to the model reviewer and the egress line is printed on stderr before the first call. --model beats GAVEL_MODEL, which beats the user file.\n\nWith --estimate nothing is sent and nothing is recorded: every model request the run would send is built and priced, what needed the model shows as escalate with basis `no-model`, and the exit code is about the estimate, not a verdict: 0 within the caps, 1 over a cap. See docs/check.md.\n\n' +
    INPUT_FIELDS,
  options: {
    file: {
      type: 'string',
      short: 'f',
      valueName: 'FILE',
      description: 'read the request from FILE instead of stdin',
    },
    json: {
      type: 'boolean',
      description: 'print the Decision as JSON (with `suggestions`, and `estimate` with --estimate)',
    },
    ...modelFlagOptions,
  },
  exits: [EXIT.ok, EXIT.internal, EXIT.usage, EXIT.configInvalid, EXIT.deny, EXIT.escalate, EXIT.flag],
  examples: [
    'gavel check --file examples/read-dotenv.json',
    'echo \'{"tool":"shell","input":{"command":"ls"}}\' | gavel check --json',
    'GAVEL_CHECK_MODE=auto gavel check --model anthropic/light --estimate --file request.json',
  ],
  async run(ctx, args) {
    const flags = readModelFlags(args, ctx.cwd);
    const file = args.values.file as string | undefined;
    let text: string;
    try {
      text = file ? readFileSync(resolve(ctx.cwd, file), 'utf8') : await ctx.readStdin();
    } catch {
      throw new UsageError(`cannot read \`${file}\``);
    }
    if (text.trim() === '')
      throw new UsageError(file ? `\`${file}\` is empty: it must hold one JSON request` : NOTHING_PIPED);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new UsageError(`${file ? `\`${file}\`` : 'stdin'}: the request is not valid JSON`);
    }
    const asJson = args.values.json === true;
    const print = (d: Decision, suggestions: string[]) =>
      ctx.stdout.write(
        asJson ? `${JSON.stringify({ ...d, suggestions }, null, 2)}\n` : renderDecision(d, suggestions),
      );
    const audit = fileAuditSink(ctx.clock);
    const runId = runIdOf(ctx.env);
    const runtime = await loadReviewRuntime(ctx, ctx.cwd, flags);
    if (!runtime.ok) {
      const d = decide({
        verdict: 'deny',
        basis: runtime.basis,
        reason: `cannot judge: ${runtime.problem}`,
        policy: NO_POLICY,
      });
      const logFile = auditLogFor(undefined, ctx.cwd, ctx.env);
      const answered = recordOrDeny(audit, d, checkMeta({ kind: 'cli', logFile, subject: 'check', runId }));
      print(answered, []);
      if (!asJson) ctx.stderr.write(`gavel check: ${runtime.problem}\n`);
      return EXIT.configInvalid;
    }
    try {
      checkModelFlags(ctx, 'check', flags, runtime);
      const parsed = parseRequest(json, { ...runtime.defaults, adaptToolCall: fromClaudeCode });
      if (!parsed.ok)
        throw new UsageError(
          `${file ? `\`${file}\`` : 'stdin'}: ${parsed.problem}${spellingHint(json, parsed.problem)}`,
        );
      if (parsed.requests.length === 0) throw new UsageError('the request names nothing to judge');
      const worst = await checkTargets(parsed.requests, runtime.deps, runtime.deps.policy.ref);
      if (flags.estimate) {
        const view = runtimeEstimate(runtime);
        const d = worst.decision;
        ctx.stdout.write(
          asJson
            ? `${JSON.stringify({ ...d, suggestions: worst.suggestions, estimate: estimateJson(view) }, null, 2)}\n`
            : `${renderDecision(d, worst.suggestions)}${renderEstimate(view)}`,
        );
        return estimateExit(view);
      }
      const logFile = auditLogFor(runtime, ctx.cwd, ctx.env);
      const answered = recordJudged(worst, parsed.requests, runtime, audit, {
        kind: 'cli',
        logFile,
        subject: 'check',
        runId,
      });
      print(answered.decision, answered.suggestions);
      return exitForOutcome(answered.decision.outcome);
    } finally {
      runtime.review?.close();
    }
  },
};

export default checkCommand;
