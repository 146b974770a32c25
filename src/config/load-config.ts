/**
 * Loads the effective config: the user's file, GAVEL_* variables, the gavel.toml files of the folders
 * above the project root (outermost first) and the project's own gavel.toml, each repository file only
 * tightening what the layers before it left. The one place that reads config files (through
 * readConfigFile, which never blocks on a FIFO or reads past 1 MiB). A document that does not parse or validate is never half used:
 * the result is a problem naming the file, the key path and what is wrong, and every decision that
 * needed the config must end with basis `config-invalid`.
 */

import { join } from 'node:path';
import { parse as parseToml, TomlError } from 'smol-toml';
import { readEnvDocument } from './env';
import { type Layer, mergeConfig } from './merge-config';
import { findProjectRoot, outerProjectFiles, PROJECT_FILE, userConfigFile } from './paths';
import type { ConfigNotice, ConfigProblem } from './problem';
import { readConfigFile } from './read-config-file';
import type { Config, Source } from './spec';
import { validateDocument } from './validate-document';

export interface LoadOptions {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Use this project root instead of searching upward from cwd. */
  projectRoot?: string;
  /**
   * The project's gavel.toml as another source holds it, instead of the file in the project root: route
   * reads it from the base revision, so a change never configures its own routing. `text: undefined`
   * means there is none; `label` names it in problems and notices.
   */
  projectText?: { label: string; text: string | undefined };
}

export interface ConfigFiles {
  user: string;
  /** The nearest project root's gavel.toml. */
  project: string;
  /** The gavel.toml files above the project root that exist and were applied, outermost first. */
  outer: string[];
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
  const read = readConfigFile(file);
  if (!read.ok) return read;
  return parseTomlText(file, read.text, scope);
}

function parseTomlText(file: string, given: string | undefined, scope: 'user' | 'project'): Read {
  if (given === undefined) return { ok: true, notices: [] };
  const text = given;
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
  const files: ConfigFiles = {
    user: userConfigFile(options.env),
    project: options.projectText?.label ?? join(projectRoot, PROJECT_FILE),
    outer: [],
  };
  const user = readToml(files.user, 'user');
  if (!user.ok) return { ok: false, problem: user.problem, projectRoot, files };
  const env = readEnvDocument(options.env);
  if (!env.ok) return { ok: false, problem: env.problem, projectRoot, files };
  // Outermost first: an inner file can only tighten what an outer one left. An invalid file anywhere
  // in the chain fails the whole load, naming that file.
  const outer: Layer[] = [];
  const outerNotices: ConfigNotice[] = [];
  for (const file of outerProjectFiles(projectRoot, options.env)) {
    const read = readToml(file, 'project');
    if (!read.ok) return { ok: false, problem: read.problem, projectRoot, files };
    if (!read.layer) continue;
    outer.push(read.layer);
    outerNotices.push(...read.notices);
    files.outer.push(file);
  }
  const project = options.projectText
    ? parseTomlText(files.project, options.projectText.text, 'project')
    : readToml(files.project, 'project');
  if (!project.ok) return { ok: false, problem: project.problem, projectRoot, files };
  const merged = mergeConfig(
    user.layer,
    { values: env.values, file: 'environment' },
    ...outer,
    project.layer,
  );
  return {
    ok: true,
    config: merged.config,
    sources: merged.sources,
    notices: [...user.notices, ...outerNotices, ...project.notices, ...merged.notices],
    projectRoot,
    files,
    read: { user: user.layer !== undefined, project: project.layer !== undefined },
  };
}
