/**
 * surfaces/web: the local audit page (`gavel log --web`): loopback only, a secret path, the log read through
 * the audit reader. Imports no other surface.
 */

export { type LogPage, type LogPageOptions, serveLogPage } from './log-server';
export { type LogFilter, type LogSummary, RECORDS_SHOWN, summarise } from './log-summary';
