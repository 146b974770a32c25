/**
 * The `[check]` table: action review settings. See docs/check.md.
 * Rule strings are checked here for their outer syntax only; action review compiles them (and runs the
 * `match`/`not_match` examples of argument rules) when it loads, and a failure there is `config-invalid`.
 * INVARIANT: a repository only tightens. Its deny/review rules, sensitive paths, presumed categories and floor
 * additions are added to the user's; its allow rules, stated hosts, package sources and writable, temp and
 * workspace scopes are kept only where the user's config grants the same entry (intersection); an argument rule
 * with `decision = "allow"` from a repository is kept only if the user has the identical rule.
 */

import * as z from 'zod/mini';
import { CATEGORIES, canonicalJson } from '../../core';
import {
  intersectionOf,
  lowerWins,
  type Merge,
  type MergeResult,
  setting,
  stricterOf,
  unionOf,
  userOnly,
} from '../setting';

export const CHECK_MODES = ['off', 'ask', 'auto'] as const;
export type CheckMode = (typeof CHECK_MODES)[number];

/** The model reviewer's evidence threshold, loosest first. */
export const REVIEWER_POSTURES = ['permissive', 'default', 'strict'] as const;
export type ReviewerPosture = (typeof REVIEWER_POSTURES)[number];

/** What context the model reviewer is sent, widest first: `minimal` sends less and is the stricter. */
export const REVIEWER_CONTEXT_MODES = ['recentContext', 'minimal'] as const;
export type ReviewerContextMode = (typeof REVIEWER_CONTEXT_MODES)[number];

/** What contention (a request already reviewed and not allowed in this session) does, loosest first. */
export const REVIEWER_ESCALATIONS = ['record', 'escalate-after-model'] as const;
export type ReviewerEscalation = (typeof REVIEWER_ESCALATIONS)[number];

/** A repository's token budget is kept only where it bounds more than the user's (0: unlimited). */
const tighterBudget: Merge<number | undefined> = Object.assign(
  (user: number | undefined, repo: number | undefined): MergeResult<number | undefined> => {
    if (repo === undefined) return { value: user };
    if (user === undefined || user === 0) return repo === 0 ? { value: user } : { value: repo };
    if (repo === 0) return { value: user, refused: 'a repository cannot lift the token budget' };
    return { value: Math.min(user, repo) };
  },
  { rule: 'lower only; `0` (unlimited) is the loosest' },
);

/** Project appends: a repository may set them; the seam sends them only for a project root the user trusts. */
const projectText: Merge<readonly string[]> = Object.assign(
  (user: readonly string[], repo: readonly string[]): MergeResult<readonly string[]> => ({
    value: [...user, ...repo],
  }),
  { rule: 'added; sent only when the project root is in `reviewer_trusted_projects` (user scope)' },
);

/**
 * A reviewer key that is unset unless someone sets it (unset: rules/check-policy.json decides). When the user
 * set nothing, a repository value is judged against the shipped default `baseline`; the seam then also keeps the
 * stricter of a repository's value and the policy's (reviewer-seam.ts), so a repository never loosens either.
 */
function unsetAs<T>(baseline: T, merge: Merge<T>): Merge<T | undefined> {
  const fn = (user: T | undefined, repo: T | undefined): MergeResult<T | undefined> => {
    if (repo === undefined) return { value: user };
    const merged = merge(user ?? baseline, repo);
    if (merged.refused === undefined) return { value: merged.value };
    const refused =
      user === undefined
        ? `\`${String(repo)}\` is looser than the default \`${String(baseline)}\``
        : merged.refused;
    return { value: user, refused };
  };
  return Object.assign(fn, { rule: `${merge.rule ?? ''}; unset counts as \`${String(baseline)}\``.trim() });
}

/** How a script file a shell runs is judged, loosest first (docs/check.md, "Script files"). */
export const SCRIPT_FILE_MODES = ['name', 'literal', 'strict'] as const;
export type ScriptFileMode = (typeof SCRIPT_FILE_MODES)[number];

export const UNLISTED_ACTIONS = ['allow', 'review'] as const;
export type UnlistedAction = (typeof UNLISTED_ACTIONS)[number];

/** `Tool`, `Tool(specifier)` or `mcp__server[__tool]`: the outer shape of a permission rule. */
const PERMISSION_RULE = /^(?:[A-Z][A-Za-z0-9]*(?:\(.+\))?|mcp__[A-Za-z0-9_.-]+?(?:__[A-Za-z0-9_.*-]+)?)$/s;
/** A category name from the closed set in core: a typo is refused by the schema, naming the key. */
const categoryName = () => z.enum(CATEGORIES);

const ruleList = () =>
  z.array(
    z
      .string()
      .check(
        z.regex(
          PERMISSION_RULE,
          'must look like `Bash(npm test:*)`, `Read(./.env)`, `WebFetch(domain:example.com)` or `mcp__server__tool`',
        ),
      ),
  );
const stringList = () => z.array(z.string().check(z.minLength(1)));

/**
 * An argument-aware rule: program, subcommand, flags, path scope, with examples checked at load. Built on first
 * use (`z.lazy`): a hook call that validates no config document never builds it (ADR 0074).
 */
