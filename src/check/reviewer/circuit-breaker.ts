/**
 * The reviewer's circuit breaker, per session, shared by every hook process of that session (each tool
 * call is a new process) through a small SQLite file. Counts consecutive and total model denials and,
 * apart, consecutive reviewer outages. Each update is one atomic statement; readers and writers wait
 * on a busy timeout rather than fail. better-sqlite3 is loaded only when a store is opened. Any storage failure is reported to the caller, which fails closed.
 */

import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

// Loaded only when a breaker is opened: the native module stays off the path of every other hook call, and so
// does the loader, made on first use (at import it loaded `node:module` in every hook call).
let commonJsLoader: NodeJS.Require | undefined;
const loadCommonJs = (id: string): unknown => {
  commonJsLoader ??= createRequire(import.meta.url);
  return commonJsLoader(id);
};

export interface BreakerCounts {
  consecutiveDenials: number;
  totalDenials: number;
  consecutiveOutages: number;
  totalOutages: number;
}

export type BreakerEvent = 'deny' | 'allow' | 'outage';

/** The SQLite store answers at once; a shared store (Redis, for many replicas) answers with a promise. */
export interface BreakerStore {
  counts(session: string): BreakerCounts | Promise<BreakerCounts>;
  record(session: string, event: BreakerEvent): BreakerCounts | Promise<BreakerCounts>;
  close(): void;
}

/** The local SQLite store: every answer at once. */
export interface LocalBreakerStore extends BreakerStore {
  counts(session: string): BreakerCounts;
  record(session: string, event: BreakerEvent): BreakerCounts;
}

export type BreakerState =
  | { open: false }
  | { open: true; why: 'consecutive-denials' | 'total-denials' | 'outages'; stopRun: boolean };

const ZERO: BreakerCounts = {
  consecutiveDenials: 0,
  totalDenials: 0,
  consecutiveOutages: 0,
  totalOutages: 0,
};

export function openBreakerStore(path: string): LocalBreakerStore {
  const Database = loadCommonJs('better-sqlite3') as typeof BetterSqlite3;
  const db = new Database(path, { timeout: 5_000 });
  useWriteAheadLog(db);
  db.exec(`CREATE TABLE IF NOT EXISTS breaker (
    session TEXT PRIMARY KEY,
    consecutive_denials INTEGER NOT NULL DEFAULT 0,
    total_denials INTEGER NOT NULL DEFAULT 0,
    consecutive_outages INTEGER NOT NULL DEFAULT 0,
    total_outages INTEGER NOT NULL DEFAULT 0
  )`);
  const select = db.prepare(
    'SELECT consecutive_denials AS consecutiveDenials, total_denials AS totalDenials, consecutive_outages AS consecutiveOutages, total_outages AS totalOutages FROM breaker WHERE session = ?',
  );
  const updates: Record<BreakerEvent, BetterSqlite3.Statement> = {
    deny: db.prepare(`INSERT INTO breaker (session, consecutive_denials, total_denials) VALUES (?, 1, 1)
      ON CONFLICT(session) DO UPDATE SET consecutive_denials = consecutive_denials + 1, total_denials = total_denials + 1, consecutive_outages = 0`),
    allow: db.prepare(`INSERT INTO breaker (session) VALUES (?)
      ON CONFLICT(session) DO UPDATE SET consecutive_denials = 0, consecutive_outages = 0`),
    outage: db.prepare(`INSERT INTO breaker (session, consecutive_outages, total_outages) VALUES (?, 1, 1)
      ON CONFLICT(session) DO UPDATE SET consecutive_outages = consecutive_outages + 1, total_outages = total_outages + 1`),
  };
  const counts = (session: string): BreakerCounts =>
    (select.get(session) as BreakerCounts | undefined) ?? { ...ZERO };
  return {
    counts,
    record(session, event) {
      updates[event].run(session);
      return counts(session);
    },
    close: () => db.close(),
  };
}

/**
 * Switching to WAL takes an exclusive lock and SQLite may answer SQLITE_BUSY at once, without waiting on
 * the busy timeout, when several processes open a new store together. The mode is stored in the file, so
 * only the first opener needs to switch; the others see `wal` already, or retry until the deadline.
 */
function useWriteAheadLog(db: BetterSqlite3.Database, deadlineMs = 5_000): void {
  const until = Date.now() + deadlineMs;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      if (db.pragma('journal_mode', { simple: true }) === 'wal') return;
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= until) throw error;
      Atomics.wait(pause, 0, 0, 10);
    }
  }
}

/**
 * Whether to stop asking the model. Consecutive denials or outages: a person decides (unattended, the
 * run stops). Total denials: the run fails, attended or not.
 */
export function breakerState(
  counts: BreakerCounts,
  limits: { consecutiveDenials: number; totalDenials: number; consecutiveOutages: number },
  unattended: boolean,
): BreakerState {
  if (counts.totalDenials >= limits.totalDenials) return { open: true, why: 'total-denials', stopRun: true };
  if (counts.consecutiveDenials >= limits.consecutiveDenials)
    return { open: true, why: 'consecutive-denials', stopRun: unattended };
  if (counts.consecutiveOutages >= limits.consecutiveOutages)
    return { open: true, why: 'outages', stopRun: unattended };
  return { open: false };
}
