/**
 * The compiled policy of action review: the sealed floor, the bundled default policy and the effective
 * `[check]` config, joined into one value with the version and sha256 every decision records.
 * Pure: takes parsed JSON and the effective config; reads nothing.
 * INVARIANT: the floor is the bundled never-grant and catastrophic categories plus `floor_extra`; nothing removes
 * one. A problem in a bundled file is `rules-invalid`; a problem in the config is `config-invalid`.
 */

import type { ArgumentRuleSpec, Config } from '../../config';
import { type Basis, contentHash, isCategory, type PolicyRef } from '../../core';
import { type Catalogue, compileCatalogue } from '../catalogue';
import { type PathTable, parsePathTable } from '../paths/path-table';
import type { ReviewerPolicy } from '../reviewer/review-input';
import type { ScopeName } from '../rules/argument-rule';
import { type PermissionRule, parsePermissionRule } from '../rules/permission-rule';
import {
  FLOOR_FILE_SCHEMA,
  type FloorFile,
  POLICY_FILE_SCHEMA,
  type PolicyFile,
  parseWith,
} from './policy-files';
import { reviewerPolicyOf } from './reviewer-section';

export type RuleSource = 'bundled' | 'config';
export type RuleDecision = 'allow' | 'review' | 'deny';

export interface SourcedRule {
  rule: PermissionRule;
  decision: RuleDecision;
  source: RuleSource;
}

export interface SourcedArgumentRule {
  spec: ArgumentRuleSpec;
  source: RuleSource;
}

export interface CompiledPolicy {
  ref: PolicyRef;
  mode: Config['check']['mode'];
  timeoutMs: number;
  floor: ReadonlySet<string>;
  presumeDeny: ReadonlySet<string>;
  reviewCategories: ReadonlySet<string>;
  readScopes: readonly ScopeName[];
  writeScopes: readonly ScopeName[];
  unlisted: 'allow' | 'review';
  /** The safe catalogue (rules/check-safe.json): what is known safe, indexed by program. */
  catalogue: Catalogue;
  /** `[check] script_files`: whether and how script files a shell runs are read. */
  scriptFiles: Config['check']['script_files'];
  statedHosts: readonly string[];
  packageSources: readonly string[];
  rules: readonly SourcedRule[];
  argumentRules: readonly SourcedArgumentRule[];
  /** `argumentRules` by the program they name, in the same order: a segment is tried only against its own. */
  argumentRulesByProgram: ReadonlyMap<string, readonly SourcedArgumentRule[]>;
  paths: PathTable;
  writable: readonly string[];
  tempDirs: readonly string[];
  workspaceRoots: readonly string[];
  sensitive: readonly string[];
  /** The model reviewer's policy as the bundled file states it (the seam lays the user's keys over it). */
  reviewer: ReviewerPolicy;
}

export interface PolicyInput {
  policyJson: unknown;
  floorJson: unknown;
  pathsJson: unknown;
  /** rules/check-safe.json, the safe catalogue. */
  safeJson: unknown;
  /** The runtime remembers this exact input's `ref.sha256` under this build: not hashed again (100 KB catalogue). */
  sha256?: string;
  check: Config['check'];
}

/**
 * The bundled rule files already checked whole (the build's record of them, ./prebuilt-rules.ts, whose texts
 * the runtime has seen to be byte for byte the ones it reads), with the policy's sha256.
 */
export interface ValidatedRules {
  policy: PolicyFile;
  floor: FloorFile;
  paths: PathTable;
  catalogue: Catalogue;
  sha256: string;
}

/** The `policy.sha256` every decision records: the canonical JSON of the checked files and the `[check]` config. */
export function policySha256(input: {
  policy: PolicyFile;
  floor: FloorFile;
  paths: PathTable;
  safeJson: unknown;
  check: Config['check'];
}): string {
  return contentHash({
    policy: input.policy,
    floor: input.floor,
    paths: input.paths,
    safe: input.safeJson,
    check: input.check,
  });
}

export type CompileResult =
  | { ok: true; policy: CompiledPolicy }
  | { ok: false; basis: Extract<Basis, 'rules-invalid' | 'config-invalid'>; problem: string };

function compileRules(
  texts: readonly string[],
  decision: RuleDecision,
  source: RuleSource,
  where: string,
): SourcedRule[] | string {
  const out: SourcedRule[] = [];
  for (const text of texts) {
    const parsed = parsePermissionRule(text);
    if (!parsed.ok) return `${where}.${decision}: ${parsed.problem}`;
    out.push({ rule: parsed.rule, decision, source });
  }
  return out;
}

function unknownCategory(list: readonly string[]): string | undefined {
  return list.find((c) => !isCategory(c));
}

/** The policy, floor and path table through their schemas; a problem names the file and key. */
export function checkRuleFiles(input: {
  policyJson: unknown;
  floorJson: unknown;
  pathsJson: unknown;
}): { ok: true; policy: PolicyFile; floor: FloorFile; paths: PathTable } | { ok: false; problem: string } {
  const policy = parseWith(POLICY_FILE_SCHEMA, input.policyJson, 'rules/check-policy.json');
  if (!policy.ok) return policy;
  const floor = parseWith(FLOOR_FILE_SCHEMA, input.floorJson, 'rules/check-floor.json');
  if (!floor.ok) return floor;
  const paths = parsePathTable(input.pathsJson);
  if (!paths.ok) return { ok: false, problem: `rules/check-paths.json: ${paths.problem}` };
  return { ok: true, policy: policy.value, floor: floor.value, paths: paths.value };
}

