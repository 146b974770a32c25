/**
 * Runs the detectors on one invocation and says what it writes to stdout. Each detector reports independently;
 * a detector that looks at some programs only declares them (`X_PROGRAMS` beside it, python standing for every
 * `python3.N`) and is run for those alone (ADR 0079); one that looks at every program is listed as `any`.
 * Pure apart from reporting.
 */

import { aimsAtSecrets } from '../classify/path-categories';
import { interpreterFamily, readInterpreter } from '../data/interpreters';
import { SHELLS } from '../data/wrappers';
import {
  type Invocation,
  isLiteral,
  optionText,
  plain,
  type Reporter,
  splitArgs,
} from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { type Flow, literalFlow, OPAQUE_FLOW, taintsOf, taintsOfAll } from '../walk/flow';
import { productionArguments, STATE_BUILTIN_PROGRAMS, stateBuiltin } from './bash-state';
import { CLEANERS_PROGRAMS, detectCleaners } from './cleaners';
import { CLIENT_RC_PROGRAMS, clientRcFiles } from './client-rc-files';
import { CLIENT_TARGETS_PROGRAMS, clientTargets } from './client-targets';
import { COMMAND_OPTIONS_PROGRAMS, commandOptions } from './command-options';
import { CONFIG_MODULES_PROGRAMS, configModules } from './config-modules';
import { controlFiles } from './control-files';
import { decodeBase64Literal, decodesStdinOnly } from './decoded-literal';
import { DOCKER_PROGRAMS, detectDocker } from './detect-docker';
import { detectFilesystem } from './detect-filesystem';
import { detectGit } from './detect-git';
import { detectNetwork, detectTransfers, devTcp, TRANSFERS_PROGRAMS } from './detect-network';
import { detectPackages, PACKAGES_PROGRAMS, REMOVERS_PROGRAMS, removesGavel } from './detect-packages';
import { detectRunners, RUNNERS_PROGRAMS } from './detect-runners';
import { detectScripts } from './detect-scripts';
import { detectTable } from './detect-table';
import { DISK_FILL_PROGRAMS, detectDiskFill } from './disk-fill';
import { embeddedCommands } from './embedded-commands';
import { detectReplacedSecrets } from './emptied-files';
import { EXCLUDE_ASSIGNED, exclusionPatterns } from './exclusion-patterns';
import { expressionAssigned, expressionWords } from './expression-words';
import { goPrograms } from './go-programs';
import { GO_SOURCES_PROGRAMS, goSources } from './go-sources';
import { detectGuard, GUARD_PROGRAMS } from './guard-integrity';
import { JAVAC_PROGRAMS, javacProcessors } from './javac-processors';
import { knownOutput } from './known-output';
import { listedOutput, searchedFiles } from './listed-paths';
import { LOCKFILE_DRIFT_PROGRAMS, lockfileDrift } from './lockfile-drift';
import { MAKE_PROGRAMS, makeRecipes } from './make-recipes';
import { MIGRATION_CODE_PROGRAMS, migrationCode } from './migration-code';
import { migrationTargets } from './migration-targets';
import { PACKAGE_EDITS_PROGRAMS, packageEdits } from './package-edits';
import { PACKAGE_SCRIPTS_PROGRAMS, packageScripts } from './package-scripts';
import {
  archivesToStdout,
  holdsSecrets,
  mayNameSecret,
  readsSecretContent,
  readsTree,
  redirectEffects,
  resolveArg,
  runTimeName,
  secretBelow,
  shortPath,
  TREE_PRINTERS,
  TREE_READERS,
  touchPath,
  treeHoldsSecret,
} from './path-effects';
import { printfOutput } from './printf-format';
import { PROGRAM_FILE_PROGRAMS, programFiles } from './program-files';
import { pythonPath } from './python-path';
import { pythonStartup } from './python-startup';
import { R_STARTUP_PROGRAMS, rStartup } from './r-startup';
import { detectSecretPrinters } from './secret-printers';
import { SECRET_SEARCH_PROGRAMS, secretSearch } from './secret-search';
import { SNAKEMAKE_PROGRAMS, snakemakeRuns } from './snakemake-runs';
import { TASK_NAMES_PROGRAMS, taskNames } from './task-names';
import { taskRunners } from './task-runners';
import { detectToolOutputs } from './tool-outputs';
import { workflowTriggers } from './workflow-triggers';
import { WORKSPACE_PROGRAMS, workspacePrograms } from './workspace-programs';

