/**
 * What the containers a compose file configures may reach on the host, for `docker compose up|run|exec|build|...`:
 * the workspace's compose file (and its override), read through project-file.ts and compose-yaml.ts, and every
 * service judged. A service that is privileged, adds capabilities or devices, shares the host's network, pid,
 * ipc, uts, user or cgroup namespace, turns confinement off (`security_opt` seccomp/apparmor `unconfined`,
 * `label:disable`) or mounts the engine socket or the host root is `privilege_escalation`; any other bind mount
 * is a read (`:ro`) or a write of that host path, classed like any path (outside the workspace is a scope
 * question, a secret a category). A file outside the subset read here, a key gavel does not read, a value
 * interpolated from the environment where it matters, `include`, `extends` of another file, a build context or
 * env file outside the workspace: uncertain. Never quotes the file. Pure apart from the injected reader and
 * reporting.
 * INVARIANT: a compose file that cannot be read whole is uncertain, never presumed clean; no reader (a pure
 * analysis) judges the command by its name, as package scripts are.
 */

import { posix } from 'node:path';
import { isUnder } from '../../core';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { literalFlow } from '../walk/flow';
import { readComposeYaml, type YamlMap, type YamlValue } from './compose-yaml';
import { composeBuild } from './docker-build';
import { holdsSecrets, touchPath } from './path-effects';
import { foldersUp, inFolder, projectFile } from './project-file';

/** Compose subcommands that create, start or build containers from the file (the others only query or stop). */
export const COMPOSE_STARTS = new Set([
  'up',
  'run',
  'create',
  'start',
  'restart',
  'exec',
  'build',
  'watch',
  'scale',
  'attach',
  'cp',
]);
const NAMES = ['compose.yaml', 'compose.yml', 'docker-compose.yaml', 'docker-compose.yml'];
const OVERRIDES = [
  'compose.override.yaml',
  'compose.override.yml',
  'docker-compose.override.yaml',
  'docker-compose.override.yml',
];
/** Variables that make compose read other files than the ones named here. */
const FILE_VARIABLES = /^COMPOSE_(FILE|PATH_SEPARATOR|PROJECT_DIRECTORY|PROFILES)$/;
const MAX_SERVICES = 64;
/** The engine's socket: a container holding it commands the host's daemon, so the host. */
const ENGINE_SOCKET = /(^|\/)(docker|podman|containerd)\.sock$|^\/run\/(docker|podman|containerd)(\/|$)/;
/** Where the engines' sockets are: a mount of a folder above one holds it. */
const ENGINE_SOCKETS = [
  '/run/docker.sock',
  '/var/run/docker.sock',
  '/run/podman/podman.sock',
  '/run/containerd/containerd.sock',
];
/** A user's runtime folder holds a rootless engine's socket and the user's agents' (ssh-agent, gpg-agent). */
const USER_RUNTIME = /^\/(?:var\/)?run\/user(?:\/[^/]+)?$/;
/** The folders of the host's devices: its disks are in them. */
const DEVICE_FOLDERS = /^\/dev(?:\/(?:disk(?:\/by-[a-z-]+)?|mapper|block))?$/;
/** Namespace and confinement settings whose value `host` (or an `unconfined` profile) leaves the container. */
const HOST_NAMESPACES = ['network_mode', 'pid', 'ipc', 'uts', 'userns_mode', 'cgroup'];
/** `security_opt` entries that only confine more; any other (a profile, `unconfined`, `label:disable`) may not. */
const CONFINING = /^(no-new-privileges([:=]true)?|label[:=](user|role|type|level):[\w.:-]+)$/;
/** Service keys that configure the container's own process, ports, names and resources: nothing on the host. */
const INERT_KEYS = new Set(
  'image container_name hostname domainname command entrypoint environment ports expose depends_on healthcheck restart working_dir user labels annotations networks profiles stdin_open tty init logging platform pull_policy stop_signal stop_grace_period tmpfs ulimits shm_size extra_hosts dns dns_search dns_opt mem_limit mem_reservation memswap_limit cpus cpu_shares cpuset read_only links external_links scale attach secrets configs post_start pre_stop oom_score_adj mac_address runtime isolation'.split(
    ' ',
  ),
);
const TOP_KEYS = new Set(['version', 'name', 'services', 'volumes', 'networks', 'secrets', 'configs']);
const BUILD_KEYS = new Set(
  'context dockerfile args target cache_from cache_to labels shm_size platforms tags pull no_cache network extra_hosts'.split(
    ' ',
  ),
);

