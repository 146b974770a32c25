/**
 * Spellings bash reads as the same simple command: its words quoted, the program named by its path, escaped or
 * split by empty quotes, short options apart or together. A command that is not known safe must stay not known safe
 * in each. Only simple commands are respelled (no quote, operator, expansion or glob): their words split on blanks
 * exactly as bash splits them. Pure.
 */

/** A command whose words are plain: none of bash's quotes, operators, expansions or globs. */
const SIMPLE = /^[^|;&<>()$`"'\\\n{}*?[\]#!]+$/;
/** A word bash reads the same quoted (no tilde, which quoting would keep literal). */
const QUOTABLE = /^[A-Za-z0-9_./:=@%+,-]+$/;

/** The words of a simple command, or undefined when it is not one. */
export function simpleWords(command: string): string[] | undefined {
  if (!SIMPLE.test(command)) return undefined;
  const words = command.trim().split(/\s+/);
  return words.length > 0 && /^[A-Za-z][\w.+-]*$/.test(words[0] ?? '') ? words : undefined;
}

/** Each takes the words of a simple command and gives another spelling of it, or undefined when it has none. */
export const SPELLINGS: readonly {
  name: string;
  respell: (words: readonly string[]) => string | undefined;
}[] = [
  {
    name: 'every word quoted',
    respell: (w) => w.map((x) => (QUOTABLE.test(x) ? `'${x}'` : x)).join(' '),
  },
  { name: 'program escaped', respell: (w) => [`\\${w[0]}`, ...w.slice(1)].join(' ') },
  {
    name: 'program split by empty quotes',
    respell: (w) => {
      const p = w[0] ?? '';
      return p.length < 2 ? undefined : [`${p[0]}''${p.slice(1)}`, ...w.slice(1)].join(' ');
    },
  },
  { name: 'program by /usr/bin path', respell: (w) => [`/usr/bin/${w[0]}`, ...w.slice(1)].join(' ') },
  {
    name: 'short options apart',
    respell: (w) => {
      if (!w.some((x) => /^-[A-Za-z]{2,}$/.test(x))) return undefined;
      return w
        .flatMap((x) => (/^-[A-Za-z]{2,}$/.test(x) ? [...x.slice(1)].map((c) => `-${c}`) : [x]))
        .join(' ');
    },
  },
  {
    name: 'short flags together',
    respell: (w) => {
      const out: string[] = [];
      for (const x of w) {
        const last = out[out.length - 1];
        if (/^-[A-Za-z]$/.test(x) && last !== undefined && /^-[A-Za-z]+$/.test(last) && out.length > 1)
          out[out.length - 1] = last + x.slice(1);
        else out.push(x);
      }
      return out.length === w.length ? undefined : out.join(' ');
    },
  },
  {
    name: 'extra blanks',
    respell: (w) => `  ${w.join('   ')}  `,
  },
];