/** Programs that take paths but do not reveal file contents. */
const NON_READERS = new Set([
  'ls',
  'stat',
  'test',
  '[',
  '[[',
  'chmod',
  'chown',
  'chgrp',
  'touch',
  'mkdir',
  'du',
  'file',
  'wc',
  'git',
  'ssh-add',
  'ssh-keygen',
  'realpath',
  'readlink',
  'dirname',
  'basename',
  'which',
  'type',
  'echo',
  'printf',
  'cd',
  'ssh',
  'source',
  '.',
  'export',
  // Builtins whose words are values (`set -- "-Dapp=$X" …` in a wrapper script sets positional parameters).
  'set',
  'local',
  'readonly',
  'declare',
  'typeset',
  'unset',
  'shift',
  'md5sum',
  'sha256sum',
  'shasum',
]);
/** Programs whose output is their input transformed (taints pass through). */
const DECODERS = /^(base64|base32|basenc|xxd|openssl|gunzip|zcat|gzip|bzip2|xz|unxz|uudecode|rev)$/;
const ENV_DUMPS = new Set(['env', 'printenv', 'set', 'export', 'declare', 'compgen']);

/** Programs whose file operands' content they print (a file named at run time may be a secret). */
const CONTENT_READERS = new Set(
  'cat tac head tail less more most bat batcat nl sort uniq cut paste fold fmt pr column rev expand unexpand od xxd hexdump hd strings base64 base32 basenc grep egrep fgrep rg jq gojq jaq yq sed diff comm join iconv'.split(
    ' ',
  ),
);
/**
 * Programs whose first positional is an expression they evaluate (a jq filter, a sed script, a grep
 * pattern), not a file, unless an option supplies the expression (`-e`, `-f`, `--from-file`).
 */
const EXPRESSION_FIRST = new Set(['jq', 'gojq', 'jaq', 'yq', 'sed', 'grep', 'egrep', 'fgrep', 'rg']);
const EXPRESSION_OPTION = /^(-[a-zA-Z]*[ef]|--(expression|regexp|file|from-file)(=.*)?)$/;

