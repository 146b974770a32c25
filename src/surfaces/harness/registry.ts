/**
 * Every harness gavel hooks, by name. Adding a harness is one folder beside this file implementing
 * `HarnessAdapter` and one line below. Owns the list only; `gavel hook`, `gavel init` and `gavel doctor` read it.
 */

import type { HarnessAdapter } from './adapter';
import { claudeCodeHarness } from './claude-code/claude-code-hook';
import { codexHarness } from './codex/codex-hook';
import { copilotHarness } from './copilot/copilot-hook';
import { cursorHarness } from './cursor/cursor-hook';
import { geminiHarness } from './gemini/gemini-hook';
import { openCodeHarness } from './opencode/opencode-hook';
import { piHarness } from './pi/pi-hook';

export const HARNESSES: readonly HarnessAdapter[] = [
  claudeCodeHarness,
  codexHarness,
  piHarness,
  openCodeHarness,
  geminiHarness,
  copilotHarness,
  cursorHarness,
];

export const HARNESS_NAMES: readonly string[] = HARNESSES.map((h) => h.name);

/** The adapter named `name`, or undefined. */
export function harnessNamed(name: string | undefined): HarnessAdapter | undefined {
  return HARNESSES.find((h) => h.name === name);
}
