/**
 * A write or edit that takes away a guard the project keeps, whose loss shows only later and elsewhere:
 *
 * - an ignore file (`.gitignore`, `.dockerignore`, `.npmignore`, ...) that stops ignoring secret files: the next
 *   `git add -A`, image build or publish takes `.env` or a key along;
 * - infrastructure code (Terraform, CloudFormation, Pulumi) that turns a resource's protection off or adds a
 *   setting that lets the next apply destroy it (`deletion_protection = false`, `force_destroy = true`,
 *   `prevent_destroy` removed, `DeletionPolicy: Delete`).
 *
 * Each is uncertain (`weakened-guard`): a person decides. Compared on what the change takes away and puts in
 * (change-text.ts), or on the whole file as it was and will be for ignore files (whose last matching line decides).
 * Reasons name the file and gavel's own probe names or setting keys, never the file's text. Pure but for the
 * request's reader.
 */

import { basename } from 'node:path';
import { ignoredBy, type Uncertainty } from '../../shell';
import type { CheckRequest, FileChange } from '../request/request';
import { changedLineTexts, changedPath, diskText, newText } from './change-text';
import { guardSettings, loweredSettings } from './guard-settings';

/** Ignore files whose lines keep files out of a commit, an image, a package or an upload. */
const IGNORE_FILE =
  /^\.(?:git|docker|npm|gcloud|vercel|slug|helm|eslint|prettier|cf|ebignore|vscode)ignore$|^\.ebignore$/;

/** Secret file names an ignore file commonly keeps out, at the top and in a subfolder. */
const SECRET_PROBES = [
  '.env',
  '.env.local',
  '.env.production',
  'id_rsa',
  'id_ed25519',
  'server.key',
  'key.pem',
  'cert.p12',
  'credentials.json',
  'service-account.json',
  'secrets.yaml',
  'secrets.json',
  'terraform.tfvars',
  'prod.auto.tfvars',
  'terraform.tfstate',
  '.npmrc',
  '.pypirc',
  '.netrc',
  '.envrc',
  '.dev.vars',
];

