/**
 * "Did you mean": the known name nearest a mistyped one (edit distance, a transposition counting one), when
 * it is near enough to be the likely intent. Pure.
 */

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent transpositions. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** The nearest of `known` within 2 edits (1 for names of 3 letters or fewer), or a known name it starts; else none. */
export function didYouMean(typed: string, known: readonly string[]): string | undefined {
  const input = typed.toLowerCase();
  if (input.length === 0 || input.length > 40) return undefined;
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(input, name);
    if (!best || distance < best.distance) best = { name, distance };
  }
  const limit = input.length <= 3 ? 1 : 2;
  if (best && best.distance <= limit) return best.name;
  const prefix = known.filter((name) => input.length >= 3 && name.startsWith(input));
  return prefix.length === 1 ? prefix[0] : undefined;
}
