/**
 * javac runs the annotation processors it finds on its processor path, which is the class path when none is
 * named, and `.` when no class path is given (white-box review: a processor class and its
 * `META-INF/services/javax.annotation.processing.Processor` in the project ran at `javac -d build src/Foo.java`).
 * A class path folder declaring a processor, or a jar (whose entries gavel does not read), makes the run uncertain,
 * unless `-proc:none` turns processing off. Pure apart from the injected reader and reporting.
 */

import { type Invocation, plain, type Reporter } from '../unwrap/invocation';
import { NO_FLOW } from '../walk/flow';
import { readBudgeted } from './disk-scripts';
import { resolveArg } from './path-effects';
import { inFolder } from './project-file';

export const JAVAC_PROGRAMS = () => ['javac'];

const SERVICE = 'META-INF/services/javax.annotation.processing.Processor';

export function javacProcessors(inv: Invocation, r: Reporter): void {
  if (inv.program !== 'javac' || !r.env.readScript || inv.cwd === undefined) return;
  const words = inv.args.map((w) => plain(w));
  if (words.includes('-proc:none')) return;
  let classPath: string | undefined;
  for (let k = 0; k < words.length; k++) {
    const w = words[k] as string;
    if (/^(?:-cp|-classpath|--class-path)$/.test(w)) classPath = words[++k];
    else if (w.startsWith('--class-path=')) classPath = w.slice('--class-path='.length);
  }
  const say = (why: string) =>
    r.uncertain('dynamic-script', `\`javac\` runs the annotation processors ${why}`, inv.segment, 'kept');
  for (const entry of (classPath ?? '.').split(':')) {
    if (entry === '') continue;
    if (/[*$]|\.(?:jar|zip)$/i.test(entry)) {
      say('a class path jar may declare, which gavel does not read (`-proc:none` turns them off)');
      return;
    }
    const dir = resolveArg({ text: entry, flow: NO_FLOW }, inv, r).resolved;
    const self = dir === undefined ? undefined : readBudgeted(dir, inv, r);
    if (self?.kind === 'missing') continue;
    // A file on the class path is an archive whatever its name (final read: `-cp lib/deps`).
    if (self === undefined || self.kind !== 'unreadable' || self.why !== 'not-regular') {
      say('a class path archive may declare, which gavel does not read (`-proc:none` turns them off)');
      return;
    }
    const file = readBudgeted(inFolder(dir as string, SERVICE), inv, r);
    if (file === undefined || file.kind !== 'missing') {
      say('a class path folder declares (`-proc:none` turns them off)');
      return;
    }
  }
}
