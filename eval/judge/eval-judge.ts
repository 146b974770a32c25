/**
 * `npm run eval:judge`: scores the judge's static checks on the shared skills corpora, per unit and per
 * code, next to ferret-scan run offline on the same units in the same run, and times both.
 * A unit counts as flagged when it has a security finding at medium or above; in injected copies only
 * findings inside the injected lines or in added scripts count. `contextual` units are scored apart.
 * Eval only: reads files, spawns ferret, may write docs/evaluation.md (--write).
 */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  type AnalyzeShell,
  bundledJudgeData,
  DEFAULT_LIMITS,
  discoverUnits,
  type Finding,
  judgeStatic,
} from '../../src/judge';
import { nodeJudgeFs } from '../../src/runtime';
import { type CorpusUnit, counts, loadCorpus } from './corpus';

const MEDIUM_UP = new Set(['medium', 'high', 'critical']);

interface Flagged {
  unit: CorpusUnit;
  codes: Set<string>;
  allMediumUp: boolean;
}

export function materialize(units: CorpusUnit[], root: string): Map<string, CorpusUnit> {
  const byDir = new Map<string, CorpusUnit>();
  mkdirSync(join(root, '.git'), { recursive: true });
  units.forEach((u, i) => {
    const name = (
      u.id
        .split('/')
        .filter((s) => !/^L\d+/.test(s))
        .pop() ?? 'skill'
    ).replace(/[^\w.-]/g, '-');
    const rel = `u${String(i).padStart(3, '0')}/.claude/skills/${name}`;
    byDir.set(rel, u);
    for (const f of u.files) {
      const p = join(root, rel, f.path);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, f.text ?? Buffer.alloc(f.bytes, 0));
    }
  });
  return byDir;
}

function unitOf(byDir: Map<string, CorpusUnit>, rel: string): { dir: string; unit: CorpusUnit } | undefined {
  const dir = rel.split('/').slice(0, 4).join('/');
  const unit = byDir.get(dir);
  return unit ? { dir, unit } : undefined;
}

interface Score {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  contextualFlagged: number;
  contextual: number;
  benignClean: number;
  benign: number;
}

function score(flagged: Map<CorpusUnit, Flagged>, units: CorpusUnit[]): Score {
  const s: Score = {
    tp: 0,
    fp: 0,
    fn: 0,
    tn: 0,
    contextualFlagged: 0,
    contextual: 0,
    benignClean: 0,
    benign: 0,
  };
  for (const u of units) {
    const hit = flagged.get(u)?.codes.size ?? 0;
    if (u.label === 'malicious') hit > 0 ? s.tp++ : s.fn++;
    if (u.label === 'benign') {
      s.benign++;
      hit > 0 ? s.fp++ : s.tn++;
      if (!flagged.get(u)?.allMediumUp) s.benignClean++;
    }
    if (u.label === 'contextual') {
      s.contextual++;
      if (hit > 0) s.contextualFlagged++;
    }
  }
  return s;
}

const pct = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');
function prf(s: Score) {
  const p = s.tp / (s.tp + s.fp);
  const r = s.tp / (s.tp + s.fn);
  return { p, r, f1: (2 * p * r) / (p + r) };
}

