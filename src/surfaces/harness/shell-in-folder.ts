/**
 * A shell command a harness runs in a folder of the tool call's choosing (Gemini CLI's `dir_path`, OpenCode's
 * `workdir`), judged as the command it is there: `cd '<folder>' && <command>`, the folder made absolute against
 * the call's working folder as the harness does, so that every relative path the command names resolves where
 * it will run. Pure; owns only that rewriting, never the command's meaning.
 */

import { isAbsolute, resolve } from 'node:path';
import { shellQuote } from './install/install-hook';

export function shellInFolder(command: string, folder: unknown, cwd: string): string {
  if (typeof folder !== 'string' || folder.length === 0) return command;
  const abs = isAbsolute(folder) ? folder : resolve(cwd, folder);
  if (abs === cwd) return command;
  return `cd ${shellQuote(abs)} && ${command}`;
}
