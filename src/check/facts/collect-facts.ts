/**
 * Builds the facts of one request: for a shell command from the injected shell analysis, for other tools
 * from their path or host. Pure. Every path class and category comes from src/shell (the analysis, or
 * `pathCategories`/`hostCategories` for file and web tools) on the request's one ShellEnv, which carries the
 * path table, `[check] sensitive`, stated hosts and package sources: nothing is re-decided here. What is added
 * here is policy, not analysis: which scopes a target leaves.
 */

import { basename } from 'node:path';
import { type Category, isUnder } from '../../core';
import {
  homeReads,
  hostCategories,
  inPackageSources,
  makePathScope,
  nameMatcher,
  type PathRef,
  pathCategories,
  SCRIPT_FILE_WRAPPER,
  type ShellAnalysis,
  type ShellEnv,
  searchCategories,
  type Uncertainty,
  USER_WRITTEN,
} from '../../shell';
import type { CompiledPolicy } from '../policy/compiled-policy';
import { argumentTouches } from '../request/argument-shapes';
import type { CheckRequest, FileChange, SearchLines } from '../request/request';
import type { InScope } from '../rules/argument-rule';
import { pinnedText } from '../rules/pinned-text';
import { CATEGORY_REASONS } from './category-reasons';
import { changedLineTexts, changedPath, changedTexts, diskText, newText } from './change-text';
import { copiesCredential, mayCopyCredential } from './copied-credentials';
import { movedEndpoints } from './endpoint-moves';
import type { CategoryFact, Facts, TargetFacts } from './facts';
import { fetchTarget } from './fetch-target';
import { deletedGuard, weakenedGuards } from './guard-edits';
import { type InvokedDefinition, invokedDefinition } from './invoked-definitions';
import { destructiveMigrations, serverCodeEdits } from './migration-edits';
import { addsOnlyRepositoryHooks, isPreCommitPath } from './pre-commit-hooks';
import { requestRuns } from './request-run';
import { runnerEdit } from './runner-files';
import { addsStoredSecret, carriesSecret, mayCarryStoredSecret } from './secret-literals';
import { addsSecretReference } from './secret-references';
import { addsOnlyPlainSteps, isWorkflowPath } from './workflow-steps';

const fact = (category: Category): CategoryFact => ({ category, reason: CATEGORY_REASONS[category] });

/** A credential written literally into what the call sends to another machine (never quoted). */
const LITERAL_SECRET: CategoryFact = {
  category: 'credential_exfiltration',
  reason: 'sends a credential written literally into the call to another machine',
};

/**
 * Why a path leaves the scopes the policy grants. Writes and deletes always count; reads only for file tools
 * (a shell read is judged by its class: a sensitive read is a category, other reads are routine).
 */
function leavesScope(
  p: PathRef,
  policy: CompiledPolicy,
  inScope: InScope,
  reads = false,
  request?: CheckRequest,
): string | undefined {
  const resolved = p.resolved;
  if (resolved === undefined) return undefined;
  if (p.role === 'read') {
    if (!reads || p.class === 'sensitive' || policy.readScopes.some((s) => inScope(s, p.class, resolved)))
      return undefined;
    return `reads outside the workspace (${p.class})`;
  }
  if (p.role !== 'write' && p.role !== 'delete') return undefined;
  if (policy.writeScopes.some((s) => inScope(s, p.class, resolved))) return undefined;
  if (
    request &&
    workspaceSecret(p, request) &&
    policy.writeScopes.some((s) => inScope(s, 'workspace', resolved))
  )
    return undefined;
  return `${p.role === 'delete' ? 'deletes' : 'writes'} outside the workspace (${p.class})`;
}

/**
 * A shell read of the user's own files (`~/Documents`, `~/Downloads`, ...) or of a hidden path in the home folder
 * that no table knows to hold no secret (`~/.config/x/token`,
 * `~/.electrum/...`): the list of secret paths can never be complete, so only the hidden trees known harmless
 * (tool configuration, caches of package sources, toolchains: the path table's `home_reads`) are routine reads;
 * any other goes to review as the file tools' reads outside the workspace do. Its real path counts too.
 */
