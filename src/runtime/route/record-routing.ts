/**
 * Writes the audit line of one routing, and fails closed when it cannot: the result then becomes the
 * route module's unrecordedResult (an approval escalates with basis `internal-error`) and the notice sink
 * gets one line naming the log path and the system error, never the line. Effect: appends to the log only.
 */

import { recordDecision } from '../../audit';
import { type Clock, GavelError, IoError } from '../../core';
import { type RouteResult, routeAuditContext, unrecordedResult } from '../../route';
import { ignoreLogFolder } from '../log-location';

export interface RecordRoutingInput {
  result: RouteResult;
  auditLog: string;
  /** The run whose log was read (`--run-id`), recorded as the line's runId. */
  runId?: string | undefined;
  clock: Clock;
  notice(line: string): void;
}

/** The result to print and act on: `result` when its line was written, else the fail-closed one. */
export function recordRouting(input: RecordRoutingInput): RouteResult {
  try {
    ignoreLogFolder(input.auditLog);
    recordDecision({
      file: input.auditLog,
      decision: input.result.decision,
      context: routeAuditContext(input.result, input.runId === undefined ? {} : { runId: input.runId }),
      clock: input.clock,
    });
    return input.result;
  } catch (error) {
    // IoError names the path and the errno; AuditRecordError is a bug of ours, in gavel's own words.
    // Anything else is a bug too: name the log, not what the error held.
    const log = input.auditLog;
    const why =
      error instanceof IoError
        ? error.message
        : error instanceof GavelError
          ? `cannot record the routing in the audit log \`${log}\` (${error.message})`
          : `cannot record the routing in the audit log \`${log}\``;
    input.notice(why);
    return unrecordedResult(input.result, input.auditLog);
  }
}
