/**
 * What a harness adapter hands the check capability: the normalized tool inputs of one call, or the problem
 * that kept it from reading them. Types only; the adapters themselves live with each harness
 * (src/surfaces/harness/<name>/tool-inputs.ts), never in a capability.
 */

import type { ToolInput } from '../request/request';

export type AdaptResult = { ok: true; inputs: ToolInput[] } | { ok: false; problem: string };

/** Reads one harness tool call (its tool name and input) into normalized inputs. */
export type AdaptToolCall = (toolName: string, toolInput: unknown, cwd: string) => AdaptResult;
