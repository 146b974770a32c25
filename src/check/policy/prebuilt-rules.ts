/**
 * The bundled rule files as the build checked them (docs/decisions/0037-rules-checked-at-build.md): each file's
 * sha256, the schemas' output for the policy, floor and path table, and where each entry of the safe catalogue
 * is in its text. A load whose files hash to the recorded values uses this record instead of parsing and
 * validating them again, and compiles a catalogue entry only when its program is first met; a file that differs
 * in one byte is checked whole as before, so an invalid one still ends every decision with `rules-invalid`.
 * Pure: takes the files' texts and hashes; reads nothing.
 */

import { sha256Hex } from '../../core';
import { type CatalogueIndex, catalogueFromIndex, indexCatalogue } from '../catalogue';
import { type PathTable, parsePathTable } from '../paths/path-table';
import type { ValidatedRules } from './compiled-policy';
import {
  FLOOR_FILE_SCHEMA,
  type FloorFile,
  POLICY_FILE_SCHEMA,
  type PolicyFile,
  parseWith,
} from './policy-files';

/** The bundled rule files of action review, in the order the runtime reads them. */
export const RULE_FILES = [
  'check-policy.json',
  'check-floor.json',
  'check-paths.json',
  'check-safe.json',
] as const;
export type RuleFileName = (typeof RULE_FILES)[number];

export interface PrebuiltRules {
  /** The sha256 of each file's UTF-8 text, as the build read it. */
  sha256: Record<RuleFileName, string>;
  policy: PolicyFile;
  floor: FloorFile;
  paths: PathTable;
  catalogue: CatalogueIndex;
}

function parseJson(
  name: string,
  text: string,
): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, problem: `rules/${name}: is not valid JSON` };
  }
}

/** Build time: checks the four files whole and records them; a problem (one line, naming file and key) fails the build. */
export function prebuildRules(
  texts: Readonly<Record<RuleFileName, string>>,
): { ok: true; rules: PrebuiltRules } | { ok: false; problem: string } {
  const json: Partial<Record<RuleFileName, unknown>> = {};
  for (const name of RULE_FILES) {
    const parsed = parseJson(name, texts[name]);
    if (!parsed.ok) return parsed;
    json[name] = parsed.value;
  }
  const policy = parseWith(POLICY_FILE_SCHEMA, json['check-policy.json'], 'rules/check-policy.json');
  if (!policy.ok) return policy;
  const floor = parseWith(FLOOR_FILE_SCHEMA, json['check-floor.json'], 'rules/check-floor.json');
  if (!floor.ok) return floor;
  const paths = parsePathTable(json['check-paths.json']);
  if (!paths.ok) return { ok: false, problem: `rules/check-paths.json: ${paths.problem}` };
  const catalogue = indexCatalogue(texts['check-safe.json']);
  if (!catalogue.ok) return catalogue;
  const sha256 = Object.fromEntries(RULE_FILES.map((n) => [n, sha256Hex(texts[n])])) as Record<
    RuleFileName,
    string
  >;
  return {
    ok: true,
    rules: {
      sha256,
      policy: policy.value,
      floor: floor.value,
      paths: paths.value,
      catalogue: catalogue.index,
    },
  };
}

/**
 * The checked files, when every file read (its text and the sha256 of its bytes) is the one `prebuilt` records;
 * undefined when any differs (the caller then checks them whole). The policy's hash is the caller's.
 */
export function rulesFromPrebuilt(
  prebuilt: PrebuiltRules,
  files: Readonly<Record<RuleFileName, { text: string; sha256: string }>>,
): Omit<ValidatedRules, 'sha256'> | undefined {
  for (const name of RULE_FILES) if (files[name].sha256 !== prebuilt.sha256[name]) return undefined;
  return {
    policy: prebuilt.policy,
    floor: prebuilt.floor,
    paths: prebuilt.paths,
    catalogue: catalogueFromIndex(files['check-safe.json'].text, prebuilt.catalogue),
  };
}
