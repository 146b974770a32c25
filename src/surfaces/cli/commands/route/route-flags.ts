/** The flag reader `gavel route` and `gavel route calibrate` share. Pure. */

import type { ParsedArgs } from '../../command';

/** A string flag's value, or undefined. */
export function str(args: ParsedArgs, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
}