type Say = (why: string) => void;

const isMap = (v: YamlValue | undefined): v is YamlMap => v instanceof Map;
const list = (v: YamlValue | undefined): YamlValue[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const dynamic = (s: string): boolean => s.includes('$');
/** Does the value hold the key anywhere below it? */
const mentions = (v: YamlValue, key: string): boolean =>
  isMap(v)
    ? [...v].some(([k, x]) => k === key || mentions(x, key))
    : Array.isArray(v) && v.some((x) => mentions(x, key));

/** The compose files `inv` reads: named by `-f`, or the nearest default and its override. Undefined: unknown. */
function composePaths(
  inv: Invocation,
  r: Reporter,
  files: Word[],
  projectDir?: string,
): string[] | undefined {
  const base = projectDir ?? inv.cwd;
  if (base === undefined) return undefined;
  if (files.length > 0) {
    const out: string[] = [];
    for (const w of files) {
      if (!isLiteral(w) || plain(w) === '-') return undefined;
      out.push(posix.resolve(inv.cwd ?? base, plain(w)));
    }
    return out;
  }
  for (const dir of foldersUp(base)) {
    const found = NAMES.map((n) => inFolder(dir, n)).find((p) => projectFile(p, inv, r).kind !== 'missing');
    if (found === undefined) continue;
    return [found, ...OVERRIDES.map((n) => inFolder(dir, n))];
  }
  return [];
}

/**
 * Judges one bind mount of host path `source` (relative to `dir`) and returns it absolute (`~` is home), or
 * undefined when it is known only at run time (`~user`, a variable). `later`: where the write is deferred to.
 */
export function bindMount(
  source: string,
  readOnly: boolean,
  dir: string,
  inv: Invocation,
  r: Reporter,
  say: Say,
  later?: (() => void)[],
): string | undefined {
  if (dynamic(source)) {
    say('mounts a host path known only at run time');
    return undefined;
  }
  const abs = source.startsWith('~') ? source : posix.resolve(dir, source);
  // A folder holding the engine's socket (`/run`, `/var/run`) hands it over as the socket itself does.
  if (
    ENGINE_SOCKET.test(abs) ||
    abs === '/' ||
    USER_RUNTIME.test(abs) ||
    ENGINE_SOCKETS.some((s) => isUnder(s, abs))
  ) {
    r.hit(
      'privilege_escalation',
      `\`${inv.program}\` starts a container holding the host's root or its container engine`,
      inv.segment,
    );
    return abs;
  }
  // The container reads what is mounted, and writes it unless it is read-only.
  const read = touchPath({ text: abs, flow: literalFlow(abs) }, 'read', inv, r);
  // Read-only or not, the container reads the whole tree: a folder holding secrets (`/etc`, `/root`, `/proc`, a
  // home) or the host's devices (`/dev`: its disks) is read whole, as `tar` of it would be.
  if (
    read.class !== 'sensitive' &&
    (holdsSecrets(read.resolved, r) || DEVICE_FOLDERS.test(read.resolved ?? ''))
  )
    r.hit(
      'secret_material_read',
      `\`${inv.program}\` mounts a host folder that holds secret material (\`${abs.slice(0, 60)}\`)`,
      inv.segment,
    );
  // `later`: the write is recorded after the container's command is analysed (what it runs is read as it is now).
  const write = () => touchPath({ text: abs, flow: literalFlow(abs) }, 'write', inv, r);
  if (!readOnly) later ? later.push(write) : write();
  if (!abs.startsWith('~')) return abs;
  return abs === '~' || abs.startsWith('~/') ? posix.join(r.scope.home, abs.slice(1)) : undefined;
}

/** `SRC:DST[:MODE]` or the long form; a named volume is the engine's own storage. */
function volume(
  v: YamlValue,
  dir: string,
  inv: Invocation,
  r: Reporter,
  say: Say,
  later?: (() => void)[],
): void {
  if (typeof v === 'string') {
    const parts = v.split(':');
    const source = parts.length > 1 ? (parts[0] as string) : '';
    if (!/^[./~$]/.test(source)) return;
    bindMount(source, /(^|,)ro(,|$)/.test(parts[2] ?? ''), dir, inv, r, say, later);
    return;
  }
  if (!isMap(v)) {
    say('mounts a volume gavel does not read');
    return;
  }
  const type = v.get('type');
  if (type === 'volume' || type === 'tmpfs') return;
  const source = v.get('source');
  if (type !== 'bind' || typeof source !== 'string') {
    say('mounts a volume gavel does not read');
    return;
  }
  bindMount(source, v.get('read_only') === 'true', dir, inv, r, say, later);
}

/** A path the file names for compose to read on the host (build context, env file): inside the workspace. */
function inWorkspace(value: YamlValue | undefined, dir: string, r: Reporter): boolean {
  if (typeof value !== 'string' || dynamic(value) || value.startsWith('~') || /:\/\//.test(value))
    return false;
  const abs = posix.resolve(dir, value);
  return r.scope.workspaceRoots.some((w) => isUnder(abs, w));
}

function build(b: YamlValue, dir: string, inv: Invocation, r: Reporter, say: Say): void {
  if (typeof b === 'string') {
    if (!inWorkspace(b, dir, r)) say('builds from a context outside the workspace');
    else composeBuild(posix.resolve(dir, b), undefined, inv, r);
    return;
  }
  if (!isMap(b)) {
    say('builds with settings gavel does not read');
    return;
  }
  for (const key of b.keys())
    if (!BUILD_KEYS.has(key)) {
      say('builds with settings gavel does not read');
      return;
    }
  const context = b.get('context') ?? '.';
  const dockerfile = b.get('dockerfile');
  if (!inWorkspace(context, dir, r)) say('builds from a context outside the workspace');
  else if (dockerfile !== undefined && (typeof dockerfile !== 'string' || dynamic(dockerfile)))
    say('builds with a Dockerfile gavel cannot place');
  else composeBuild(posix.resolve(dir, context as string), dockerfile, inv, r);
  const network = b.get('network');
  if (network !== undefined && network !== 'default' && network !== 'none' && network !== 'bridge')
    say('builds with a network gavel does not read');
}

function service(
  s: YamlValue,
  dir: string,
  inv: Invocation,
  r: Reporter,
  say: Say,
  later?: (() => void)[],
): void {
  if (!isMap(s)) {
    say('has a service gavel does not read');
    return;
  }
  const escalate = (what: string) =>
    r.hit('privilege_escalation', `\`${inv.program}\` starts a container that ${what}`, inv.segment);
  for (const [key, value] of s) {
    if (key.startsWith('x-') || INERT_KEYS.has(key)) continue;
    if (key === 'privileged') {
      if (value !== 'false') escalate('is privileged');
    } else if (key === 'cap_add' || key === 'devices' || key === 'device_cgroup_rules' || key === 'gpus') {
      if (list(value).length > 0) escalate('gets host capabilities or devices');
    } else if (HOST_NAMESPACES.includes(key)) {
      if (typeof value !== 'string' || dynamic(value)) say('sets a namespace gavel does not read');
      else if (/^host$/i.test(value)) escalate("shares a namespace of the host's");
    } else if (key === 'security_opt') {
      if (list(value).some((o) => typeof o !== 'string' || !CONFINING.test(o)))
        escalate('runs without confinement');
    } else if (key === 'cap_drop' || key === 'group_add') {
      // Dropping capabilities confines more; extra groups stay inside the container.
    } else if (key === 'volumes') {
      for (const v of list(value)) volume(v, dir, inv, r, say, later);
    } else if (key === 'volumes_from') {
      // Volumes of another service of the file, judged as that service; a container outside the file is not read.
      if (list(value).some((v) => typeof v !== 'string' || v.startsWith('container:')))
        say('takes the volumes of a container outside the file');
    } else if (key === 'deploy') {
      // Replicas, restart and resource limits; a device reservation (GPUs) reaches the host's devices.
      if (mentions(value, 'devices')) escalate('gets host capabilities or devices');
    } else if (key === 'develop') {
      // `watch` syncs host paths into the container: each must be in the workspace.
      for (const w of list(isMap(value) ? value.get('watch') : value))
        if (!isMap(w) || !inWorkspace(w.get('path'), dir, r)) say('syncs a host path outside the workspace');
    } else if (key === 'env_file') {
      for (const f of list(value)) {
        const path = isMap(f) ? f.get('path') : f;
        if (!inWorkspace(path, dir, r)) say('reads an env file outside the workspace');
      }
    } else if (key === 'build') {
      build(value, dir, inv, r, say);
    } else if (key === 'extends') {
      if (typeof value !== 'string' && !(isMap(value) && !value.has('file')))
        say('extends a service of another file');
    } else {
      say('sets a service key gavel does not read');
    }
  }
}

/** Top-level volumes, networks, secrets and configs: a named volume bound to a host folder is a bind mount. */
function topLevel(key: string, value: YamlValue, dir: string, r: Reporter, say: Say): void {
  if (!isMap(value)) return;
  for (const item of value.values()) {
    if (!isMap(item)) continue;
    if ((key === 'volumes' || key === 'networks') && item.has('driver_opts'))
      say('defines a volume or network with driver options gavel does not read');
    if (key === 'networks' && typeof item.get('driver') === 'string' && item.get('driver') === 'host')
      say('defines a host network');
    if (
      (key === 'secrets' || key === 'configs') &&
      item.has('file') &&
      !inWorkspace(item.get('file'), dir, r)
    )
      say('hands a host file outside the workspace to a container');
  }
}

/**
 * The services of the files another service needs: its configuration (`extends`), the volumes and namespaces it
 * takes (`volumes_from`, `network_mode: service:x`) and, unless `deps` is false (`--no-deps`, a build without
 * `--with-dependencies`), those started before it (`depends_on`, `links`).
 */
function needs(s: YamlValue | undefined, deps: boolean): string[] {
  if (!isMap(s)) return [];
  const out: string[] = [];
  const started = deps ? s.get('depends_on') : undefined;
  if (isMap(started)) out.push(...started.keys());
  else for (const d of list(started)) if (typeof d === 'string') out.push(d);
  for (const l of list(deps ? s.get('links') : undefined))
    if (typeof l === 'string') out.push(l.split(':')[0] as string);
  for (const v of list(s.get('volumes_from')))
    if (typeof v === 'string' && !v.startsWith('container:')) out.push(v.split(':')[0] as string);
  for (const key of ['network_mode', 'pid', 'ipc', 'uts', 'cgroup', 'userns_mode']) {
    const v = s.get(key);
    if (typeof v === 'string' && v.startsWith('service:')) out.push(v.slice('service:'.length));
  }
  const ext = s.get('extends');
  if (typeof ext === 'string') out.push(ext);
  else if (isMap(ext) && typeof ext.get('service') === 'string') out.push(ext.get('service') as string);
  return out;
}

/**
 * The services a command names and every service they need, across the files read (an override may add a
 * dependency); undefined, every service: none named, or a name no file defines (an option's value read as one).
 */
export function selectedServices(
  tops: readonly YamlMap[],
  named: ServiceSelection | undefined,
): Set<string> | undefined {
  if (named === undefined || named.names.length === 0) return undefined;
  const of = (name: string) =>
    tops.map((t) => t.get('services')).map((ss) => (isMap(ss) ? ss.get(name) : undefined));
  if (named.names.some((n) => of(n).every((s) => s === undefined))) return undefined;
  const seen = new Set<string>();
  const queue = [...named.names];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const s of of(name)) queue.push(...needs(s, named.deps));
  }
  return seen;
}

