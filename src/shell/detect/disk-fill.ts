/**
 * Writes that never end: an endless source (`/dev/zero`, `/dev/urandom`, `/dev/random`, `yes`) copied into a file
 * with no bound fills the disk until the machine stops (`cat /dev/urandom > fill.bin`, `yes > out.txt`, `dd
 * if=/dev/zero of=big.bin` without `count` or with a gibibyte or more). A bounded copy (`dd … count=1`, `head -c`
 * after a pipe) and output thrown away (`> /dev/null`) are not. Pure apart from reporting.
 */

import { type Invocation, plain, type Reporter } from '../unwrap/invocation';

const ENDLESS = /^\/dev\/(zero|urandom|random)$/;
/** Sizes dd reads (`bs=1G`, `count=500`): bytes, or undefined when not a number dd takes. */
const UNITS: Record<string, number> = {
  '': 1,
  c: 1,
  w: 2,
  b: 512,
  k: 1024,
  K: 1024,
  kB: 1000,
  KB: 1000,
  M: 1024 ** 2,
  MB: 1000 ** 2,
  G: 1024 ** 3,
  GB: 1000 ** 3,
  T: 1024 ** 4,
  TB: 1000 ** 4,
};
const GIB = 1024 ** 3;

function size(text: string | undefined): number | undefined {
  const m = /^(\d+)([a-zA-Z]*)$/.exec(text ?? '');
  if (!m) return undefined;
  const unit = UNITS[m[2] as string];
  return unit === undefined ? undefined : Number(m[1]) * unit;
}

/** A redirect of standard output into a file (not a device such as `/dev/null`). */
function outputToFile(inv: Invocation): boolean {
  return inv.redirects.some((x) => /^(>|>>|>\||&>|&>>)$/.test(x.op) && !plain(x.target).startsWith('/dev/'));
}

/** The programs detectDiskFill looks at. */
export const DISK_FILL_PROGRAMS = () => ['dd', 'cat', 'pv', 'tail', 'yes'];

export function detectDiskFill(inv: Invocation, r: Reporter): void {
  const p = inv.program;
  const words = inv.args.map((w) => plain(w));
  let fills = false;
  if (p === 'dd') {
    const op = (name: string) => words.find((w) => w.startsWith(`${name}=`))?.slice(name.length + 1);
    const source = op('if');
    const target = op('of');
    const toFile = target !== undefined ? !target.startsWith('/dev/') : outputToFile(inv);
    if (source !== undefined && ENDLESS.test(source) && toFile) {
      const count = op('count');
      const block = size(op('bs') ?? op('obs') ?? op('ibs')) ?? 512;
      const n = count === undefined ? undefined : size(count);
      fills = n === undefined ? count === undefined : n * block >= GIB;
    }
  } else if ((p === 'cat' || p === 'pv' || p === 'tail') && words.some((w) => ENDLESS.test(w))) {
    fills = outputToFile(inv);
  } else if (p === 'yes') fills = outputToFile(inv);
  if (fills)
    r.hit('system_shutdown', `\`${p}\` writes without end into a file: it fills the disk`, inv.segment);
}
