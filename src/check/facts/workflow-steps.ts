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
import { readComposeYaml, type YamlValue } from '../../shell';

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

/** Shells a step's `run:` is read as: bash, the default on Linux and macOS runners. */
const SHELL = /^(?:bash|sh)(?:\s.*)?$/;

type Doc = Record<string, unknown>;

const isMap = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A read value as plain data (mappings as objects with no prototype, scalars as their text). */
function plain(v: YamlValue): unknown {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(plain);
  const out: Doc = Object.create(null) as Doc;
  for (const [k, x] of v) out[k] = plain(x);
  return out;
}

/**
 * The workflow as data, read by the strict YAML reader of src/shell (anchors, aliases, tags, folded plain scalars,
 * duplicate keys refused); undefined when it does not read whole or is no mapping. A folded block (`run: >`) is
 * refused too: its lines join into one when read, the reader keeps them apart.
 */
function parseWorkflow(text: string): Doc | undefined {
  if (text.length > 512 * 1024 || /^[\t ]*(?:-[\t ]+)?[\w-]+:[\t ]*>/m.test(text)) return undefined;
  const top = readComposeYaml(text);
  if (top === undefined) return undefined;
  const value = plain(top);
  return isMap(value) ? value : undefined;
}

const relativeFolder = (v: unknown): v is string =>
  typeof v === 'string' && /^[\w./-]+$/.test(v) && !v.startsWith('/') && !v.split('/').includes('..');

/** A relative step folder as a path from the workflow's folder (two below the top); undefined: the top. */
const fromWorkflowFolder = (folder: string | undefined): string =>
  folder === undefined || folder === '.' ? '../..' : `../../${folder.replace(/^\.\//, '')}`;

const shellOf = (v: unknown): unknown => (isMap(v) && isMap(v.run) ? v.run.shell : undefined);

/**
 * The commands of every step with `run:` (`[step name, command]`), run in the top folder or the step's folder; a
 * step whose shell is not bash, whose folder is not a plain relative one, or a job on a Windows runner, gives an
 * entry no analysis knows. A text that does not parse: a phrase.
 */
export function workflowRuns(text: string): [string, string][] | string {
  const doc = parseWorkflow(text);
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
      const folder = step['working-directory'];
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

const sameKeys = (a: Doc, b: Doc): boolean => {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return isDeepStrictEqual(ka, kb);
};

/** A step added by the change that only runs a shell command: no action, no shell, no environment, no expression. */
function plainStep(step: unknown): boolean {
  if (!isMap(step) || typeof step.run !== 'string') return false;
  if (!Object.keys(step).every((k) => PLAIN_STEP_KEYS.has(k))) return false;
  if (step['working-directory'] !== undefined && !relativeFolder(step['working-directory'])) return false;
  return !JSON.stringify(step).includes('${{');
}

/** The steps `after` adds to `before`, in order, when `before` is kept whole in it; undefined otherwise. */
function addedSteps(before: unknown, after: unknown): unknown[] | undefined {
  if (before === undefined && after === undefined) return [];
  if (!Array.isArray(before) || !Array.isArray(after)) return undefined;
  const added: unknown[] = [];
  let i = 0;
  for (const step of after) {
    if (i < before.length && isDeepStrictEqual(before[i], step)) i++;
    else added.push(step);
  }
  return i === before.length ? added : undefined;
}

/**
 * Whether `after` is `before` with only plain shell steps added to its jobs (or no change read as data at all, a
 * comment or the layout): same triggers (none of them privileged), same keys, every job the same but for the plain
 * steps added to it, a job given steps running on a runner that is not Windows with bash as its shell.
 */
export function addsOnlyPlainSteps(beforeText: string, afterText: string): boolean {
  const before = parseWorkflow(beforeText);
  const after = parseWorkflow(afterText);
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
    const added = addedSteps(old.steps, job.steps);
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
