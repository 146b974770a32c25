/**
 * Signals from the changed files: the kind of change (docs-only, tests-only, a tier-0 dependency bump, or
 * code), security-sensitive classes, generated files, size and breadth, code changed without tests, and
 * dependency manifests changed beyond a patch or minor bump, and content git cannot show as text. Pure.
 * A file is classified by all its names (its path, a symlink's target, its path inside a submodule): the
 * security kinds of every name count, and its class is the strictest (code > tests > docs > generated).
 * Opaque content (binary) is unknown content: class code unless generated, counted by size.
 */

import type { Classifier, RoutePolicy } from '../route-policy';
import { sanitize } from '../sanitize';
import type { ChangedFile, SecurityKind, Signal, VersionChange } from '../types';
import { fractionOf, listSome, makeSignal } from './make-signal';

export interface FileSignalInput {
  files: readonly ChangedFile[];
  versions: readonly VersionChange[];
  manifestOther: readonly string[];
  tier?: 0 | 1 | 2 | 3;
}

export interface FileSignals {
  signals: Signal[];
  /** Security kinds present (after a tier-0 bump's own manifests are set aside). */
  kinds: SecurityKind[];
}

type Named = Pick<ChangedFile, 'path' | 'aliases' | 'binary'>;

/** The security kinds of every name of the file. */
export function securityOf(classifier: Classifier, f: Named): SecurityKind[] {
  const kinds = new Set<SecurityKind>();
  for (const name of [f.path, ...(f.aliases ?? [])]) for (const k of classifier.security(name)) kinds.add(k);
  return [...kinds].sort();
}

const CLASS_ORDER = ['code', 'tests', 'docs', 'generated'] as const;

/** The strictest class of the file's names; opaque content is code unless every name is generated. */
export function classOfFile(classifier: Classifier, f: Named): (typeof CLASS_ORDER)[number] {
  const classes = [f.path, ...(f.aliases ?? [])].map((n) => classifier.classOf(n));
  if (f.binary && !classes.every((k) => k === 'generated')) return 'code';
  return CLASS_ORDER.find((k) => classes.includes(k)) ?? 'code';
}

