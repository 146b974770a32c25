// The bundled rule files against their published JSON Schemas (schema/check-*.schema.json), and the schemas
// against the loader: a file the schema rejects is one the loader rejects too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../catalogue';
import { parsePathTable } from '../paths/path-table';
import { FLOOR_FILE_SCHEMA, POLICY_FILE_SCHEMA, parseWith } from './policy-files';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const json = (p: string) => JSON.parse(readFileSync(`${root}${p}`, 'utf8'));
const ajv = new Ajv({ allErrors: true });

const loaders: Record<string, (v: unknown) => boolean> = {
  'check-policy': (v) => parseWith(POLICY_FILE_SCHEMA, v, 'x').ok,
  'check-floor': (v) => parseWith(FLOOR_FILE_SCHEMA, v, 'x').ok,
  'check-paths': (v) => parsePathTable(v).ok,
  'check-safe': (v) => compileCatalogue(v).ok,
};

describe.each(Object.keys(loaders))('%s', (name) => {
  const validate = ajv.compile(json(`schema/${name}.schema.json`));
  const file = json(`rules/${name}.json`);
  const load = loaders[name] as (v: unknown) => boolean;

  it('the bundled file validates against its schema and loads', () => {
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    expect(load(file)).toBe(true);
  });

  it.each([
    ['an unknown key', (f: Record<string, unknown>) => ({ ...f, surprise: true })],
    ['no version', (f: Record<string, unknown>) => ({ ...f, version: undefined })],
    ['a version of zero', (f: Record<string, unknown>) => ({ ...f, version: 0 })],
  ])('schema and loader both reject %s', (_label, mutate) => {
    const bad = JSON.parse(JSON.stringify(mutate(file)));
    expect(validate(bad)).toBe(false);
    expect(load(bad)).toBe(false);
  });
});
