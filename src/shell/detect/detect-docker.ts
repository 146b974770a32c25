/**
 * Docker and its look-alikes (podman, nerdctl, compose): which deletes are remote and which are local. A
 * delete on a daemon named by `-H`/`--host`, `--context`, podman's `--url`/`--connection`/`--remote`, or a
 * `DOCKER_HOST`-style variable set in the command is `remote_resource_delete`; on the local daemon, removing
 * containers, images, networks and build cache is routine, and removing volumes by name or machine-wide
 * (`volume rm`/`prune`, `system prune --volumes`) is `local_work_loss` (the data in them). `compose down -v`
 * removes the project's own volumes only: routine. Never reads the environment; a daemon the user's shell
 * already points elsewhere is not seen. A `DOCKER_HOST=… docker …` prefix or `env` setting is a loader variable
 * (data/loader-variables.ts): uncertain, whatever the command. Pure apart from reporting.
 */

import { posix } from 'node:path';
import { isSecretVariable } from '../classify/secret-variable';
import { type Invocation, isLiteral, optionText, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { DYN } from '../walk/markers';
import { COMPOSE_STARTS, composeFile, type ServiceSelection } from './compose-file';
import { composeContainers } from './container-compose';
import { containerRun } from './container-run';
import { dockerBuild } from './docker-build';
import { networkTarget } from './network-target';

const PROGRAMS = new Set(['docker', 'podman', 'nerdctl', 'docker-compose', 'podman-compose']);
/** The programs detectDocker looks at. */
export const DOCKER_PROGRAMS = () => [...PROGRAMS];
const COMPOSE = new Set(['docker-compose', 'podman-compose']);

/** Variables that point the client at another daemon. */
export const REMOTE_DAEMON_VARIABLES =
  /^(DOCKER_HOST|DOCKER_CONTEXT|DOCKER_CONFIG|CONTAINER_HOST|CONTAINER_CONNECTION)$/;

/** Global options that take a value (client and compose). */
const VALUED = new Set([
  '-H',
  '--host',
  '-c',
  '--context',
  '--config',
  '-l',
  '--log-level',
  '--tlscacert',
  '--tlscert',
  '--tlskey',
  '--url',
  '--connection',
  '--identity',
  '-f',
  '--file',
  '-p',
  '--project-name',
  '--project-directory',
  '--env-file',
  '--profile',
  '--ansi',
  '--progress',
  '--parallel',
]);

interface Daemon {
  remote: boolean;
  /** Where the remote daemon is, when a URL says it. */
  url?: string;
}

/** A daemon address on this machine: a unix socket, a named pipe, loopback TCP. */
function localAddress(value: string): boolean {
  return (
    /^(unix|npipe|fd):\/\//i.test(value) ||
    /^tcp:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\/?$/i.test(value)
  );
}

/** Reads global options from `at`; returns where the subcommand starts. */
function globals(words: readonly string[], at: number, daemon: Daemon): number {
  let i = at;
  while (i < words.length) {
    const t = words[i] ?? '';
    if (!t.startsWith('-') || t === '-') break;
    const eq = t.indexOf('=');
    const name = t.startsWith('--') && eq > 0 ? t.slice(0, eq) : t;
    const value = t.startsWith('--') && eq > 0 ? t.slice(eq + 1) : words[i + 1];
    if (name === '-H' || name === '--host' || name === '--url') {
      if (value === undefined || value.includes(DYN) || !localAddress(value)) {
        daemon.remote = true;
        if (value !== undefined && !value.includes(DYN)) daemon.url = value;
      }
    } else if (name === '-c' || name === '--context' || name === '--connection') {
      if (value === undefined || value !== 'default') daemon.remote = true;
    } else if (name === '--config' || name === '-r' || name === '--remote') daemon.remote = true;
    i += VALUED.has(name) && !(t.startsWith('--') && eq > 0) ? 2 : 1;
  }
  return i;
}

type Effect = 'none' | 'containers' | 'volumes' | 'project-volumes';

function effectOf(words: readonly string[], compose: boolean): Effect {
  const [sub = '', verb = ''] = words;
  const has = (...flags: string[]) =>
    words.some(
      (w) =>
        flags.includes(w) ||
        (/^-[a-z]+$/i.test(w) && flags.some((f) => f.length === 2 && w.includes(f[1] as string))),
    );
  if (compose) {
    if (sub === 'down' || sub === 'rm') return has('-v', '--volumes') ? 'project-volumes' : 'containers';
    return 'none';
  }
  if (sub === 'volume' && (verb === 'rm' || verb === 'remove' || verb === 'prune')) return 'volumes';
  if (sub === 'system' && verb === 'prune') return words.includes('--volumes') ? 'volumes' : 'containers';
  if (sub === 'rm' || sub === 'rmi') return has('-v', '--volumes') ? 'volumes' : 'containers';
  if (
    ['container', 'image', 'network', 'builder', 'buildx'].includes(sub) &&
    /^(rm|remove|prune)$/.test(verb)
  )
    return 'containers';
  return 'none';
}

const words = (text: string) => new Set(text.split(' '));
/**
 * Each subcommand's options that take a value, and those that take none, as compose reads them (a letter means
 * something else in each: `up -w` is `--watch`, `run -t` a terminal, `build --pull` a flag): any other option makes
 * every service count, since its value could be read as a service's name.
 */
const SERVICE_OPTIONS: Readonly<Record<string, { values: Set<string>; flags: Set<string> }>> = {
  up: {
    values: words('-t --timeout --wait-timeout --scale --attach --no-attach --exit-code-from --pull'),
    flags: words(
      '-d --detach --build --no-build --no-deps --force-recreate --no-recreate --remove-orphans -V --renew-anon-volumes --abort-on-container-exit --abort-on-container-failure --always-recreate-deps --no-color --no-log-prefix --no-start --quiet-pull --wait -y --yes --dry-run -w --watch',
    ),
  },
  create: {
    values: words('--scale --pull'),
    flags: words(
      '--build --no-build --force-recreate --no-recreate --remove-orphans -y --yes --quiet-pull --dry-run',
    ),
  },
  start: { values: words('--wait-timeout'), flags: words('--wait --dry-run') },
  restart: { values: words('-t --timeout'), flags: words('--no-deps --dry-run') },
  build: {
    values: words('--build-arg --builder -m --memory --progress'),
    flags: words('--no-cache --pull -q --quiet --push --with-dependencies --dry-run'),
  },
  run: {
    values: words(
      '-e --env -v --volume -w --workdir -u --user --name -p --publish --entrypoint -l --label --env-from-file --cap-add --cap-drop --pull',
    ),
    flags: words(
      '--rm -d --detach --no-deps -T --no-TTY -i --interactive -t --tty --service-ports --use-aliases --build -P --quiet-pull --remove-orphans --dry-run',
    ),
  },
  exec: {
    values: words('-e --env -w --workdir -u --user --index'),
    flags: words('-d --detach -T --no-TTY --privileged -i --interactive -t --tty --dry-run'),
  },
};

/**
 * The services a compose subcommand names (`up -d db redis`, `run --rm api CMD`): undefined when it names none or
 * an option is not known here. Options count only before `run`'s or `exec`'s service (after it, the command's words).
 */
function namedServices(sub: string, rest: readonly string[]): ServiceSelection | undefined {
  const table = SERVICE_OPTIONS[sub];
  if (!table) return undefined;
  const one = sub === 'run' || sub === 'exec';
  const out: string[] = [];
  const given: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i] as string;
    if (t === '--') {
      out.push(...(one ? rest.slice(i + 1, i + 2) : rest.slice(i + 1)));
      break;
    }
    if (!t.startsWith('-') || t === '-') {
      out.push(t);
      if (one) break;
      continue;
    }
    const name = t.startsWith('--') && t.includes('=') ? t.slice(0, t.indexOf('=')) : t;
    given.push(name);
    if (table.values.has(name)) {
      if (name === t) i++;
    } else if (!table.flags.has(name)) return undefined;
  }
  if (out.length === 0) return undefined;
  // A build builds what it names; `--no-deps` (an option, not a word of the command) starts only what is named.
  const deps = sub === 'build' ? given.includes('--with-dependencies') : !given.includes('--no-deps');
  return { names: out, deps };
}