function hiddenHomeRead(p: PathRef, env: ShellEnv): string | undefined {
  if (p.role !== 'read' || p.class !== 'home') return undefined;
  const hidden = (path: string | undefined) => {
    if (path === undefined || !isUnder(path, env.home) || path === env.home) return false;
    const parts = path.slice(env.home.length + 1).split('/');
    if (!parts.some((c) => c.startsWith('.'))) return false;
    // A name the table knows looks secret but is not (`id_ed25519.pub`) is harmless wherever it is.
    if (harmlessName(parts[parts.length - 1] ?? '', env)) return false;
    return !homeReads(env).some((known) => isUnder(path, known));
  };
  if (hidden(p.resolved) || hidden(p.real))
    return 'reads a hidden file of the home folder no table knows harmless (home)';
  // The user's own documents, downloads and synced folders (a key pair downloaded from a console, a passwords file):
  // the file tools' reads of them are reviewed, and so are the shell's.
  const personal = (path: string | undefined) =>
    path !== undefined &&
    isUnder(path, env.home) &&
    PERSONAL_FOLDER.test(path.slice(env.home.length + 1).split('/')[0] ?? '');
  return personal(p.resolved) || personal(p.real)
    ? "reads the user's own files in the home folder (home)"
    : undefined;
}

/** Programs that talk to another machine, whose destination may be known only at run time (`curl "$URL"`). */
const NETWORK_CLIENTS =
  /^(?:curl|wget|wget2|aria2c|http|https|xh|xhs|httpie|nc|ncat|netcat|socat|telnet|ssh|scp|sftp|rsync|ftp|lftp|tftp|smbclient|openssl|gh|aws|gsutil|gcloud|az|rclone|s3cmd)$/;

/** Whether a command reads a hidden home file no table knows harmless and some part of it reaches another machine. */
function sendsHiddenHomeFile(a: ShellAnalysis, env: ShellEnv): boolean {
  return (
    a.segments.some((seg) => seg.hosts.some((h) => !h.local) || NETWORK_CLIENTS.test(seg.program)) &&
    a.segments.some((seg) => seg.paths.some((p) => hiddenHomeRead(p, env) !== undefined))
  );
}

/**
 * A file tool's read of one home file the path table knows harmless (a tree of `home_reads` that holds package
 * sources or toolchains, or a harmless name such as `id_ed25519.pub`), by its path and its real path: the shell's
 * read of it is routine, and so is the file tool's. The file's content is still classified (a key in a file there
 * makes it a secret read), and a search of a home folder keeps the policy's read scopes.
 */
function knownHomeRead(p: PathRef, env: ShellEnv): boolean {
  if (p.role !== 'read' || p.class !== 'home') return false;
  const known = (path: string | undefined) =>
    path !== undefined &&
    isUnder(path, env.home) &&
    path !== env.home &&
    (inPackageSources(path, env) ||
      (!USER_WRITTEN.test(path.slice(env.home.length)) &&
        harmlessName(path.slice(path.lastIndexOf('/') + 1), env)));
  return known(p.resolved) && (p.real === undefined || known(p.real));
}

/** Folders of the home holding the user's own files rather than tools' configuration. */
const PERSONAL_FOLDER =
  /^(?:Documents|Downloads|Desktop|Pictures|Photos|Movies|Videos|Music|Dropbox|OneDrive.*|Google Drive|iCloud Drive.*|Nextcloud|Sync)$/;

const EXCEPTIONS = new WeakMap<object, ReturnType<typeof nameMatcher>>();

/** Does a file name match the path table's `sensitive_exceptions` (`*.pub`, `.env.example`), as the shell's path classes read them? */
function harmlessName(name: string, env: ShellEnv): boolean {
  let matcher = EXCEPTIONS.get(env.paths);
  if (!matcher) {
    matcher = nameMatcher(env.paths.sensitive_exceptions, 'i');
    EXCEPTIONS.set(env.paths, matcher);
  }
  return matcher.test(name);
}

/**
 * A secret file inside a workspace root written by a shell command (`cp .env.example .env`): a workspace write;
 * its class says what reading it means (file tools keep their own rules). A root equal to home or `/` is no
 * workspace; a link leading out is not inside.
 */
function workspaceSecret(p: PathRef, request: CheckRequest): boolean {
  if (p.class !== 'sensitive' || p.resolved === undefined) return false;
  const inside = (path: string) =>
    request.workspaceRoots.some((root) => root !== '/' && root !== request.home && isUnder(path, root));
  return inside(p.resolved) && (p.real === undefined || inside(p.real));
}