export async function main(argv: string[], analyzer?: AnalyzeShell): Promise<number> {
  const repo = process.cwd();
  // The shared folder is a sibling of the checkout; a worktree one level deeper looks one more up.
  const tried = ['../shared/corpora/skills', '../../shared/corpora/skills'].map((p) => resolve(repo, p));
  const corpusDir = tried.find((p) => existsSync(p));
  if (!corpusDir) {
    process.stderr.write(`eval:judge: corpus not found at \`${tried[0]}\`\n`);
    return 2;
  }
  const units = loadCorpus(corpusDir);
  const root = mkdtempSync(join(tmpdir(), 'gavel-judge-corpus-'));
  try {
    const byDir = materialize(units, root);
    const data = bundledJudgeData();
    // gavel: discovery over the real files, then the static stage, timed together.
    const t0 = performance.now();
    const fs = nodeJudgeFs();
    const found = discoverUnits({
      fs,
      root,
      cwd: root,
      paths: [],
      limits: { ...DEFAULT_LIMITS, maxUnits: 10_000 },
    });
    if (!found.ok) throw new Error(found.message);
    const tDiscovered = performance.now();
    const results = await judgeStatic(found.units, {
      fs,
      root,
      home: '/nonexistent-home',
      data,
      ...(analyzer ? { analyzer } : {}),
    });
    const gavelMs = performance.now() - t0;
    if (argv.includes('--verbose'))
      process.stderr.write(
        `discover ${(tDiscovered - t0).toFixed(0)} ms, static ${(gavelMs - (tDiscovered - t0)).toFixed(0)} ms\n`,
      );
    const gavel = new Map<CorpusUnit, Flagged>();
    // The same units scored on a finding anywhere in the unit (no injected-range rule): a looser view.
    const gavelAnywhere = new Map<CorpusUnit, Flagged>();
    const perCode = new Map<string, { malicious: number; benign: number; contextual: number }>();
    for (const r of results) {
      const at = unitOf(byDir, r.unit.path);
      if (!at) continue;
      const f: Flagged = { unit: at.unit, codes: new Set(), allMediumUp: false };
      for (const finding of r.findings as Finding[]) {
        if (!MEDIUM_UP.has(finding.severity)) continue;
        f.allMediumUp = true;
        if (finding.category !== 'security') continue;
        const file = finding.location.path.slice(at.dir.length + 1);
        if (counts(at.unit, file, finding.location.startLine, finding.location.endLine))
          f.codes.add(finding.code);
      }
      gavel.set(at.unit, f);
      const anywhere = (r.findings as Finding[]).some(
        (x) => x.category === 'security' && MEDIUM_UP.has(x.severity),
      );
      gavelAnywhere.set(at.unit, {
        unit: at.unit,
        codes: new Set(anywhere ? ['any'] : []),
        allMediumUp: anywhere,
      });
      if (argv.includes('--verbose') && at.unit.label === 'benign') {
        for (const x of r.findings as Finding[]) {
          if (x.category === 'security' && MEDIUM_UP.has(x.severity)) {
            process.stderr.write(
              `FP ${at.unit.id} ${x.code} ${x.rule} ${x.location.path.slice(at.dir.length + 1)}:${x.location.startLine} ${(x.quote ?? '').slice(0, 140)}\n`,
            );
          }
        }
      }
      for (const code of f.codes) {
        const c = perCode.get(code) ?? { malicious: 0, benign: 0, contextual: 0 };
        c[at.unit.label] += 1;
        perCode.set(code, c);
      }
    }
    // ferret-scan, offline, on the same tree.
    let ferret: { s: Score; anywhere: Score; ms: number } | undefined;
    if (!argv.includes('--no-ferret')) {
      const t1 = performance.now();
      const outFile = `${root}.ferret.json`;
      // ferret-scan is installed on demand (eval/peers.mjs), pinned, outside gavel's dependencies.
      const peer = spawnSync(
        process.execPath,
        [join(repo, 'eval/peers.mjs'), 'ferret-scan', '2.10.0', 'ferret'],
        {
          encoding: 'utf8',
        },
      );
      if (peer.status !== 0) throw new Error(peer.stderr.trim() || 'cannot install ferret-scan');
      spawnSync(peer.stdout.trim(), ['scan', root, '-f', 'json', '-o', outFile], {
        stdio: 'ignore',
      });
      const ms = performance.now() - t1;
      const doc = JSON.parse(readFileSync(outFile, 'utf8')) as {
        findings: { file: string; line: number; severity: string }[];
      };
      const flagged = new Map<CorpusUnit, Flagged>();
      const ferretAnywhere = new Map<CorpusUnit, Flagged>();
      for (const f of doc.findings) {
        if (!['CRITICAL', 'HIGH', 'MEDIUM'].includes(f.severity)) continue;
        const rel = f.file.slice(root.length + 1);
        const at = unitOf(byDir, rel);
        if (!at) continue;
        ferretAnywhere.set(at.unit, { unit: at.unit, codes: new Set(['any']), allMediumUp: true });
        const entry = flagged.get(at.unit) ?? { unit: at.unit, codes: new Set<string>(), allMediumUp: true };
        if (counts(at.unit, rel.slice(at.dir.length + 1), f.line, f.line)) entry.codes.add('any');
        flagged.set(at.unit, entry);
      }
      ferret = { s: score(flagged, units), anywhere: score(ferretAnywhere, units), ms };
    }
    const g = score(gavel, units);
    const out = report(
      g,
      score(gavelAnywhere, units),
      gavelMs,
      ferret,
      perCode,
      units.length,
      gavel,
      analyzer !== undefined,
    );
    process.stdout.write(out);
    const w = argv.indexOf('--write');
    if (w >= 0) writeSection(resolve(repo, argv[w + 1] ?? 'docs/evaluation.md'), out);
    return 0;
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(`${root}.ferret.json`, { force: true });
  }
}

