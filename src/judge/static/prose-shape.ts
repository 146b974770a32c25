/**
 * The shape of one prose line of an instruction file, where a check matched: a sentence that describes
 * what some other actor does ("A skill that instructs the agent to read ~/.ssh is misaligned", "Files
 * that resolve outside the folder can disguise reads of `~/.aws/credentials`"), or a list of terms
 * ("Credential theft: `security find-generic-password`, `keychain`"). Both document a behaviour; neither
 * tells the agent to do it. A directive word (must, should, always, you...) or a run verb keeps the line
 * an instruction. Also the shape of a string literal in code: a sentence the program prints or compares
 * is a message (data), a path or a string handed to a shell is not. Pure; linear in the line.
 */

/** Words that open a declarative sentence about someone else: determiners and quantifiers. */
const DETERMINER =
  /^(a|an|the|any|each|every|some|such|this|these|those|its|their|no|many|most|all|other|another)$/i;

/** Words that make a sentence a directive, whatever its first word. */
const DIRECTIVE =
  /\b(must|should|shall|need(s)? to|ha(s|ve) to|always|make sure|be sure|you|your|please|now|first|then|next)\b/i;

/** A relative clause: the sentence is about a thing that does the act. */
const RELATIVE = /\b(that|which|who)\s+\S/i;

/** Label words that make a term list a list of steps to run. */
const RUN_VERB = /\b(run|execute|exec|type|paste|enter|call|invoke|use|do|step|then|first|next|install)\b/i;

/** The line without its list marker, emphasis and leading quote marks; keeps the column offset. */
function bodyStart(line: string): number {
  const m = /^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:[*_"']+)?/.exec(line);
  return m ? m[0].length : 0;
}

/** The sentence of `line` that holds column `col`: from the last sentence or label break before it. */
function sentenceBefore(line: string, col: number): string {
  const start = bodyStart(line);
  let from = start;
  for (let i = start; i < col && i < line.length - 1; i++) {
    const c = line[i];
    if ((c === '.' || c === '!' || c === '?' || c === ':' || c === ';') && line[i + 1] === ' ') from = i + 2;
  }
  return line.slice(from, col).replace(/^[*_"'\s]+/, '');
}

/** A first word that cannot be an imperative: a determiner, or a plural noun (`Files`, `Scripts`). */
function declarativeOpening(sentence: string): boolean {
  const first = /^[A-Za-z]+/.exec(sentence)?.[0] ?? '';
  if (first === '') return false;
  return DETERMINER.test(first) || /^[a-z]*[^sui]s$/i.test(first);
}

/**
 * The match at `col` sits in a sentence that describes what another actor does: it opens with a
 * determiner or a plural noun, holds a relative clause before the match, and no directive word.
 */
export function describesAct(line: string, col: number): boolean {
  const sentence = sentenceBefore(line, col);
  if (!declarativeOpening(sentence) || !RELATIVE.test(sentence)) return false;
  const rest = line.slice(col);
  const end = /[.!?](\s|$)/.exec(rest);
  const whole = sentence + rest.slice(0, end ? end.index : rest.length);
  return !DIRECTIVE.test(whole);
}

/**
 * The line is a term list and `col` falls in its terms: a short label ending in `:` (no run verb),
 * then two or more code spans joined only by commas, slashes, `or`, `and`, with an optional `etc.`.
 */
export function termList(line: string, col: number): boolean {
  const start = bodyStart(line);
  const body = line.slice(start);
  const m = /^([^`:]{1,60}?)\**:\**\s+/.exec(body);
  if (!m) return false;
  const label = m[1] ?? '';
  if (RUN_VERB.test(label)) return false;
  const terms = body.slice(m[0].length).trimEnd();
  if (!/^`[^`]+`(\s*(,|\/|;|\bor\b|\band\b)\s*`[^`]+`)+(,?\s*(etc\.?|\.\.\.))?\.?$/i.test(terms))
    return false;
  return col >= start + m[0].length;
}

/** A call that hands its string to a shell or an interpreter: its text is a command, never a message. */
const RUNS_STRING =
  /\b(system|popen|exec\w*|spawn\w*|subprocess\.\w+|run|call|check_output|eval|Function|shell_exec|passthru)\s*\(\s*\[?\s*[fbr]?$/i;

/**
 * `col` lies in a string literal of code that reads as a sentence (a message the program prints or
 * compares: five or more words, starting with a capital letter), not a path or a command handed to a
 * shell. Quotes are tracked with escapes, in one pass.
 */
export function proseString(line: string, col: number): boolean {
  let quote = '';
  let open = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== '') {
      if (c === '\\') i++;
      else if (c === quote) {
        if (open < col && col < i) return sentenceLiteral(line, open, i);
        quote = '';
      }
    } else if (c === '"' || c === "'" || c === '`') {
      quote = c;
      open = i;
    } else if (i > col) return false;
  }
  return false;
}

function sentenceLiteral(line: string, open: number, close: number): boolean {
  if (RUNS_STRING.test(line.slice(0, open))) return false;
  const text = line.slice(open + 1, close).trim();
  const words = text.match(/[A-Za-z]{2,}/g) ?? [];
  return /^[A-Z][a-z]/.test(text) && words.length >= 5 && !/[|;&]|\$\(/.test(text);
}
