/**
 * What `printf FORMAT` prints when the format alone says it exactly: no conversion (`%`), and only the escapes
 * `\n`, `\t` and `\\`, which every printf (bash's, dash's, coreutils') reads the same way. Any other escape
 * (octal, `\x`, `\c`, `\e`) or a conversion makes the text not known here. Pure.
 */

/** The text printed, or undefined when the format holds a conversion or another escape. */
export function printfText(format: string): string | undefined {
  if (format.includes('%')) return undefined;
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i] as string;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = format[i + 1];
    if (next === 'n') out += '\n';
    else if (next === 't') out += '\t';
    else if (next === '\\') out += '\\';
    else return undefined;
    i++;
  }
  return out;
}
