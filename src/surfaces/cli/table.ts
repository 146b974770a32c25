/**
 * Plain-text tables for the terminal: columns padded to their widest cell, cells kept on one line.
 * Pure. Width is measured before colour is applied, so colour never breaks alignment.
 */

export interface Column<Row> {
  header: string;
  cell(row: Row): string;
  /** Applied after padding. */
  paint?(text: string, row: Row): string;
  align?: 'left' | 'right';
  /** Longest cell before it is cut with `…` (default 80). */
  max?: number;
}

export function oneLine(text: string, max = 80): string {
  // Control characters (newlines, escapes) never reach the terminal from a cell.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
  if (flat.length <= max) return flat;
  // Never cut a surrogate pair in half: a lone surrogate prints as U+FFFD.
  const last = flat.charCodeAt(max - 2);
  const end = last >= 0xd800 && last <= 0xdbff ? max - 2 : max - 1;
  return `${flat.slice(0, end)}…`;
}

export function renderTable<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  const cells = rows.map((row) => columns.map((c) => oneLine(c.cell(row), c.max)));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((r) => (r[i] ?? '').length)));
  const pad = (text: string, i: number) => {
    const width = widths[i] ?? 0;
    return columns[i]?.align === 'right' ? text.padStart(width) : text.padEnd(width);
  };
  const lines = [
    columns
      .map((c, i) => pad(c.header, i))
      .join('  ')
      .trimEnd(),
  ];
  rows.forEach((row, r) => {
    const line = columns.map((c, i) => {
      const padded = pad(cells[r]?.[i] ?? '', i);
      return c.paint ? c.paint(padded, row) : padded;
    });
    lines.push(line.join('  ').trimEnd());
  });
  return `${lines.join('\n')}\n`;
}