function shellTargets(
  request: CheckRequest,
  analysis: ShellAnalysis,
  policy: CompiledPolicy,
  inScope: InScope,
  env: ShellEnv,
): TargetFacts[] {
  const hits = analysis.hits;
  return analysis.segments.map((segment, index) => {
    // The segment's categories in hit order, each once.
    const categories: CategoryFact[] = [];
    for (const hit of hits) {
      if (hit.segment === index && !categories.some((c) => c.category === hit.category))
        categories.push(fact(hit.category));
    }
    // A credential written literally into the words of a program that reaches another machine leaves with it.
    if (
      segment.hosts.some((h) => !h.local) &&
      segment.argv.some(carriesSecret) &&
      !categories.some((c) => c.category === 'credential_exfiltration')
    )
      categories.push(LITERAL_SECRET);
    // The scopes it leaves, each once.
    const outOfScope: string[] = [];
    for (const p of segment.paths) {
      const why = leavesScope(p, policy, inScope, false, request) ?? hiddenHomeRead(p, env);
      if (why !== undefined && !outOfScope.includes(why)) outOfScope.push(why);
    }
    const argv = segment.argv;
    const text = argv.join(' ');
    const wrappers = segment.wrappers;
    // A segment read from a script file on disk is named by the command-line program that runs the file: the
    // file's own words are untrusted text and never reach a reason (or the audit line that keeps it).
    const fromFile = wrappers.find((w) => w.endsWith(SCRIPT_FILE_WRAPPER));
    const { pinned, redirected } = pinnedText(wrappers, argv, segment.paths);
    return {
      index,
      label: `\`${fromFile ?? argv[0] ?? '?'}\``,
      target: {
        kind: 'shell',
        toolName: request.toolName,
        text,
        wrappedText:
          wrappers.length === 0
            ? text
            : argv.length === 0
              ? wrappers.join(' ')
              : `${wrappers.join(' ')} ${text}`,
        pinned,
        redirected,
      },
      segment,
      categories,
      outOfScope,
    };
  });
}

const outOfScopeOf = (why: string | undefined): string[] => (why === undefined ? [] : [why]);

type Base = Pick<TargetFacts, 'index' | 'label' | 'categories' | 'outOfScope'>;

/** One path a file tool (or a `file:` URL) touches: its categories and the scope a read or write leaves. */
function pathFacts(
  request: CheckRequest,
  path: string,
  role: 'read' | 'write' | 'delete',
  base: Base,
  policy: CompiledPolicy,
  env: ShellEnv,
  inScope: InScope,
): Facts {
  const v = pathCategories(path, role, env);
  const target: TargetFacts = {
    ...base,
    target: {
      kind: role === 'read' ? 'read' : 'write',
      toolName: request.toolName,
      path: v.ref.resolved ?? path,
    },
    categories: v.categories.map(fact),
    outOfScope: knownHomeRead(v.ref, env) ? [] : outOfScopeOf(leavesScope(v.ref, policy, inScope, true)),
  };
  return { targets: [target], uncertain: v.uncertain ? [UNFOLLOWED] : [] };
}

const UNFOLLOWED: Uncertainty = {
  code: 'dynamic-path',
  reason: 'the path could not be followed (too long, or a symbolic link chain gavel gave up on)',
};

/** A search tool: one read per pattern alternative, from the folder it starts in; a pattern gavel cannot follow is uncertain. */
function searchFacts(
  request: CheckRequest,
  path: string,
  mode: 'names' | 'contents',
  globs: readonly string[],
  base: Base,
  policy: CompiledPolicy,
  env: ShellEnv,
  inScope: InScope,
  walked: boolean,
): Facts {
  const found = searchCategories(path, globs, mode, env, walked);
  const targets = found.verdicts.map((v, index) => ({
    ...base,
    index,
    target: { kind: 'read' as const, toolName: request.toolName, path: v.ref.resolved ?? path },
    categories: v.categories.map(fact),
    outOfScope: outOfScopeOf(leavesScope(v.ref, policy, inScope, true)),
  }));
  const uncertain: Uncertainty[] = found.uncertain
    ? [{ code: 'glob-escape', reason: 'a search pattern may reach outside the folder it starts in' }]
    : [];
  if (found.verdicts.some((v) => v.uncertain)) uncertain.push(UNFOLLOWED);
  return { targets, uncertain };
}

/**
 * A content search that prints lines (`lines`): a secret file below its folder one of whose lines the pattern
 * matches is read, as the same search run with `rg` is (the analysis of `linesSearchCommand`). Only that category is
 * taken from the analysis; the search's scope is judged as before.
 */
