/**
 * Loads everything action review needs at the seam: the three bundled rule files, the effective config
 * (user file, GAVEL_* variables, the project's gavel.toml), the compiled policy with its examples checked, and
 * the injected shell analyzer. Reads files; decides nothing. Never half used: any problem is returned as a
 * value with basis `rules-invalid` or `config-invalid` and a one-line message naming the file and key.
 */

import { isAscii } from 'node:buffer';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  type BreakerStore,
  type CheckDeps,
  type CompileResult,
  checkExamples,
  compilePolicy,
  compileValidatedPolicy,
  type PrebuiltRules,
  parseRuleJson,
  policySha256,
  type RequestDefaults,
  RULE_FILES,
  type RuleFileName,
  rulesFromPrebuilt,
} from '../../check';
import {
  type Config,
  findProjectRoot,
  formatProblem,
  loadConfig,
  userConfigDir,
  userHome,
} from '../../config';
import { type Basis, type Clock, sha256Hex } from '../../core';
import type { RunShared } from '../../model';
import { pinnedGitPaths } from '../../reader';
import type { ModelOptions } from '../model-options';
import { auditLogFor } from './audit-seam';
import { BUILD_ID } from './build-id';
import { examplesCacheKey, examplesPassed, rememberExamplesPassed } from './examples-cache';
import { policyShaKey, rememberedPolicySha, rememberPolicySha } from './policy-sha-cache';
import { bundledPrebuiltRules } from './prebuilt';
import { readScriptFile } from './read-script';
import { realPathOf } from './real-path';
import { reviewerForSurfaces, type SurfaceReviewer, userStateDir } from './reviewer-seam';
import { analyzeShellForSurfaces } from './shell-seam';
import { openStamps, type Stamps } from './verified-hash';

export { RULE_FILES };

export interface RuntimeOptions {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  clock: Clock;
  /** Tests only: where the rule files are; otherwise found beside the running code. */
  rulesDir?: string;
  /** CLI runs: where the model's egress line goes (stderr). Hooks print nothing of it. */
  announce?: (line: string) => void;
  /** A bound on one model review (a hook's deadline). */
  maxReviewMs?: number;
  /** CLI runs: the model flags (`--model`, cache, `--estimate`); hooks take none. */
  modelFlags?: ModelOptions;
  /** Tests only: the build id keying the examples cache (./examples-cache.ts); the bundle's own otherwise. */
  buildId?: string;
  /**
   * Tests only: the stamp of the rule files' verified hashes (./verified-hash.ts), or undefined for none; the
   * bundle's own (dist/rules.verified) otherwise, none from source.
   */
  stampFile?: string | undefined;
  /** Tests only: the build's record of its rule files (./prebuilt.ts); the bundle's own otherwise. */
  prebuilt?: PrebuiltRules;
  /** The decision service with `[serve] redis_url`: the reviewer's breaker store shared by its replicas. */
  openBreaker?: () => BreakerStore;
  /** The decision service with `[serve] redis_url`: the reply cache and run caps its replicas share. */
  sharedRun?: (policySha256: string) => RunShared;
}

export type Runtime =
  | {
      ok: true;
      deps: CheckDeps;
      config: Config;
      projectRoot: string;
      defaults: RequestDefaults;
      rulesDir: string;
      notices: string[];
      /** Mode `auto` with a model: the reviewer, and its records for the audit line. */
      review?: SurfaceReviewer;
    }
  | { ok: false; basis: Extract<Basis, 'rules-invalid' | 'config-invalid'>; problem: string };

