/**
 * `docker|podman|nerdctl run|create`: the host paths, namespaces and variables the engine's options give the
 * container, read up to the image, and then the container's own command (the words after the image, behind an
 * `--entrypoint` when one is given) analysed with those binds mapped (container-command.ts). `-v`/`--volume` and
 * `--mount type=bind` are bind mounts, classed as reads or writes of the host path; `--network host` and friends
 * share the host's namespace (`--privileged`, `--cap-add`, `--device` are the program rules'). Pure apart from
 * reporting.
 */

import { posix } from 'node:path';
import { isSecretVariable } from '../classify/secret-variable';
import { type Invocation, isLiteral, plain, type Reporter } from '../unwrap/invocation';
import type { Word } from '../walk/decode-word';
import { NO_FLOW } from '../walk/flow';
import { DYN } from '../walk/markers';
import { bindMount } from './compose-file';
import { type ContainerSetup, containerCommand, emptySetup } from './container-command';
import { containerTrust } from './container-trust';

/** `docker run|create` options that take a value (the first other word is the image; the rest, its command). */
const RUN_VALUES = new Set(
  '-a --attach --add-host --annotation --blkio-weight --cap-add --cap-drop --cgroup-parent --cgroupns --cidfile --cpu-period --cpu-quota --cpu-shares --cpus --cpuset-cpus --cpuset-mems --device --device-cgroup-rule --dns --dns-option --dns-search --domainname --entrypoint -e --env --env-file --env-from-file --expose --gpus --group-add --health-cmd --health-interval --health-retries --health-start-period --health-timeout -h --hostname --index --ip --ip6 --ipc --isolation -l --label --label-file --link --log-driver --log-opt --mac-address -m --memory --memory-reservation --memory-swap --mount --name --network --net --network-alias --pid --pids-limit --platform -p --publish --pull --restart --runtime --security-opt --shm-size --stop-signal --stop-timeout --storage-opt --sysctl --tmpfs --ulimit -u --user --userns --uts -v --volume --volumes-from -w --workdir'.split(
    ' ',
  ),
);

/** A normalized absolute path without a trailing slash (`/` stays). */
export function cleanPath(path: string): string {
  const n = posix.normalize(path);
  return n.length > 1 ? n.replace(/\/+$/, '') : n;
}

/**
 * `-e NAME=VALUE`, `-e NAME`, `--env-file FILE`: what of the host's the container's variables hold. A copied
 * secret-named variable is reported by detect-docker.ts; a secret handed under another name is reported here.
 */
function environment(
  name: string,
  value: string,
  word: Word | undefined,
  setup: ContainerSetup,
  inv: Invocation,
  r: Reporter,
): void {
  if (name === '--env-file' || name === '--env-from-file') {
    setup.envFile = true;
    return;
  }
  const eq = value.indexOf('=');
  const key = eq < 0 ? value : value.slice(0, eq);
  if (eq < 0) {
    if (isSecretVariable(key)) setup.secrets = true;
    return;
  }
  if (key === 'HOME') setup.home = isLiteral(word) ? value.slice(eq + 1) : DYN;
  if (word?.flow.sensitive) {
    setup.secrets = true;
    if (/^[A-Za-z_]\w*$/.test(key) && !isSecretVariable(key)) setup.secretNames.add(key);
    r.hit(
      'secret_material_read',
      `\`${inv.program}\` hands a host secret to a container as \`${key.slice(0, 40)}\``,
      inv.segment,
    );
  }
}

/** What the engine's options give the container, where its image (or service) is, and its entrypoint. */
export interface RunOptions {
  setup: ContainerSetup;
  /** The bind mounts' writes, recorded after the container's command is analysed. */
  later: (() => void)[];
  /** Index in `args` of the image (or service); -1: none. */
  image: number;
  entrypoint?: Word;
  /** `-i`/`--interactive`: the container's standard input stays open to whatever is typed later. */
  interactive?: boolean;
  /** The values of `-p`/`--publish`, however spelled (`-p V`, `-pV`, `--publish=V`, `-dp V`); run-time text as DYN. */
  published: string[];
}

