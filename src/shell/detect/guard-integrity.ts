/**
 * Guarding the guard: commands that leave an agent running with gavel or its harness's checks off. Changing the
 * permissions, attributes or place of gavel's files or of the `node` it runs with (`chmod -x`, `chmod 000`,
 * `setfacl`, `chattr`, `mv`/`rm`/`ln -sf` over them), `git rm`/`git mv` of agent configuration, starting a harness
 * with its own guard off (`claude --dangerously-skip-permissions`, `codex --yolo`, …) or adding MCP servers from
 * the agent (`claude mcp add`): `agent_self_modification`. Starting a nested agent with its configuration home
 * moved (`HOME=`, `CODEX_HOME=`, `CLAUDE_CONFIG_DIR=`, `XDG_CONFIG_HOME=`): `disable_security_control`, it runs with
 * no gavel at all (a `GAVEL_*` setting is already one, analyze-shell.ts). Pure apart from reporting.
 */

import { resolvePath } from '../classify/classify-path';
import {
  type Invocation,
  isLiteral,
  optionText,
  plain,
  type Reporter,
  splitArgs,
} from '../unwrap/invocation';
import { isAgentConfig } from './path-effects';

/** Programs that are coding-agent harnesses (after unwrapping; `npx @anthropic-ai/claude-code` is `claude-code`). */
export const HARNESS_PROGRAMS = new Set([
  'claude',
  'claude-code',
  'codex',
  'pi',
  'gemini',
  'qwen',
  'cursor-agent',
  'aider',
  'opencode',
  'amp',
  'copilot',
  'goose',
  'crush',
  'kiro-cli',
  'droid',
]);