function withPrintedSecrets(facts: Facts, lines: boolean, analysis: ShellAnalysis | undefined): Facts {
  // What the search prints was not analysed: nothing says it is safe.
  if (lines && analysis === undefined)
    return {
      ...facts,
      uncertain: [
        ...facts.uncertain,
        { code: 'no-analysis', reason: 'the lines the search prints were not analysed' },
      ],
    };
  const hit = analysis?.hits.find((h) => h.category === 'secret_material_read');
  const first = facts.targets[0];
  if (!hit || !first) return facts;
  const printed = {
    category: 'secret_material_read' as const,
    reason:
      'prints lines of a secret file below the folder that its pattern matches, or tells what one holds',
  };
  return {
    ...facts,
    targets: [{ ...first, categories: [...first.categories, printed] }, ...facts.targets.slice(1)],
  };
}

/**
 * What a fetch of `url` touches, by the whole URL: `http(s)` reaches its host (a metadata service reads
 * credentials; an internal or unstated host is outbound), `file:` reads that local path, and any other scheme,
 * a `file:` URL naming another machine or an unreadable URL is uncertain. `readOnly`: the harness's web fetch
 * tool (a GET, no body): a documentation host of the safe catalogue is then not outbound to an unstated host.
 */
function fetchFacts(
  request: CheckRequest,
  url: string,
  base: Base,
  policy: CompiledPolicy,
  env: ShellEnv,
  inScope: InScope,
  readOnly = false,
): Facts {
  const target = fetchTarget(url);
  if ('uncertain' in target) return { targets: [], uncertain: [target.uncertain] };
  if (target.path !== undefined) return pathFacts(request, target.path, 'read', base, policy, env, inScope);
  const docs = readOnly && policy.catalogue.documentationHosts.has(target.host);
  const found = hostCategories(target.host, env, target.port, target.urlPath).filter(
    (c) => !(docs && c === 'outbound_network_to_unstated_host'),
  );
  // A credential written literally into the URL leaves with the request, to a stated host too.
  if (carriesSecret(url) && !found.includes('credential_exfiltration') && !isLocalHost(target.host))
    found.push('credential_exfiltration');
  const categories = found.map((c) =>
    c === 'credential_exfiltration' &&
    !hostCategories(target.host, env, target.port, target.urlPath).includes(c)
      ? LITERAL_SECRET
      : fact(c),
  );
  return {
    targets: [
      { ...base, target: { kind: 'web_fetch', toolName: request.toolName, host: target.host }, categories },
    ],
    uncertain: [],
  };
}

/** Quoted for the shell as one word. */
const quoted = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * The ripgrep command a harness's content search runs, for the shell analysis to find the secret files whose lines
 * it prints. Claude Code's Grep is ripgrep; whether it passes `--hidden` is not settled (reports disagree), so hidden
 * files count as searched (what git ignores is skipped). A multi-line pattern is judged as one known only at run
 * time: it counts as matching every secret file it reaches.
 */
export function linesSearchCommand(path: string, globs: readonly string[], lines: SearchLines): string {
  const options = [
    lines.namesOnly ? '-l' : '-n',
    '--hidden',
    ...(lines.ignoreCase ? ['-i'] : []),
    ...globs.flatMap((g) => ['-g', quoted(g)]),
  ];
  const pattern = lines.multiline ? '"$MULTILINE_PATTERN"' : quoted(lines.pattern);
  return `rg ${options.join(' ')} -e ${pattern} -- ${quoted(path)}`;
}

/**
 * The shell commands an MCP or unknown tool's arguments carry, or a write or edit adds to a file a runner runs
 * (`runnerEdit`), for the pipeline to analyse.
 */
export function argumentCommands(request: CheckRequest): string[] {
  const input = request.input;
  if (input.kind === 'read' && input.lines)
    return [linesSearchCommand(input.path, input.globs ?? [], input.lines)];
  if (input.kind === 'write' || input.kind === 'edit')
    return runnerEdit(request)?.commands.map((c) => c.command) ?? [];
  if (input.kind !== 'mcp' && input.kind !== 'other') return [];
  const invoked = invokedDefinition(request);
  if (invoked) return invoked.commands.map((c) => c.command);
  const out: string[] = [];
  for (const t of argumentTouches(request.toolName, input.arguments).touches)
    if (t.kind === 'command') out.push(t.command);
  return out;
}

/** Harness tools that send their arguments to a search service (the rest of the unknown tools stay local). */
const sendsAway = (name: string): boolean =>
  /^(?:WebSearch|web_search|google_web_search|websearch)$/i.test(name);

/** Do the arguments (as JSON text, bounded by `carriesSecret`) hold a credential-shaped literal? */
function argumentsCarrySecret(args: unknown): boolean {
  let text: string | undefined;
  try {
    text = JSON.stringify(args);
  } catch {
    return false;
  }
  return text !== undefined && carriesSecret(text);
}