export const ARGUMENT_RULE_SCHEMA = z.lazy(() =>
  z.strictObject({
    id: z
      .string()
      .check(z.regex(/^[a-z0-9][a-z0-9._-]*$/, 'must be lower-case letters, digits, `.`, `_` or `-`')),
    decision: z.enum(['allow', 'review', 'deny']),
    program: z.string().check(z.minLength(1)),
    subcommand: z.optional(z.array(z.string())),
    flags_any: z.optional(z.array(z.string())),
    flags_none: z.optional(z.array(z.string())),
    args_any: z.optional(z.array(z.string())),
    paths: z.optional(
      z.array(z.enum(['workspace', 'temp', 'writable', 'home', 'sensitive', 'system', 'outside'])),
    ),
    categories: z.optional(z.array(categoryName())),
    reason: z.optional(z.string()),
    match: z.optional(z.array(z.string())),
    not_match: z.optional(z.array(z.string())),
  }),
);
export type ArgumentRuleSpec = z.infer<typeof ARGUMENT_RULE_SCHEMA>;

/** Argument rules: a repository adds deny and review rules, and keeps an allow rule only if the user has it. */
const tightenArgumentRules: Merge<readonly ArgumentRuleSpec[]> = (user, repo) => {
  const userKeys = new Set(user.map((r) => canonicalJson(r)));
  const refused = repo
    .filter((r) => r.decision === 'allow' && !userKeys.has(canonicalJson(r)))
    .map((r) => r.id);
  const kept = repo.filter((r) => r.decision !== 'allow' || userKeys.has(canonicalJson(r)));
  const added = kept.filter((r) => !userKeys.has(canonicalJson(r)));
  const value = [...user, ...added];
  return refused.length > 0
    ? { value, refused: `a repository cannot grant rules ${refused.map((id) => `\`${id}\``).join(', ')}` }
    : { value };
};

const grant = (description: string, schema: () => z.ZodMiniType<readonly string[]> = stringList) =>
  setting<readonly string[]>({ schema, default: [], scope: 'both', merge: intersectionOf, description });
const restriction = (description: string, schema: () => z.ZodMiniType<readonly string[]> = stringList) =>
  setting<readonly string[]>({ schema, default: [], scope: 'both', merge: unionOf, description });

export const checkTable = {
  mode: setting<CheckMode>({
    schema: () => z.enum(CHECK_MODES),
    default: 'ask',
    scope: 'both',
    // off passes the review bucket, auto lets a model decide it, ask sends it to a person.
    // Turning on `auto` sends code to a model: that is the user's consent, never a repository's.
    merge: stricterOf<CheckMode>(['off', 'auto', 'ask'], { repoMayNotIntroduce: ['auto'] }),
    env: { name: 'GAVEL_CHECK_MODE', parse: (raw) => raw },
    description:
      'what happens to requests the rules send to review: `off` passes them with a record, `ask` asks a person, `auto` asks the model reviewer',
  }),
  floor_extra: setting<readonly string[]>({
    schema: () => z.array(categoryName()),
    default: [],
    scope: 'both',
    merge: unionOf,
    description: 'categories added to the sealed floor (never granted); the floor can only grow',
  }),
  timeout_ms: setting<number>({
    schema: () => z.int().check(z.minimum(100), z.maximum(120_000)),
    default: 30_000,
    scope: 'both',
    merge: lowerWins,
    description: 'time allowed for one review; past it the review fails closed',
  }),
  allow: grant(
    'permission rules that allow (`Bash(npm test:*)`, `Read(./docs/**)`, `WebFetch(domain:example.com)`, `mcp__server__tool`)',
    ruleList,
  ),
  review: restriction('permission rules that send a matching request to review', ruleList),
  deny: restriction('permission rules that deny a matching request', ruleList),
  rules: setting<readonly ArgumentRuleSpec[]>({
    schema: () => z.array(ARGUMENT_RULE_SCHEMA),
    default: [],
    scope: 'both',
    merge: tightenArgumentRules,
    description:
      'argument-aware rules (program, subcommand, flags, path scope) with `match`/`not_match` examples checked at load',
  }),
  workspace_roots: grant('extra folders treated as the workspace, besides the project root'),
  writable: grant('extra folders (absolute or `~/`) where writes need no review'),
  temp: grant('extra temporary folders, besides /tmp and $TMPDIR'),
  sensitive: restriction(
    'extra sensitive paths (`~/x`, `/x`, `./x` or a basename pattern): reading one is a secret read',
  ),
  stated_hosts: grant('hosts the agent may reach without review (`example.com`, `*.example.com`)'),
  package_sources: grant('extra package registries installs may come from without review'),
  presume_deny: restriction('categories added to those presumed denied (never passed by mode `off`)', () =>
    z.array(categoryName()),
  ),
  unlisted: setting<UnlistedAction>({
    schema: () => z.enum(UNLISTED_ACTIONS),
    default: 'review',
    scope: 'both',
    merge: stricterOf<UnlistedAction>(['allow', 'review']),
    description:
      'what happens to a shell segment nothing knows (not in the safe catalogue, no category, no rule): `review` it (in mode `ask` the harness asks), or `allow` it unreviewed',
  }),
  script_files: setting<ScriptFileMode>({
    schema: () => z.enum(SCRIPT_FILE_MODES),
    default: 'literal',
    scope: 'both',
    merge: stricterOf<ScriptFileMode>(SCRIPT_FILE_MODES),
    description:
      'a script file a shell runs (`bash x.sh`, `./x.sh`, `source x`): `name` judges it by name only, `literal` also by what its text does literally, `strict` also escalates what it computes at run time',
  }),
  reviewer_model: setting<string | undefined>({
    schema: () => z.optional(z.string().check(z.minLength(1))),
    default: undefined,
    scope: 'user',
    merge: userOnly,
    description:
      "the model reviewer's own model (`provider/model`, `provider/<tier>`, `scripted:<file>`, `replay:<dir>`); unset: the light tier of `[model] model`'s hosted provider, else `[model] model`",
  }),
  reviewer_posture: setting<ReviewerPosture | undefined>({
    schema: () => z.optional(z.enum(REVIEWER_POSTURES)),
    default: undefined,
    scope: 'both',
    merge: unsetAs<ReviewerPosture>('default', stricterOf<ReviewerPosture>(REVIEWER_POSTURES)),
    description:
      "the model reviewer's evidence threshold: `strict`, `default` or `permissive`; unset keeps rules/check-policy.json's (`default`)",
  }),
  reviewer_context: setting<ReviewerContextMode | undefined>({
    schema: () => z.optional(z.enum(REVIEWER_CONTEXT_MODES)),
    default: undefined,
    scope: 'both',
    merge: unsetAs<ReviewerContextMode>(
      'recentContext',
      stricterOf<ReviewerContextMode>(REVIEWER_CONTEXT_MODES),
    ),
    description:
      "what the model reviewer is sent: `recentContext` (recent user turns and untrusted context, bounded) or `minimal` (the action and the facts only); unset keeps the policy's (`recentContext`)",
  }),
  reviewer_conversation_turns: setting<number | undefined>({
    schema: () => z.optional(z.int().check(z.minimum(0), z.maximum(50))),
    default: undefined,
    scope: 'both',
    merge: unsetAs<number>(10, lowerWins),
    description:
      "how many mixed recent conversation turns (user and assistant, untrusted) `recentContext` sends (0-50), user turns already sent left out; unset keeps the policy's (10)",
  }),
  reviewer_token_budget: setting<number | undefined>({
    schema: () =>
      z.optional(
        z
          .int()
          .check(
            z.refine(
              (n) => n === 0 || (n >= 1_000 && n <= 1_000_000),
              'must be 0 (unlimited) or 1000-1000000',
            ),
          ),
      ),
    default: undefined,
    scope: 'both',
    merge: tighterBudget,
    description:
      "bound on the reviewer's prompt in estimated tokens, older context windowed out first; `0` unlimited; unset keeps the policy's (unlimited)",
  }),
  reviewer_escalation: setting<ReviewerEscalation | undefined>({
    schema: () => z.optional(z.enum(REVIEWER_ESCALATIONS)),
    default: undefined,
    scope: 'both',
    merge: unsetAs<ReviewerEscalation>('record', stricterOf<ReviewerEscalation>(REVIEWER_ESCALATIONS)),
    description:
      'contention (this request was reviewed and not allowed earlier in the session) is recorded and the model is still asked first; `escalate-after-model` also turns its allow of such a request into escalate',
  }),
  reviewer_prompt_appends: setting<readonly string[]>({
    schema: stringList,
    default: [],
    scope: 'user',
    merge: userOnly,
    description:
      "text appended to the reviewer's system prompt (trusted, yours); its sha256 is in every reviewed decision",
  }),
  reviewer_trusted_projects: setting<readonly string[]>({
    schema: () =>
      z.array(z.string().check(z.regex(/^(\/|~\/)/, 'must be an absolute path or start with `~/`'))),
    default: [],
    scope: 'user',
    merge: userOnly,
    description: 'project roots whose `reviewer_project_appends` the reviewer is given',
  }),
  reviewer_project_appends: setting<readonly string[]>({
    schema: stringList,
    default: [],
    scope: 'both',
    merge: projectText,
    description:
      "text a repository appends to the reviewer's system prompt, sent only when its project root is in `reviewer_trusted_projects`",
  }),
  reviewer_prompt_override: setting<string | undefined>({
    schema: () => z.optional(z.string().check(z.minLength(1))),
    default: undefined,
    scope: 'user',
    merge: userOnly,
    description:
      "replaces the reviewer's system prompt; must keep `{{response_schema}}` (else every review fails closed); its sha256 is in every reviewed decision",
  }),
  reviewer_user_turns: setting<number | undefined>({
    schema: () => z.optional(z.int().check(z.minimum(1), z.maximum(20))),
    default: undefined,
    scope: 'both',
    merge: unsetAs<number>(5, lowerWins),
    description:
      "how many recent user-authored turns `recentContext` sends (1-20); unset keeps the policy's (5)",
  }),
};
