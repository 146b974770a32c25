/**
 * Runs the static stage over many units with one shared context (rules, file system view, shell
 * analyzer). Pure over what it is handed; no network, no model.
 */

import type { JudgeFs } from '../discover/judge-fs';
import { decodeText, joinPath } from '../discover/read-unit';
import type { JudgeData } from '../rules/bundled-rules';
import type { Unit } from '../types';
import type { AnalyzeShell } from './risky-shell';
import { runStatic, type StaticResult } from './run-static';

export interface StaticContext {
  fs: JudgeFs;
  /** Absolute project root. */
  root: string;
  home: string;
  data: JudgeData;
  analyzer?: AnalyzeShell;
}

export interface UnitStatic extends StaticResult {
  unit: Unit;
}

/**
 * Reads a project-relative regular file as text for the static stage's context (a project's `.mcp.json`):
 * undefined when it is no regular file, larger than `maxBytes`, binary or unreadable. Never follows a symlink.
 */
export function projectReader(
  fs: JudgeFs,
  root: string,
  maxBytes: number,
): (projectRel: string) => string | undefined {
  return (rel) => {
    const abs = joinPath(root, rel);
    const st = fs.stat(abs);
    if (st?.type !== 'file' || st.size > maxBytes) return undefined;
    try {
      return decodeText(fs.read(abs));
    } catch {
      return undefined;
    }
  };
}

export async function judgeStatic(units: readonly Unit[], ctx: StaticContext): Promise<UnitStatic[]> {
  const exists = (rel: string) => ctx.fs.stat(joinPath(ctx.root, rel)) !== undefined;
  const out: UnitStatic[] = [];
  for (const unit of units) {
    const result = await runStatic({
      unit,
      rules: ctx.data.rules,
      credentials: ctx.data.credentials,
      hosts: ctx.data.hosts,
      exists,
      readText: projectReader(ctx.fs, ctx.root, 2 * 1024 * 1024),
      ...(ctx.analyzer ? { analyzer: ctx.analyzer } : {}),
      shellEnv: {
        paths: ctx.data.paths,
        cwd: ctx.root,
        home: ctx.home,
        workspaceRoots: [ctx.root],
        tempDirs: ['/tmp'],
      },
    });
    out.push({ unit, ...result });
  }
  return out;
}