/** Options that start a harness with its own permission checks off. */
const GUARD_OFF: readonly RegExp[] = [
  /^--dangerously-skip-permissions$/,
  /^--allow-dangerously-skip-permissions$/,
  /^--dangerously-bypass-approvals-and-sandbox$/,
  /^--dangerously-allow-all$/,
  /^--yolo$/,
  /^--yes-always$/,
  /^--allow-all-tools$/,
  /^--force$/,
  /^--permission-mode[= ]bypasspermissions$/,
  /^--approval-mode[= ]yolo$/,
  /^(--sandbox|-s)[= ]danger-full-access$/,
  /^(--ask-for-approval|-a)[= ]never$/,
  /^(-c|--config)[= ].*(approval_policy|sandbox_mode)\s*=\s*["']?(never|danger-full-access)/,
  // Started without the extensions, plugins or hooks gavel is installed as (pi, OpenCode, Gemini CLI, …).
  /^--no-extensions?$/,
  /^--no-plugins?$/,
  /^--no-hooks$/,
  /^--disable-hooks$/,
  /^--pure$/,
  /^(--extensions|-e)[= ]none$/,
];
/** Short flags that mean the same for a given harness (`gemini -y`, `cursor-agent -f`). */
const SHORT_GUARD_OFF: Readonly<Record<string, string>> = { gemini: '-y', qwen: '-y', 'cursor-agent': '-f' };

/** Folders a harness or gavel reads its configuration from: moved, the nested agent runs unguarded. */
const CONFIG_HOMES = new Set([
  'HOME',
  'CODEX_HOME',
  'CLAUDE_CONFIG_DIR',
  'XDG_CONFIG_HOME',
  'PI_CODING_AGENT_DIR',
]);

/** Programs that change a file's permissions, attributes, owner or place. */
const METADATA = new Set(['chmod', 'chown', 'chgrp', 'setfacl', 'chattr', 'chflags', 'xattr']);
const MOVERS = new Set(['mv', 'rm', 'unlink', 'ln', 'cp', 'install', 'truncate', 'shred', 'rsync']);

/** gavel's own launcher or the node binary it runs with, by name (`…/bin/node`, `…/bin/gavel`). */
function isRuntime(path: string): boolean {
  return /\/\.?bin\/(node|nodejs|gavel)$|\/node_modules\/gavel(\/|$)|\/\.gavel(\/|$)/.test(path);
}

function harnessGuardOff(inv: Invocation, r: Reporter): void {
  const words = inv.args.map((w) => optionText(w).toLowerCase());
  const pairs = words.map((w, k) =>
    w.startsWith('-') && !w.includes('=') ? `${w} ${words[k + 1] ?? ''}` : w,
  );
  const short = SHORT_GUARD_OFF[inv.program];
  if (
    pairs.some((p) => GUARD_OFF.some((re) => re.test(p))) ||
    words.some((w) => GUARD_OFF.some((re) => re.test(w))) ||
    (short !== undefined && words.includes(short))
  )
    r.hit(
      'agent_self_modification',
      `\`${inv.program}\` starts an agent with its permission checks off`,
      inv.segment,
    );
  // `claude mcp add …`, `codex mcp add …`: a new MCP server runs tools the agent then calls.
  const subs = words.filter((w) => !w.startsWith('-'));
  const mcp = subs.indexOf('mcp');
  if (mcp >= 0 && /^(add|add-json|add-from-claude-desktop|import|install)$/.test(subs[mcp + 1] ?? ''))
    r.hit('agent_self_modification', `\`${inv.program} mcp\` adds an MCP server to the agent`, inv.segment);
}

function touchesGuard(path: string | undefined, r: Reporter): boolean {
  return path !== undefined && (isAgentConfig(path, r.scope) || isRuntime(path));
}

/** A command that changes gavel, its runtime or agent configuration by permission, attribute or place. */
function guardFiles(inv: Invocation, r: Reporter): void {
  const p = inv.program;
  if (p !== 'git' && !METADATA.has(p) && !MOVERS.has(p)) return;
  // `chmod -x f`: a mode may look like an option.
  let paths =
    p === 'chmod'
      ? inv.args.filter((w) => !/^-[RcfvHLP]+$|^--[a-z]/.test(plain(w)) && plain(w) !== '--')
      : splitArgs(inv.args).positionals;
  if (p === 'git') {
    // Subcommands that take a pathspec and remove, move or put back what the work tree holds there (`git stash
    // push -- .claude` and `git checkout HEAD -- .claude/settings.json` drop a hook the user added and has not
    // committed; `git clean -f .claude` deletes it when untracked; `git sparse-checkout set` takes it away).
    const sub = paths.findIndex((w) =>
      ['rm', 'mv', 'stash', 'checkout', 'restore', 'clean', 'sparse-checkout'].includes(plain(w)),
    );
    if (sub < 0) return;
    paths = paths.slice(sub + 1);
  } else if (!METADATA.has(p) && !MOVERS.has(p)) return;
  // chmod's mode, setfacl's ACL and chown's owner come first.
  if (METADATA.has(p) && !inv.args.some((w) => /^--reference/.test(plain(w)))) paths = paths.slice(1);
  const base = inv.cwd ?? r.scope.cwd;
  for (const w of paths) {
    if (!isLiteral(w)) continue;
    const resolved = resolvePath(w.text, r.scope, base).resolved;
    if (!touchesGuard(resolved, r)) continue;
    r.hit(
      'agent_self_modification',
      METADATA.has(p)
        ? `\`${p}\` changes the permissions of gavel, its runtime or agent configuration`
        : `\`${p}\` moves or removes gavel, its runtime or agent configuration`,
      inv.segment,
    );
    return;
  }
}

/** The programs detectGuard looks at. */
export const GUARD_PROGRAMS = () => [...HARNESS_PROGRAMS, 'git', ...METADATA, ...MOVERS];

export function detectGuard(inv: Invocation, r: Reporter): void {
  if (HARNESS_PROGRAMS.has(inv.program)) harnessGuardOff(inv, r);
  guardFiles(inv, r);
}

/**
 * A harness started with a configuration home moved (by a prefix, `env NAME=`, or an earlier export): it reads
 * no gavel hook. `value` gives the variable's value now, or undefined.
 */
export function nestedAgentHome(
  program: string,
  assigned: readonly string[],
  value: (name: string) => string | undefined,
  home: string,
  report: (reason: string) => void,
): void {
  if (!HARNESS_PROGRAMS.has(program)) return;
  const moved = assigned.some((n) => CONFIG_HOMES.has(n));
  const set = [...CONFIG_HOMES].some((n) => n !== 'HOME' && value(n) !== undefined);
  const homeNow = value('HOME');
  if (moved || set || (homeNow !== undefined && homeNow !== home))
    report(
      `\`${program}\` starts an agent with its configuration folder moved, so gavel's hook is not loaded`,
    );
}
