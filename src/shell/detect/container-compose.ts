/**
 * The commands the containers of a compose file run, analysed with the host folders and variables the file and
 * the command line give them (container-command.ts): `compose run SERVICE CMD...` and `compose exec SERVICE
 * CMD...` (the service's `volumes`, `working_dir`, `user`, `environment` and `env_file`, plus `-v`, `-w`, `-u`,
 * `-e` given on the line), and `compose up|create|start|restart` (each service's own `command`/`entrypoint`).
 * Only files read whole (compose-file.ts); a service the file does not define, or a command the file gives in a
 * shape not read here, is uncertain. Pure apart from reporting.
 */

import { posix } from 'node:path';
import { isSecretVariable } from '../classify/secret-variable';
import { type Invocation, plain, type Reporter } from '../unwrap/invocation';
import { literalWord, type Word } from '../walk/decode-word';
import { DYN } from '../walk/markers';
import { type ComposeRead, type ServiceSelection, selectedServices } from './compose-file';
import type { YamlMap, YamlValue } from './compose-yaml';
import { type ContainerBind, type ContainerSetup, containerCommand, emptySetup } from './container-command';
import { cleanPath, readRunOptions, runArgv } from './container-run';

const isMap = (v: YamlValue | undefined): v is YamlMap => v instanceof Map;
const list = (v: YamlValue | undefined): YamlValue[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
/** `$NAME` / `${NAME...}` in a value compose interpolates from the host's environment. */
const INTERPOLATED = /\$\{?([A-Za-z_]\w*)/g;

/** A host path of the file (relative to `dir`, `~` home); undefined when compose interpolates it. */
function hostSource(source: string, dir: string, r: Reporter): string | undefined {
  if (source.includes('$')) return undefined;
  if (source === '~' || source.startsWith('~/')) return cleanPath(posix.join(r.scope.home, source.slice(1)));
  if (source.startsWith('~')) return undefined;
  return cleanPath(posix.resolve(dir, source));
}

function bindOf(v: YamlValue, dir: string, r: Reporter): ContainerBind | undefined {
  if (typeof v === 'string') {
    const parts = v.split(':');
    if (parts.length < 2 || !/^[./~$]/.test(parts[0] as string) || !(parts[1] ?? '').startsWith('/'))
      return undefined;
    const source = hostSource(parts[0] as string, dir, r);
    return {
      ...(source === undefined ? {} : { source }),
      target: cleanPath(parts[1] as string),
      readOnly: /(^|,)ro(,|$)/.test(parts[2] ?? ''),
    };
  }
  if (!isMap(v) || v.get('type') !== 'bind') return undefined;
  const source = v.get('source');
  const target = v.get('target');
  if (typeof source !== 'string' || typeof target !== 'string' || !target.startsWith('/')) return undefined;
  const host = hostSource(source, dir, r);
  return {
    ...(host === undefined ? {} : { source: host }),
    target: cleanPath(target),
    readOnly: v.get('read_only') === 'true',
  };
}

/** `NAME`, `NAME=VALUE`, or a map's `NAME: VALUE`: what of the host's a service variable holds. */
function variable(name: string, value: string | undefined, setup: ContainerSetup): void {
  if (value === undefined || value === '') {
    // Copied from the host by name.
    if (isSecretVariable(name)) setup.secrets = true;
    return;
  }
  if (name === 'HOME') setup.home = value.includes('$') ? DYN : value;
  for (const m of value.matchAll(INTERPOLATED))
    if (isSecretVariable(m[1] as string)) {
      setup.secrets = true;
      if (/^[A-Za-z_]\w*$/.test(name) && !isSecretVariable(name)) setup.secretNames.add(name);
    }
}

/** The service's setup across the files read (later files override, volumes add up). */
function serviceSetup(
  name: string,
  files: readonly ComposeRead[],
  r: Reporter,
): { setup: ContainerSetup; command?: YamlValue; entrypoint?: YamlValue } | undefined {
  const setup = emptySetup();
  let found = false;
  let command: YamlValue | undefined;
  let entrypoint: YamlValue | undefined;
  for (const { top, dir } of files) {
    const services = top.get('services');
    const s = isMap(services) ? services.get(name) : undefined;
    if (!isMap(s)) continue;
    found = true;
    for (const v of list(s.get('volumes'))) {
      const bind = bindOf(v, dir, r);
      if (bind) setup.binds.push(bind);
    }
    const workdir = s.get('working_dir');
    if (typeof workdir === 'string')
      setup.workdir = workdir.startsWith('/') && !workdir.includes('$') ? workdir : DYN;
    const user = s.get('user');
    if (typeof user === 'string') setup.user = user.includes('$') ? DYN : user;
    const env = s.get('environment');
    if (isMap(env)) for (const [k, v] of env) variable(k, typeof v === 'string' ? v : undefined, setup);
    else
      for (const e of list(env))
        if (typeof e === 'string') {
          const eq = e.indexOf('=');
          variable(eq < 0 ? e : e.slice(0, eq), eq < 0 ? undefined : e.slice(eq + 1), setup);
        }
    if (s.has('env_file')) setup.envFile = true;
    if (s.has('command')) command = s.get('command');
    if (s.has('entrypoint')) entrypoint = s.get('entrypoint');
  }
  if (!found) return undefined;
  return {
    setup,
    ...(command === undefined ? {} : { command }),
    ...(entrypoint === undefined ? {} : { entrypoint }),
  };
}

/** A `command`/`entrypoint` of the file as words: a list as it is, a string run as shell text (as `sh -c`). */
function fileWords(v: YamlValue | undefined): Word[] | undefined {
  if (v === undefined || v === '') return [];
  // Compose splits a string into words itself (no shell); read as shell text, a block scalar's lines folded.
  if (typeof v === 'string')
    return [
      literalWord('sh'),
      literalWord('-c'),
      literalWord(v.replace(/\$\$/g, '$').replace(/\s*\n\s*/g, ' ')),
    ];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return undefined;
  return (v as string[]).map((x) => literalWord(x.replace(/\$\$/g, '$')));
}

/** Adds the command line's setup to the service's. */
function merged(file: ContainerSetup, line: ContainerSetup): ContainerSetup {
  return {
    binds: [...file.binds, ...line.binds],
    secretNames: new Set([...file.secretNames, ...line.secretNames]),
    secrets: file.secrets || line.secrets,
    envFile: file.envFile === true || line.envFile === true,
    ...((line.workdir ?? file.workdir) === undefined ? {} : { workdir: line.workdir ?? file.workdir }),
    ...((line.user ?? file.user) === undefined ? {} : { user: line.user ?? file.user }),
    ...((line.home ?? file.home) === undefined ? {} : { home: line.home ?? file.home }),
  };
}

/**
 * `compose SUB ...` (`args`: the words after the subcommand) with the files read: analyses what the containers
 * run. `files` undefined: the files were not read (no reader, or uncertain), and nothing is added here.
 */
export function composeContainers(
  inv: Invocation,
  r: Reporter,
  sub: string,
  args: readonly Word[],
  files: readonly ComposeRead[] | undefined,
  named?: ServiceSelection,
): void {
  const label = `${inv.program} compose ${sub} (in the container)`;
  const say = (why: string) =>
    r.uncertain('dynamic-script', `\`${inv.program} compose\`: ${why}`, inv.segment);
  if (sub === 'run' || sub === 'exec') {
    const o = readRunOptions(inv, r, args);
    // Without the file, what the line itself gives the container (`-v`, `-e TOKEN`) is still mapped.
    if (o.image >= 0 && files === undefined) containerCommand(inv, r, o.setup, runArgv(args, o), label);
    else if (o.image >= 0 && files !== undefined) {
      const name = plain(args[o.image]);
      const service = serviceSetup(name, files, r);
      // A service no file read defines: compose stops with an error, nothing runs.
      if (service !== undefined) {
        let argv = runArgv(args, o);
        // `run` without a command runs the service's own (behind the entrypoint given on the line, if any); with
        // one, the command replaces only the service's `command`: its own entrypoint still runs in front of it.
        if (sub === 'run' && o.image + 1 >= args.length) {
          const own = o.entrypoint ? [] : fileWords(service.entrypoint);
          const cmd = fileWords(service.command);
          if (own === undefined || cmd === undefined) say('the service runs a command gavel does not read');
          else argv = [...(o.entrypoint ? [o.entrypoint] : own), ...cmd];
        } else if (sub === 'run' && !o.entrypoint && service.entrypoint !== undefined) {
          const own = fileWords(service.entrypoint);
          if (own === undefined) say('the service runs an entrypoint gavel does not read');
          else argv = [...own, ...argv];
        }
        containerCommand(inv, r, merged(service.setup, o.setup), argv, label);
      }
    }
    for (const write of o.later) write();
    return;
  }
  if (files === undefined || !['up', 'create', 'start', 'restart'].includes(sub)) return;
  const all = new Set<string>();
  for (const { top } of files) {
    const services = top.get('services');
    if (isMap(services)) for (const k of services.keys()) all.add(k);
  }
  // The services named and those they need (compose-file.ts); every one when unsure.
  const only = selectedServices(
    files.map((f) => f.top),
    named,
  );
  for (const name of all) {
    if (only && !only.has(name)) continue;
    const service = serviceSetup(name, files, r);
    if (service === undefined) continue;
    const own = fileWords(service.entrypoint);
    const cmd = fileWords(service.command);
    if (own === undefined || cmd === undefined) say('a service runs a command gavel does not read');
    else containerCommand(inv, r, service.setup, [...own, ...cmd], label);
  }
}
