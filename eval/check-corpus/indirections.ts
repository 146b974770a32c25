/**
 * The ways one command's text is handed to something else that runs it as bash would: a shell's `-c`, `eval`, a
 * function, a here-document, a compound command, a wrapper, an interpreter calling the system shell, a file written
 * and then run. A command that is not known safe must stay not known safe through each: the same text runs. Pure.
 */

/** `text` as one single-quoted shell word. */
export function quoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * Each takes the command's text and gives a command line that runs it. `captures`: its output goes to a variable or a
 * pipe, never a terminal.
 */
export const INDIRECTIONS: readonly { name: string; wrap: (cmd: string) => string; captures?: true }[] = [
  { name: 'bash -c', wrap: (c) => `bash -c ${quoted(c)}` },
  { name: 'sh -c', wrap: (c) => `sh -c ${quoted(c)}` },
  { name: 'bash -lc', wrap: (c) => `bash -lc ${quoted(c)}` },
  { name: 'eval', wrap: (c) => `eval ${quoted(c)}` },
  { name: 'builtin eval', wrap: (c) => `builtin eval ${quoted(c)}` },
  { name: 'function', wrap: (c) => `run() {\n${c}\n}\nrun` },
  { name: 'brace group', wrap: (c) => `{\n${c}\n}` },
  { name: 'if', wrap: (c) => `if true; then\n${c}\nfi` },
  { name: 'for', wrap: (c) => `for _ in 1; do\n${c}\ndone` },
  { name: 'and-list', wrap: (c) => `true && ${c}` },
  { name: 'here-document', wrap: (c) => `bash <<'GAVEL_EOF'\n${c}\nGAVEL_EOF` },
  { name: 'printf | bash', wrap: (c) => `printf '%s\\n' ${quoted(c)} | bash` },
  { name: 'herestring', wrap: (c) => `bash <<< ${quoted(c)}` },
  { name: 'env', wrap: (c) => `env sh -c ${quoted(c)}` },
  { name: 'nohup', wrap: (c) => `nohup sh -c ${quoted(c)}` },
  { name: 'timeout', wrap: (c) => `timeout 60 bash -c ${quoted(c)}` },
  { name: 'setsid', wrap: (c) => `setsid bash -c ${quoted(c)}` },
  { name: 'exec', wrap: (c) => `exec bash -c ${quoted(c)}` },
  { name: 'command', wrap: (c) => `command bash -c ${quoted(c)}` },
  { name: 'xargs', wrap: (c) => `echo x | xargs bash -c ${quoted(c)}` },
  { name: 'find -exec', wrap: (c) => `find . -maxdepth 0 -exec bash -c ${quoted(c)} \\;` },
  { name: 'script -c', wrap: (c) => `script -qc ${quoted(c)} /dev/null` },
  { name: 'flock -c', wrap: (c) => `flock /tmp/gavel.lock -c ${quoted(c)}` },
  { name: 'watch', wrap: (c) => `watch -n 1 ${quoted(c)}` },
  { name: 'npx -c', wrap: (c) => `npx -c ${quoted(c)}` },
  { name: 'git alias', wrap: (c) => `git -c alias.x=${quoted(`!${c}`)} x` },
  {
    name: 'python os.system',
    wrap: (c) => `python3 -c 'import os, sys; os.system(sys.argv[1])' ${quoted(c)}`,
  },
  {
    name: 'node execSync',
    wrap: (c) => `node -e 'require("child_process").execSync(process.argv[1])' ${quoted(c)}`,
  },
  { name: 'perl system', wrap: (c) => `perl -e 'system($ARGV[0])' ${quoted(c)}` },
  { name: 'awk system', wrap: (c) => `awk 'BEGIN { system(ARGV[1]) }' ${quoted(c)}` },
  {
    name: 'written then run',
    wrap: (c) => `printf '%s\\n' ${quoted(c)} > /tmp/step.sh && bash /tmp/step.sh`,
  },
  { name: 'source', wrap: (c) => `printf '%s\\n' ${quoted(c)} > /tmp/step.sh; . /tmp/step.sh` },
  { name: 'source a process substitution', wrap: (c) => `source <(printf '%s\\n' ${quoted(c)})` },
  { name: 'source /dev/stdin', wrap: (c) => `source /dev/stdin <<< ${quoted(c)}` },
  { name: 'bash -s', wrap: (c) => `bash -s <<< ${quoted(c)}` },
  { name: 'bash /dev/stdin', wrap: (c) => `echo ${quoted(c)} | bash /dev/stdin` },
  { name: 'subshell', wrap: (c) => `(\n${c}\n)` },
  { name: 'command substitution', wrap: (c) => `echo "$(\n${c}\n)"`, captures: true },
  { name: 'assigned substitution', wrap: (c) => `out=$(\n${c}\n); echo "$out"`, captures: true },
  { name: 'process substitution', wrap: (c) => `cat <(\n${c}\n)`, captures: true },
  { name: 'background', wrap: (c) => `{\n${c}\n} &\nwait` },
  { name: 'negated', wrap: (c) => `! {\n${c}\n}` },
  { name: 'case', wrap: (c) => `case x in\nx)\n${c}\n;;\nesac` },
  { name: 'while once', wrap: (c) => `while true; do\n${c}\nbreak\ndone` },
  { name: 'trap', wrap: (c) => `trap ${quoted(c)} EXIT` },
  { name: 'coproc', wrap: (c) => `coproc bash -c ${quoted(c)}` },
  { name: 'zsh -c', wrap: (c) => `zsh -c ${quoted(c)}` },
  { name: 'dash -c', wrap: (c) => `dash -c ${quoted(c)}` },
  { name: 'busybox sh -c', wrap: (c) => `busybox sh -c ${quoted(c)}` },
  { name: 'nice', wrap: (c) => `nice -n 10 sh -c ${quoted(c)}` },
  { name: 'stdbuf', wrap: (c) => `stdbuf -oL sh -c ${quoted(c)}` },
  { name: 'unshare', wrap: (c) => `unshare -r sh -c ${quoted(c)}` },
  { name: 'fakeroot', wrap: (c) => `fakeroot sh -c ${quoted(c)}` },
  { name: 'cross-env', wrap: (c) => `npx cross-env CI=1 sh -c ${quoted(c)}` },
  { name: 'dotenv', wrap: (c) => `dotenv -- sh -c ${quoted(c)}` },
  { name: 'bundle exec', wrap: (c) => `bundle exec sh -c ${quoted(c)}` },
  { name: 'uv run', wrap: (c) => `uv run sh -c ${quoted(c)}` },
  { name: 'poetry run', wrap: (c) => `poetry run sh -c ${quoted(c)}` },
  { name: 'npm exec', wrap: (c) => `npm exec -- sh -c ${quoted(c)}` },
  { name: 'xargs -I', wrap: (c) => `echo ${quoted(c)} | xargs -I{} sh -c '{}'` },
  { name: 'parallel', wrap: (c) => `parallel ::: ${quoted(c)}` },
  { name: 'env -S', wrap: (c) => `env -S ${quoted(`sh -c ${quoted(c)}`)}` },
  {
    name: 'make recipe',
    wrap: (c) => `printf 'all:\\n\\t%s\\n' ${quoted(c.replaceAll('\n', ' '))} | make -f -`,
  },
  { name: 'ssh-agent style eval', wrap: (c) => `eval "$(printf '%s\\n' ${quoted(c)})"` },
];

/**
 * A pager's command (`man`, `git help`) whose output is captured: no pager starts, so nothing runs `!cmd`. The one
 * dangerous shape an indirection makes safe.
 */
export function pagerCaptured(command: string, indirection: { captures?: true }): boolean {
  return indirection.captures === true && /^(man |git help )/.test(command);
}