/** The services a command names, and whether those they depend on start with them. */
export interface ServiceSelection {
  names: readonly string[];
  deps: boolean;
}

function judgeFile(
  top: YamlMap,
  dir: string,
  inv: Invocation,
  r: Reporter,
  say: Say,
  later?: (() => void)[],
  only?: ReadonlySet<string>,
): void {
  for (const key of top.keys()) {
    if (key.startsWith('x-') || TOP_KEYS.has(key)) continue;
    // `include` and any other top-level key: files and settings not read here.
    say('includes files or settings gavel does not read');
    return;
  }
  for (const key of ['volumes', 'networks', 'secrets', 'configs']) {
    const v = top.get(key);
    if (v !== undefined) topLevel(key, v, dir, r, say);
  }
  const services = top.get('services');
  if (services === undefined || services === '') return;
  if (!isMap(services)) {
    say('has services gavel does not read');
    return;
  }
  if (services.size > MAX_SERVICES) {
    say('has more services than one review reads');
    return;
  }
  for (const [name, s] of services) if (!only || only.has(name)) service(s, dir, inv, r, say, later);
}

/** A compose file read whole: its top-level map and the folder its relative paths start in. */
export interface ComposeRead {
  top: YamlMap;
  dir: string;
}

/**
 * Judges the compose files `inv` starts containers from, and returns them when every one was read whole
 * (undefined: not read, or uncertain). `files`: the `-f` words; `projectDir`: an absolute `--project-directory`;
 * `later`: where the bind mounts' writes are deferred to (bindMount); `named`: the services the command names
 * (`up db redis`), judged with those they need, every service when undefined or empty.
 */
