/**
 * The workspace files a runner reads its commands from, each holding one command line: an npm script (and a
 * lifecycle script before it), a Makefile recipe, a justfile recipe, a Taskfile task, a composer script, a deno task,
 * pdm and hatch scripts, a shell script run by path. `npm test` runs what `scripts.test` says: a command that is not
 * known safe must stay not known safe when a runner runs it from its file. Pure.
 */

/** One host: the files it writes for a command (workspace-relative path -> text) and the call that runs it. */
export interface ScriptHost {
  name: string;
  files: (cmd: string) => Record<string, string>;
  command: string;
}

/** A command as one line of a recipe, for runners whose recipes are lines (make, just). */
const oneLine = (cmd: string) => cmd.replaceAll('\n', '; ');
const manifest = (scripts: Record<string, string>) =>
  `${JSON.stringify({ name: 'app', private: true, scripts }, null, 2)}\n`;

export const SCRIPT_HOSTS: readonly ScriptHost[] = [
  { name: 'npm test', files: (c) => ({ 'package.json': manifest({ test: c }) }), command: 'npm test' },
  {
    name: 'npm run',
    files: (c) => ({ 'package.json': manifest({ check: c }) }),
    command: 'npm run check',
  },
  { name: 'pnpm', files: (c) => ({ 'package.json': manifest({ check: c }) }), command: 'pnpm check' },
  { name: 'yarn', files: (c) => ({ 'package.json': manifest({ check: c }) }), command: 'yarn check' },
  {
    name: 'bun run',
    files: (c) => ({ 'package.json': manifest({ check: c }) }),
    command: 'bun run check',
  },
  {
    name: 'npm lifecycle script',
    files: (c) => ({ 'package.json': manifest({ pretest: c, test: 'vitest run' }) }),
    command: 'npm test',
  },
  {
    name: 'make',
    // make expands `$x` itself: `$$` is a dollar sign for the shell.
    files: (c) => ({ Makefile: `all:\n\t${oneLine(c).replaceAll('$', () => '$$')}\n` }),
    command: 'make',
  },
  { name: 'just', files: (c) => ({ justfile: `default:\n    ${oneLine(c)}\n` }), command: 'just' },
  {
    name: 'task',
    files: (c) => ({
      'Taskfile.yml': `version: '3'\ntasks:\n  default:\n    cmds:\n      - ${JSON.stringify(c)}\n`,
    }),
    command: 'task',
  },
  {
    name: 'composer',
    files: (c) => ({ 'composer.json': `${JSON.stringify({ scripts: { check: c } }, null, 2)}\n` }),
    command: 'composer check',
  },
  {
    name: 'deno task',
    files: (c) => ({ 'deno.json': `${JSON.stringify({ tasks: { check: c } }, null, 2)}\n` }),
    command: 'deno task check',
  },
  {
    name: 'pdm',
    files: (c) => ({
      'pyproject.toml': `[project]\nname = "app"\n\n[tool.pdm.scripts]\ncheck = {shell = ${JSON.stringify(c)}}\n`,
    }),
    command: 'pdm run check',
  },
  {
    name: 'hatch',
    files: (c) => ({
      'pyproject.toml': `[project]\nname = "app"\n\n[tool.hatch.envs.default.scripts]\ncheck = ${JSON.stringify(c)}\n`,
    }),
    command: 'hatch run check',
  },
  {
    name: 'bash script',
    files: (c) => ({ 'scripts/check.sh': `#!/usr/bin/env bash\nset -euo pipefail\n${c}\n` }),
    command: 'bash scripts/check.sh',
  },
  {
    name: 'sourced script',
    files: (c) => ({ 'scripts/env.sh': `${c}\n` }),
    command: '. scripts/env.sh && ls',
  },
];

/** The workspace every host's files are written in. */
export const HOST_WORKSPACE = '/home/dev/work/app';
