// `jupyter nbconvert --to script`: the exporter a notebook's metadata names is imported (review of round 32: a
// notebook naming `nbhelpers.Exporter` ran `nbhelpers.py` of the folder). Real files in a temp workspace.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellSync } from '../analyze-shell';
import { loadShellParser } from '../parse/load-parser';
import { type DiskProject, diskProject } from '../testdata/disk-reader';

let p: DiskProject | undefined;
beforeAll(async () => {
  await loadShellParser();
});
afterEach(() => p?.remove());

const notebook = (exporter?: string) =>
  JSON.stringify({
    cells: [{ cell_type: 'code', source: 'print(1)\n', metadata: {}, outputs: [] }],
    metadata: { language_info: { name: 'python', ...(exporter ? { nbconvert_exporter: exporter } : {}) } },
    nbformat: 4,
    nbformat_minor: 5,
  });

function exporterAsked(command: string, files: Record<string, string>): boolean {
  p = diskProject('nb-exporters-');
  p.write(files);
  return analyzeShellSync(command, p.env()).uncertain.some((u) => /jupyter nbconvert/.test(u.reason));
}

describe('the exporter a notebook names', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'a module of the folder',
      'jupyter nbconvert --to script nb.ipynb',
      { 'nb.ipynb': notebook('nbhelpers.Exporter') },
    ],
    ['the option attached', 'jupyter nbconvert --to=script nb.ipynb', { 'nb.ipynb': notebook('x') }],
    ['a notebook that does not parse', 'jupyter nbconvert --to script nb.ipynb', { 'nb.ipynb': '{' }],
    [
      'notebooks by a glob',
      'jupyter nbconvert --to script notebooks/*.ipynb',
      { 'notebooks/a.ipynb': notebook() },
    ],
  ])('uncertain: %s', (_n, command, files) => {
    expect(exporterAsked(command, files)).toBe(true);
  });
  it.each<[string, string, Record<string, string>]>([
    [
      "nbconvert's own python exporter",
      'jupyter nbconvert --to script nb.ipynb',
      { 'nb.ipynb': notebook('python') },
    ],
    ['no exporter named', 'jupyter nbconvert --to script nb.ipynb', { 'nb.ipynb': notebook() }],
    [
      'another format',
      'jupyter nbconvert --to html nb.ipynb',
      { 'nb.ipynb': notebook('nbhelpers.Exporter') },
    ],
  ])('quiet: %s', (_n, command, files) => {
    expect(exporterAsked(command, files)).toBe(false);
  });
});
