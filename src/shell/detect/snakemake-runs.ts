/**
 * What `snakemake` runs of the workflow (round 32): it reads the Snakefile (`-s FILE`, else `Snakefile`,
 * `snakefile`, `workflow/Snakefile`, `workflow/snakefile` in the folder it starts in) and the files its `include:`
 * lines name, running their Python as it builds the job graph, a dry run (`-n`, `--list`, `--dag`, `--lint`, …)
 * too; a real run also runs the rules' shell commands, `run:` blocks, handlers and the scripts, notebooks and
 * wrappers rules name. Read by snakefile.ts: Python that is not inert is uncertain, the shell commands of a real
 * run are analysed as the shell they are, and what runs a file, a wrapper or another workflow is uncertain on a
 * real run. A workflow in another folder (`-d`), values given on the line (`--config`) or a file gavel cannot read
 * are uncertain. Pure apart from the injected reader and reporting; never quotes a file.
 */

import { posix } from 'node:path';
import { SCRIPT_FILE_WRAPPER } from '../types';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { runFileText } from './disk-scripts';
import { resolveArg } from './path-effects';
import { inFolder, projectFile, unknownFolder } from './project-file';
import { readSnakefile } from './snakefile';

export const SNAKEMAKE_PROGRAMS = () => ['snakemake'];

/** Options that build the job graph and run no job (the workflow's Python still runs). */
const DRY =
  /^(?:-n|--dry-run|--dryrun|-l|--list|--list-rules|--lt|--list-target-rules|--dag|--rulegraph|--filegraph|-S|--summary|-D|--detailed-summary|--lint|--unlock|--d3dag|--list-changes|--lc)$/;
/** Snakefiles read per command. */
const MAX_SNAKEFILES = 16;

export function snakemakeRuns(inv: Invocation, r: Reporter): void {
  if (inv.program !== 'snakemake') return;
  const words = inv.args.map((w) => plain(w));
  if (words.length === 1 && /^(?:--version|-v|--help|-h)$/.test(words[0] as string)) return;
  const say = (why: string) => r.uncertain('dynamic-script', `\`snakemake\` ${why}`, inv.segment, 'kept');
  const dry = words.some((w) => DRY.test(w) || /^-[A-Za-z]*n[A-Za-z]*$/.test(w) || /^--list-/.test(w));
  let file: string | undefined;
  for (let k = 0; k < inv.args.length; k++) {
    const t = words[k] as string;
    if (/^(?:-d|--directory|--workflow-profile|--profile)(?:=|$)/.test(t)) {
      say('runs a workflow in another folder or with a profile gavel does not read');
      return;
    }
    if (!dry && /^(?:-C|--config|--configfile|--configfiles)(?:=|$)/.test(t)) {
      say('runs rules with values given on its command line');
      return;
    }
    if (t === '-s' || t === '--snakefile' || t.startsWith('--snakefile=')) {
      const at = inv.args[k] as Word;
      const w: Word | undefined = t.includes('=')
        ? { text: at.text.slice(at.text.indexOf('=') + 1), flow: at.flow }
        : inv.args[++k];
      if (!w || !isLiteral(w)) {
        say('runs a Snakefile named at run time');
        return;
      }
      file = resolveArg(w, inv, r).resolved;
    }
  }
  if (!r.env.readScript) return;
  const cwd = inv.cwd;
  if (cwd === undefined) {
    unknownFolder(inv, r);
    return;
  }
  // Without `-s`, the first of the default names there is the workflow.
  if (file === undefined)
    for (const name of ['Snakefile', 'snakefile', 'workflow/Snakefile', 'workflow/snakefile']) {
      const read = projectFile(inFolder(cwd, name), inv, r);
      if (read.kind === 'unknown' || read.kind === 'unread') return;
      if (read.kind === 'missing') continue;
      file = inFolder(cwd, name);
      break;
    }
  if (file === undefined) return;
  const queue = [file];
  const commands: string[] = [];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const path = queue.shift() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    if (seen.size > MAX_SNAKEFILES) {
      say('includes more Snakefiles than one review reads');
      return;
    }
    const read = projectFile(path, inv, r);
    if (read.kind === 'unknown' || read.kind === 'unread') return;
    if (read.kind === 'missing') {
      // A Snakefile named on the line or by an include that is not there: the run fails, or gavel misread it.
      if (path !== file || seen.size > 1) say('includes a Snakefile that is not there');
      return;
    }
    for (const e of readSnakefile(read.text)) {
      if (e.kind === 'code') {
        say('runs Python of its workflow that may reach the system');
        return;
      }
      if (e.kind === 'include') {
        if (/^[a-z]+:\/\//i.test(e.text)) {
          say('includes a Snakefile from another host');
          return;
        }
        queue.push(posix.resolve(posix.dirname(path), e.text));
      } else if (e.kind === 'runs' && !dry) {
        say('runs a script, notebook, wrapper or workflow its rules name, which gavel does not read');
        return;
      } else if (e.kind === 'shell' && !dry) commands.push(e.text);
    }
  }
  if (commands.length > 0)
    runFileText(commands.map((c) => `(\n${c}\n)`).join('\n'), inv, r, `${inv.program}${SCRIPT_FILE_WRAPPER}`);
}
