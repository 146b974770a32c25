/**
 * The largest input file `route` reads, per flag. A larger file is refused (exit 2), never truncated; a
 * FIFO, device, socket or directory is refused before it is opened (src/reader). Data, no behaviour.
 */

export const ROUTE_INPUT_LIMITS = {
  /** A GitHub pull_request event payload (GitHub caps a body at 65,536 characters). */
  pr: 8 * 1024 * 1024,
  /** A review's findings and challenges. */
  findings: 32 * 1024 * 1024,
  /** gavel's own audit log of the agent run. */
  runLog: 256 * 1024 * 1024,
  /** `route calibrate --cases`. */
  cases: 64 * 1024 * 1024,
} as const;
