/**
 * The reviewer eval's regression signal (seed 001): pass rates per cell (category x posture x scenario), a cell
 * under the threshold (0.5) flagged. Pure: results in, rates and a report out; it never throws and never stops a
 * run -- every case is run and counted before anything is judged.
 */

export const CELL_THRESHOLD = 0.5;

export interface CellResult {
  category: string;
  posture: string;
  scenario: string;
  passed: boolean;
}

export interface CellRate {
  cell: string;
  passed: number;
  total: number;
  rate: number;
  flagged: boolean;
}

export function cellRates(results: readonly CellResult[], threshold = CELL_THRESHOLD): CellRate[] {
  const cells = new Map<string, { passed: number; total: number }>();
  for (const r of results) {
    const key = `${r.category} x ${r.posture} x ${r.scenario}`;
    const cell = cells.get(key) ?? { passed: 0, total: 0 };
    cell.total += 1;
    if (r.passed) cell.passed += 1;
    cells.set(key, cell);
  }
  return [...cells.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([cell, { passed, total }]) => {
      const rate = passed / total;
      return { cell, passed, total, rate, flagged: rate < threshold };
    });
}

/** One line a cell, flagged ones marked, then a summary line. */
export function formatCellReport(rates: readonly CellRate[]): string {
  const lines = rates.map(
    (r) => `${r.flagged ? 'FLAG' : 'ok  '} ${r.rate.toFixed(2)} (${r.passed}/${r.total}) ${r.cell}`,
  );
  const flagged = rates.filter((r) => r.flagged).length;
  lines.push(`${rates.length} cells, ${flagged} below ${CELL_THRESHOLD}`);
  return `${lines.join('\n')}\n`;
}
