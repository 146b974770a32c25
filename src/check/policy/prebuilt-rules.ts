/**
 * The bundled rule files as the build checked them (docs/decisions/0037-rules-checked-at-build.md): each file's
 * sha256, the schemas' output for the policy, floor and path table, and where each entry of the safe catalogue
 * is in its text. A load whose files hash to the recorded values uses this record instead of parsing and
 * validating them again, and compiles a catalogue entry only when its program is first met; a file that differs
 * in one byte is checked whole as before, so an invalid one still ends every decision with `rules-invalid`.
 * Pure: takes the files' texts and hashes; reads nothing.
 */

import { sha256Hex } from '../../core';
import { type CatalogueIndex, type CatalogueText, catalogueFromIndex, indexCatalogue } from '../catalogue';
import type { PathTable } from '../paths/path-table';
import { checkRuleFiles, type ValidatedRules } from './compiled-policy';
import type { FloorFile, PolicyFile } from './policy-files';

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

/** A rule file's text as JSON; the problem names `file`. */
export function parseRuleJson(
  file: string,
  text: string,
): { ok: true; value: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, problem: `${file}: is not valid JSON` };
  }
}

/** Build time: checks the four files whole and records them; a problem (one line, naming file and key) fails the build. */
export function prebuildRules(
  texts: Readonly<Record<RuleFileName, string>>,
): { ok: true; rules: PrebuiltRules } | { ok: false; problem: string } {
  const json: Partial<Record<RuleFileName, unknown>> = {};
  for (const name of RULE_FILES) {
    const parsed = parseRuleJson(`rules/${name}`, texts[name]);
    if (!parsed.ok) return parsed;
    json[name] = parsed.value;
  }
  const files = checkRuleFiles({
    policyJson: json['check-policy.json'],
    floorJson: json['check-floor.json'],
    pathsJson: json['check-paths.json'],
  });
  if (!files.ok) return files;
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
      policy: files.policy,
      floor: files.floor,
      paths: files.paths,
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
  files: Readonly<Record<RuleFileName, { text: string; sha256: string; slice?: CatalogueText['slice'] }>>,
): Omit<ValidatedRules, 'sha256'> | undefined {
  for (const name of RULE_FILES) if (files[name].sha256 !== prebuilt.sha256[name]) return undefined;
  const safe = files['check-safe.json'];
  return {
    policy: prebuilt.policy,
    floor: prebuilt.floor,
    paths: prebuilt.paths,
    // A file that can be read a part at a time is: only the entries of the programs met are decoded.
    catalogue: catalogueFromIndex(safe.slice ? { slice: safe.slice } : safe.text, prebuilt.catalogue),
  };
}