/** A pattern ending in `/` matches folders only: never the secret file of that name (`.env/`). */
const filesOnly = (text: string): string => text.replace(/^([^#\n]*\/)[ \t]*$/gm, '$1\u0000folder');

/**
 * The probe names `before` ignores and `after` does not (at the top or one folder down), and those a negation
 * `after` adds lets in (`!.env` in a new nested ignore file re-includes what a parent ignores).
 */
function unignored(before: string, after: string): string[] {
  const was = filesOnly(before);
  const now = filesOnly(after);
  const negations = now
    .split('\n')
    .filter((l) => /^\s*!/.test(l) && !was.split('\n').includes(l))
    .map((l) => l.trim().slice(1));
  const lost = (rel: string): boolean =>
    (ignoredBy(was, rel) && !ignoredBy(now, rel)) || negations.some((n) => ignoredBy(n, rel));
  const names = SECRET_PROBES.filter((name) => [name, `config/${name}`].some(lost));
  // A literal path the file names whose last part is a probe name (`/api/.env`, `services/web/.env.local`).
  for (const line of was.split('\n')) {
    const rel = line.trim().replace(/^\//, '');
    const name = rel.split('/').pop() ?? '';
    if (
      rel.includes('/') &&
      !/[*?[\\!#]/.test(rel) &&
      SECRET_PROBES.includes(name) &&
      lost(rel) &&
      !names.includes(rel)
    )
      names.push(rel);
  }
  return names;
}

/**
 * Infrastructure settings that protect a resource: the key (case as written) and whether a value protects.
 * A change that lowers the count of protecting values, or raises the count of the others, weakens a guard.
 */
const PROTECTIONS: readonly [key: string, protects: (value: string) => boolean][] = [
  ['deletion_protection', (v) => v === 'true'],
  ['deletion_protection_enabled', (v) => v === 'true'],
  ['enable_deletion_protection', (v) => v === 'true'],
  ['prevent_destroy', (v) => v === 'true'],
  ['disable_api_termination', (v) => v === 'true'],
  ['termination_protection', (v) => v === 'true'],
  ['protect', (v) => v === 'true'],
  ['force_destroy', (v) => v === 'false'],
  ['skip_final_snapshot', (v) => v === 'false'],
  ['DeletionProtection', (v) => v === 'true'],
  ['DeletionProtectionEnabled', (v) => v === 'true'],
  ['EnableTerminationProtection', (v) => v === 'true'],
  ['DisableApiTermination', (v) => v === 'true'],
  ['DeletionPolicy', (v) => v === 'retain' || v === 'snapshot' || v === 'retainexceptondelete'],
  ['UpdateReplacePolicy', (v) => v === 'retain' || v === 'snapshot'],
];

/** Files infrastructure code lives in (CloudFormation and Pulumi write YAML or JSON). */
const INFRA_FILE = /\.(?:tf|tf\.json|tfvars|hcl|ya?ml|json|template)$/i;

/** Each protection setting in a text: `[key, protects]`, from `key = v`, `key: v`, `"key": v`. */
function protections(text: string): [string, boolean][] {
  const out: [string, boolean][] = [];
  for (const [key, protects] of PROTECTIONS) {
    const re = new RegExp(`(?:^|[\\s{,])["']?${key}["']?\\s*[=:]\\s*["']?([\\w-]+)`, 'gm');
    for (const m of text.matchAll(re)) out.push([key, protects((m[1] ?? '').toLowerCase())]);
  }
  return out;
}

/** The setting keys whose protection the change takes away (fewer protecting values, or more of the others). */
function loweredProtections(before: string, after: string): string[] {
  const was = protections(before);
  const now = protections(after);
  const count = (list: [string, boolean][], key: string, on: boolean) =>
    list.filter(([k, p]) => k === key && p === on).length;
  return PROTECTIONS.map(([key]) => key).filter(
    (key) => count(now, key, true) < count(was, key, true) || count(now, key, false) > count(was, key, false),
  );
}

const list = (names: string[]): string =>
  names
    .slice(0, 3)
    .map((n) => `\`${n}\``)
    .join(', ');

/** The guards a write or edit of `path` takes away, as uncertainties (none for any other file). */
export function weakenedGuards(
  request: CheckRequest,
  path: string,
  change: FileChange | undefined,
): Uncertainty[] {
  const name = basename(path);
  const ignore = IGNORE_FILE.test(name);
  const abs = changedPath(request, path);
  if (!ignore) return change === undefined ? [] : loweredGuards(request, abs, name, change);
  const old = diskText(request, abs);
  // Lines appended with no negation among them can only ignore more.
  if (change?.kind === 'patch' && change.lines.every((l) => l.startsWith('+') && !/^\+\s*!/.test(l)))
    return [];
  // A deleted ignore file ignores nothing; an ignore file changed by a tool that does not say how, or read
  // neither before nor after, cannot be compared: both are uncertain when the old text kept a secret out.
  const next = change === undefined ? undefined : newText(change, old);
  const after = typeof next === 'object' ? next.text : undefined;
  if (after === undefined) {
    if (old === undefined || unignored(old, '').length > 0)
      return [
        {
          code: 'weakened-guard',
          reason: `the change to \`${name}\` cannot be read whole, and the file keeps secret files out`,
        },
      ];
    return [];
  }
  const lost = unignored(old ?? '', after);
  if (lost.length === 0) return [];
  return [
    {
      code: 'weakened-guard',
      reason: `the change to \`${name}\` stops ignoring secret files (${list(lost)})`,
    },
  ];
}

/** Protection settings of infrastructure code and guard settings of application code (guard-settings.ts) lowered. */
function loweredGuards(request: CheckRequest, abs: string, name: string, change: FileChange): Uncertainty[] {
  const infra = INFRA_FILE.test(name);
  const settings = guardSettings().filter((s) => s.files.test(abs));
  if (!infra && settings.length === 0) return [];
  const old = diskText(request, abs);
  const { before, after } = changedLineTexts(change, old);
  const out: Uncertainty[] = [];
  if (infra) {
    const lowered = loweredProtections(before, after);
    if (lowered.length > 0)
      out.push({
        code: 'weakened-guard',
        reason: `the change to \`${name}\` takes away a resource's protection (${list(lowered)}): the next apply may destroy it`,
      });
  }
  for (const s of loweredSettings(abs, before, after, settings))
    out.push({ code: 'weakened-guard', reason: `the change to \`${name}\` ${s.reason} (\`${s.id}\`)` });
  return out;
}

/** A whole-file delete of an ignore file that kept secrets out. */
export function deletedGuard(request: CheckRequest, path: string): Uncertainty[] {
  const name = basename(path);
  if (!IGNORE_FILE.test(name)) return [];
  const old = diskText(request, changedPath(request, path));
  if (old !== undefined && unignored(old, '').length === 0) return [];
  return [{ code: 'weakened-guard', reason: `deleting \`${name}\` stops ignoring secret files` }];
}
