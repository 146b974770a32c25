/**
 * CI workflows (GitHub Actions and the forges that read the same files: `.github/workflows`, `.gitea/workflows`,
 * `.forgejo/workflows`): the shell commands their steps run, for the runner-file reading (each `run:` as the shell
 * it is, in the repository's top folder or the step's `working-directory`), and whether a change of a workflow
 * only adds plain shell steps (`name`, `run`, `id`, `working-directory`, `timeout-minutes`) to jobs it leaves
 * otherwise as they were. Such a change plants nothing beyond its commands, which the pipeline judges as the shell
 * they are: the workflow file is then not persistence by itself. Anything else a workflow edit may change (its
 * triggers, permissions, actions, environment, runners, a step's shell, an expression in a command, a step taken
 * away) keeps the file persistence. Both texts are read whole by the strict YAML reader of src/shell; a text it
 * does not read keeps it too. Pure.
 */

import { isDeepStrictEqual } from 'node:util';
import { addedItems, isMap, sameKeys, yamlData } from './yaml-data';

const WORKFLOW = /(^|\/)\.(?:github|gitea|forgejo)\/workflows\/[^/]+\.ya?ml$/;

/** Whether a path is a workflow file of a forge that runs GitHub Actions' syntax. */
export const isWorkflowPath = (path: string): boolean => WORKFLOW.test(path);

/** The keys a plain shell step may have. */
const PLAIN_STEP_KEYS: ReadonlySet<string> = new Set([
  'name',
  'id',
  'run',
  'working-directory',
  'timeout-minutes',
]);

/** Triggers that run a workflow with the repository's secrets on what another party sent (a fork's change). */
const PRIVILEGED_TRIGGERS: ReadonlySet<string> = new Set(['pull_request_target', 'workflow_run']);

/**
 * Shells a step's `run:` is read as: bash or sh, with the options GitHub's own default passes (`bash --noprofile
 * --norc -eo pipefail {0}`), nothing else (`bash -c '…' {0}` runs other code first).
 */
const SHELL = /^(?:bash|sh)(?:\s+(?:--noprofile|--norc|-[eoux]+|pipefail))*(?:\s+\{0\})?$/;

const relativeFolder = (v: unknown): v is string =>
  typeof v === 'string' && /^[\w./-]+$/.test(v) && !v.startsWith('/') && !v.split('/').includes('..');

/** A relative step folder as a path from the workflow's folder (two below the top); undefined: the top. */
const fromWorkflowFolder = (folder: string | undefined): string =>
  folder === undefined || folder === '.' ? '../..' : `../../${folder.replace(/^\.\//, '')}`;

const shellOf = (v: unknown): unknown => (isMap(v) && isMap(v.run) ? v.run.shell : undefined);
/** `defaults: {run: {working-directory}}` of a job or the workflow. */
const folderOf = (v: unknown): unknown => (isMap(v) && isMap(v.run) ? v.run['working-directory'] : undefined);

/**
 * The commands of every step with `run:` (`[step name, command]`), run in the top folder or the step's folder (its
 * own, or its job's or the workflow's `defaults`); a
 * step whose shell is not bash, whose folder is not a plain relative one, or a job on a Windows runner, gives an
 * entry no analysis knows. A text that does not parse: a phrase.
 */
export function workflowRuns(text: string): [string, string][] | string {
  const doc = yamlData(text);
  if (doc === undefined) return 'does not parse';
  const out: [string, string][] = [];
  const jobs = isMap(doc.jobs) ? doc.jobs : {};
  for (const job of Object.values(jobs)) {
    if (!isMap(job) || !Array.isArray(job.steps)) continue;
    const shell = shellOf(job.defaults) ?? shellOf(doc.defaults);
    const windows = JSON.stringify(job['runs-on'] ?? '')
      .toLowerCase()
      .includes('windows');
    for (const step of job.steps) {
      if (!isMap(step) || step.run === undefined) continue;
      const name = typeof step.name === 'string' ? step.name : 'step';
      const stepShell = step.shell ?? shell;
      const folder = step['working-directory'] ?? folderOf(job.defaults) ?? folderOf(doc.defaults);
      const plainShell =
        stepShell === undefined ? !windows : typeof stepShell === 'string' && SHELL.test(stepShell);
      if (typeof step.run !== 'string' || !plainShell || (folder !== undefined && !relativeFolder(folder))) {
        out.push([name, '__gavel_runner_setting shell']);
        continue;
      }
      out.push([name, `cd ${fromWorkflowFolder(folder)} && ${step.run}`]);
    }
  }
  return out;
}

const triggers = (on: unknown): string[] =>
  typeof on === 'string' ? [on] : Array.isArray(on) ? on.map(String) : isMap(on) ? Object.keys(on) : [];

/** A step added by the change that only runs a shell command: no action, no shell, no environment, no expression. */
function plainStep(step: unknown): boolean {
  if (!isMap(step) || typeof step.run !== 'string') return false;
  if (!Object.keys(step).every((k) => PLAIN_STEP_KEYS.has(k))) return false;
  if (step['working-directory'] !== undefined && !relativeFolder(step['working-directory'])) return false;
  return !JSON.stringify(step).includes('${{');
}

/**
 * Whether `after` is `before` with only plain shell steps added to its jobs (or no change read as data at all, a
 * comment or the layout): same triggers (none of them privileged), same keys, every job the same but for the plain
 * steps added to it, a job given steps running on a runner that is not Windows with bash as its shell.
 */
export function addsOnlyPlainSteps(beforeText: string, afterText: string): boolean {
  const before = yamlData(beforeText);
  const after = yamlData(afterText);
  if (before === undefined || after === undefined || !sameKeys(before, after)) return false;
  if (triggers(after.on).some((t) => PRIVILEGED_TRIGGERS.has(t))) return false;
  for (const key of Object.keys(after))
    if (key !== 'jobs' && !isDeepStrictEqual(before[key], after[key])) return false;
  const jobsBefore = before.jobs;
  const jobsAfter = after.jobs;
  if (!isMap(jobsBefore) || !isMap(jobsAfter)) return isDeepStrictEqual(jobsBefore, jobsAfter);
  if (!sameKeys(jobsBefore, jobsAfter)) return false;
  for (const [id, job] of Object.entries(jobsAfter)) {
    const old = jobsBefore[id];
    if (!isMap(job) || !isMap(old) || !sameKeys(old, job)) return false;
    for (const key of Object.keys(job))
      if (key !== 'steps' && !isDeepStrictEqual(old[key], job[key])) return false;
    const added = addedItems(old.steps, job.steps);
    if (added === undefined || !added.every(plainStep)) return false;
    if (added.length === 0) continue;
    const shell = shellOf(job.defaults) ?? shellOf(after.defaults);
    if (shell !== undefined && !(typeof shell === 'string' && SHELL.test(shell))) return false;
    if (
      JSON.stringify(job['runs-on'] ?? '')
        .toLowerCase()
        .includes('windows')
    )
      return false;
    if (JSON.stringify(job['runs-on'] ?? '').includes('${{')) return false;
  }
  return true;
}
