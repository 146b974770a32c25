// The benchmark table: the runner prints it, and a benchmark run alone prints its own rows with it. Kept apart
// from run.mjs so a benchmark file can import it without importing the runner that imports the benchmark.

export function met(row) {
  if (row.target === undefined || row.target === null) return '';
  const ok = row.better === 'higher' ? row.value >= row.target : row.value <= row.target;
  return ok ? 'yes' : 'MISSED';
}

export function renderRows(results) {
  const header = ['benchmark', 'measure', 'value', 'unit', 'target', 'met', 'note'];
  const lines = results.flatMap(({ title, rows }) =>
    rows.map((r) => [
      title,
      r.name,
      typeof r.digits === 'number' ? r.value.toFixed(r.digits) : String(r.value),
      r.unit,
      r.target === undefined || r.target === null ? '' : `${r.better === 'higher' ? '≥' : '≤'} ${r.target}`,
      met(r),
      r.note ?? '',
    ]),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const right = new Set([2, 4]);
  const fmt = (cells) =>
    cells
      .map((c, i) => (right.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [fmt(header), ...lines.map(fmt)].join('\n');
}
