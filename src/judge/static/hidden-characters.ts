/**
 * Hidden characters (S02): zero-width characters, bidirectional controls and Unicode tag characters,
 * which a reader cannot see and a model reads. Allowed: a leading byte-order mark, a zero-width joiner
 * inside an emoji sequence, tag characters inside an emoji flag sequence. Pure.
 */

export interface HiddenHit {
  line: number;
  kinds: string[];
  count: number;
  /** Tag characters decoded to ASCII, when they spell text (smuggled instructions). */
  smuggled?: string;
}

const PICTO = /\p{Extended_Pictographic}/u;
const isZeroWidth = (cp: number) =>
  cp === 0x200b || cp === 0x200c || cp === 0x2060 || (cp >= 0x2061 && cp <= 0x2064) || cp === 0x180e;
const isBidi = (cp: number) => (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
const isTag = (cp: number) => cp >= 0xe0000 && cp <= 0xe007f;

const ANY_SUSPECT =
  /[\u180E\u200B-\u200D\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|\uDB40[\uDC00-\uDC7F]/;

export function findHiddenCharacters(text: string): HiddenHit[] {
  if (!ANY_SUSPECT.test(text)) return [];
  const hits = new Map<number, HiddenHit>();
  const chars = Array.from(text);
  let line = 1;
  let inFlag = false;
  const note = (kind: string, smuggledChar?: string) => {
    const hit = hits.get(line) ?? { line, kinds: [], count: 0 };
    if (!hit.kinds.includes(kind)) hit.kinds.push(kind);
    hit.count += 1;
    if (smuggledChar !== undefined) hit.smuggled = (hit.smuggled ?? '') + smuggledChar;
    hits.set(line, hit);
  };
  chars.forEach((ch, i) => {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '\n') {
      line += 1;
      inFlag = false;
      return;
    }
    if (cp === 0x1f3f4) inFlag = true;
    if (isTag(cp)) {
      if (inFlag) {
        if (cp === 0xe007f) inFlag = false;
        return;
      }
      note('unicode-tag', cp >= 0xe0020 && cp <= 0xe007e ? String.fromCharCode(cp - 0xe0000) : undefined);
      return;
    }
    if (cp === 0xfeff) {
      if (i !== 0) note('zero-width');
      return;
    }
    if (cp === 0x200d) {
      const before = chars[i - 1] ?? '';
      const after = chars[i + 1] ?? '';
      const emoji =
        (PICTO.test(before) || /[\u{FE0F}\u{1F3FB}-\u{1F3FF}]/u.test(before)) && PICTO.test(after);
      if (!emoji) note('zero-width');
      return;
    }
    if (isZeroWidth(cp)) note('zero-width');
    else if (isBidi(cp)) note('bidi-control');
  });
  return [...hits.values()];
}