export function compilePolicy(input: PolicyInput): CompileResult {
  const files = checkRuleFiles(input);
  if (!files.ok) return { ok: false, basis: 'rules-invalid', problem: files.problem };
  const catalogue = compileCatalogue(input.safeJson);
  if (!catalogue.ok) return { ok: false, basis: 'rules-invalid', problem: catalogue.problem };
  const { policy, floor, paths } = files;
  const sha256 =
    input.sha256 ?? policySha256({ policy, floor, paths, safeJson: input.safeJson, check: input.check });
  return compileValidatedPolicy(
    { policy, floor, paths, catalogue: catalogue.catalogue, sha256 },
    input.check,
  );
}

/** The policy of rule files already checked whole, with the effective `[check]` config (checked here). */
export function compileValidatedPolicy(files: ValidatedRules, check: Config['check']): CompileResult {
  const p = files.policy;
  const floor = files.floor;
  const c = check;
  for (const [where, list] of [
    ['rules/check-floor.json: `never_grant`', floor.never_grant],
    ['rules/check-floor.json: `catastrophic`', floor.catastrophic],
    ['rules/check-policy.json: `presume_deny`', p.presume_deny],
    ['rules/check-policy.json: `review_categories`', p.review_categories],
  ] as const) {
    const bad = unknownCategory(list);
    if (bad !== undefined)
      return { ok: false, basis: 'rules-invalid', problem: `${where}: unknown category \`${bad}\`` };
  }
  for (const [key, list] of [
    ['floor_extra', c.floor_extra],
    ['presume_deny', c.presume_deny],
    ...c.rules.map((r) => [`rules.${r.id}.categories`, r.categories ?? []] as const),
  ] as const) {
    const bad = unknownCategory(list);
    if (bad !== undefined)
      return { ok: false, basis: 'config-invalid', problem: `\`check.${key}\`: unknown category \`${bad}\`` };
  }
  const rules: SourcedRule[] = [];
  for (const [texts, decision, source, where] of [
    [p.allow, 'allow', 'bundled', 'rules/check-policy.json: `allow`'],
    [p.review, 'review', 'bundled', 'rules/check-policy.json: `review`'],
    [p.deny, 'deny', 'bundled', 'rules/check-policy.json: `deny`'],
    [c.allow, 'allow', 'config', '`check'],
    [c.review, 'review', 'config', '`check'],
    [c.deny, 'deny', 'config', '`check'],
  ] as const) {
    const compiled = compileRules(texts, decision, source, where);
    if (typeof compiled === 'string') {
      return {
        ok: false,
        basis: source === 'bundled' ? ('rules-invalid' as const) : ('config-invalid' as const),
        problem: compiled,
      };
    }
    rules.push(...compiled);
  }
  const ids = new Set<string>();
  const argumentRules: SourcedArgumentRule[] = [];
  for (const [list, source] of [
    [p.rules, 'bundled'],
    [c.rules, 'config'],
  ] as const) {
    for (const spec of list) {
      if (ids.has(spec.id)) {
        return {
          ok: false,
          basis: source === 'bundled' ? ('rules-invalid' as const) : ('config-invalid' as const),
          problem: `rule id \`${spec.id}\` is used twice`,
        };
      }
      ids.add(spec.id);
      argumentRules.push({ spec, source });
    }
  }
  const argumentRulesByProgram = new Map<string, SourcedArgumentRule[]>();
  for (const r of argumentRules) {
    const same = argumentRulesByProgram.get(r.spec.program);
    if (same) same.push(r);
    else argumentRulesByProgram.set(r.spec.program, [r]);
  }
  const presumeDeny = new Set([...p.presume_deny, ...c.presume_deny]);
  const reviewer = reviewerPolicyOf(p.reviewer, presumeDeny);
  if (!reviewer.ok) return { ok: false, basis: 'rules-invalid', problem: reviewer.problem };
  const compiled: CompiledPolicy = {
    ref: {
      version: p.version,
      sha256: files.sha256,
    },
    mode: c.mode,
    timeoutMs: c.timeout_ms,
    floor: new Set([...floor.never_grant, ...floor.catastrophic, ...c.floor_extra]),
    presumeDeny,
    reviewCategories: new Set(p.review_categories),
    readScopes: p.read_scopes,
    writeScopes: p.write_scopes,
    // The file states the shipped default (review); `check.unlisted` (default review, merged so a repository only
    // tightens) decides, so a user may still choose `allow`.
    unlisted: c.unlisted,
    catalogue: files.catalogue,
    scriptFiles: c.script_files,
    statedHosts: [...p.stated_hosts, ...c.stated_hosts],
    packageSources: [...p.package_sources, ...c.package_sources],
    rules,
    argumentRules,
    argumentRulesByProgram,
    paths: files.paths,
    writable: c.writable,
    tempDirs: c.temp,
    workspaceRoots: c.workspace_roots,
    sensitive: c.sensitive,
    reviewer: reviewer.policy,
  };
  return { ok: true, policy: compiled };
}