/** A host a fetch reaches that is this machine (loopback): a secret sent there does not leave it. */
const isLocalHost = (host: string): boolean => /^(?:localhost|127(?:\.\d+){3}|\[?::1\]?)$/i.test(host);

/**
 * An MCP or unknown tool: the call itself (no rule knows it: review), then every touch its arguments carry,
 * judged as the built-in tool would be: a command by its analysis (`analyses`, in `argumentCommands` order), a
 * path as a read and, unless the tool's name only reads, a write (or a delete), a URL as a fetch. Arguments
 * gavel cannot read whole are uncertain.
 */
function argumentFacts(
  request: CheckRequest,
  called: TargetFacts,
  analyses: readonly ShellAnalysis[],
  policy: CompiledPolicy,
  env: ShellEnv,
  inScope: InScope,
): Facts {
  const input = request.input;
  const args = input.kind === 'mcp' || input.kind === 'other' ? input.arguments : undefined;
  let self = called;
  const shape = argumentTouches(request.toolName, args);
  // A credential written literally into the arguments of an MCP tool or a web search leaves with the call.
  if ((input.kind === 'mcp' || sendsAway(request.toolName)) && argumentsCarrySecret(args))
    self = { ...self, categories: [...self.categories, LITERAL_SECRET] };
  const targets: TargetFacts[] = [self];
  const uncertain: Uncertainty[] = [];
  if (shape.unreadable !== undefined)
    uncertain.push({ code: 'unreadable-argument', reason: `the tool's arguments ${shape.unreadable}` });
  const base = { index: 0, label: self.label, categories: [] as CategoryFact[], outOfScope: [] as string[] };
  let command = 0;
  for (const t of shape.touches) {
    if (t.kind === 'command') {
      const a = analyses[command++];
      if (a === undefined) {
        uncertain.push({ code: 'no-analysis', reason: 'a command in the arguments was not analysed' });
        continue;
      }
      targets.push(
        ...shellTargets(request, a, policy, inScope, env).map((s) => ({ ...s, label: self.label })),
      );
      uncertain.push(...a.uncertain);
    } else if (t.kind === 'url') {
      const f = fetchFacts(request, t.url, base, policy, env, inScope);
      targets.push(...f.targets);
      uncertain.push(...f.uncertain);
    } else {
      // A read's scope is the tool's business; a secret read is a category all the same.
      const r = pathFacts(request, t.path, 'read', base, policy, env, inScope);
      targets.push(...r.targets.map((x) => ({ ...x, outOfScope: [] })));
      uncertain.push(...r.uncertain);
      if (t.write) {
        const w = pathFacts(request, t.path, t.delete ? 'delete' : 'write', base, policy, env, inScope);
        targets.push(...w.targets);
        uncertain.push(...w.uncertain);
      }
    }
  }
  return { targets: targets.map((t, index) => ({ ...t, index })), uncertain };
}

/**
 * A credential a write or edit copies into a file (an AWS key pair, a token, a private key): the next commit or
 * upload takes it along. Uncertain; the reason names the file only.
 */
function storedSecrets(request: CheckRequest, path: string, change: FileChange | undefined): Uncertainty[] {
  if (change === undefined) return [];
  // The change's own text first (no disk read): most writes carry no part of a credential at all.
  const added = changedTexts(change, undefined).after;
  const shaped = mayCarryStoredSecret(added);
  if (!shaped && !mayCopyCredential(added)) return [];
  const { before, after } = changedLineTexts(change, diskText(request, changedPath(request, path)));
  const abs = changedPath(request, path);
  const copied = () => copiesCredential(request, abs, after) && !copiesCredential(request, abs, before);
  if (!(shaped && addsStoredSecret(before, after)) && !copied()) return [];
  return [{ code: 'secret-value', reason: `the change writes a credential into \`${basename(path)}\`` }];
}

/**
 * A change that makes a workspace file name a secret of the home folder (a build's secret mount, a volume, a copy
 * step): what reads that file next takes the secret along. Uncertain; the reason names the file only.
 */
function secretReferences(
  request: CheckRequest,
  path: string,
  change: FileChange | undefined,
  env: ShellEnv,
): Uncertainty[] {
  if (change === undefined) return [];
  // The change's own text first (no disk read): most changes name no home path at all.
  const added = changedTexts(change, undefined).after;
  if (!added.includes('~/') && !added.includes('HOME') && !added.includes(request.home)) return [];
  const { before, after } = changedLineTexts(change, diskText(request, changedPath(request, path)));
  if (!addsSecretReference(path, before, after, request.home, makePathScope(env))) return [];
  return [
    {
      code: 'secret-value',
      reason: `the change makes \`${basename(path)}\` name a secret file of the home folder`,
    },
  ];
}

