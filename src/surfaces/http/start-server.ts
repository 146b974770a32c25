/**
 * Binds the decision app on a host and port (node:http; @hono/node-server's listener for every route but the
 * lean POST /v1/check) and stops it gracefully: stop accepting,
 * let the decisions in flight finish (each is bounded by the request timeout), then close. Audit lines are
 * written synchronously before each answer, so an answered decision is always on disk; `onDrained` flushes
 * whatever else buffers (the OTLP exporter). Owns the socket only; decides nothing.
 */

import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { DecisionApp, NodeEnv } from './decision-app';

export interface Started {
  /** The port bound (useful with port 0). */
  port: number;
  host: string;
  /** Stops accepting, waits for the requests in flight (at most `graceMs`), then resolves. */
  stop(graceMs: number): Promise<void>;
  /** Serves a connection accepted elsewhere (a worker's, handed over by the primary: connection-balancer.ts). */
  adopt(socket: Socket): void;
}

export function startServer(
  app: Pick<DecisionApp, 'fetch' | 'checkNode' | 'inFlight'>,
  host: string,
  port: number,
  timeouts: { headersMs: number; requestMs: number },
  /** Bind in this process even in a cluster worker (a worker served by hand-over binds a port of its own). */
  exclusive = false,
): Promise<Started> {
  return new Promise((resolve, reject) => {
    // Only HTTP/1 is served here: the Node request is an IncomingMessage.
    const fetch = (request: Request, env: unknown) => app.fetch(request, env as NodeEnv);
    const framework = getRequestListener(fetch, { hostname: host });
    // POST /v1/check, the hot path, skips the framework (the lean route); every other request goes through it.
    const server = createServer((incoming, outgoing) => {
      if (incoming.method === 'POST' && incoming.url === '/v1/check') app.checkNode(incoming, outgoing);
      else void framework(incoming, outgoing);
    });
    server.listen({ port, host, exclusive }, () => {
      const info = server.address() as AddressInfo;
      resolve({
        port: info.port,
        host,
        adopt: (socket) => {
          server.emit('connection', socket);
          socket.resume();
        },
        stop: (graceMs) =>
          new Promise<void>((done) => {
            const deadline = Date.now() + graceMs;
            server.close(() => done());
            const tick = () => {
              server.closeIdleConnections();
              if (app.inFlight() === 0 || Date.now() >= deadline) {
                server.closeAllConnections();
                return;
              }
              setTimeout(tick, 20);
            };
            tick();
          }),
      });
    });
    // A client that sends its headers or its body slowly is cut off; the app's own timeout answers first.
    server.headersTimeout = timeouts.headersMs;
    server.requestTimeout = timeouts.requestMs;
    server.once('error', reject);
  });
}
