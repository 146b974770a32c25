/**
 * Loads the effective config: the user's file, GAVEL_* variables and the project's gavel.toml.
 * The one place that reads config files. A document that does not parse or validate is never half used:
 * the result is a problem naming the file, the key path and what is wrong, and every decision that
 * needed the config must end with basis `config-invalid`.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml, TomlError } from 'smol-toml';
import { readEnvDocument } from './env';
import { type Layer, mergeConfig } from './merge-config';
import { findProjectRoot, PROJECT_FILE, userConfigFile } from './paths';
import type { ConfigNotice, ConfigProblem } from './problem';
import type { Config, Source } from './spec';
import { validateDocument } from './validate-document';

export interface LoadOptions {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Use this project root instead of searching upward from cwd. */
  projectRoot?: string;
}

export interface ConfigFiles {
  user: string;
  project: string;
}

export type ConfigResult =
  | {
      ok: true;
      config: Config;
      sources: Record<string, Source>;
      notices: ConfigNotice[];
      projectRoot: string;
      files: ConfigFiles;
      /** Which of the two files exist and were read. */
      read: { user: boolean; project: boolean };
    }
  | { ok: false; problem: ConfigProblem; projectRoot: string; files: ConfigFiles };

type Read = { ok: true; layer?: Layer; notices: ConfigNotice[] } | { ok: false; problem: ConfigProblem };

function readToml(file: string, scope: 'user' | 'project'): Read {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, notices: [] };
    return {
      ok: false,
      problem: {
        file,
        keyPath: '',
        message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      },
    };
  }
  let doc: unknown;
  try {
    doc = parseToml(text);
  } catch (error) {
    // Only the position goes in the message: TOML errors quote the offending line, which may hold a secret.
    const where =
      error instanceof TomlError ? `line ${error.line}, column ${error.column}` : 'unknown position';
    return { ok: false, problem: { file, keyPath: '', message: `is not valid TOML (${where})` } };
  }
  const result = validateDocument(doc, file, scope);
  if (!result.ok) return result;
  return { ok: true, layer: { values: result.values, file }, notices: result.notices };
}

export function loadConfig(options: LoadOptions): ConfigResult {
  const projectRoot = options.projectRoot ?? findProjectRoot(options.cwd);
  const files: ConfigFiles = { user: userConfigFile(options.env), project: join(projectRoot, PROJECT_FILE) };
  const user = readToml(files.user, 'user');
  if (!user.ok) return { ok: false, problem: user.problem, projectRoot, files };
  const env = readEnvDocument(options.env);
  if (!env.ok) return { ok: false, problem: env.problem, projectRoot, files };
  const project = readToml(files.project, 'project');
  if (!project.ok) return { ok: false, problem: project.problem, projectRoot, files };
  const merged = mergeConfig(user.layer, { values: env.values, file: 'environment' }, project.layer);
  return {
    ok: true,
    config: merged.config,
    sources: merged.sources,
    notices: [...user.notices, ...project.notices, ...merged.notices],
    projectRoot,
    files,
    read: { user: user.layer !== undefined, project: project.layer !== undefined },
  };
}
