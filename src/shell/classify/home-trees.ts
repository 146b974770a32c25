/**
 * The parts of the home folder the path table knows (`home_reads`, rules/check-paths.json), split by who writes
 * them: the sources and archives package managers and toolchains keep (`~/.cargo/registry/src`,
 * `~/.m2/repository`, `~/.rustup/toolchains`, `~/.cache/…`) against everything a person writes (start-up and
 * settings files, scripts in `~/.local/bin`, a virtualenv's `bin/postactivate`, a conda environment's
 * `etc/conda/activate.d`, tools' logs). A file a person writes may hold a credential in any form; a package
 * source is read as the code it is. Pure.
 */

import { isUnder } from '../../core';
import type { ShellEnv } from '../types';

/** Each path table's `home_reads`, as home-anchored prefixes (compiled once per table and home). */
const HOME_READS = new WeakMap<object, Map<string, readonly string[]>>();

export function homeReads(env: ShellEnv): readonly string[] {
  let byHome = HOME_READS.get(env.paths);
  if (!byHome) {
    byHome = new Map();
    HOME_READS.set(env.paths, byHome);
  }
  let list = byHome.get(env.home);
  if (!list) {
    list = (env.paths.home_reads ?? []).map((p) => `${env.home}/${p.slice(2)}`);
    byHome.set(env.home, list);
  }
  return list;
}

/**
 * Parts of the known trees where people keep scripts and environment hooks of their own (`~/.local/bin/deploy`, a
 * virtualenv's `bin/postactivate`, a conda environment's `etc/conda/activate.d`), which may set a credential, and
 * tools' logs. Tested on the path below the home folder.
 */
export const USER_WRITTEN = /\/(?:bin|envs|virtualenvs|etc|conf|_logs)(?:\/|$)|\/\.project$/;

/** A known tree holding package sources, archives or toolchains (tested on its home-anchored prefix). */
export const SOURCE_TREE = /\/(?:src|checkouts|repository|caches|cache|packages|toolchains)$|\/\.cache\//;

/** Is `abs` a file of a package-source or toolchain tree the path table knows, outside the parts people write? */
export function inPackageSources(abs: string, env: ShellEnv): boolean {
  return (
    isUnder(abs, env.home) &&
    abs !== env.home &&
    !USER_WRITTEN.test(abs.slice(env.home.length)) &&
    homeReads(env).some((k) => SOURCE_TREE.test(k) && isUnder(abs, k))
  );
}

/** Is `abs` a home file a person writes (anything in the home folder but a known package-source tree)? */
export function personWrittenHomeFile(abs: string, env: ShellEnv): boolean {
  return isUnder(abs, env.home) && abs !== env.home && !inPackageSources(abs, env);
}
