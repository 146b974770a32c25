/**
 * The labelled case shape shared by the shared corpora and the team corpus, and the mapping of a case's
 * `context` (the source test's working folder and environment) to where the request runs. Pure.
 */

export interface CorpusCase {
  id: string;
  command: string;
  expected: 'block' | 'allow';
  category?: string;
  description?: string;
  source: string;
  context?: string[];
}

/** Where a request runs: the harness-given part of a CheckRequest. */
export interface Where {
  cwd: string;
  home: string;
  workspaceRoots: string[];
  tempDirs: string[];
}

export const HOME = '/home/agent';
export const PROJECT = '/home/agent/project';

/** Where a case runs, or the reason it cannot be modelled (source-specific config). */
export function envFor(c: CorpusCase): Where | { skip: string } {
  const ctx = c.context ?? [];
  const env = ctx.filter((x) => x.startsWith('env:')).flatMap((x) => x.slice(4).split(','));
  const unmodelled = env.find((e) =>
    /^SAFETY_NET_(PARANOID|STRICT|WORKTREE)|^SAFETY_NET_PARANOID_RM$/.test(e),
  );
  if (unmodelled) return { skip: `source setting ${unmodelled}` };
  if (ctx.some((x) => x.includes('fixture.'))) return { skip: 'source fixture repository' };
  const base: Where = { cwd: PROJECT, home: HOME, workspaceRoots: [PROJECT], tempDirs: ['/tmp'] };
  const cwd = ctx.find((x) => x.startsWith('cwd:'))?.slice(4);
  if (cwd === "'/tmp'") return { ...base, cwd: '/tmp' };
  // The source test's temp folder stands for the project; with HOME pointed at it, it is the home folder.
  if (cwd === 'tmpDir' && env.includes('HOME')) return { ...base, cwd: HOME, workspaceRoots: [HOME] };
  if (cwd === 'repo' && env.includes('HOME')) return base;
  return base;
}
