/**
 * Runs the static stage over many units with one shared context (rules, file system view, shell
 * analyzer). Pure over what it is handed; no network, no model.
 */

import type { JudgeFs } from '../discover/judge-fs';
import { joinPath } from '../discover/read-unit';
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
