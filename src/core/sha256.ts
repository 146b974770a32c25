/**
 * SHA-256 (FIPS 180-4) in plain JavaScript, for the short texts a hook call hashes (the audit subject, cache
 * keys): `node:crypto` loads 37 Node modules (the whole stream stack) on first use, which cost a hook process
 * more than hashing a few kilobytes here (docs/decisions/0052-hook-cold-start-without-crypto.md). Larger inputs
 * go to `node:crypto` (see sha256Hex in ./canonical-json.ts). Pure; the same digest as `node:crypto` for every
 * input (tested against it).
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** Runs the compression function over the 64-byte blocks of `b` in [off, end). */
function compress(state: Int32Array, w: Int32Array, b: Uint8Array, off: number, end: number): void {
  let h0 = state[0] as number;
  let h1 = state[1] as number;
  let h2 = state[2] as number;
  let h3 = state[3] as number;
  let h4 = state[4] as number;
  let h5 = state[5] as number;
  let h6 = state[6] as number;
  let h7 = state[7] as number;
  for (let at = off; at < end; at += 64) {
    for (let i = 0; i < 16; i++) {
      const j = at + i * 4;
      w[i] =
        ((b[j] as number) << 24) |
        ((b[j + 1] as number) << 16) |
        ((b[j + 2] as number) << 8) |
        (b[j + 3] as number);
    }
    for (let i = 16; i < 64; i++) {
      const x = w[i - 15] as number;
      const y = w[i - 2] as number;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) | 0;
    }
    let a = h0;
    let bb = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let f = h5;
    let g = h6;
    let h = h7;
    for (let i = 0; i < 64; i++) {
      const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (h + s1 + ((e & f) ^ (~e & g)) + (K[i] as number) + (w[i] as number)) | 0;
      const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (s0 + ((a & bb) ^ (a & c) ^ (bb & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = bb;
      bb = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + bb) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + h) | 0;
  }
  state.set([h0, h1, h2, h3, h4, h5, h6, h7]);
}

/** The sha256 of `bytes` as 64 lowercase hex digits. */
export function sha256BytesHex(bytes: Uint8Array): string {
  const state = new Int32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Int32Array(64);
  const n = bytes.length;
  const full = n - (n % 64);
  compress(state, w, bytes, 0, full);
  // The padding: 0x80, zeros, then the length in bits as a 64-bit big-endian number.
  const tail = new Uint8Array(n - full < 56 ? 64 : 128);
  tail.set(bytes.subarray(full));
  tail[n - full] = 0x80;
  const high = Math.floor(n / 0x20000000); // n * 8 / 2^32
  const low = (n * 8) >>> 0;
  const last = tail.length;
  new DataView(tail.buffer).setUint32(last - 8, high);
  new DataView(tail.buffer).setUint32(last - 4, low);
  compress(state, w, tail, 0, last);
  let out = '';
  for (let i = 0; i < 8; i++) out += ((state[i] as number) >>> 0).toString(16).padStart(8, '0');
  return out;
}
