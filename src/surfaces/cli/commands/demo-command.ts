/**
 * `gavel demo`: gavel's main job, action review, on the bundled example requests (examples/demo.json), with
 * no config and no model: a throwaway project and home, no GAVEL_* variable, the bundled policy. Prints one
 * row per request and the audit lines it left. Decides nothing itself: every row comes from the real pipeline.
 */

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditLogPath, readRecords } from '../../../audit';
import { checkTargets, parseRequest } from '../../../check';
import { type Decision, EXIT } from '../../../core';
import { fileAuditSink, findRulesDir, loadRuntime, recordJudged } from '../../../runtime';
import { fromClaudeCode } from '../../harness';
import type { CommandContext, CommandSpec } from '../command';
import { style } from '../style';
import { renderTable } from '../table';

interface DemoCase {
  label: string;
  request: unknown;
}

interface Row {
  label: string;
  decision: Decision;
}

function readCases(rulesDir: string): DemoCase[] {
  const file = join(rulesDir, '..', 'examples', 'demo.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { cases?: DemoCase[] };
  if (!Array.isArray(doc.cases) || doc.cases.length === 0) throw new Error('examples/demo.json has no cases');
  return doc.cases;
}

/** A throwaway project (with a .git marker and the files the examples name) and an empty home. */
function sandbox(): { root: string; project: string; home: string } {
  const root = mkdtempSync(join(tmpdir(), 'gavel-demo-'));
  const project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(join(project, 'src'), { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(join(project, 'src', 'index.ts'), 'export {};\n');
  // `npm test` is judged by the script it runs: the project has one (no package.json would be uncertain).
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'demo', private: true, scripts: { test: 'vitest run' } }, null, 2)}\n`,
  );
  return { root, project, home };
}

export async function runDemo(ctx: CommandContext): Promise<{ rows: Row[]; logLines: number; code: number }> {
  const rulesDir = findRulesDir();
  if (!rulesDir) throw new Error('the bundled rules folder is missing');
  const cases = readCases(rulesDir);
  const box = sandbox();
  try {
    // No config and no model: only the sandbox's HOME, never the caller's GAVEL_* variables.
    const env = { HOME: box.home, PATH: ctx.env.PATH };
    const runtime = await loadRuntime({ cwd: box.project, env, clock: ctx.clock });
    if (!runtime.ok) {
      ctx.stderr.write(`gavel demo: ${runtime.problem}\n`);
      return { rows: [], logLines: 0, code: EXIT.internal };
    }
    const log = auditLogPath({ projectRoot: box.project });
    const audit = fileAuditSink(ctx.clock);
    const rows: Row[] = [];
    for (const c of cases) {
      const parsed = parseRequest(c.request, { ...runtime.defaults, adaptToolCall: fromClaudeCode });
      if (!parsed.ok) throw new Error(`examples/demo.json: case \`${c.label}\`: ${parsed.problem}`);
      if (parsed.requests.length === 0) continue;
      // The strictest target, recorded once: what `gavel hook` would answer and log.
      const judged = await checkTargets(parsed.requests, runtime.deps, runtime.deps.policy.ref);
      const answered = recordJudged(judged, parsed.requests, runtime, audit, {
        kind: 'demo',
        logFile: log,
        subject: 'demo',
        sessionId: 'demo',
      });
      rows.push({ label: c.label, decision: answered.decision });
    }
    const read = readRecords(log, { limit: 1000 });
    return { rows, logLines: read.records.length, code: EXIT.ok };
  } finally {
    rmSync(box.root, { recursive: true, force: true });
  }
}

export const demoCommand: CommandSpec = {
  name: 'demo',
  summary: 'run action review on the bundled example requests, with no config and no model',
  usage: 'gavel demo [--json]',
  description:
    'Judges the requests in examples/demo.json as an agent session would send them, in a throwaway project\n' +
    'with an empty home: your own config and GAVEL_* variables are not read, and no model is called. Each\n' +
    'row is a real decision of the pipeline `gavel hook` uses; the audit lines go to a temporary log.',
  options: { json: { type: 'boolean', description: 'print the decisions as a JSON array' } },
  exits: [EXIT.ok, EXIT.internal, EXIT.usage],
  examples: ['gavel demo', 'gavel demo --json'],
  async run(ctx, args) {
    const { rows, logLines, code } = await runDemo(ctx);
    if (code !== EXIT.ok) return code;
    if (args.values.json) {
      ctx.stdout.write(
        `${JSON.stringify(
          rows.map((r) => ({ request: r.label, ...r.decision })),
          null,
          2,
        )}\n`,
      );
      return EXIT.ok;
    }
    const s = style(ctx.color);
    const paint = (text: string, r: Row) =>
      r.decision.verdict === 'allow'
        ? s.green(text)
        : r.decision.verdict === 'deny'
          ? s.red(text)
          : s.yellow(text);
    ctx.stdout.write('gavel demo: action review of an agent session, no config, no model\n\n');
    ctx.stdout.write(
      renderTable(rows, [
        { header: 'request', cell: (r) => r.label },
        { header: 'verdict', cell: (r) => r.decision.verdict, paint },
        { header: 'basis', cell: (r) => r.decision.basis },
        { header: 'why', cell: (r) => r.decision.reason, max: 140 },
      ]),
    );
    const count = (v: string) => rows.filter((r) => r.decision.verdict === v).length;
    ctx.stdout.write(
      `\n${rows.length} requests: ${count('allow')} allowed, ${count('escalate')} sent to a person, ${count('deny')} denied; ` +
        `${logLines} audit lines written.\n` +
        'Next: `gavel explain "<command>"` shows the whole trace; `gavel init claude-code` installs the hook.\n',
    );
    return EXIT.ok;
  },
};
