/**
 * Shell set-up idioms of well-known tools, run as `eval "$(tool …)"`: the tool prints shell code of its own
 * making (variables, PATH entries, a prompt hook), not text from the workspace or the network. Pure data and
 * one test over the substitution's exact text. An `eval` of anything else stays uncertain.
 */

const IDIOMS: readonly RegExp[] = [
  /^ssh-agent( -[sc])?$/,
  /^pyenv (init( -| --path| - (bash|zsh|fish))?|virtualenv-init -)$/,
  /^(rbenv|nodenv|goenv|jenv|plenv|phpenv) init -( (bash|zsh|fish))?$/,
  /^direnv hook (bash|zsh|fish)$/,
  /^fnm env( --use-on-cd)?( --shell[ =](bash|zsh|fish))?$/,
  /^conda shell\.(bash|zsh|fish) hook$/,
  /^((\/opt\/homebrew|\/usr\/local|\/home\/linuxbrew\/\.linuxbrew)\/bin\/)?brew shellenv$/,
  /^(zoxide|starship) init (bash|zsh|fish)$/,
  /^mise activate (bash|zsh|fish)$/,
  /^opam env$/,
  /^dircolors( -b)?$/,
];

/** Whether a command substitution (`$(…)` or backticks, as written) is one of the idioms, exactly. */
export function isEvalIdiom(substitution: string): boolean {
  const m = /^\$\(([^()$`;&|<>\\'"\n]*)\)$|^`([^`$;&|<>\\'"\n]*)`$/.exec(substitution.trim());
  const body = (m?.[1] ?? m?.[2])?.trim().replace(/\s+/g, ' ');
  return body !== undefined && IDIOMS.some((re) => re.test(body));
}