/**
 * Reads `docker run|create` options (and `compose run|exec`'s) from `args` (after the subcommand) up to the image
 * or service, judging the binds and namespaces.
 */
export function readRunOptions(inv: Invocation, r: Reporter, args: readonly Word[]): RunOptions {
  const say = (why: string) => r.uncertain('dynamic-path', `\`${inv.program} run\` ${why}`, inv.segment);
  const dir = inv.cwd ?? '/';
  const setup = emptySetup();
  const later: (() => void)[] = [];
  let entrypoint: Word | undefined;
  let interactive = false;
  const published: string[] = [];
  let image = -1;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Word;
    const t = plain(w);
    if (t === '--') {
      image = i + 1;
      break;
    }
    if (!t.startsWith('-') || t === '-') {
      image = i;
      break;
    }
    // `--name=value`, or a short cluster whose first valued option takes the rest (`-itv/etc:/x`) or the next word.
    let eq = t.startsWith('--') ? t.indexOf('=') : -1;
    let name = eq > 0 ? t.slice(0, eq) : t;
    if (name === '--interactive') interactive = eq < 0 || !/^false$/i.test(t.slice(eq + 1));
    if (!t.startsWith('--')) {
      const at = [...t.slice(1)].findIndex((c) => RUN_VALUES.has(`-${c}`));
      if (t.slice(1, at < 0 ? undefined : at + 1).includes('i')) interactive = true;
      if (at < 0) continue;
      name = `-${t[at + 1]}`;
      if (at + 2 < t.length) eq = at + 1;
    }
    if (!RUN_VALUES.has(name)) continue;
    const valueWord = eq > 0 ? undefined : args[i + 1];
    if (eq < 0) i++;
    const value = eq > 0 ? t.slice(eq + 1) : plain(valueWord);
    const literal = eq > 0 ? isLiteral(w) : isLiteral(valueWord);
    const given: Word | undefined =
      eq > 0 ? { text: w.text.slice(w.text.indexOf('=') + 1), flow: w.flow } : valueWord;
    if (name === '-v' || name === '--volume' || name === '--mount') {
      if (!literal) {
        say('mounts a host path known only at run time');
        const target = name === '--mount' ? undefined : value.split(':')[1];
        if (target?.startsWith('/')) setup.binds.push({ target: cleanPath(target), readOnly: false });
        continue;
      }
      if (name === '--mount') {
        const fields = new Map(
          value.split(',').map((f) => [f.split('=')[0] ?? '', f.slice(f.indexOf('=') + 1)]),
        );
        const type = fields.get('type') ?? 'volume';
        const source = fields.get('source') ?? fields.get('src');
        const target = fields.get('target') ?? fields.get('dst') ?? fields.get('destination');
        const readOnly = fields.has('readonly') || fields.has('ro');
        if (type === 'bind' && source !== undefined) {
          const host = bindMount(source, readOnly, dir, inv, r, say, later);
          if (target?.startsWith('/'))
            setup.binds.push({
              ...(host === undefined ? {} : { source: cleanPath(host) }),
              target: cleanPath(target),
              readOnly,
            });
        } else if (type !== 'volume' && type !== 'tmpfs') say('mounts a volume gavel does not read');
        continue;
      }
      const parts = value.split(':');
      if (parts.length > 1 && /^[./~]/.test(parts[0] as string)) {
        const readOnly = /(^|,)ro(,|$)/.test(parts[2] ?? '');
        const host = bindMount(parts[0] as string, readOnly, dir, inv, r, say, later);
        const target = parts[1] ?? '';
        if (target.startsWith('/'))
          setup.binds.push({
            ...(host === undefined ? {} : { source: cleanPath(host) }),
            target: cleanPath(target),
            readOnly,
          });
      }
      continue;
    }
    if (name === '-p' || name === '--publish') published.push(literal ? value : DYN);
    else if (name === '-w' || name === '--workdir')
      setup.workdir = literal && value.startsWith('/') ? value : DYN;
    else if (name === '-u' || name === '--user') setup.user = literal ? value : DYN;
    else if (name === '--entrypoint') entrypoint = given;
    else if (name === '-e' || name === '--env' || name === '--env-file' || name === '--env-from-file')
      environment(name, value, given, setup, inv, r);
    else if (
      /^--(network|net|pid|ipc|uts|userns|cgroupns)$/.test(name) &&
      (!literal || /^host$/i.test(value))
    )
      r.hit(
        'privilege_escalation',
        `\`${inv.program}\` starts a container that shares a namespace of the host's`,
        inv.segment,
      );
  }
  return {
    setup,
    later,
    image: image < args.length ? image : -1,
    published,
    ...(entrypoint ? { entrypoint } : {}),
    ...(interactive ? { interactive } : {}),
  };
}

