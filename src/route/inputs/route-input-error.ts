/**
 * The error of an input file `route` cannot read (pull-request payload, findings, run log, cases).
 * It is a usage error (exit 2). Its message names the file, the line or field, and what is wrong --
 * never the file's text.
 */

import { UsageError } from '../../core';

export class RouteInputError extends UsageError {}

export function inputError(file: string, where: string, what: string): RouteInputError {
  return new RouteInputError(`\`${file}\`: ${where ? `\`${where}\` ` : ''}${what}`);
}

export function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw inputError(file, '', 'is not valid JSON');
  }
}