/**
 * What a write or edit adds besides the write itself: every command it adds to a file a runner runs commands
 * from, judged as the shell it is (`analyses`, in `argumentCommands` order), labelled with the runner and script
 * (its uncertainties name them); code planted where something runs it later (later-code.ts); a guard the project
 * keeps taken away (guard-edits.ts). Undefined when there is nothing.
 */
function writeAdditions(
  request: CheckRequest,
  analyses: readonly ShellAnalysis[],
  policy: CompiledPolicy,
  env: ShellEnv,
  inScope: InScope,
): { targets: TargetFacts[]; uncertain: Uncertainty[] } | undefined {
  const edit = runnerEdit(request);
  const input = request.input;
  const guards =
    input.kind === 'write' && input.delete
      ? deletedGuard(request, input.path)
      : input.kind === 'write' || input.kind === 'edit'
        ? [
            ...weakenedGuards(request, input.path, input.change),
            ...destructiveMigrations(request, input.path, input.change),
            ...serverCodeEdits(request, input.path, input.change),
            ...movedEndpoints(request, input.path, input.change, env),
            ...requestRuns(request, input.path, input.change),
            ...storedSecrets(request, input.path, input.change),
            ...secretReferences(request, input.path, input.change, env),
          ]
        : [];
  if (!edit && guards.length === 0) return undefined;
  const targets: TargetFacts[] = [];
  const uncertain = [...guards, ...(edit?.uncertain ?? [])];
  edit?.commands.forEach((c, i) => {
    const a = analyses[i];
    const label = `\`${request.toolName}\` (${c.where})`;
    if (a === undefined) {
      uncertain.push({ code: 'no-analysis', reason: `a command added to ${c.where} was not analysed` });
      return;
    }
    const found = shellTargets(request, a, policy, inScope, env).map(
      (s): TargetFacts => ({ ...s, label, fromText: true }),
    );
    const keep = c.keep;
    if (keep === undefined) {
      targets.push(...found);
      for (const u of a.uncertain) uncertain.push({ code: u.code, reason: `${c.where}: ${u.reason}` });
      return;
    }
    // Code that runs elsewhere or later (later-code.ts): only the categories kept count, never its scope, and of
    // its uncertainty only a payload decoded and run (obfuscation no ordinary code needs).
    for (const u of a.uncertain)
      if (u.code === 'decoded-payload') uncertain.push({ code: u.code, reason: `${c.where}: ${u.reason}` });
    // A hidden home file no table knows harmless is what a shell read of it asks about (`hiddenHomeRead`); code run
    // later that reads one and reaches another machine may send it (a registry token in `~/.hex/hex.config`).
    if (sendsHiddenHomeFile(a, env))
      uncertain.push({
        code: 'secret-value',
        reason: `${c.where}: reads a hidden file of the home folder no table knows harmless and reaches another machine`,
      });
    for (const s of found) {
      const categories = s.categories.filter((f) => (keep as readonly string[]).includes(f.category));
      if (categories.length > 0) targets.push({ ...s, categories, outOfScope: [] });
    }
  });
  return { targets, uncertain };
}

/**
 * A CI workflow change that only adds plain shell steps (workflow-steps.ts), or a pre-commit change that only turns
 * on more hooks of a repository it already uses at the same revision (pre-commit-hooks.ts), is not persistence by
 * itself: the commands a workflow adds are judged as the shell they are (runner-files.ts reads them). Anything else
 * keeps the category.
 */
function plainConfigChange(
  request: CheckRequest,
  change: FileChange | undefined,
  path: string,
  facts: Facts,
): Facts {
  const plainChange = isWorkflowPath(path)
    ? addsOnlyPlainSteps
    : isPreCommitPath(path)
      ? addsOnlyRepositoryHooks
      : undefined;
  if (change === undefined || plainChange === undefined) return facts;
  const disk = diskText(request, changedPath(request, path));
  if (disk === undefined || disk === '') return facts;
  const next = newText(change, disk);
  if (typeof next === 'string' || !plainChange(disk, next.text)) return facts;
  return {
    ...facts,
    targets: facts.targets.map((t) => ({
      ...t,
      categories: t.categories.filter((f) => f.category !== 'persistence'),
    })),
  };
}

