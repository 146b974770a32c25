/**
 * Route eval cases of everyday changes: most should pass without a person, some deserve a flag, and
 * confirmed severe findings stop the change.
 */

import { baseRepo, findings, logLine, prEvent, type RouteCase } from './case-kit';
import { codeLines, NEWCOMER } from './git-fixture';

export const ROUTINE_CASES: RouteCase[] = [
  {
    id: 'clean-bugfix',
    title: 'a small bug fix with a test, clean review',
    mode: 'routine',
    right: 'approve',
    why: 'small, tested, reviewed',
    build(root) {
      const repo = baseRepo(root);
      repo.write({ 'src/app.ts': codeLines(41, 'app'), 'test/app.test.ts': '// regression\n' });
      repo.commit('Fix off-by-one in paging');
      return { repo: repo.dir, pr: prEvent({ title: 'Fix paging' }), findings: findings() };
    },
  },
  {
    id: 'low-style-finding',
    title: 'a tested feature with one low-severity style finding',
    mode: 'routine',
    right: 'approve',
    why: 'style nits do not need a person',
    build(root) {
      const repo = baseRepo(root);
      repo.write({ 'src/util.ts': codeLines(30, 'util'), 'test/util.test.ts': '// t\n' });
      repo.commit('Add formatting helpers');
      const f = findings([
        { id: 'S-1', severity: 'low', confidence: 0.8, category: 'style', path: 'src/util.ts', line: 3 },
      ]);
      return { repo: repo.dir, pr: prEvent({ title: 'Helpers' }), findings: f };
    },
  },
  {
    id: 'generated-bundle-update',
    title: 'a regenerated 2,000-line bundle beside a small tested change',
    mode: 'routine',
    right: 'approve',
    why: 'generated output is not review surface',
    build(root) {
      const repo = baseRepo(root, { 'dist/app.min.js': codeLines(2000, 'b') });
      repo.write({
        'dist/app.min.js': codeLines(2000, 'c'),
        'src/app.ts': codeLines(41, 'app'),
        'test/app.test.ts': '// t\n',
      });
      repo.commit('Rebuild bundle');
      return { repo: repo.dir, pr: prEvent({ title: 'Rebuild' }), findings: findings() };
    },
  },
  {
    id: 'first-time-docs-typo',
    title: 'a first-time contributor fixes a typo in the guide',
    mode: 'routine',
    right: 'approve',
    why: 'newcomers fixing docs should not wait on a person',
    build(root) {
      const repo = baseRepo(root);
      repo.write({ 'docs/guide.md': '# Guide\n\nHow to run the service.\n' });
      repo.commit('Fix typo', NEWCOMER);
      return {
        repo: repo.dir,
        pr: prEvent({ title: 'Typo', login: 'nico', association: 'FIRST_TIME_CONTRIBUTOR' }),
        findings: findings(),
      };
    },
  },
  {
    id: 'contributor-tests-only',
    title: 'an outside contributor adds tests',
    mode: 'routine',
    right: 'approve',
    why: 'tests only',
    build(root) {
      const repo = baseRepo(root);
      repo.write({ 'test/util.test.ts': '// new tests\n// more\n' });
      repo.commit('Add util tests');
      return {
        repo: repo.dir,
        pr: prEvent({ title: 'Tests', association: 'CONTRIBUTOR', login: 'carla' }),
        findings: findings(),
      };
    },
  },
  {
    id: 'clean-run-log',
    title: 'a tested change whose agent run was allowed throughout',
    mode: 'routine',
    right: 'approve',
    why: 'nothing unusual happened',
    build(root) {
      const repo = baseRepo(root);
      repo.write({ 'src/app.ts': codeLines(42, 'app'), 'test/app.test.ts': '// t\n' });
      repo.commit('Add export');
      return {
        repo: repo.dir,
        pr: prEvent({ title: 'Add export' }),
        findings: findings(),
        runLog: Array.from({ length: 12 }, () => logLine('allow', ['read'])),
      };
    },
  },
  {
    id: 'agent-config-change',
    title: 'a member edits CLAUDE.md and .claude/settings.json',
    mode: 'listed',
    right: 'approve_with_flag',
    why: 'agent configuration changes what agents may do: tell someone',
    build(root) {
      const repo = baseRepo(root, { 'CLAUDE.md': '# Rules\n', '.claude/settings.json': '{}\n' });
      repo.write({
        'CLAUDE.md': '# Rules\n\nRun tests first.\n',
        '.claude/settings.json': '{ "permissions": {} }\n',
      });
      repo.commit('Agent settings');
      return { repo: repo.dir, pr: prEvent({ title: 'Agent settings' }), findings: findings() };
    },
  },
  {
    id: 'secrets-handling-tested',
    title: 'a tested change to secrets handling by a member, clean review',
    mode: 'listed',
    right: 'approve_with_flag',
    why: 'looks fine, but a second pair of eyes on secrets handling',
    build(root) {
      const repo = baseRepo(root, { 'src/secrets/store.ts': codeLines(20, 'store') });
      repo.write({ 'src/secrets/store.ts': codeLines(24, 'store'), 'test/store.test.ts': '// t\n' });
      repo.commit('Zero buffers after use');
      return { repo: repo.dir, pr: prEvent({ title: 'Zero buffers' }), findings: findings() };
    },
  },
  {
    id: 'critical-finding',
    title: 'a confirmed critical finding: a hard-coded credential',
    mode: 'routine',
    right: 'block',
    why: 'a confirmed critical problem stops the change',
    build(root) {
      const repo = baseRepo(root);
      repo.write({ 'src/config.ts': codeLines(8, 'cfg'), 'test/config.test.ts': '// t\n' });
      repo.commit('Add config');
      const f = findings([
        {
          id: 'C-1',
          severity: 'critical',
          confidence: 0.95,
          category: 'secrets',
          path: 'src/config.ts',
          line: 4,
        },
      ]);
      return { repo: repo.dir, pr: prEvent({ title: 'Config' }), findings: f };
    },
  },
  {
    id: 'confirmed-high-finding',
    title: 'an undisputed high-severity correctness finding',
    mode: 'routine',
    right: 'escalate',
    why: 'a person should weigh a likely serious bug',
    build(root) {
      const repo = baseRepo(root);
      repo.write({ 'src/app.ts': codeLines(44, 'app'), 'test/app.test.ts': '// t\n' });
      repo.commit('Parallel writes');
      const f = findings([
        {
          id: 'H-1',
          severity: 'high',
          confidence: 0.9,
          category: 'correctness',
          path: 'src/app.ts',
          line: 42,
        },
      ]);
      return { repo: repo.dir, pr: prEvent({ title: 'Parallel writes' }), findings: f };
    },
  },
];
