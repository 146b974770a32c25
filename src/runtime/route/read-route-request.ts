/**
 * Reads the input files of one routing (`--pr`, `--findings`, `--run-log`) and the trusted flags into a
 * RouteRequest. Reads user files at this seam; the route module's parsers check them. An unreadable file
 * is a usage error naming the path as given and the errno, never the file's text.
 */

import { resolve } from 'node:path';
import { UsageError } from '../../core';
import { describeRefusal, readRegularFile } from '../../reader';
import {
  parseFindings,
  parsePullRequest,
  parseRunLog,
  ROUTE_INPUT_LIMITS,
  type RouteRequest,
} from '../../route';

export interface RawRequest {
  repo: string;
  base: string | undefined;
  head: string | undefined;
  pr: string | undefined;
  findings: string | undefined;
  runLog: string | undefined;
  /** A run or session id: only its records in the run log count. */
  runId?: string | undefined;
  tier: string | undefined;
}

/** Paths in `raw` are taken from `dir`. */
export function readRouteRequest(dir: string, raw: RawRequest): RouteRequest {
  const request: RouteRequest = { cwd: raw.repo };
  if (raw.base !== undefined) request.base = raw.base;
  if (raw.head !== undefined) request.head = raw.head;
  if (raw.pr !== undefined)
    request.pr = parsePullRequest(readInput(resolve(dir, raw.pr), raw.pr, ROUTE_INPUT_LIMITS.pr), raw.pr);
  if (raw.findings !== undefined)
    request.review = parseFindings(
      readInput(resolve(dir, raw.findings), raw.findings, ROUTE_INPUT_LIMITS.findings),
      raw.findings,
    );
  if (raw.runId !== undefined && raw.runLog === undefined) throw new UsageError('--run-id needs --run-log');
  if (raw.runId === '') throw new UsageError('--run-id needs an id');
  if (raw.runLog !== undefined) {
    const text = readInput(resolve(dir, raw.runLog), raw.runLog, ROUTE_INPUT_LIMITS.runLog);
    request.runLog = parseRunLog(text, raw.runLog, raw.runId === undefined ? {} : { run: raw.runId });
  }
  if (raw.tier !== undefined) {
    if (!/^[0-3]$/.test(raw.tier)) throw new UsageError('--tier must be 0, 1, 2 or 3');
    request.tier = Number(raw.tier) as 0 | 1 | 2 | 3;
  }
  return request;
}

/**
 * The text of an input file; `shown` is how the user named it. Regular files only, at most `maxBytes`
 * (a FIFO or /dev/zero would otherwise hang the command): anything else is a one-line usage error.
 */
export function readInput(path: string, shown: string, maxBytes: number): string {
  const read = readRegularFile(path, maxBytes);
  if (!read.ok) throw new UsageError(describeRefusal(shown, read, maxBytes));
  return read.text;
}
