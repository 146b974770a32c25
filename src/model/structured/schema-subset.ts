/**
 * The JSON Schema subset every provider accepts for structured output (Anthropic and Bedrock tool input
 * schemas, OpenAI strict `json_schema`): objects with `additionalProperties: false` and every property
 * required, strings, enums of strings, numbers, integers, booleans, arrays, and `null` in a type list.
 * Length, count and pattern limits (minItems, maxLength, pattern, ...) are not sent: the caller's zod
 * schema enforces them in code. Pure.
 */

export type SubsetCheck = { ok: true } | { ok: false; path: string; problem: string };

const TYPES = new Set(['object', 'string', 'number', 'integer', 'boolean', 'array', 'null']);
const ALLOWED = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'description',
]);

export function checkSchemaSubset(schema: unknown, path = '$'): SubsetCheck {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { ok: false, path, problem: 'must be an object' };
  }
  const node = schema as Record<string, unknown>;
  for (const key of Object.keys(node)) {
    if (!ALLOWED.has(key))
      return { ok: false, path, problem: `keyword \`${key}\` is outside the shared subset` };
  }
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.length === 0 || !types.every((t) => typeof t === 'string' && TYPES.has(t))) {
    return {
      ok: false,
      path,
      problem: 'needs `type` from object, string, number, integer, boolean, array, null',
    };
  }
  if (node.description !== undefined && typeof node.description !== 'string') {
    return { ok: false, path, problem: '`description` must be a string' };
  }
  if (node.enum !== undefined) {
    if (
      !Array.isArray(node.enum) ||
      node.enum.length === 0 ||
      !node.enum.every((v) => typeof v === 'string')
    ) {
      return { ok: false, path, problem: '`enum` must be a non-empty list of strings' };
    }
  }
  if (types.includes('object')) {
    if (node.additionalProperties !== false) {
      return { ok: false, path, problem: 'an object needs `additionalProperties: false`' };
    }
    const props = node.properties;
    if (typeof props !== 'object' || props === null || Array.isArray(props)) {
      return { ok: false, path, problem: 'an object needs `properties`' };
    }
    const names = Object.keys(props).sort();
    const required = Array.isArray(node.required) ? [...node.required].map(String).sort() : [];
    if (names.join('\u0000') !== required.join('\u0000')) {
      return { ok: false, path, problem: '`required` must list every property (strict mode needs it)' };
    }
    for (const name of names) {
      const inner = checkSchemaSubset((props as Record<string, unknown>)[name], `${path}.${name}`);
      if (!inner.ok) return inner;
    }
  } else if (
    node.properties !== undefined ||
    node.additionalProperties !== undefined ||
    node.required !== undefined
  ) {
    return { ok: false, path, problem: 'object keywords on a non-object' };
  }
  if (types.includes('array')) {
    const inner = checkSchemaSubset(node.items, `${path}[]`);
    if (!inner.ok) return inner;
  } else if (node.items !== undefined) {
    return { ok: false, path, problem: '`items` on a non-array' };
  }
  return { ok: true };
}

/** Tool and response-format names: the strictest rule among the providers. */
export function isSchemaName(name: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(name);
}
