/**
 * The command a container runs, analysed as the shell it is, with the host folders it is given: every container
 * path under a bind mount (`-v SRC:DST`, `--mount type=bind`, a compose service's `volumes`) is mapped back to
 * the host path it names, so `docker run -v ~:/h alpine rm -rf /h` deletes home and `-v ~/.ssh:/k alpine cat
 * /k/id_rsa` reads a key. A container path outside every bind is the container's own: it is mapped into a
 * folder of its own under the temp root, harmless for host files. The container's home (`~`, `$HOME` in its
 * shell text) is `/root`, a named user's `/home/NAME`, or, when the image chooses the user, each of `/root` and
 * the bound `/home/NAME` folders; a relative path resolves in the working folder (`-w`), or, when the image
 * chooses it, in each bound folder and the container's own: the command is read once for each.
 * Read-only binds map as the others: a write into one fails at run time, and gavel judges it as if it did not.
 * A container variable given a host secret under another name (`-e T=$GITHUB_TOKEN`) is renamed to a
 * secret-named one in the container's shell text. Never reads files; pure apart from reporting.
 * INVARIANT: a container path that climbs with `..`, or a bind whose host source is known only at run time, is
 * uncertain, never mapped to the container's own.
 */

import { posix } from 'node:path';
import { analyzeShellSync } from '../analyze-shell';
import { resolvePath } from '../classify/classify-path';
import type { Invocation, Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { DYN, SPLIT, unprotect } from '../walk/markers';

export interface ContainerBind {
  /** The host path, absolute and normalized; undefined when known only at run time. */
  source?: string;
  /** The container path, absolute and normalized. */
  target: string;
  readOnly: boolean;
}

/** What a container is given from the host, as the engine's options (or a compose service) say. */
export interface ContainerSetup {
  binds: ContainerBind[];
  /** The working folder (`-w`, `working_dir`): a container path; undefined: the image's; DYN inside: unknown. */
  workdir?: string;
  /** `-u`/`--user` (`user:`): the container's user, when given. */
  user?: string;
  /** `-e HOME=...`: the container's home, when given. */
  home?: string;
  /** Container variables given a host secret under another name (`-e T=$GITHUB_TOKEN`). */
  secretNames: Set<string>;
  /** A host secret from the shell's environment reaches the container (`-e TOKEN`, a secret-valued variable). */
  secrets: boolean;
  /** An env file of the project is given (`--env-file`, `env_file`). */
  envFile?: boolean;
}

export function emptySetup(): ContainerSetup {
  return { binds: [], secretNames: new Set(), secrets: false };
}

/** Readings of the command (one per working folder and home it may have): past this, uncertain instead. */
const MAX_RUNS = 6;
/** Where the container's own paths are mapped: a folder of the temp root no host file lives in. */
const OWN = '.gavel-container';
/** Characters a host path may hold and still be written into shell text unquoted. */
const SHELL_SAFE = /^[\w./@+%,:=-]*$/;
/**
 * An absolute path in a word: after the word's start or a separator a shell or an option uses (`=`, `:`, `@`,
 * quotes, operators, parentheses), up to the next such character. `//` (a URL's authority) is not a path.
 */
const ABSOLUTE = /(^|[\s=:@'"`;|&<>(){},])(\/[^\s'"`;|&<>(){}$\\,]*)/g;
/** `~` at the start of a shell word, and `$HOME` / `${HOME}`. */
const HOME_WORDS = /(^|[\s=:'"`;|&<>(){}])~(?=\/|$|[\s'"`;|&<>(){}:])|\$\{HOME\}|\$HOME(?![\w])/g;
/** A `..` path component. */
const CLIMBS = /(^|[\s/=:'"`;|&<>(){}])\.\.(?=\/|$|[\s'"`;|&<>(){}])/;

/** The bind whose target holds `path` (the longest target wins), or undefined: the container's own. */
function bindOf(path: string, binds: readonly ContainerBind[]): ContainerBind | undefined {
  let best: ContainerBind | undefined;
  for (const b of binds) {
    if (b.target === '/') continue;
    if (path !== b.target && !path.startsWith(`${b.target}/`)) continue;
    if (!best || b.target.length > best.target.length) best = b;
  }
  return best;
}

/**
 * The one bind whose target lies below `path` (`/` or `/srv` over a bind at `/srv/app`): the container folder holds
 * that host folder. Several binds below it cannot be named by one host path: marked unknown (uncertain).
 */
function boundBelow(path: string, m: Mapper): ContainerBind | undefined {
  const prefix = path === '/' ? '/' : `${path}/`;
  const below = m.binds.filter((b) => b.target !== '/' && b.target.startsWith(prefix));
  const sources = new Set(below.map((b) => b.source));
  if (sources.size > 1) m.unknown = true;
  return sources.size === 1 ? below[0] : undefined;
}

interface Mapper {
  readonly binds: readonly ContainerBind[];
  readonly own: string;
  /** A path gavel cannot map (a bind from a run-time source) was met. */
  unknown: boolean;
  /** The container's environment holds host secrets (an env file, a secret variable). */
  secretEnv?: boolean;
}

/** A process's environment (`/proc/self/environ`): the container's variables, so its secrets when it was given some. */
const ENVIRON = /^\/proc\/[^/]+\/environ$/;

/** The host path a container path names (a bind's source, or the container's own folder); `shell`: shell text. */
function hostPath(path: string, m: Mapper, shell = false): string | undefined {
  const slash = path.length > 1 && path.endsWith('/') ? '/' : '';
  const norm = posix.normalize(path);
  // Kept as the host's own environment file, which is secret material as the container's is.
  if (m.secretEnv && ENVIRON.test(norm)) return norm;
  const bare = norm === '/' ? norm : norm.replace(/\/$/, '');
  // A pattern (`/*`, `/srv/a*`; quoted in shell text the container's shell reads) may match a bound folder below
  // its literal part.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the quoted glob sentinels (walk/markers.ts)
  const glob = bare.search(/[*?[\u0004-\u0006]/);
  const literal = glob < 0 ? bare : bare.slice(0, bare.lastIndexOf('/', glob)) || '/';
  const bind = bindOf(bare, m.binds) ?? boundBelow(literal, m);
  if (bind === undefined) return `${m.own}${bare === '/' ? '' : bare}${slash}`;
  if (bind.target !== bare && !bare.startsWith(`${bind.target}/`)) {
    // A folder above the bind (`rm -rf /` over `-v .:/app`): what is done to it recursively reaches the host folder.
    if (bind.source === undefined || (shell && !SHELL_SAFE.test(bind.source))) return undefined;
    return `${bind.source}${slash}`;
  }
  // A host folder whose name the shell would split or expand is not written into shell text.
  if (bind.source === undefined || (shell && !SHELL_SAFE.test(bind.source))) return undefined;
  const rest = norm.replace(/\/$/, '').slice(bind.target.length);
  return `${bind.source === '/' ? '' : bind.source}${rest}${slash}` || '/';
}

/** The word's text with container paths mapped to host paths; `shell`: the text is read as shell again. */
function mapText(text: string, home: string | undefined, renames: ReadonlySet<string>, m: Mapper): string {
  const shell = /[\s;|&]/.test(text);
  let out = text.replace(HOME_WORDS, (all, lead: string | undefined) =>
    all.startsWith('$') ? (home ?? DYN) : `${lead ?? ''}${home ?? DYN}`,
  );
  for (const name of renames)
    out = out.replace(
      new RegExp(`\\$(\\{)?${name}(?![\\w])`, 'g'),
      (_all, brace: string | undefined) => `$${brace ?? ''}${name}_GAVEL_HOST_TOKEN`,
    );
  return out.replace(ABSOLUTE, (all, lead: string, path: string) => {
    if (path.startsWith('//')) return all;
    const host = hostPath(path, m, shell);
    if (host === undefined) m.unknown = true;
    return `${lead}${host ?? DYN}`;
  });
}

/**
 * The folders the container's home (`~`, `$HOME`) may be: given (`-e HOME=`), `/root` for root, `/home/NAME` for
 * a named user; when the image chooses the user, `/root` and every bound `/home/NAME`. Undefined inside: unknown.
 */
function containerHomes(setup: ContainerSetup): (string | undefined)[] {
  if (setup.home !== undefined) return [setup.home.includes(DYN) ? undefined : setup.home];
  const user = setup.user?.split(':')[0];
  if (user?.includes(DYN)) return [undefined];
  if (user === 'root' || user === '0') return ['/root'];
  if (user !== undefined && /^[a-z_][\w.-]*$/i.test(user)) return [`/home/${user}`];
  const bound = setup.binds.map((b) => b.target).filter((t) => /^\/home\/[^/]+$/.test(t));
  if (user !== undefined) return bound.length > 0 ? bound : ['/root'];
  return ['/root', ...bound];
}

/** Only folders of the workspace are bound, and no secret of the shell's environment is given. */
function workspaceOnly(setup: ContainerSetup, r: Reporter): boolean {
  return (
    !setup.secrets &&
    setup.binds.every((b) => b.source !== undefined && resolvePath(b.source, r.scope).class === 'workspace')
  );
}

/** A word as shell text: literal parts quoted, a part computed at run time a variable (secret-named if secret). */
function shellWord(w: Word): string {
  const hole = w.flow.sensitive ? '"$GAVEL_HOST_SECRET_TOKEN"' : '"$GAVEL_RUNTIME_VALUE"';
  const quote = (t: string) => `'${unprotect(t).replaceAll("'", "'\\''")}'`;
  return w.text
    .split(DYN)
    .map((part) => part.split(SPLIT).map(quote).join(' '))
    .join(hole);
}

/**
 * A container given only workspace folders runs what its image holds as an entrypoint would: what it does to
 * them counts (categories, paths leaving the workspace, what gavel cannot follow), not whether each program is
 * one gavel knows, and a script the image holds is its own (`dynamic-script` dropped). A separate analysis of
 * the mapped command, reported on the engine's segment. False when it needs the parser, not loaded here.
 */
function categoriesOnly(words: readonly Word[], cwd: string, inv: Invocation, r: Reporter): boolean {
  let a: ReturnType<typeof analyzeShellSync>;
  try {
    a = analyzeShellSync(words.map(shellWord).join(' '), { ...r.env, cwd });
  } catch {
    return false;
  }
  for (const h of a.hits) r.hit(h.category, h.reason, inv.segment);
  for (const u of a.uncertain) if (u.code !== 'dynamic-script') r.uncertain(u.code, u.reason, inv.segment);
  for (const s of a.segments)
    for (const p of s.paths) if (p.class !== 'workspace' && p.class !== 'temp') r.path(inv.segment, p);
  return true;
}

/** What a container given nothing by the host still does to the world: the network it reaches, code it fetches. */
const NETWORK_CATEGORIES = new Set([
  'outbound_network_to_unstated_host',
  'remote_code_execution',
  'package_install_from_unstated_source',
]);

/**
 * A container given nothing (no bind, no secret) reaches no host file, but its network is the host's: code it
 * fetches and runs, or a host it talks to, counts as on the host. Every path of its command is its own (mapped
 * under the temp root), so only those categories can come of it. Needs the parser: when it is not loaded here,
 * nothing is added (the catalogue still judges the engine's own options).
 */
function networkOnly(argv: readonly Word[], inv: Invocation, r: Reporter): void {
  const m: Mapper = { binds: [], own: posix.join(r.scope.tempDirs[0] ?? '/tmp', OWN), unknown: false };
  const words = argv.map((w) => ({ ...w, text: mapText(w.text, undefined, new Set(), m) }));
  let a: ReturnType<typeof analyzeShellSync>;
  try {
    a = analyzeShellSync(words.map(shellWord).join(' '), { ...r.env, cwd: m.own });
  } catch {
    return;
  }
  for (const h of a.hits) if (NETWORK_CATEGORIES.has(h.category)) r.hit(h.category, h.reason, inv.segment);
}

/**
 * Analyses `argv` (the container's command, as the engine receives it) with the container's paths mapped to the
 * host's. Only when the host gives the container something (a bind or a secret): otherwise what it runs reaches
 * no host file and no host secret, and the image is judged as it was.
 */
export function containerCommand(
  inv: Invocation,
  r: Reporter,
  setup: ContainerSetup,
  argv: readonly Word[],
  label: string,
): void {
  if (argv.length === 0) return;
  if (setup.binds.length === 0 && !setup.secrets && !setup.envFile) {
    networkOnly(argv, inv, r);
    return;
  }
  const m: Mapper = {
    binds: setup.binds,
    own: posix.join(r.scope.tempDirs[0] ?? '/tmp', OWN),
    unknown: false,
    secretEnv: setup.secrets || setup.envFile === true,
  };
  const homes = containerHomes(setup);
  const climbs = argv.some((w) => CLIMBS.test(w.text));
  if (climbs)
    r.uncertain('dynamic-path', `\`${inv.program}\`: a container path climbs with \`..\``, inv.segment);
  const cwds: (string | undefined)[] = [];
  // A relative path climbing out of a bound folder lands elsewhere on the host than in the container: read with
  // no working folder (relative paths unknown, uncertain above), never as a host path it does not name.
  if (climbs) cwds.push(undefined);
  else if (setup.workdir !== undefined) {
    const dir = setup.workdir.includes(DYN) ? undefined : hostPath(setup.workdir, m);
    cwds.push(dir);
  } else {
    // The image chooses the working folder: it may be any bound folder, or one of the container's own.
    cwds.push(m.own);
    for (const b of setup.binds) if (!cwds.includes(b.source)) cwds.push(b.source);
  }
  const runs = homes.flatMap((home) => cwds.map((cwd) => [home, cwd] as const));
  const workspace = workspaceOnly(setup, r);
  for (const [home, cwd] of runs.slice(0, MAX_RUNS)) {
    const words = argv.map((w) => ({ ...w, text: mapText(w.text, home, setup.secretNames, m) }));
    if (!workspace || cwd === undefined || !categoriesOnly(words, cwd, inv, r))
      r.command(words, { ...inv, cwd }, label);
  }
  if (runs.length > MAX_RUNS || cwds.includes(undefined) || homes.includes(undefined) || m.unknown)
    r.uncertain(
      'dynamic-path',
      `\`${inv.program}\`: the container works in a folder known only at run time`,
      inv.segment,
    );
}
