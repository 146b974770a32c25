/**
 * `gavel log --web`: a loopback-only HTTP server over the audit log. Everything lives under a random secret
 * path prefix (`http://127.0.0.1:PORT/<token>/`); any other path, a request whose Host is not the loopback
 * address it listens on (DNS rebinding), or a method other than GET is answered 404 with no detail. The page
 * and Chart.js are served from this process (nothing is fetched from elsewhere; a Content-Security-Policy
 * says so); the log is read afresh on each summary request, through the audit reader that shows validated
 * records only. Reads the log; writes nothing.
 */

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readRecords } from '../../audit';
import { PAGE_CSS, PAGE_HTML, PAGE_SCRIPT } from './log-page';
import { type LogFilter, summarise } from './log-summary';

export interface LogPageOptions {
  logFile: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** How many of the newest records the page reads. */
  limit?: number;
  /** For tests: a fixed token (at least 16 characters). */
  token?: string;
}

export interface LogPage {
  url: string;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const DEFAULT_LIMIT = 20_000;
const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,95}$/;

function chartJs(): string {
  // The package's exports hide dist/; its CommonJS main sits beside the standalone build.
  const main = createRequire(import.meta.url).resolve('chart.js');
  return readFileSync(join(dirname(main), 'chart.umd.min.js'), 'utf8');
}

function filterOf(params: URLSearchParams): LogFilter {
  const f: LogFilter = {};
  const session = params.get('session');
  const harness = params.get('harness');
  const verdict = params.get('verdict');
  if (session && ID.test(session)) f.sessionId = session;
  if (harness && ID.test(harness)) f.harness = harness;
  if (verdict && ID.test(verdict)) f.verdict = verdict;
  return f;
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(body);
}

export async function serveLogPage(options: LogPageOptions): Promise<LogPage> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  if (token.length < 16) throw new Error('a log page token must be at least 16 characters');
  const limit = options.limit ?? DEFAULT_LIMIT;
  const chart = chartJs();
  let port = 0;
  const prefix = `/${token}/`;
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const host = req.headers.host ?? '';
    if (req.method !== 'GET' || (host !== `${HOST}:${port}` && host !== `localhost:${port}`)) {
      send(res, 404, 'text/plain', 'not found');
      return;
    }
    const url = new URL(req.url ?? '/', `http://${HOST}:${port}`);
    if (!url.pathname.startsWith(prefix)) {
      send(res, 404, 'text/plain', 'not found');
      return;
    }
    const path = url.pathname.slice(prefix.length);
    if (path === '') send(res, 200, 'text/html; charset=utf-8', PAGE_HTML);
    else if (path === 'page.js') send(res, 200, 'text/javascript; charset=utf-8', PAGE_SCRIPT);
    else if (path === 'page.css') send(res, 200, 'text/css; charset=utf-8', PAGE_CSS);
    else if (path === 'chart.js') send(res, 200, 'text/javascript; charset=utf-8', chart);
    else if (path === 'api/summary') {
      try {
        const read = readRecords(options.logFile, { limit });
        send(
          res,
          200,
          'application/json',
          JSON.stringify(summarise(read.records, filterOf(url.searchParams))),
        );
      } catch {
        send(res, 500, 'application/json', JSON.stringify({ error: 'the audit log could not be read' }));
      }
    } else send(res, 404, 'text/plain', 'not found');
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => resolveListen());
  });
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${HOST}:${port}${prefix}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
