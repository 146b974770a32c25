/**
 * The command registry: name and summary of every subcommand, with its code loaded only when run.
 * Sorted by name; adding a command is one entry here and one file beside this one.
 */

import type { CommandEntry } from '../command';

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'ask',
    summary: 'answer a policy question of an unattended review loop from numbered rules',
    load: async () => (await import('./ask-command')).askCommand,
  },
  {
    name: 'check',
    summary: 'judge one tool call given as JSON (stdin or --file) and print the decision',
    load: async () => (await import('./check-command')).checkCommand,
  },
  {
    name: 'completion',
    summary: 'print a shell completion script (bash, zsh or fish)',
    load: async () => (await import('./completion-command')).completionCommand,
  },
  {
    name: 'config',
    summary: 'show the config in force, where each value came from, and any notice',
    load: async () => (await import('./config-command')).configCommand,
  },
  {
    name: 'demo',
    summary: 'run action review on the bundled example requests, with no config and no model',
    load: async () => (await import('./demo-command')).demoCommand,
  },
  {
    name: 'doctor',
    summary: 'say which gavel hooks are installed and what is enforced',
    load: async () => (await import('./doctor-command')).doctorCommand,
  },
  {
    name: 'explain',
    summary: 'show the whole trace of a decision on a shell command',
    load: async () => (await import('./explain-command')).explainCommand,
  },
  {
    name: 'hook',
    summary:
      'answer one tool call of an agent harness (claude-code, codex, pi, opencode, gemini, copilot, cursor) read on stdin',
    load: async () => (await import('./hook-command')).hookCommand,
  },
  {
    name: 'init',
    summary: 'install the gavel hook into claude-code, codex, pi, opencode, gemini, copilot or cursor',
    load: async () => (await import('./init-command')).initCommand,
  },
  {
    name: 'judge',
    summary: 'review agent configuration (skills, CLAUDE.md, rules, MCP and settings) and gate on findings',
    load: async () => (await import('./judge-command')).judgeCommand,
  },
  {
    name: 'log',
    summary: 'show the last decisions from the audit log, as a table or --json',
    load: async () => (await import('./log-command')).logCommand,
  },
  {
    name: 'mcp',
    summary: 'run the MCP server on stdio: tools check, ask and judge',
    load: async () => (await import('./mcp-command')).mcpCommand,
  },
  {
    name: 'model',
    summary: 'show the model, endpoint, caps and cache gavel would use; --probe tests the endpoint',
    load: async () => (await import('./model-command')).modelCommand,
  },
  {
    name: 'reviewer',
    summary: "show the model reviewer's disclosure; change its posture or model, or turn on mode auto",
    load: async () => (await import('./reviewer-command')).reviewerCommand,
  },
  {
    name: 'route',
    summary: 'route a change (a git range) to approve, approve_with_flag, escalate or block',
    load: async () => (await import('./route-command')).routeCommand,
  },
  {
    name: 'serve',
    summary:
      'run the decision service over HTTP (POST /v1/check, /v1/hook/<harness>); `serve token add NAME`',
    load: async () => (await import('./serve-command')).serveCommand,
  },
];
