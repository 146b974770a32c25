/**
 * What `printf FORMAT [ARG…]` prints when the format says it exactly: conversions `%s` and `%%` only (each `%s`
 * takes the next argument as it is, an empty one when they run out; the format is used again while arguments
 * remain, as every printf does), and only the escapes `\n`, `\t` and `\\`, which every printf (bash's, dash's,
 * coreutils') reads the same way. Any other escape (octal, `\x`, `\c`, `\e`) or conversion makes the text not
 * known here. Pure.
 */

type Piece = { text: string } | { arg: true };

/** The format's pieces, or undefined when it holds another conversion or escape. */
function pieces(format: string): Piece[] | undefined {
  const out: Piece[] = [];
  let text = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i] as string;
    const next = format[i + 1];
    if (c === '%') {
      if (next === '%') text += '%';
      else if (next === 's') {
        out.push({ text }, { arg: true });
        text = '';
      } else return undefined;
      i++;
    } else if (c === '\\') {
      if (next === 'n') text += '\n';
      else if (next === 't') text += '\t';
      else if (next === '\\') text += '\\';
      else return undefined;
      i++;
    } else text += c;
  }
  out.push({ text });
  return out;
}

/** The text printed, or undefined when the format holds another conversion or escape. */
export function printfText(format: string, args: readonly string[] = []): string | undefined {
  const parts = pieces(format);
  if (parts === undefined) return undefined;
  const takes = parts.filter((p) => 'arg' in p).length;
  let out = '';
  let k = 0;
  do {
    for (const p of parts) out += 'arg' in p ? (args[k++] ?? '') : p.text;
  } while (takes > 0 && k < args.length);
  return out;
}

/** What `printf WORDS…` prints (its words decoded), or undefined: `printf -v NAME` prints nothing; `--` ends options. */
export function printfOutput(words: readonly string[]): string | undefined {
  const ended = words[0] === '--';
  const [format, ...rest] = ended ? words.slice(1) : words;
  if (format === undefined || (format.startsWith('-') && !ended)) return undefined;
  return printfText(format, rest);
}
