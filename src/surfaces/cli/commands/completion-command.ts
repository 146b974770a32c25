/**
 * `gavel completion bash|zsh|fish`: prints a shell completion script for every registered command and its
 * flags (the convention's `--format`, `--json`, `--quiet` included), built from the command specs. Prints only;
 * installs nothing (docs/cli.md says where each shell reads it).
 */

import { EXIT, UsageError } from '../../../core';
import type { CommandEntry, CommandSpec } from '../command';
import { withConvention } from '../convention';
import { COMMANDS } from './index';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

interface Words {
  name: string;
  summary: string;
  flags: string[];
}

async function words(entries: readonly CommandEntry[]): Promise<Words[]> {
  const out: Words[] = [];
  for (const e of entries) {
    const spec: CommandSpec = withConvention(await e.load());
    const flags = Object.keys(spec.options).map((o) => `--${o}`);
    out.push({ name: e.name, summary: e.summary, flags: [...flags, '--help'].sort() });
  }
  return out;
}

/** A word for a single-quoted shell string. */
const q = (text: string): string => text.replaceAll("'", `'\\''`);

function bash(ws: Words[]): string {
  const cases = ws.map((w) => `    ${w.name}) opts='${w.flags.join(' ')}' ;;`).join('\n');
  return `# gavel completion for bash: source it, or save it as ~/.local/share/bash-completion/completions/gavel
_gavel() {
  local cur cmd opts
  cur="\${COMP_WORDS[COMP_CWORD]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W '${ws.map((w) => w.name).join(' ')} help --help --version' -- "$cur") )
    return
  fi
  cmd="\${COMP_WORDS[1]}"
  case "$cmd" in
${cases}
    *) opts='' ;;
  esac
  COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
}
complete -o default -F _gavel gavel
`;
}

function zsh(ws: Words[]): string {
  const commands = ws.map((w) => `    '${w.name}:${q(w.summary).replaceAll(':', '\\:')}'`).join('\n');
  const cases = ws
    .map((w) => `    ${w.name}) _values 'flag' ${w.flags.map((f) => `'${f}'`).join(' ')} ;;`)
    .join('\n');
  return `#compdef gavel
# gavel completion for zsh: save it as _gavel in a folder on $fpath
_gavel() {
  local -a commands
  commands=(
${commands}
  )
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  case "$words[2]" in
${cases}
  esac
}
compdef _gavel gavel
`;
}

function fish(ws: Words[]): string {
  const lines = ['# gavel completion for fish: save it as ~/.config/fish/completions/gavel.fish'];
  lines.push('complete -c gavel -f');
  for (const w of ws)
    lines.push(`complete -c gavel -n '__fish_use_subcommand' -a '${w.name}' -d '${q(w.summary)}'`);
  for (const w of ws)
    for (const f of w.flags)
      lines.push(`complete -c gavel -n '__fish_seen_subcommand_from ${w.name}' -l '${f.slice(2)}'`);
  return `${lines.join('\n')}\n`;
}

export function completionScript(shell: Shell, ws: Words[]): string {
  return shell === 'bash' ? bash(ws) : shell === 'zsh' ? zsh(ws) : fish(ws);
}

export const completionCommand: CommandSpec = {
  name: 'completion',
  summary: 'print a shell completion script (bash, zsh or fish)',
  usage: 'gavel completion <bash|zsh|fish>',
  description: [
    'Prints a completion script for every gavel command and its flags. bash: `source <(gavel completion bash)`',
    'in ~/.bashrc; zsh: `gavel completion zsh > ~/.zfunc/_gavel` (with ~/.zfunc on $fpath); fish:',
    '`gavel completion fish > ~/.config/fish/completions/gavel.fish`.',
  ].join(' '),
  options: {},
  positionals: [{ name: 'shell', description: 'bash, zsh or fish' }],
  exits: [EXIT.ok, EXIT.internal, EXIT.usage],
  examples: ['gavel completion bash > ~/.local/share/bash-completion/completions/gavel'],
  async run(ctx, args) {
    const shell = args.positionals[0];
    if (!(SHELLS as readonly string[]).includes(shell ?? ''))
      throw new UsageError(`unknown shell \`${String(shell)}\` (${SHELLS.join(', ')})`);
    const all = [...COMMANDS].sort((a, b) => a.name.localeCompare(b.name));
    ctx.stdout.write(completionScript(shell as Shell, await words(all)));
    return EXIT.ok;
  },
};

export default completionCommand;
