/**
 * Error classes, one per boundary. Exceptions are for bugs and broken I/O only; expected
 * outcomes (denials, caps, invalid config) are values. A message is lower-case, has no final period,
 * puts user values in backticks, and never holds prompt text, file content or a credential.
 */

export class GavelError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
}

/** Bad flags, arguments or input on the command line or stdin. */
export class UsageError extends GavelError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('usage', message, options);
  }
}

/** A file gavel must read or write could not be. */
export class IoError extends GavelError {}
