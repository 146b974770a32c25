/**
 * `gavel doctor`: what is installed and enforced: the hook of each harness, the config and rule files, the mode,
 * the floor, the policy version and hash, the shell analyzer, the model reviewer and the audit log. Decides nothing
 * and sends nothing.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findProjectRoot, userHome } from '../../../config';
import { EXIT } from '../../../core';
import { auditLogFor, loadRuntime } from '../../../runtime';
import { HARNESSES, type HarnessAdapter } from '../../harness';
import type { CommandSpec } from '../command';

function installed(harness: HarnessAdapter, file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    return harness.install.installed(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
}

export const doctorCommand: CommandSpec = {
  name: 'doctor',
  summary: 'say which gavel hooks are installed and what is enforced',
  usage: 'gavel doctor [--json]',
  options: { json: { type: 'boolean', description: 'print the report as JSON' } },
  exits: [EXIT.ok, EXIT.internal, EXIT.usage, EXIT.configInvalid],
  async run(ctx, args) {
    const home = userHome(ctx.env);
    const root = findProjectRoot(ctx.cwd);
    const hooks = HARNESSES.flatMap((h) =>
      [
        { harness: h.name, scope: 'user', file: h.install.file(home) },
        { harness: h.name, scope: 'project', file: h.install.file(home, root) },
      ].map((x) => ({ ...x, installed: installed(h, x.file) })),
    );
    const runtime = await loadRuntime({ cwd: ctx.cwd, env: ctx.env, clock: ctx.clock });
    const report = {
      hooks,
      projectRoot: root,
      projectConfig: existsSync(join(root, 'gavel.toml')) ? join(root, 'gavel.toml') : null,
      enforced: runtime.ok
        ? {
            mode: runtime.config.check.mode,
            floor: [...runtime.deps.policy.floor].sort(),
            presumeDeny: [...runtime.deps.policy.presumeDeny].sort(),
            unlisted: runtime.deps.policy.unlisted,
            policy: runtime.deps.policy.ref,
            rules: runtime.deps.policy.rules.length + runtime.deps.policy.argumentRules.length,
            notices: runtime.notices,
          }
        : {
            problem: runtime.problem,
            basis: runtime.basis,
            effect: 'every tool call is denied until this is fixed',
          },
      shellAnalyzer: 'tree-sitter-bash (src/shell)',
      modelReviewer: !runtime.ok
        ? 'unknown (the config does not load)'
        : runtime.config.check.mode !== 'auto'
          ? `not used (mode \`${runtime.config.check.mode}\`)`
          : runtime.review
            ? runtime.review.describe
            : 'no model configured (mode `auto` escalates with basis `no-model`)',
      auditLog: auditLogFor(runtime.ok ? runtime : undefined, ctx.cwd, ctx.env),
      // ADR 0027: whether lines carry a redacted preview of the command, path or host, and who chose it.
      auditPreview: runtime.ok
        ? runtime.config.audit.preview === 'redacted'
          ? 'redacted (lines show the command, path or host, secrets redacted)'
          : 'hash-only (lines keep only a hash of the request)'
        : 'unknown (the config does not load)',
    };
    if (runtime.ok) runtime.review?.close();
    if (args.values.json === true) ctx.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else {
      // A config that does not load denies every tool call: that is said first, on stdout and stderr, never
      // left to be found in the audit log (docs/decisions/0026-cli-conventions.md).
      const lines: string[] = [];
      if (!runtime.ok) {
        lines.push(`NOT ENFORCING: every tool call is denied until this is fixed: ${runtime.problem}`);
        ctx.stderr.write(`gavel doctor: every tool call is denied: ${runtime.problem}\n`);
      }
      lines.push(
        ...hooks.map(
          (h) =>
            `${h.installed ? 'installed' : 'absent   '}  ${h.harness.padEnd(11)} ${h.scope.padEnd(7)} ${h.file}`,
        ),
      );
      lines.push(`project: ${root}${report.projectConfig ? ' (gavel.toml)' : ' (no gavel.toml)'}`);
      if (runtime.ok) {
        const e = report.enforced as {
          mode: string;
          floor: string[];
          unlisted: string;
          policy: { version: number; sha256: string };
          rules: number;
          notices: string[];
        };
        lines.push(`mode: ${e.mode}; unlisted shell segments: ${e.unlisted}; rules: ${e.rules}`);
        if (e.unlisted === 'allow')
          lines.push(
            "warning: check.unlisted = allow: commands the safe catalogue does not know pass without review, and without your harness's own prompt",
          );
        lines.push(`floor (sealed): ${e.floor.join(', ')}`);
        lines.push(`policy: v${e.policy.version} sha256:${e.policy.sha256.slice(0, 12)}`);
        for (const n of e.notices) lines.push(`notice: ${n}`);
      }
      lines.push(
        `shell analyzer: ${report.shellAnalyzer}`,
        `model reviewer: ${report.modelReviewer}`,
        `audit log: ${report.auditLog}`,
        `audit preview: ${report.auditPreview}`,
      );
      ctx.stdout.write(`${lines.join('\n')}\n`);
    }
    return runtime.ok ? EXIT.ok : EXIT.configInvalid;
  },
};

export default doctorCommand;