/** The container's command: `--entrypoint` (when given) and the words after the image. */
export function runArgv(args: readonly Word[], o: RunOptions): Word[] {
  const command = o.image < 0 ? [] : args.slice(o.image + 1);
  if (o.entrypoint && plain(o.entrypoint) !== '') return [o.entrypoint, ...command];
  const program = imageProgram(args[o.image]);
  // Options alone after an image named for its program are that program's (`curlimages/curl -d @f URL`,
  // `node:20 -e code`): the image's entrypoint runs it with them.
  if (program !== undefined && command.length > 0 && plain(command[0]).startsWith('-'))
    return [{ text: program, flow: NO_FLOW }, ...command];
  return command;
}

/** Images whose repository name is not their program's. */
const IMAGE_PROGRAMS: Readonly<Record<string, string>> = {
  'aws-cli': 'aws',
  'azure-cli': 'az',
  'cloud-sdk': 'gcloud',
};

/** The program an image is named for: its repository's last part without tag or digest (`curlimages/curl:8` is curl). */
function imageProgram(image: Word | undefined): string | undefined {
  if (image === undefined || !isLiteral(image)) return undefined;
  const name = (plain(image).split('@')[0] ?? '').split('/').pop()?.split(':')[0] ?? '';
  if (!/^[a-z][a-z0-9._-]*$/.test(name)) return undefined;
  return IMAGE_PROGRAMS[name] ?? name;
}

/**
 * `docker run|create`: reads the options from `args` (after the subcommand), judges the binds and namespaces,
 * and analyses the container's command with them.
 */
export function containerRun(inv: Invocation, r: Reporter, args: readonly Word[]): void {
  const o = readRunOptions(inv, r, args);
  containerTrust(inv, r, args, o);
  if (o.image >= 0) {
    const argv = runArgv(args, o);
    if (o.interactive && readsTypedInput(argv))
      r.uncertain(
        'dynamic-script',
        `\`${inv.program} run -i\` keeps a shell or interpreter reading standard input: what it runs is typed later, not on this line`,
        inv.segment,
      );
    containerCommand(inv, r, o.setup, argv, `${inv.program} run (in the container)`);
  }
  for (const write of o.later) write();
}

/** Shells, interpreters and clients that read commands from standard input when given no script or command. */
const STDIN_READERS =
  /^(?:ba|da|z|k|a|fi|c|tc|mk)?sh$|^(?:python[\d.]*|node|bun|deno|irb|ruby|perl|php|lua|R|julia|ghci|iex|erl|psql|mysql|mariadb|sqlite3|redis-cli|mongosh|mongo|duckdb)$/;

/**
 * The container's command reads what is typed later: no command (the image's default one, often a shell), or a
 * shell or interpreter given nothing to run (only options such as `-l`/`-i`).
 */
function readsTypedInput(argv: readonly Word[]): boolean {
  if (argv.length === 0) return true;
  const first = plain(argv[0]);
  const name = first.slice(first.lastIndexOf('/') + 1);
  if (!STDIN_READERS.test(name)) return false;
  return argv.slice(1).every((w) => /^-{1,2}[A-Za-z-]*$/.test(plain(w)) && !/^-[A-Za-z]*c$/.test(plain(w)));
}