/** `-f FILE` and `--project-directory DIR` of compose (before its subcommand), then the files judged. */
function composeOptions(inv: Invocation, r: Reporter, words: readonly string[], at: number): void {
  const files: Word[] = [];
  let projectDir: string | undefined;
  let dynamicDir = false;
  for (
    let i = 0;
    i < words.length && words[i] !== undefined && !COMPOSE_STARTS.has(words[i] as string);
    i++
  ) {
    const t = words[i] as string;
    const eq = t.startsWith('--') ? t.indexOf('=') : -1;
    const name = eq > 0 ? t.slice(0, eq) : t;
    if (name !== '-f' && name !== '--file' && name !== '--project-directory') continue;
    const word: Word | undefined =
      eq > 0 ? { text: t.slice(eq + 1), flow: (inv.args[i] as Word).flow } : inv.args[i + 1];
    if (eq < 0) i++;
    if (word === undefined) continue;
    if (name !== '--project-directory') files.push(word);
    else if (isLiteral(word) && inv.cwd !== undefined) projectDir = posix.resolve(inv.cwd, plain(word));
    else dynamicDir = true;
  }
  if (dynamicDir)
    r.uncertain(
      'dynamic-script',
      `\`${inv.program} compose\` reads a project folder known only at run time`,
      inv.segment,
    );
  else {
    // The containers' commands are read before the binds' writes are recorded (what they run is read as it is).
    const later: (() => void)[] = [];
    const named = namedServices(words[at] as string, words.slice(at + 1));
    const read = composeFile(inv, r, files, projectDir, later, named);
    composeContainers(inv, r, words[at] as string, inv.args.slice(at + 1), read, named);
    for (const write of later) write();
  }
}