/** A write or edit: the write's own facts, then what it adds (`writeAdditions`). */
function withRunnerCommands(
  request: CheckRequest,
  facts: Facts,
  analyses: readonly ShellAnalysis[],
  policy: CompiledPolicy,
  env: ShellEnv,
  inScope: InScope,
): Facts {
  const more = writeAdditions(request, analyses, policy, env, inScope);
  if (!more) return facts;
  const targets = [...facts.targets, ...more.targets];
  return {
    ...facts,
    targets: targets.map((t, index) => ({ ...t, index })),
    uncertain: [...facts.uncertain, ...more.uncertain],
  };
}

/** A file a shell command writes with literal text, as the write request it stands for, and the analyses of what that adds. */
export interface ShellWrite {
  request: CheckRequest;
  analyses: ShellAnalysis[];
}

/**
 * The writes of literal text a shell command makes (`echo x >> .npmrc`, `cat > conftest.py <<EOF`), each as the
 * write tool request it stands for: a redirect `>` or `tee` writes the whole text, `>>` and `tee -a` append it.
 */
export function shellWriteRequests(
  request: CheckRequest,
  analysis: ShellAnalysis | undefined,
): CheckRequest[] {
  const out: CheckRequest[] = [];
  // A file moved away is deleted where it was.
  for (const path of analysis?.movedAway ?? [])
    out.push({ ...request, input: { kind: 'write', path, delete: true } });
  for (const w of analysis?.writtenTexts ?? []) {
    // A copy of a file writes that file's bytes: read, they are the text written (a copy of a file gavel cannot read,
    // or of one not on disk yet because this command writes it first, is text not shown).
    const copied = w.from === undefined ? undefined : request.readScript?.(w.from);
    // An in-place substitution of literal text: the file as it will be, line by line.
    const edited = w.substitute === undefined ? undefined : request.readScript?.(w.path);
    const substituted =
      w.substitute !== undefined && edited?.kind === 'text'
        ? substituteLines(edited.text, w.substitute)
        : undefined;
    const text = substituted ?? w.text ?? (copied?.kind === 'text' ? copied.text : undefined);
    // Text not shown: a write that does not say how it changes the file (a runner's or an ignore file is uncertain).
    if (text === undefined) {
      out.push({ ...request, input: { kind: 'write', path: w.path } });
      continue;
    }
    // An append is the file's bytes and then the text (with no final newline the first line joins the last one:
    // `.env` then `dist` is `.envdist`); added lines where the file cannot be read.
    const disk = w.append ? request.readScript?.(w.path) : undefined;
    const lines = text.replace(/\n$/, '').split('\n');
    const change: FileChange = !w.append
      ? { kind: 'whole', text }
      : disk?.kind === 'text' || disk?.kind === 'missing'
        ? { kind: 'whole', text: (disk.kind === 'text' ? disk.text : '') + text }
        : { kind: 'patch', lines: lines.map((l) => `+${l}`), add: false };
    out.push({ ...request, input: { kind: 'write', path: w.path, change } });
  }
  return out;
}

/** Each line with the substitution made (the first occurrence per line, or every one with `g`), as sed and perl do. */
function substituteLines(text: string, s: { find: string; replace: string; global: boolean }): string {
  return text
    .split('\n')
    .map((line) => (s.global ? line.split(s.find).join(s.replace) : line.replace(s.find, () => s.replace)))
    .join('\n');
}

/**
 * A skill or slash command invoked: the call itself, then every line its definition makes the harness run, judged
 * as the shell it is (`analyses`, in `argumentCommands` order) and labelled with the definition.
 */
function withDefinedCommands(
  request: CheckRequest,
  called: TargetFacts,
  invoked: InvokedDefinition,
  analyses: readonly ShellAnalysis[],
  policy: CompiledPolicy,
  env: ShellEnv,
  inScope: InScope,
): Facts {
  const targets: TargetFacts[] = [called];
  const uncertain = [...invoked.uncertain];
  invoked.commands.forEach((c, i) => {
    const a = analyses[i];
    const label = `\`${request.toolName}\` (${c.where})`;
    if (a === undefined) {
      uncertain.push({ code: 'no-analysis', reason: `a command ${c.where} runs was not analysed` });
      return;
    }
    targets.push(
      ...shellTargets(request, a, policy, inScope, env).map(
        (s): TargetFacts => ({ ...s, label, fromText: true }),
      ),
    );
    for (const u of a.uncertain) uncertain.push({ code: u.code, reason: `${c.where}: ${u.reason}` });
  });
  const facts: Facts = { targets: targets.map((t, index) => ({ ...t, index })), uncertain };
  if (invoked.unknown) facts.unknown = true;
  return facts;
}