/** A word with blanks or query syntax (`|`, brackets, quotes, `=`) is an expression, not a file name. */
const EXPRESSION_TEXT = /[\s|()[\]{}"'=!<>;&$]/;

function looksLikePath(text: string): boolean {
  return (
    /^(~|\/|\.{1,2}(\/|$))/.test(text) ||
    text.includes('/') ||
    (!EXPRESSION_TEXT.test(text) &&
      /(^|\/)(\.env(\..*)?|id_(rsa|dsa|ecdsa|ed25519)|[^/]*\.(pem|key|p12|pfx)|credentials(\.json)?|\.netrc|\.npmrc|\.pgpass)$/.test(
        text,
      ))
  );
}

/**
 * What echo and printf print, when it is exact: echo without escape processing, printf with a format free
 * of `%` and of escapes other than `\n`, `\t`, `\\` (printf-format.ts). Anything else is opaque:
 * `printf %s 'rm -rf /' | sh` must not look harmless.
 */
function printed(inv: Invocation): Flow {
  if (!inv.args.every(isLiteral)) return taintsOfAll(inv.args.map((w) => w.flow));
  const words = inv.args.map((w) => plain(w));
  if (inv.program === 'printf') {
    const text = printfOutput(words);
    return text === undefined ? OPAQUE_FLOW : literalFlow(text);
  }
  let k = 0;
  let newline = true;
  while (k < words.length && /^-[neE]+$/.test(words[k] ?? '')) {
    if ((words[k] ?? '').includes('e') && words.slice(k + 1).some((w) => w.includes('\\')))
      return OPAQUE_FLOW;
    if ((words[k] ?? '').includes('n')) newline = false;
    k++;
  }
  return literalFlow(`${words.slice(k).join(' ')}${newline ? '\n' : ''}`);
}

type Detector = (inv: Invocation, r: Reporter) => void;
/** The programs a detector looks at (a function: read on first use, after every module is loaded), or `any`. */
type Programs = 'any' | (() => readonly string[]);

/**
 * The detectors run before those that give the output flow, in this order. INVARIANT: a detector listed with
 * programs reports nothing, and changes nothing, for any other program; one that reads redirects, secret
 * paths, outputs or variables of every program is `any`.
 */
const STEPS: readonly (readonly [Detector, Programs])[] = [
  [redirectEffects, 'any'],
  [devTcp, 'any'],
  // First: a workspace program read here is no longer a file `python -m` imports unread (runner-options.ts).
  [workspacePrograms, WORKSPACE_PROGRAMS],
  [detectRunners, RUNNERS_PROGRAMS],
  [rStartup, R_STARTUP_PROGRAMS],
  [packageEdits, PACKAGE_EDITS_PROGRAMS],
  [packageScripts, PACKAGE_SCRIPTS_PROGRAMS],
  [makeRecipes, MAKE_PROGRAMS],
  [taskRunners, 'any'],
  [configModules, CONFIG_MODULES_PROGRAMS],
  [taskNames, TASK_NAMES_PROGRAMS],
  [migrationTargets, 'any'],
  [migrationCode, MIGRATION_CODE_PROGRAMS],
  [goSources, GO_SOURCES_PROGRAMS],
  [goPrograms, GO_SOURCES_PROGRAMS],
  [workflowTriggers, () => ['gh']],
  [snakemakeRuns, SNAKEMAKE_PROGRAMS],
  [clientTargets, CLIENT_TARGETS_PROGRAMS],
  [clientRcFiles, CLIENT_RC_PROGRAMS],
  [pythonStartup, 'any'],
  [stateBuiltin, STATE_BUILTIN_PROGRAMS],
  [productionArguments, 'any'],
  [detectGuard, GUARD_PROGRAMS],
  [controlFiles, 'any'],
  [removesGavel, REMOVERS_PROGRAMS],
  // Before the interpreters return: `python3 -m pip install` and `bun add` are installs too.
  [detectPackages, PACKAGES_PROGRAMS],
  // Outputs named by options are writes whatever the program goes on to run (`python -m pytest --junitxml F`).
  [detectToolOutputs, 'any'],
  // A PYTHONPATH given to any program that starts Python (`PYTHONPATH=src pip …`, `… pytest`).
  [pythonPath, 'any'],
  [detectCleaners, CLEANERS_PROGRAMS],
  [detectTransfers, TRANSFERS_PROGRAMS],
  [detectDiskFill, DISK_FILL_PROGRAMS],
  [secretSearch, SECRET_SEARCH_PROGRAMS],
  [programFiles, PROGRAM_FILE_PROGRAMS],
  [commandOptions, COMMAND_OPTIONS_PROGRAMS],
  [javacProcessors, JAVAC_PROGRAMS],
  [lockfileDrift, LOCKFILE_DRIFT_PROGRAMS],
];

/** Every python (`python3`, `python3.12`) is `python` to the declarations, every php `php`. */
const dispatchKey = (program: string) =>
  /^python[0-9.]*$/.test(program) ? 'python' : /^php[0-9.]*$/.test(program) ? 'php' : program;

/** Per declared program, the STEPS indexes that list it; built on first use. */
let listing: Map<string, Set<number>> | undefined;
/** The detectors of STEPS one program runs, by program name (bounded: names come from the command). */
const chosen = new Map<string, readonly Detector[]>();
const ALL_STEPS = STEPS.map(([detect]) => detect);
let dockerPrograms: ReadonlySet<string> | undefined;

export function stepsFor(program: string): readonly Detector[] {
  // A name of Object's prototype (`constructor`) finds an entry in every table keyed by an object: run them all.
  if (program in Object.prototype) return ALL_STEPS;
  const known = chosen.get(program);
  if (known) return known;
  if (!listing) {
    listing = new Map();
    for (const [k, [, programs]] of STEPS.entries()) {
      if (programs === 'any') continue;
      for (const name of programs()) listing.set(name, (listing.get(name) ?? new Set()).add(k));
    }
  }
  const listed = listing.get(dispatchKey(program));
  const steps = STEPS.filter(([, programs], k) => programs === 'any' || listed?.has(k)).map(([d]) => d);
  if (chosen.size >= 4096) chosen.clear();
  chosen.set(program, steps);
  return steps;
}

let everyDetector = false;
/** Tests only: run every detector for every program (the dispatch's differential test compares both). */
export function runEveryDetector(on: boolean): void {
  everyDetector = on;
}

export function detectInvocation(inv: Invocation, r: Reporter): Flow {
  return listedOutput(inv, detectEach(inv, r), r);
}

function detectEach(inv: Invocation, r: Reporter): Flow {
  const p = inv.program;
  for (const detect of everyDetector ? ALL_STEPS : stepsFor(p)) detect(inv, r);
  if (p === 'pwd' || p === 'git' || p === 'basename' || p === 'dirname' || p === 'mktemp') {
    const known = knownOutput(inv, r);
    if (known) return known;
  }
  const scripted = detectScripts(inv, r);
  if (scripted) {
    if (interpreterFamily(p) !== undefined || SHELLS.has(p)) interpreterSecrets(inv, r);
    return scripted;
  }
  if (p === 'git') return detectGit(inv, r) ?? OPAQUE_FLOW;
  if (p === 'rsync') detectReplacedSecrets(inv, r);
  const net = detectNetwork(inv, r);
  if (net) return net;
  dockerPrograms ??= new Set(DOCKER_PROGRAMS());
  if (everyDetector || dockerPrograms.has(p)) detectDocker(inv, r);
  detectSecretPrinters(inv, r);
  const secret = detectTable(inv, r);
  const fs = detectFilesystem(inv, r);
  if (secret) return { sensitive: true, network: false, decoded: false, opaque: true };
  if (fs) return fs;
  if (p === 'tee') return inv.stdin;

  if (
    ENV_DUMPS.has(p) &&
    (inv.args.length === 0 ||
      (p !== 'printenv' && p !== 'set' && inv.args.every((w) => /^-[px0i]$|^-$/.test(plain(w)))))
  ) {
    if (p !== 'declare' || inv.args.length > 0) {
      r.hit('secret_material_read', `\`${p}\` prints the whole environment, secrets included`, inv.segment);
      return { sensitive: true, network: false, decoded: false, opaque: true };
    }
  }
  if (p === 'echo' || p === 'printf') return printed(inv);

  embeddedCommands(inv, r);
  // Any other program: path-like arguments are reads unless the program only looks at names.
  const { positionals, options } = splitArgs(inv.args);
  let readsSecret = false;
  // `openssl x509 -in cert.pem`: a certificate's fields are printed, never a private key beside it in the file.
  const role = NON_READERS.has(p) || (p === 'openssl' && plain(inv.args[0]) === 'x509') ? 'arg' : 'read';
  // yq's expression is optional (`yq ~/.kube/config` prints the file): a first word that looks like a path is one.
  const expressionFirst =
    EXPRESSION_FIRST.has(p) &&
    !options.some((o) => EXPRESSION_OPTION.test(o)) &&
    !(p === 'yq' && positionals[0] !== undefined && looksLikePath(plain(positionals[0])));
  const patterns = exclusionPatterns(inv);
  const expressions = expressionWords(inv);
  for (const w of positionals.slice(expressionFirst ? 1 : 0)) {
    if (patterns.has(w) || expressions.has(w)) continue;
    const text = plain(w);
    const secret = role === 'read' && mayNameSecret(w, inv, r);
    if (!secret && !isLiteral(w) && !text.startsWith('~') && !text.startsWith('/')) {
      // `cat $KUBECONFIG`, `cat "$1"`, `cat $(cat list.txt)`: a file named at run time may be any file, a secret too.
      if (CONTENT_READERS.has(p) && runTimeName(w))
        r.uncertain('dynamic-path', `\`${p}\` reads a file named only at run time`, inv.segment);
      continue;
    }
    if (!secret && !looksLikePath(text)) {
      // `cat *`, `cat *.yaml`: a bare glob is no path the tables judge, but it expands to the files on disk; one of
      // them named like a secret is read (path-effects.ts secretBelow).
      if (role === 'read' && isLiteral(w) && secretBelow(w, inv, r)) {
        touchPath(w, role, inv, r);
        readsSecret = true;
        continue;
      }
      // `tar -cf - config`: a bare folder name an archiver writes to standard output, members and all.
      if (
        role === 'read' &&
        isLiteral(w) &&
        (archivesToStdout(inv) || (TREE_PRINTERS.has(p) && readsTree(inv, options))) &&
        treeHoldsSecret(resolveArg(w, inv, r).resolved, inv, r)
      ) {
        r.hit(
          'secret_material_read',
          `\`${p}\` writes a folder holding secret material to its output (${shortPath(w)})`,
          inv.segment,
        );
        readsSecret = true;
        continue;
      }
      // A bare name is not taken for a path, but a reader given one opens it: its content may still be a secret.
      const named = role === 'read' && /^[\w.@+-]+$/.test(text) ? resolveArg(w, inv, r).resolved : undefined;
      if (named !== undefined && readsSecretContent(named, inv, r)) readsSecret = true;
      continue;
    }
    const res = touchPath(w, role, inv, r);
    if (res.class === 'sensitive' && role === 'read') readsSecret = true;
    else if (
      role === 'read' &&
      TREE_READERS.has(p) &&
      readsTree(inv, options) &&
      (holdsSecrets(res.resolved, r) ||
        ((archivesToStdout(inv) || TREE_PRINTERS.has(p)) && treeHoldsSecret(res.resolved, inv, r)))
    ) {
      r.hit(
        'secret_material_read',
        `\`${p}\` reads a whole folder that holds secret material (${shortPath(w)})`,
        inv.segment,
      );
      readsSecret = true;
    }
  }
  // A recursive search told which files to read by name reads those: `grep -r KEY --include='*.env' .`. Where the
  // files are read, the search's walk judges the secret files a glob selects and the search would print
  // (secret-search.ts), unless the glob aims at secrets by their usual names (`.env*`, `*.pem`).
  const walked = r.env.readScript !== undefined && SECRET_SEARCH_PROGRAMS().includes(p);
  if (role === 'read')
    for (const g of searchedFiles(inv))
      if ((!walked || aimsAtSecrets(g.text)) && touchPath(g, 'read', inv, r).class === 'sensitive')
        readsSecret = true;
  attachedFiles(inv, r);
  for (const redirect of inv.redirects) {
    if (
      redirect.op.startsWith('<') &&
      !redirect.op.startsWith('<<') &&
      resolveArg(redirect.target, inv, r).class === 'sensitive'
    ) {
      readsSecret = true;
    }
  }
  if ((p === 'cat' || p === 'tee') && positionals.length === 0)
    return readsSecret ? { ...inv.stdin, sensitive: true } : inv.stdin;
  const decoded =
    DECODERS.test(p) && inv.args.some((w) => /^(-d|--decode|-D|-r|-revert|enc)$/.test(plain(w)));
  // A literal payload decoded where it stands is text the line holds: followed as that text (decoded-literal.ts).
  if (decoded && p === 'base64' && inv.stdin.literal !== undefined && inv.args.every(isLiteral)) {
    const text = decodesStdinOnly(inv.args.map((w) => plain(w)))
      ? decodeBase64Literal(inv.stdin.literal)
      : undefined;
    if (text !== undefined) return literalFlow(text);
  }
  // taintsOf gives a fresh opaque flow: set on it, no second object per invocation.
  const flow = taintsOf(inv.stdin);
  flow.sensitive = flow.sensitive || readsSecret;
  flow.decoded = flow.decoded || decoded;
  return flow;
}

/**
 * The words an interpreter or a shell is handed besides its code (`python -m pip install -r F`, `node --test F`,
 * `deno run --allow-read=F main.ts`, `php -l F`, `bash -n F`): a secret named there is opened by what runs, as a reader's operand is (a
 * syntax error or a bad requirement line prints it). Inline code is left to the code scan.
 */
function interpreterSecrets(inv: Invocation, r: Reporter): void {
  const words = inv.args.map((w) => plain(w));
  const code = new Set((readInterpreter(inv.program, words)?.code ?? []).map((c) => c.at));
  // A shell's `-c TEXT` (`bash -ec TEXT`): the text is analysed as the command it is.
  if (SHELLS.has(inv.program)) code.add(words.findIndex((t) => /^-[a-z]*c[a-z]*$/.test(t)) + 1);
  inv.args.forEach((w, k) => {
    if (code.has(k)) return;
    const t = words[k] as string;
    const eq = t.startsWith('-') ? t.indexOf('=') : -1;
    if (t.startsWith('-') && eq < 0) return;
    const value = eq < 0 ? w : { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow };
    if (!looksLikePath(plain(value)) || !mayNameSecret(value, inv, r)) return;
    r.hit(
      'secret_material_read',
      `\`${inv.program}\` is handed secret material (${shortPath(value)})`,
      inv.segment,
    );
  });
}

/**
 * A file named inside an option word (`-var-file=PATH`, `--rcfile=PATH`) or as an `@file` argument (a response
 * file, a format read from a file): the program opens it, so it is a read like an operand (a secret there is a
 * secret read; the catalogue reads option names, never what a value points at).
 */
function attachedFiles(inv: Invocation, r: Reporter): void {
  for (const w of inv.args) {
    const t = optionText(w);
    if (EXCLUDE_ASSIGNED.test(t) || expressionAssigned(inv.program, t)) continue;
    const at = t.startsWith('-') && t.length > 1 ? t.indexOf('=') : t.startsWith('@') ? 0 : -1;
    // `-fPATH`: a one-letter option with a path attached (`grep -f~/.ssh/id_ed25519`, `helm -f/etc/x`) opens it as
    // `-f PATH` would.
    if (at < 0 && /^-[A-Za-z](?:[/~]|\.{1,2}\/)/.test(t) && /^-[A-Za-z]/.test(w.text)) {
      touchPath({ text: w.text.slice(2), flow: w.flow }, 'read', inv, r);
      continue;
    }
    if (at < 0) continue;
    // `--body=@.env`: a value that is itself an `@file` names that file.
    const marked = at > 0 && t[at + 1] === '@' ? 1 : 0;
    const value = t.slice(at + 1 + marked);
    const cut = w.text.indexOf(at === 0 ? '@' : '=') + marked;
    const file: Word = { text: w.text.slice(cut + 1), flow: w.flow };
    // Glob characters after `=` are the program's own text (bash globs the whole word, which matches no file).
    if (value === '' || /[*?[]/.test(value)) continue;
    if (!(looksLikePath(value) || mayNameSecret(file, inv, r))) continue;
    touchPath(file, 'read', inv, r);
  }
}

export { OPAQUE_FLOW, touchPath };