export function composeFile(
  inv: Invocation,
  r: Reporter,
  files: Word[],
  projectDir?: string,
  later?: (() => void)[],
  named?: ServiceSelection,
): ComposeRead[] | undefined {
  let failed = false;
  const say: Say = (why) => {
    failed = true;
    r.uncertain('dynamic-script', `\`${inv.program} compose\`: the compose file ${why}`, inv.segment, 'kept');
  };
  if ([...r.assignedNames].some((n) => FILE_VARIABLES.test(n))) {
    say('is chosen by a variable set in the command');
    return undefined;
  }
  if (!r.env.readScript && files.every(isLiteral)) return undefined;
  const paths = composePaths(inv, r, files, projectDir);
  // Compose takes `COMPOSE_FILE` and friends from the `.env` of the folder it runs in and of the project too.
  const envFolders = new Set([inv.cwd, projectDir, paths?.[0] && posix.dirname(paths[0])]);
  for (const folder of envFolders) {
    if (folder === undefined || folder === '') continue;
    const env = projectFile(inFolder(folder, '.env'), inv, r);
    if (env.kind === 'unknown') return undefined;
    if (env.kind === 'text' && /^\s*(export\s+)?COMPOSE_\w+\s*=/m.test(env.text)) {
      say('is chosen by a setting in an env file');
      return undefined;
    }
  }
  if (paths === undefined) {
    say('is named only at run time');
    return undefined;
  }
  const read: ComposeRead[] = [];
  for (const path of paths) {
    const file = projectFile(path, inv, r);
    if (file.kind === 'missing' || file.kind === 'unread') continue;
    if (file.kind === 'unknown') return undefined;
    const top = readComposeYaml(file.text);
    if (!top) {
      say('is written in YAML gavel does not read');
      return undefined;
    }
    read.push({ top, dir: projectDir ?? posix.dirname(path) });
  }
  const only = selectedServices(
    read.map((f) => f.top),
    named,
  );
  for (const { top, dir } of read) {
    judgeFile(top, dir, inv, r, say, later, only);
    if (failed) return undefined;
  }
  return read;
}
