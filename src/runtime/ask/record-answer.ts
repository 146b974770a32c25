/**
 * Writes a `gavel ask` answer to the audit log before it is printed: the one project log
 * (`auditLogPath`, `decisions.ndjson`, surface `ask`) and, for a named run, the same record in
 * `.gavel/runs/<run>/ask.ndjson` so the record travels with the run.
 * INVARIANT: no record, no allow. When a record cannot be written the answer becomes an escalate
 * (a deny in an autonomous run) with basis `internal-error`, one notice names the log path, and
 * that answer is recorded where the log still takes it.
 */

import { type AskAnswer, type AskInput, unrecordedAnswer } from '../../ask';
import { type AuditRecord, appendRecord, recordDecision } from '../../audit';
import { IoError } from '../../core';
import { ignoreLogFolder } from '../log-location';
import type { AskWorld } from './open-answerer';

export interface RecordTargets {
  /** The project's decision log, from auditLogPath(). */
  log: string;
  /** The run's own copy, for a run named with `--run-id` or GAVEL_RUN_ID. */
  runCopy?: string;
}

function write(ctx: AskWorld, targets: RecordTargets, answer: AskAnswer): AuditRecord {
  ignoreLogFolder(targets.log);
  const record = recordDecision({
    file: targets.log,
    decision: answer.audit.decision,
    context: answer.audit.context,
    clock: ctx.clock,
  });
  if (targets.runCopy !== undefined) appendRecord(targets.runCopy, record);
  return record;
}

function problemOf(error: unknown, file: string): string {
  // The audit writer's own messages name the path and the errno, never the line.
  if (error instanceof IoError) return error.message;
  const what = error instanceof Error ? error.message : 'unknown error';
  return `cannot record the decision in the audit log \`${file}\` (${what})`;
}

/** Returns the answer as recorded: the one given, or its internal-error replacement. */
export function recordAnswer(
  ctx: AskWorld,
  targets: RecordTargets,
  input: AskInput,
  answer: AskAnswer,
): AskAnswer {
  try {
    write(ctx, targets, answer);
    return answer;
  } catch (error) {
    ctx.notice(problemOf(error, targets.log));
    const replaced = unrecordedAnswer(input, answer, ctx.clock.now().toISOString());
    try {
      write(ctx, { log: targets.log }, replaced);
    } catch {
      // Already said in the notice; the replacement is never an allow, recorded or not.
    }
    return replaced;
  }
}
