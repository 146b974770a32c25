/**
 * The first step of every harness's payload reader: stdin parsed as one JSON object, or the one-line problem
 * that blocks the call. Never echoes the input (it may hold secrets or untrusted text).
 */

export function readJsonObject(stdin: string): Record<string, unknown> | string {
  let json: unknown;
  try {
    json = JSON.parse(stdin);
  } catch {
    return 'hook input is not valid JSON';
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return 'hook input must be a JSON object';
  return json as Record<string, unknown>;
}