/**
 * The facts of a request; `analysis` is required for a shell request and ignored otherwise; `analyses` are the
 * analyses of the commands an MCP or unknown tool's arguments carry (see `argumentCommands`).
 */
export function collectFacts(
  request: CheckRequest,
  analysis: ShellAnalysis | undefined,
  policy: CompiledPolicy,
  env: ShellEnv,
  inScope: InScope,
  analyses: readonly ShellAnalysis[] = [],
  writes: readonly ShellWrite[] = [],
): Facts {
  const input = request.input;
  if (input.kind === 'shell') {
    if (!analysis)
      return {
        targets: [],
        uncertain: [{ code: 'no-analysis', reason: 'the shell command was not analysed' }],
      };
    const targets = shellTargets(request, analysis, policy, inScope, env);
    const uncertain = analysis.uncertain.slice();
    // Literal text the command writes to a file is judged as a write tool's change of it would be.
    for (const w of writes) {
      const more = writeAdditions(w.request, w.analyses, policy, env, inScope);
      if (!more) continue;
      for (const t of more.targets) targets.push({ ...t, index: targets.length });
      uncertain.push(...more.uncertain);
    }
    const variables = analysis.variables ?? [];
    // Setting shell state only (`export X=1`) runs nothing, but it is not empty: the policy judges the names.
    if (targets.length === 0 && uncertain.length === 0 && variables.length === 0)
      uncertain.push({ code: 'empty', reason: 'the command has nothing to run' });
    const facts: Facts = {
      targets,
      uncertain,
      variables,
      variableValues: analysis.variableValues ?? [],
      unexported: analysis.unexported ?? [],
      builtinScoped: analysis.builtinScoped ?? [],
    };
    // Outside the harness's sandbox: the harness's own control decides, as for a call nothing knows.
    if (input.leavesSandbox) facts.unknown = true;
    return facts;
  }
  const base = {
    index: 0,
    label: `\`${request.toolName}\``,
    categories: [] as CategoryFact[],
    outOfScope: [] as string[],
  };
  switch (input.kind) {
    case 'read':
      if (input.search)
        return withPrintedSecrets(
          searchFacts(
            request,
            input.path,
            input.search,
            input.globs ?? [],
            base,
            policy,
            env,
            inScope,
            // The lines it prints were analysed on disk: the secret files it reads and prints are judged there.
            input.lines !== undefined && analyses[0] !== undefined && env.readScript !== undefined,
          ),
          input.lines !== undefined,
          input.lines ? analyses[0] : undefined,
        );
      return pathFacts(request, input.path, 'read', base, policy, env, inScope);
    case 'write':
      return withRunnerCommands(
        request,
        plainConfigChange(
          request,
          input.delete ? undefined : input.change,
          input.path,
          pathFacts(request, input.path, input.delete ? 'delete' : 'write', base, policy, env, inScope),
        ),
        analyses,
        policy,
        env,
        inScope,
      );
    case 'edit': {
      // An edit reads the file it changes and the harness shows the model lines of it (Claude Code's Edit
      // answers with a snippet; a patch's context is the file's text): editing a secret is reading it too.
      const facts = plainConfigChange(
        request,
        input.change,
        input.path,
        pathFacts(request, input.path, 'write', base, policy, env, inScope),
      );
      const reads = pathCategories(input.path, 'read', env).categories;
      for (const t of facts.targets) {
        for (const c of reads) if (!t.categories.some((f) => f.category === c)) t.categories.push(fact(c));
      }
      return withRunnerCommands(request, facts, analyses, policy, env, inScope);
    }
    case 'web_fetch':
      return fetchFacts(request, input.url, base, policy, env, inScope, true);
    case 'mcp':
      return argumentFacts(
        request,
        {
          ...base,
          target: { kind: 'mcp', toolName: request.toolName, server: input.server, tool: input.tool },
        },
        analyses,
        policy,
        env,
        inScope,
      );
    case 'other': {
      const invoked = invokedDefinition(request);
      const called = { ...base, target: { kind: 'other' as const, toolName: input.name } };
      if (invoked) return withDefinedCommands(request, called, invoked, analyses, policy, env, inScope);
      return argumentFacts(request, called, analyses, policy, env, inScope);
    }
    default: {
      const never: never = input;
      return never;
    }
  }
}