/**
 * `-e NAME` / `--env NAME` with no value copies the host's own variable into the container (as `-e NAME=$NAME`
 * does): a secret-named one hands the secret to code gavel does not review (the image and its command).
 */
function hostSecretCopies(inv: Invocation, r: Reporter, words: readonly string[]): void {
  for (let i = 0; i < words.length; i++) {
    const t = words[i] ?? '';
    let name: string | undefined;
    if (t === '-e' || t === '--env') name = words[++i];
    else if (t.startsWith('--env=')) name = t.slice('--env='.length);
    else if (/^-e[A-Za-z_]/.test(t)) name = t.slice(2);
    if (name === undefined || name.includes('=') || !isSecretVariable(name)) continue;
    r.hit(
      'secret_material_read',
      `\`${inv.program}\` copies the host's secret-named variable \`${name}\` into a container`,
      inv.segment,
    );
  }
}

export function detectDocker(inv: Invocation, r: Reporter): boolean {
  if (!PROGRAMS.has(inv.program)) return false;
  const words = inv.args.map((w) => optionText(w));
  const daemon: Daemon = { remote: [...r.assignedNames].some((n) => REMOTE_DAEMON_VARIABLES.test(n)) };
  let at = globals(words, 0, daemon);
  let compose = COMPOSE.has(inv.program);
  if (!compose && words[at] === 'compose') {
    compose = true;
    at = globals(words, at + 1, daemon);
  }
  if (daemon.url && /^[a-z][a-z0-9+.-]*:\/\//i.test(daemon.url))
    networkTarget(daemon.url, inv.program, inv, r);
  if (compose && COMPOSE_STARTS.has(words[at] ?? '')) composeOptions(inv, r, words, at);
  else if (
    !compose &&
    /^(run|create)$/.test(words[at] === 'container' ? (words[at + 1] ?? '') : (words[at] ?? ''))
  )
    containerRun(inv, r, inv.args.slice(at + (words[at] === 'container' ? 2 : 1)));
  if (/^(run|create|exec)$/.test(words[at] === 'container' ? (words[at + 1] ?? '') : (words[at] ?? '')))
    hostSecretCopies(inv, r, words.slice(at));
  if (!compose) {
    const sub = words[at] ?? '';
    const skip =
      sub === 'build' ? 1 : /^(buildx|image|builder)$/.test(sub) && words[at + 1] === 'build' ? 2 : 0;
    if (skip > 0) dockerBuild(inv.args.slice(at + skip), inv, r);
  }
  const effect = effectOf(words.slice(at), compose);
  if (effect === 'none') return false;
  if (daemon.remote)
    r.hit(
      'remote_resource_delete',
      `\`${inv.program}\` deletes containers, images or volumes on another Docker daemon`,
      inv.segment,
    );
  else if (effect === 'volumes')
    r.hit('local_work_loss', `\`${inv.program}\` deletes Docker volumes and the data in them`, inv.segment);
  return true;
}
