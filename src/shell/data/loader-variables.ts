/**
 * Environment variables that change what a program loads or runs before it starts, as data. A `NAME=… cmd`
 * prefix or `env NAME=…` setting one is a `dynamic-command` uncertainty: the program run is not the one named.
 * Read by unwrap-command.ts.
 */

import { GIT_CONFIG_VARIABLES } from './git-exec-keys';

const LOADERS =
  /^(LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|DYLD_INSERT_LIBRARIES|DYLD_LIBRARY_PATH|BASH_ENV|ENV|PROMPT_COMMAND|NODE_OPTIONS|PYTHONSTARTUP|PERL5OPT|RUBYOPT|GIT_SSH_COMMAND|GIT_SSH|GIT_EXTERNAL_DIFF|GIT_PAGER|PAGER|[A-Z]+_PAGER|MANPAGER|LESSOPEN|LESSCLOSE|EDITOR|VISUAL|GIT_EDITOR|GIT_SEQUENCE_EDITOR|BROWSER|[A-Z]+_ASKPASS|PATH|DOCKER_HOST|DOCKER_CONTEXT|DOCKER_CONFIG|CONTAINER_HOST|CONTAINER_CONNECTION)$/;

export function isLoaderVariable(name: string): boolean {
  return LOADERS.test(name) || GIT_CONFIG_VARIABLES.test(name);
}
