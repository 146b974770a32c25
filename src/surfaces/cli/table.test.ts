import { describe, expect, it } from 'vitest';
import { oneLine, renderTable } from './table';

interface Row {
  name: string;
  count: number;
}

const rows: Row[] = [
  { name: 'check', count: 7 },
  { name: 'ask', count: 1234 },
  { name: 'judge-everything', count: 10 },
];

describe('renderTable', () => {
  it('pads each column to its widest cell, right-aligns where asked, two spaces apart', () => {
    const text = renderTable(rows, [
      { header: 'COMMAND', cell: (r) => r.name },
      { header: 'N', cell: (r) => String(r.count), align: 'right' },
    ]);
    expect(text).toBe(
      [
        'COMMAND              N',
        'check                7',
        'ask               1234',
        'judge-everything    10',
        '',
      ].join('\n'),
    );
  });

  it('lets a header wider than every cell set the width', () => {
    const text = renderTable(
      [{ name: 'a', count: 1 }],
      [
        { header: 'COUNT', cell: (r) => String(r.count), align: 'right' },
        { header: 'NAME', cell: (r) => r.name },
      ],
    );
    expect(text).toBe('COUNT  NAME\n    1  a\n');
  });

  it('trims trailing spaces of the last column', () => {
    const text = renderTable(rows, [
      { header: 'N', cell: (r) => String(r.count) },
      { header: 'COMMAND', cell: (r) => r.name },
    ]);
    for (const line of text.split('\n')) expect(line).toBe(line.trimEnd());
  });

  it('prints only the header for no rows', () => {
    expect(
      renderTable(
        [],
        [
          { header: 'A', cell: () => 'x' },
          { header: 'B', cell: () => 'y' },
        ],
      ),
    ).toBe('A  B\n');
  });

  it('paints after padding, so colour never shifts the columns', () => {
    const paint = (text: string) => `\u001b[31m${text}\u001b[39m`;
    const plain = renderTable(rows, [
      { header: 'COMMAND', cell: (r) => r.name },
      { header: 'N', cell: (r) => String(r.count), align: 'right' },
    ]);
    const painted = renderTable(rows, [
      { header: 'COMMAND', cell: (r) => r.name, paint },
      { header: 'N', cell: (r) => String(r.count), align: 'right' },
    ]);
    expect(painted.replaceAll('\u001b[31m', '').replaceAll('\u001b[39m', '')).toBe(plain);
    expect(painted.split('\n')[1]).toBe('\u001b[31mcheck           \u001b[39m     7');
  });

  it('hands paint the row it paints', () => {
    const text = renderTable(rows, [
      { header: 'COMMAND', cell: (r) => r.name, paint: (t, r) => (r.count > 100 ? t.toUpperCase() : t) },
    ]);
    expect(text.split('\n')).toEqual(['COMMAND', 'check', 'ASK', 'judge-everything', '']);
  });

  it.each([
    ['a newline', 'a\nb', 'a b'],
    ['a carriage return and newline', 'a\r\nb', 'a b'],
    ['a tab', 'a\tb', 'a b'],
    ['a terminal escape', 'a\u001b[2Jb', 'a [2Jb'],
    ['a bell and NUL', 'a\u0007\u0000b', 'a b'],
    ['DEL', 'a\u007fb', 'a b'],
    ['a C1 control (CSI)', 'a\u009b31mb', 'a 31mb'],
  ])('keeps a cell on one line and strips %s', (_name, cell, want) => {
    const text = renderTable([{ cell }], [{ header: 'X', cell: (r) => r.cell }]);
    expect(text).toBe(`X\n${want}\n`);
    expect(text.split('\n')).toHaveLength(3);
  });
});

describe('oneLine', () => {
  it.each([
    ['short text unchanged', 'hello', 80, 'hello'],
    ['text at the limit unchanged', 'x'.repeat(80), 80, 'x'.repeat(80)],
    ['text over the limit cut with an ellipsis, at the limit', 'x'.repeat(81), 80, `${'x'.repeat(79)}…`],
    ['a small limit', 'abcdef', 4, 'abc…'],
    ['a run of controls as one space', 'a\n\n\r\nb', 80, 'a b'],
    ['an emoji pair not cut in half', `${'x'.repeat(78)}😀😀`, 80, `${'x'.repeat(78)}…`],
  ])('%s', (_name, text, max, want) => {
    expect(oneLine(text, max)).toBe(want);
  });

  it('never leaves a lone surrogate', () => {
    for (let n = 70; n < 90; n++) {
      const cut = oneLine(`${'x'.repeat(n % 2)}${'😀'.repeat(n)}`, 80);
      // encodeURIComponent throws on a lone surrogate.
      expect(() => encodeURIComponent(cut), `n=${n}`).not.toThrow();
      expect(cut.length).toBeLessThanOrEqual(80);
    }
  });
});

describe('renderTable column width', () => {
  it('cuts a cell at the column max, 80 by default', () => {
    const long = 'x'.repeat(200);
    const rows = [{ a: long, b: long }];
    const out = renderTable(rows, [
      { header: 'a', cell: (r) => r.a },
      { header: 'b', cell: (r) => r.b, max: 120 },
    ]);
    const line = out.split('\n')[1] ?? '';
    const [a, b] = line.split('  ');
    expect(a).toHaveLength(80);
    expect(b).toHaveLength(120);
    expect(b?.endsWith('…')).toBe(true);
  });
});
