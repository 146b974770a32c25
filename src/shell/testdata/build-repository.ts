// Test helper: a hostile build repository for the build-file readers: a real folder in a temp directory (git init
// first, then files written with fs calls; nothing in it is run), and what the analysis of a command run in one of
// its folders finds (categories, uncertainty codes, whether a script file was read as shell).
import { execFileSync } from 'node:child_process';
import { analyzeShellSync } from '../analyze-shell';
import { type DiskProject, diskProject } from './disk-reader';

export interface BuildRun {
  categories: string[];
  codes: string[];
  script: boolean;
}

export function buildRepository(prefix: string, files: Record<string, string>): DiskProject {
  const p = diskProject(prefix);
  execFileSync('git', ['init', '-q', p.root], {
    stdio: 'ignore',
    env: { PATH: process.env.PATH, HOME: p.home },
  });
  p.write(files);
  return p;
}

export function runIn(p: DiskProject, dir: string, command: string): BuildRun {
  const a = analyzeShellSync(command, p.env(`${p.root}/${dir}`));
  return {
    categories: [...new Set(a.hits.map((h) => h.category))].sort(),
    codes: [...new Set(a.uncertain.map((u) => u.code))].sort(),
    script: a.segments.some((g) => g.wrappers.some((x) => x.includes('script file'))),
  };
}

/** Did the analysis of `command` in folder `dir` find anything: a category or an uncertainty. */
export function flaggedIn(p: DiskProject, dir: string, command: string): boolean {
  const a = runIn(p, dir, command);
  return a.codes.length > 0 || a.categories.length > 0;
}
