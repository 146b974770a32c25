/**
 * Reads the shared skills corpora (../shared/corpora/skills/*.json) into labelled units, and works out
 * for each injected copy which lines and files count: the injected range and any script the clean
 * original does not have. Eval only.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Label = 'benign' | 'malicious' | 'contextual';

export interface CorpusFile {
  path: string;
  bytes: number;
  text: string | null;
}

export interface CorpusUnit {
  id: string;
  label: Label;
  categories: string[];
  files: CorpusFile[];
  /** For injected copies: the file and 1-based inclusive line range that count, and files added to the original. */
  injected?: { file: string; lines: [number, number]; added: string[] };
}

interface RawUnit {
  id: string;
  label: Label;
  categories?: string[];
  files: CorpusFile[];
  injected?: { file: string; lines: [number, number] };
}

export function loadCorpus(dir: string): CorpusUnit[] {
  const units: CorpusUnit[] = [];
  for (const name of ['cisco-evals.json', 'skill-inject-dev.json']) {
    const raw = JSON.parse(readFileSync(join(dir, name), 'utf8')) as RawUnit[];
    const clean = new Map(
      raw.filter((u) => u.label === 'benign').map((u) => [u.id.replace(/^skill-inject\/clean\//, ''), u]),
    );
    for (const u of raw) {
      const unit: CorpusUnit = { id: u.id, label: u.label, categories: u.categories ?? [], files: u.files };
      if (u.injected) {
        const base = u.id.split('/').slice(3, -1).join('/');
        const original = clean.get(base);
        const have = new Set(original?.files.map((f) => f.path) ?? []);
        unit.injected = {
          file: u.injected.file,
          lines: u.injected.lines,
          added: original ? u.files.map((f) => f.path).filter((p) => !have.has(p)) : [],
        };
      }
      units.push(unit);
    }
  }
  return units;
}

/** Does a finding at `file` lines [start, end] count for this unit? */
export function counts(unit: CorpusUnit, file: string, start: number, end: number): boolean {
  const inj = unit.injected;
  if (!inj) return true;
  if (inj.added.includes(file)) return true;
  return file === inj.file && start <= inj.lines[1] && end >= inj.lines[0];
}