/** The nearest `rules/` folder holding the floor file, walking up from this code (the bundle or the source). */
export function findRulesDir(): string | undefined {
  // The bundle's folder: `import.meta.dirname` is `__dirname` in the hook bundle, which a URL would cost node:url.
  let dir = import.meta.dirname;
  for (;;) {
    if (existsSync(join(dir, 'rules', 'check-floor.json'))) return join(dir, 'rules');
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * A rule file read: its text is decoded on first use, and `slice` decodes a part of it (what the text's `slice`
 * gives). The catalogue (0.4 MB) is read by entry through `slice`, so a hook call no longer makes the whole text a
 * string: that was the largest allocation of a call after the bundles, and a scavenge more (ADR 0094).
 */
type RuleFile = { readonly text: string; sha256: string; slice(start: number, end: number): string };

function ruleFile(bytes: Buffer, sha256: string): RuleFile {
  // ASCII read as latin1 is the same text as UTF-8, decoded faster, and byte offsets are its string offsets.
  const ascii = isAscii(bytes);
  let text: string | undefined;
  const decoded = (): string => {
    text ??= bytes.toString(ascii ? 'latin1' : 'utf8');
    return text;
  };
  return {
    get text() {
      return decoded();
    },
    sha256,
    slice: (start, end) =>
      ascii && text === undefined && start >= 0 && start <= end && end <= bytes.length
        ? bytes.toString('latin1', start, end)
        : decoded().slice(start, end),
  };
}

/**
 * Where the bundle keeps the stat signatures under which it hashed the rule files (./verified-hash.ts): beside
 * itself in dist/, never a user's folder. Running from source there is none, and every load hashes.
 */
function bundleStampFile(): string | undefined {
  return BUILD_ID ? join(import.meta.dirname, 'rules.verified') : undefined;
}

/** Reads a rule file's text and the sha256 of its bytes. */
function readRuleFile(
  file: string,
  stamps: Stamps,
): { ok: true; file: RuleFile } | { ok: false; problem: string } {
  try {
    const { bytes, sha256 } = stamps.read(file);
    return { ok: true, file: ruleFile(bytes, sha256) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    return { ok: false, problem: `${file}: cannot be read (${code})` };
  }
}

export async function loadRuntime(options: RuntimeOptions): Promise<Runtime> {
  const rulesDir = options.rulesDir ?? findRulesDir();
  if (!rulesDir)
    return {
      ok: false,
      basis: 'rules-invalid',
      problem: 'the bundled rules folder is missing (rules/check-floor.json)',
    };
  const files = {} as Record<RuleFileName, RuleFile>;
  const stamps = openStamps('stampFile' in options ? options.stampFile : bundleStampFile(), sha256Hex, () =>
    options.clock.now().getTime(),
  );
  for (const name of RULE_FILES) {
    const read = readRuleFile(join(rulesDir, name), stamps);
    if (!read.ok) return { ok: false, basis: 'rules-invalid', problem: read.problem };
    files[name] = read.file;
  }
  stamps.save();
  const config = loadConfig({ cwd: options.cwd, env: options.env });
  if (!config.ok) return { ok: false, basis: 'config-invalid', problem: formatProblem(config.problem) };
  const home = userHome(options.env);
  const buildId = options.buildId ?? BUILD_ID;
  const stateDir = userStateDir(options.env, home);
  const digests = RULE_FILES.map((name) => ({ name, sha256: files[name].sha256 }));
  // Hashing the canonical JSON of the policy (the 100 KB catalogue) for its sha256 is remembered per build,
  // file contents and config.
  const shaKey = buildId ? policyShaKey(buildId, digests, config.config.check) : undefined;
  const remembered = shaKey === undefined ? undefined : rememberedPolicySha(stateDir, shaKey);
  // The files this build checked, byte for byte: not parsed or checked again (src/check/policy/prebuilt-rules.ts).
  const prebuilt = options.prebuilt ?? bundledPrebuiltRules();
  const checked = prebuilt ? rulesFromPrebuilt(prebuilt, files) : undefined;
  let compiled: CompileResult;
  if (checked) {
    const sha256 =
      remembered ??
      policySha256({
        ...checked,
        safeJson: JSON.parse(files['check-safe.json'].text),
        check: config.config.check,
      });
    compiled = compileValidatedPolicy({ ...checked, sha256 }, config.config.check);
  } else {
    const json: unknown[] = [];
    for (const name of RULE_FILES) {
      const parsed = parseRuleJson(join(rulesDir, name), files[name].text);
      if (!parsed.ok) return { ok: false, basis: 'rules-invalid', problem: parsed.problem };
      json.push(parsed.value);
    }
    compiled = compilePolicy({
      policyJson: json[0],
      floorJson: json[1],
      pathsJson: json[2],
      safeJson: json[3],
      ...(remembered ? { sha256: remembered } : {}),
      check: config.config.check,
    });
  }
  if (!compiled.ok) return { ok: false, basis: compiled.basis, problem: compiled.problem };
  if (shaKey && !remembered) rememberPolicySha(stateDir, shaKey, compiled.policy.ref.sha256);
  // The bundled policy's examples are checked by the test suite of every gavel build
  // (src/check/policy/compiled-policy.test.ts), so a hook call does not pay for them; examples in the user's or
  // the repository's `check.rules` are checked when this build has not yet seen them pass (./examples-cache.ts).
  const hasExamples = compiled.policy.argumentRules.some(
    (r) => r.source === 'config' && (r.spec.match?.length || r.spec.not_match?.length),
  );
  const cacheKey =
    buildId && hasExamples ? examplesCacheKey(buildId, digests, config.config.check) : undefined;
  if (hasExamples && !(cacheKey && examplesPassed(stateDir, cacheKey))) {
    const examples = await checkExamples(compiled.policy, analyzeShellForSurfaces, { sources: ['config'] });
    if (!examples.ok) return { ok: false, basis: examples.basis, problem: examples.problem };
    if (cacheKey) rememberExamplesPassed(stateDir, cacheKey);
  }
  const review = reviewerForSurfaces({
    config: config.config,
    modelSource: config.sources['model.model'],
    sources: config.sources,
    policy: compiled.policy,
    env: options.env,
    home,
    clock: options.clock,
    ...(options.announce ? { announce: options.announce } : {}),
    ...(options.maxReviewMs ? { maxTimeoutMs: options.maxReviewMs } : {}),
    ...(options.modelFlags ? { flags: options.modelFlags } : {}),
    projectRoot: config.projectRoot,
    auditLog: auditLogFor(
      { config: config.config, projectRoot: config.projectRoot },
      options.cwd,
      options.env,
    ),
    ...(options.openBreaker ? { openBreaker: options.openBreaker } : {}),
    ...(options.sharedRun ? { sharedRun: options.sharedRun } : {}),
  });
  const tmp = options.env.TMPDIR;
  const defaults: RequestDefaults = {
    cwd: options.cwd,
    home,
    tempDirs: tmp?.startsWith('/') ? [resolve(tmp)] : [],
    workspaceRoots: (cwd) => [findProjectRoot(cwd)],
    realpath: realPathOf,
    readScript: readScriptFile,
    gitPaths: pinnedGitPaths(options.env),
    pathFolders: (options.env.PATH ?? '').split(':').filter((d) => d.startsWith('/')),
    // gavel's own files, what every hook call runs and reads: changing them changes the hook; the user config
    // it loads (where $XDG_CONFIG_HOME puts it, a temp folder too); and its state (breaker, caches of checked
    // examples, the user-level decision log), where a forged file would skip a check or hide a record.
    selfPaths: [
      ...['bin', 'dist', 'rules'].map((part) => join(dirname(rulesDir), part)),
      userConfigDir(options.env),
      userStateDir(options.env, home),
    ],
  };
  return {
    ok: true,
    deps: {
      analyzeShell: analyzeShellForSurfaces,
      policy: compiled.policy,
      clock: options.clock,
      ...(review ? { reviewer: review.reviewer } : {}),
    },
    config: config.config,
    projectRoot: config.projectRoot,
    defaults,
    rulesDir,
    notices: config.notices.map(formatProblem),
    ...(review ? { review } : {}),
  };
}