export function fileSignals(input: FileSignalInput, policy: RoutePolicy): FileSignals {
  const c = {
    security: (f: Named) => securityOf(policy.classifier, f),
    classOf: (f: Named) => classOfFile(policy.classifier, f),
  };
  const s = policy.rules.scales;
  const signals: Signal[] = [];
  const files = input.files;
  const byClass = (k: string) => files.filter((f) => c.classOf(f) === k);
  const generated = byClass('generated');
  const tests = byClass('tests');
  const docs = byClass('docs');
  const code = byClass('code');
  const deps = files.filter((f) => c.security(f).includes('dependencies'));
  const depsOnly = files.length > 0 && deps.length === files.length;
  const tierZeroBump =
    depsOnly &&
    input.versions.length > 0 &&
    input.manifestOther.length === 0 &&
    input.versions.every((v) => v.kind === 'patch' || v.kind === 'minor');

  const versionStepsOnly =
    input.versions.length > 0 &&
    input.manifestOther.length === 0 &&
    input.versions.every((v) => v.kind === 'patch' || v.kind === 'minor');

  if (tierZeroBump) {
    const names = input.versions.map(
      (v) => `${sanitize(v.name, 60)} ${sanitize(v.from, 20)} → ${sanitize(v.to, 20)} (${v.kind})`,
    );
    signals.push(
      makeSignal(policy, 'dependency-bump', [`tier 0 (pre-authorized kind): ${listSome(names)}`], {
        files: deps.map((f) => sanitize(f.path)),
      }),
    );
  } else if (deps.length > 0) {
    const major = input.versions.filter((v) => v.kind === 'major' || v.kind === 'unknown');
    const evidence: string[] = [];
    if (major.length > 0)
      evidence.push(
        `major or unreadable bump: ${listSome(major.map((v) => `${sanitize(v.name, 60)} ${sanitize(v.from, 20)} → ${sanitize(v.to, 20)}`))}`,
      );
    evidence.push(...input.manifestOther);
    if (!depsOnly) evidence.push('dependency files change together with other files');
    if (input.versions.length === 0 && input.manifestOther.length === 0)
      evidence.push('lockfile changes without a readable manifest bump');
    signals.push(
      makeSignal(policy, 'dependency-change', evidence, { files: deps.map((f) => sanitize(f.path)) }),
    );
  }

  const substantive = files.filter((f) => c.classOf(f) !== 'generated');
  if (tierZeroBump) {
    // the bump is its own kind; no base risk for code
  } else if (
    substantive.length > 0 &&
    substantive.every((f) => c.classOf(f) === 'docs' && c.security(f).length === 0)
  ) {
    signals.push(makeSignal(policy, 'change-docs-only', [`${docs.length} documentation file(s) only`]));
  } else if (
    substantive.length > 0 &&
    substantive.every((f) => ['docs', 'tests'].includes(c.classOf(f)) && c.security(f).length === 0)
  ) {
    signals.push(
      makeSignal(policy, 'change-tests-only', [
        `${tests.length} test file(s), ${docs.length} doc file(s), no code`,
      ]),
    );
  } else if (files.length > 0) {
    signals.push(
      makeSignal(policy, 'change-code', [
        `${code.length} code file(s), ${tests.length} test file(s), ${docs.length} doc file(s)`,
      ]),
    );
  }

  if (input.tier !== undefined) {
    signals.push(
      makeSignal(policy, `intent-tier-${input.tier}`, [`intent tier ${input.tier} (given by the caller)`]),
    );
  }

  const kindsMap = new Map<SecurityKind, string[]>();
  for (const f of files) {
    if (f.submodule !== undefined) continue; // counted once, in submodule-sensitive
    for (const k of c.security(f)) {
      // Patch and minor steps of existing dependencies are graded by the dependency signals (ADR 0038):
      // counting the manifest as security-sensitive too would score the same fact twice. A major or
      // unreadable step, a new dependency, a script, any other manifest line, or lockfiles alone keep it.
      if (k === 'dependencies' && (tierZeroBump || versionStepsOnly)) continue;
      kindsMap.set(k, [...(kindsMap.get(k) ?? []), sanitize(f.path)]);
    }
  }
  const kinds = [...kindsMap.keys()].sort();
  if (kinds.length > 0) {
    const sensitive = [...new Set([...kindsMap.values()].flat())];
    signals.push(
      makeSignal(
        policy,
        'security-sensitive',
        kinds.map((k) => `${k}: ${listSome(kindsMap.get(k) ?? [], 4)}`),
        { files: sensitive },
      ),
    );
  }

  const opaque = files.filter((f) => f.binary && c.classOf(f) !== 'generated');
  if (opaque.length > 0) {
    const bytes = opaque.reduce((n, f) => n + (f.bytes ?? 0), 0);
    signals.push(
      makeSignal(
        policy,
        'opaque-content',
        [
          `${opaque.length} file(s) git cannot show as text (${bytes} bytes): unknown content, counted by size`,
        ],
        { files: opaque.map((f) => sanitize(f.path)) },
      ),
    );
  }

  if (generated.length > 0) {
    signals.push(
      makeSignal(policy, 'generated', [`${generated.length} generated file(s), left out of size`], {
        files: generated.map((f) => sanitize(f.path)),
      }),
    );
  }

  const lines = substantive.reduce((n, f) => n + f.added + f.deleted, 0);
  const size = fractionOf(lines, s.size_lines_low, s.size_lines_high);
  if (size > 0) {
    signals.push(
      makeSignal(
        policy,
        'diff-size',
        [`${lines} lines changed (scale ${s.size_lines_low}–${s.size_lines_high})`],
        { scale: size, penaltyScale: size },
      ),
    );
  }
  const breadth = fractionOf(substantive.length, s.breadth_files_low, s.breadth_files_high);
  if (breadth > 0) {
    const dirs = new Set(substantive.map((f) => f.path.split('/')[0])).size;
    signals.push(
      makeSignal(policy, 'diff-breadth', [`${substantive.length} files in ${dirs} top-level folder(s)`], {
        scale: breadth,
      }),
    );
  }

  const codeLines = code.reduce((n, f) => n + f.added + f.deleted, 0);
  if (code.length > 0 && tests.length === 0 && codeLines >= s.code_without_tests_min_lines && !tierZeroBump) {
    const paths = code.map((f) => sanitize(f.path));
    signals.push(
      makeSignal(
        policy,
        'code-without-tests',
        [`${codeLines} code lines in ${code.length} file(s), no test file changed`],
        { files: paths },
      ),
    );
  }
  return { signals, kinds };
}