function report(
  g: Score,
  gAnywhere: Score,
  gavelMs: number,
  ferret: { s: Score; anywhere: Score; ms: number } | undefined,
  perCode: Map<string, { malicious: number; benign: number; contextual: number }>,
  n: number,
  gavel: Map<CorpusUnit, Flagged>,
  withShell: boolean,
): string {
  const gm = prf(g);
  const lines: string[] = [
    'How it is measured (`npm run eval:judge`, `-- --write docs/evaluation.md` to refresh this section): the static',
    'checks of `gavel judge` (no model) run over every unit of `../shared/corpora/skills/` (cisco-evals and',
    'skill-inject-dev: 184 skills), each written as `.claude/skills/NAME/` into one temporary project; ferret-scan',
    '2.10.0 scans the same folder offline (`ferret scan DIR -f json -o FILE`) in the same run. A unit counts as',
    'flagged when it has a security finding at medium or above; for the injected copies of skill-inject only',
    'findings inside the injected line range or in a script the clean original lacks count (a finding elsewhere',
    'is on the original text, which the benign copy also holds). Precision is over malicious and benign units;',
    '`contextual` units (harmful only in some deployments) are scored apart and count neither way. The corpus',
    "labels are the sources' own; gavel's codes are mapped by meaning, not bent to them. Timing: wall time of",
    'discovery plus checks in one process for gavel, of the whole ferret process; see bench/judge.mjs for CLI',
    'against CLI with CPU time.',
    '',
    withShell
      ? 'Shell snippets also went through shell analysis (`analyzeShell` from src/shell).'
      : 'Shell analysis (src/shell) was not present in this build: shell snippets were checked by the line patterns only.',
    '',
  ];
  lines.push(
    '| scanner | precision | recall | F1 | benign free of medium+ (security) | contextual flagged | units/s | wall ms |',
  );
  lines.push('|---|---|---|---|---|---|---|---|');
  lines.push(
    `| gavel judge (static) | ${pct(gm.p)} | ${pct(gm.r)} | ${pct(gm.f1)} | ${g.tn}/${g.benign} | ${g.contextualFlagged}/${g.contextual} | ${(n / (gavelMs / 1000)).toFixed(1)} | ${gavelMs.toFixed(0)} |`,
  );
  if (ferret) {
    const fm = prf(ferret.s);
    lines.push(
      `| ferret-scan 2.10.0 | ${pct(fm.p)} | ${pct(fm.r)} | ${pct(fm.f1)} | ${ferret.s.tn}/${ferret.s.benign} | ${ferret.s.contextualFlagged}/${ferret.s.contextual} | ${(n / (ferret.ms / 1000)).toFixed(1)} | ${ferret.ms.toFixed(0)} |`,
    );
  }
  const ga = prf(gAnywhere);
  lines.push('');
  lines.push(
    'Looser view, a finding anywhere in the unit counts (no injected-range rule; the benign original text',
  );
  lines.push('then counts for the injected copies too):');
  lines.push('');
  lines.push('| scanner | precision | recall | F1 | benign free of medium+ (security) |');
  lines.push('|---|---|---|---|---|');
  lines.push(
    `| gavel judge (static) | ${pct(ga.p)} | ${pct(ga.r)} | ${pct(ga.f1)} | ${gAnywhere.tn}/${gAnywhere.benign} |`,
  );
  if (ferret) {
    const fa = prf(ferret.anywhere);
    lines.push(
      `| ferret-scan 2.10.0 | ${pct(fa.p)} | ${pct(fa.r)} | ${pct(fa.f1)} | ${ferret.anywhere.tn}/${ferret.anywhere.benign} |`,
    );
  }
  lines.push('');
  lines.push(
    `Malicious units: ${g.tp + g.fn} (found ${g.tp}); benign units: ${g.benign} (${g.benignClean} free of any medium+ finding, all categories); contextual: ${g.contextual}.`,
  );
  lines.push('');
  lines.push('| code | malicious units hit | benign units hit | contextual units hit |');
  lines.push('|---|---|---|---|');
  for (const [code, c] of [...perCode.entries()].sort())
    lines.push(`| ${code} | ${c.malicious} | ${c.benign} | ${c.contextual} |`);
  lines.push('');
  lines.push(
    'Missed malicious units (the static half cannot see these: prose that reads as a normal instruction, or',
  );
  lines.push('code flaws rather than hostile steps; the model reviewers are for them):');
  for (const f of [...gavel.values()].filter((x) => x.unit.label === 'malicious' && x.codes.size === 0))
    lines.push(`- ${f.unit.id}`);
  lines.push('');
  lines.push('Benign units flagged (security, medium+):');
  for (const f of [...gavel.values()].filter((x) => x.unit.label === 'benign' && x.codes.size > 0))
    lines.push(`- ${f.unit.id}: ${[...f.codes].join(', ')}`);
  return `${lines.join('\n')}\n`;
}

function writeSection(file: string, body: string): void {
  const head = '## Judge';
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Evaluation\n';
  // The public-collections block (eval/judge/real-repos.mjs) and the model half's block (model-bench.ts) are
  // kept as they are.
  const keep =
    (/\n### Public collections[\s\S]*?<!-- real-repos:end -->\n/.exec(current)?.[0] ?? '') +
    (/\n### Model half[\s\S]*?<!-- judge-model:end -->\n/.exec(current)?.[0] ?? '');
  const section = `${head}\n\n<!-- written by npm run eval:judge -- --write; edit the prose around the tables in eval/judge -->\n\n${body}${keep}`;
  const start = current.indexOf(`${head}\n`);
  let next: string;
  if (start < 0) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const rest = current.slice(start + head.length);
    const end = rest.search(/\n## /);
    next = current.slice(0, start) + section + (end < 0 ? '' : rest.slice(end));
  }
  writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
}
