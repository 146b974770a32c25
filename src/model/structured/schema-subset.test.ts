import { describe, expect, it } from 'vitest';
import { checkSchemaSubset, isSchemaName } from './schema-subset';

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  additionalProperties: false,
  properties,
  required: Object.keys(properties),
  ...extra,
});

describe('checkSchemaSubset', () => {
  it.each([
    ['a flat object', obj({ a: { type: 'string' }, b: { type: 'integer' } })],
    [
      'enums and descriptions',
      obj({ risk: { type: 'string', enum: ['low', 'high'], description: 'how bad' } }),
    ],
    ['nested arrays of objects', obj({ list: { type: 'array', items: obj({ q: { type: 'string' } }) } })],
    ['a nullable string', obj({ quote: { type: ['string', 'null'] } })],
  ])('accepts %s', (_name, schema) => {
    expect(checkSchemaSubset(schema)).toEqual({ ok: true });
  });

  it.each([
    ['minItems', obj({ l: { type: 'array', items: { type: 'string' }, minItems: 1 } }), '$.l'],
    ['pattern', obj({ s: { type: 'string', pattern: 'x' } }), '$.s'],
    ['an open object', { type: 'object', properties: {}, required: [] }, '$'],
    ['an optional property', { ...obj({ a: { type: 'string' } }), required: [] }, '$'],
    ['a missing type', obj({ a: { description: 'x' } }), '$.a'],
    ['a numeric enum', obj({ a: { type: 'integer', enum: [1, 2] } }), '$.a'],
    ['an array without items', obj({ a: { type: 'array' } }), '$.a[]'],
    ['$ref', obj({ a: { $ref: '#/x' } }), '$.a'],
  ])('refuses %s', (_name, schema, path) => {
    expect(checkSchemaSubset(schema)).toMatchObject({ ok: false, path });
  });

  it.each([
    ['answer', true],
    ['check-reviewer_v2', true],
    ['has space', false],
    ['x'.repeat(65), false],
  ])('schema name %s: %s', (name, want) => {
    expect(isSchemaName(name)).toBe(want);
  });
});
