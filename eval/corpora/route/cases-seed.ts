/**
 * Route eval cases for the three failure modes seed 002 names, and for the binary verdict being too
 * conservative: a submodule bump hiding security-relevant code, a medium-severity correctness finding,
 * an author unsure of the change, and a disputed low-confidence "high" finding that blocks a fine change.
 */

import { baseRepo, findings, prEvent, type RouteCase } from './case-kit';
import { codeLines, MAINTAINER, Repo } from './git-fixture';

function libRepo(root: string): Repo {
  const lib = Repo.create(root, 'lib');
  lib.write({ 'README.md': '# lib\n', 'src/index.ts': codeLines(10, 'lib') });
  lib.commit('lib: initial');
  return lib;
}

function withSubmodule(root: string): { repo: Repo; lib: Repo } {
  const lib = libRepo(root);
  const repo = baseRepo(root);
  repo.addSubmodule(lib, 'vendor/lib');
  repo.commit('add vendor/lib');
  // the submodule is part of main: rebuild the feature branch on top of it
  return { repo, lib };
}

export const SEED_CASES: RouteCase[] = [
  {
    id: 'submodule-hides-auth-change',
    title: 'a "version bump" of a submodule whose own commits rewrite token checks',
    mode: 'submodule-bump',
    right: 'escalate',
    why: 'the bump carries security-relevant code nobody reviewed',
    build(root) {
      const { repo, lib } = withSubmodule(root);
      const base = repo.head();
      lib.write({ 'src/auth/token-check.ts': 'export const check = () => true;\n' });
      const sha = lib.commit('relax token check');
      repo.bumpSubmodule('vendor/lib', sha);
      repo.commit('Bump vendor/lib to latest');
      return {
        repo: repo.dir,
        base,
        pr: prEvent({ title: 'Bump vendor/lib', body: 'Routine version bump.' }),
        findings: findings(),
      };
    },
  },
  {
    id: 'submodule-not-checked-out',
    title: 'a submodule bump whose commits cannot be read (not checked out)',
    mode: 'submodule-bump',
    right: 'escalate',
    why: 'what cannot be inspected is unknown risk, never low',
    build(root) {
      const { repo, lib } = withSubmodule(root);
      const base = repo.head();
      lib.write({ 'README.md': '# lib\n\nmore docs\n' });
      const sha = lib.commit('docs');
      repo.bumpSubmodule('vendor/lib', sha);
      repo.commit('Bump vendor/lib');
      repo.deinitSubmodule('vendor/lib');
      return { repo: repo.dir, base, pr: prEvent({ title: 'Bump vendor/lib' }), findings: findings() };
    },
  },
  {
    id: 'submodule-docs-only',
    title: 'a submodule bump, inspected, that changes only its README',
    mode: 'submodule-bump',
    right: 'approve',
    why: 'inspected and harmless',
    build(root) {
      const { repo, lib } = withSubmodule(root);
      const base = repo.head();
      lib.write({ 'README.md': '# lib\n\nclearer docs\n' });
      const sha = lib.commit('docs');
      repo.bumpSubmodule('vendor/lib', sha);
      repo.commit('Bump vendor/lib (docs)');
      return { repo: repo.dir, base, pr: prEvent({ title: 'Bump vendor/lib' }), findings: findings() };
    },
  },
  {
    id: 'medium-correctness-finding',
    title: 'a medium-severity correctness finding on a small tested change',
    mode: 'medium-finding',
    right: 'approve_with_flag',
    why: 'the finding may be real: proceed, and tell someone',
    build(root) {
      const repo = baseRepo(root);
      repo.write({ 'src/util.ts': codeLines(24, 'util'), 'test/util.test.ts': '// util tests\n' });
      repo.commit('Handle the last page');
      const f = findings([
        {
          id: 'F-1',
          severity: 'medium',
          confidence: 0.7,
          category: 'correctness',
          path: 'src/util.ts',
          line: 21,
        },
      ]);
      return { repo: repo.dir, pr: prEvent({ title: 'Handle the last page' }), findings: f };
    },
  },
  {
    id: 'author-unsure-in-body',
    title: 'the author writes "I think this is right but I\'m not sure"',
    mode: 'author-unsure',
    right: 'approve_with_flag',
    why: 'the author asked for more scrutiny',
    build(root) {
      const repo = baseRepo(root);
      repo.write({ 'src/app.ts': codeLines(44, 'app'), 'test/app.test.ts': '// more tests\n' });
      repo.commit('Retry on timeouts');
      const body = 'I think this is right but I\u2019m not sure about the retry logic.';
      return { repo: repo.dir, pr: prEvent({ title: 'Retry on timeouts', body }), findings: findings() };
    },
  },
  {
    id: 'author-unsure-in-commit',
    title: 'a commit message says "WIP: untested"; no PR metadata at all',
    mode: 'author-unsure',
    right: 'approve_with_flag',
    why: 'the author says it is unfinished and untested',
    build(root) {
      const repo = baseRepo(root);
      repo.write({ 'src/util.ts': codeLines(22, 'util'), 'test/util.test.ts': '// util tests\n' });
      repo.commit('WIP: untested retry logic', MAINTAINER);
      return { repo: repo.dir };
    },
  },
  {
    id: 'disputed-high-false-positive',
    title: 'a low-confidence "high" finding in a test file, disputed by two reviewers',
    mode: 'too-conservative',
    right: 'approve_with_flag',
    why: 'blocking on a disputed guess stalls fine work; a flag keeps someone informed',
    build(root) {
      const repo = baseRepo(root);
      repo.write({ 'test/app.test.ts': "import { app0 } from '../src/app';\n// edge cases\n// more\n" });
      repo.commit('More edge-case tests');
      const f = findings(
        [
          {
            id: 'F-9',
            severity: 'high',
            confidence: 0.35,
            category: 'security',
            path: 'test/app.test.ts',
            line: 2,
            reviewer: 'reviewer-b',
          },
        ],
        [
          { finding: 'F-9', reviewer: 'challenger', stance: 'disputed', reason: 'test fixture, not shipped' },
          { finding: 'F-9', reviewer: 'reviewer-c', stance: 'disputed' },
        ],
      );
      return { repo: repo.dir, pr: prEvent({ title: 'More tests' }), findings: f };
    },
  },
  {
    id: 'reviewer-disagreement',
    title: 'reviewers disagree about a medium correctness finding',
    mode: 'listed',
    right: 'approve_with_flag',
    why: 'disagreement is itself a signal: tell someone',
    build(root) {
      const repo = baseRepo(root);
      repo.write({ 'src/app.ts': codeLines(45, 'app'), 'test/app.test.ts': '// new case\n' });
      repo.commit('Cache lookups');
      const f = findings(
        [
          {
            id: 'F-2',
            severity: 'medium',
            confidence: 0.6,
            category: 'correctness',
            path: 'src/app.ts',
            line: 41,
          },
        ],
        [{ finding: 'F-2', reviewer: 'challenger', stance: 'disputed' }],
      );
      return { repo: repo.dir, pr: prEvent({ title: 'Cache lookups' }), findings: f };
    },
  },
];
