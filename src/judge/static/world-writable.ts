/**
 * A permission change that lets every user write (`chmod 777`, `chmod o+w`, `chmod -R a+w`): any local
 * account or process can then replace what runs there. Read from the shell analysis's segments (program,
 * argv, path classes); parses no shell. High outside the workspace and temp folders, medium inside. Pure.
 */

import type { Segment, ShellAnalysis } from '../../shell';

/** An octal mode whose last digit grants write to others (2, 3, 6, 7), or a symbolic `o+w`/`a=rw`. */
const WORLD_WRITABLE_MODE = /^(0?[0-7]{0,3}[2367]|[ugoa]*[oa][ugoa]*[+=][rwxXst]*w[rwxXst]*)$/;

export interface WorldWritable {
  severity: 'high' | 'medium';
  message: string;
}

function grants(s: Segment): boolean {
  if (s.program !== 'chmod') return false;
  return s.argv.slice(1).some((a) => a.split(',').some((part) => WORLD_WRITABLE_MODE.test(part)));
}

export function worldWritable(analysis: ShellAnalysis): WorldWritable | undefined {
  const seg = analysis.segments.find(grants);
  if (!seg) return undefined;
  const local = seg.paths.length > 0 && seg.paths.every((p) => p.class === 'workspace' || p.class === 'temp');
  return {
    severity: local ? 'medium' : 'high',
    message: local
      ? '`chmod` makes files in the project writable by every user'
      : '`chmod` makes files outside the project writable by every user: any account can replace what runs there',
  };
}
