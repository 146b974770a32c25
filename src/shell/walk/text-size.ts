/**
 * How big a command is for the parser, counted on its text before it is parsed: its words and its command
 * separators (runs of `;`, `|`, `&`, and newlines), outside single quotes and here-document bodies. Parsing and
 * walking cost grows with these (a node per word, a segment per separator), not with characters: `true;true;...`
 * of 25 KB costs as much as 100 KB of one quoted string. One linear pass; an upper bound on what the parser
 * builds (double-quoted text is counted as if unquoted, since `"$(a; b)"` parses inside). Pure.
 * Never decides: analyze-shell.ts compares the counts with its bounds.
 */

export interface TextSize {
  words: number;
  separators: number;
}

const BLANK = new Set([' ', '\t', '\r']);
const OPERATOR = new Set([';', '|', '&']);
/** Characters that end a word besides blanks and separators. */
const WORD_END = new Set(['(', ')', '<', '>', '`']);

/** The delimiter word of a here-document opened at `i` (just past `<<` or `<<-`); quotes removed. */
function delimiter(text: string, i: number): { word: string; end: number } {
  let j = i;
  while (j < text.length && BLANK.has(text[j] as string)) j++;
  let word = '';
  while (j < text.length) {
    const c = text[j] as string;
    if (BLANK.has(c) || c === '\n' || OPERATOR.has(c) || WORD_END.has(c)) break;
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, j + 1);
      if (close < 0) break;
      word += text.slice(j + 1, close);
      j = close + 1;
      continue;
    }
    if (c !== '\\') word += c;
    j++;
  }
  return { word, end: j };
}

export function textSize(text: string, stopAt = Number.POSITIVE_INFINITY): TextSize {
  let words = 0;
  let separators = 0;
  let inWord = false;
  let quote: '"' | undefined;
  const pending: { word: string; tabs: boolean }[] = [];
  let i = 0;
  while (i < text.length && words + separators <= stopAt) {
    const c = text[i] as string;
    if (c === '\\') {
      if (!inWord) words++;
      inWord = true;
      i += 2;
      continue;
    }
    if (c === "'" && quote === undefined) {
      // A single-quoted string is part of one word and parses as one node.
      if (!inWord) words++;
      inWord = true;
      const close = text.indexOf("'", i + 1);
      i = close < 0 ? text.length : close + 1;
      continue;
    }
    if (c === '"') {
      if (!inWord) words++;
      inWord = true;
      quote = quote === undefined ? '"' : undefined;
      i++;
      continue;
    }
    if (c === '<' && text[i + 1] === '<' && text[i + 2] !== '<') {
      const tabs = text[i + 2] === '-';
      const d = delimiter(text, i + (tabs ? 3 : 2));
      if (d.word !== '') pending.push({ word: d.word, tabs });
      words++;
      inWord = false;
      i = d.end;
      continue;
    }
    if (c === '\n') {
      separators++;
      inWord = false;
      i++;
      // Here-document bodies start at the end of the line that opened them; each is one node however long.
      for (const h of pending) {
        for (;;) {
          if (i >= text.length) break;
          const eol = text.indexOf('\n', i);
          const line = text.slice(i, eol < 0 ? text.length : eol);
          i = eol < 0 ? text.length : eol + 1;
          if ((h.tabs ? line.replace(/^\t+/, '') : line) === h.word) break;
        }
        words++;
      }
      pending.length = 0;
      continue;
    }
    if (BLANK.has(c)) {
      inWord = false;
      i++;
      continue;
    }
    if (OPERATOR.has(c)) {
      separators++;
      while (i < text.length && OPERATOR.has(text[i] as string)) i++;
      inWord = false;
      continue;
    }
    if (WORD_END.has(c)) {
      words++;
      inWord = false;
      i++;
      continue;
    }
    if (!inWord) words++;
    inWord = true;
    i++;
  }
  return { words, separators };
}
