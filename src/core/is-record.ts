/**
 * The one guard for "a plain JSON object": not null, not an array. Pure; every module that reads untrusted
 * JSON by hand uses this rather than its own copy.
 */

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
