/**
 * Bash brace expansion on a decoded word (quoted braces are already sentinels): `a{b,c}` -> `ab`, `ac`;
 * `{1..3}` -> `1`, `2`, `3`. Pure. Caps the result at `limit` words so a hostile word cannot explode.
 */

function findGroup(text: string): { open: number; close: number; parts: string[] } | undefined {
  for (let open = text.indexOf('{'); open >= 0; open = text.indexOf('{', open + 1)) {
    let depth = 0;
    const commas: number[] = [];
    for (let i = open; i < text.length; i++) {
      const c = text[i];
      if (c === '{') depth++;
      else if (c === '}') {
        depth--;
        if (depth === 0) {
          const inner = text.slice(open + 1, i);
          if (commas.length > 0) {
            const parts: string[] = [];
            let start = open + 1;
            for (const at of commas) {
              parts.push(text.slice(start, at));
              start = at + 1;
            }
            parts.push(text.slice(start, i));
            return { open, close: i, parts };
          }
          const range = /^(-?\d+|[a-zA-Z])\.\.(-?\d+|[a-zA-Z])$/.exec(inner);
          if (range) return { open, close: i, parts: expandRange(range[1] ?? '', range[2] ?? '') };
          break;
        }
      } else if (c === ',' && depth === 1) commas.push(i);
    }
  }
  return undefined;
}

function expandRange(from: string, to: string): string[] {
  const numeric = /^-?\d+$/.test(from) && /^-?\d+$/.test(to);
  const a = numeric ? Number(from) : from.charCodeAt(0);
  const b = numeric ? Number(to) : to.charCodeAt(0);
  const out: string[] = [];
  const step = a <= b ? 1 : -1;
  for (let i = a; step > 0 ? i <= b : i >= b; i += step) {
    out.push(numeric ? String(i) : String.fromCharCode(i));
    if (out.length > 256) break;
  }
  return out;
}

export function expandBraces(text: string, limit = 256): string[] {
  const group = findGroup(text);
  if (!group) return [text];
  const head = text.slice(0, group.open);
  const tail = text.slice(group.close + 1);
  const out: string[] = [];
  for (const part of group.parts) {
    for (const word of expandBraces(head + part + tail, limit)) {
      out.push(word);
      if (out.length >= limit) return out;
    }
  }
  return out;
}
