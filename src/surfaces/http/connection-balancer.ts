/**
 * Connections of `gavel serve --workers N`, spread evenly: the primary accepts each connection itself and hands
 * it to the ready worker holding the fewest open ones (ties in turn). node:cluster's own scheduler hands a new
 * connection to whichever worker acknowledged its last one first, so a burst of kept-alive clients could split
 * 18/14 between two workers for as long as they stay connected, and the busier worker's clients waited longer
 * (measured; ADR 0061). A worker says when it is ready and when each connection it was handed closes.
 * Owns the listening socket of the primary and the hand-over; decides nothing and reads no request: the bytes
 * of a connection are read only by the worker it was handed to (the primary accepts it paused).
 */

import cluster, { type Worker } from 'node:cluster';
import { createServer, type Server, type Socket } from 'node:net';

type Note = { gavel: 'conn-ready' } | { gavel: 'conn-closed' };
const HANDED = 'conn-handed';

function noteOf(message: unknown): Note['gavel'] | undefined {
  const g = (message as { gavel?: unknown } | null)?.gavel;
  return g === 'conn-ready' || g === 'conn-closed' ? g : undefined;
}

export interface Balancer {
  port: number;
  /** Stops accepting and closes connections not yet handed to a worker. */
  stop(): Promise<void>;
}

/** The primary: listens on `host:port` and hands every connection to a worker (see the header). */
export function balanceConnections(host: string, port: number): Promise<Balancer> {
  const open = new Map<Worker, number>();
  const waiting: Socket[] = [];
  let turn = 0;

  const pick = (): Worker | undefined => {
    let best: Worker | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    const ready = [...open.keys()];
    for (let i = 0; i < ready.length; i++) {
      const w = ready[(turn + i) % ready.length] as Worker;
      const n = open.get(w) ?? 0;
      if (n < fewest && w.isConnected()) {
        best = w;
        fewest = n;
      }
    }
    turn += 1;
    return best;
  };

  const hand = (socket: Socket, tries = 0): void => {
    const w = pick();
    if (!w) {
      waiting.push(socket);
      return;
    }
    open.set(w, (open.get(w) ?? 0) + 1);
    w.send({ gavel: HANDED }, socket, { keepOpen: false }, (error) => {
      if (!error) return;
      // The worker went away meanwhile: another takes it, or the connection closes (the client sees a reset).
      open.delete(w);
      if (tries < 3 && !socket.destroyed) hand(socket, tries + 1);
      else socket.destroy();
    });
  };

  const onMessage = (worker: Worker, message: unknown) => {
    const note = noteOf(message);
    if (note === 'conn-ready') {
      open.set(worker, 0);
      for (const s of waiting.splice(0)) if (!s.destroyed) hand(s);
    } else if (note === 'conn-closed' && open.has(worker)) {
      open.set(worker, Math.max(0, (open.get(worker) ?? 0) - 1));
    }
  };
  const onExit = (worker: Worker) => {
    open.delete(worker);
  };
  cluster.on('message', onMessage);
  cluster.on('exit', onExit);

  const server: Server = createServer({ pauseOnConnect: true }, (socket) => {
    // A client that resets before the hand-over must not take the primary down with an unhandled error.
    socket.on('error', () => socket.destroy());
    hand(socket);
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error) => {
      cluster.off('message', onMessage);
      cluster.off('exit', onExit);
      reject(error);
    });
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : port,
        stop: () =>
          new Promise<void>((done) => {
            cluster.off('message', onMessage);
            cluster.off('exit', onExit);
            for (const s of waiting.splice(0)) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * A worker: takes the connections the primary hands over (`adopt` serves one as if accepted here), says it is
 * ready, and tells the primary when each one closes. Returns a function that stops taking them (any handed
 * after that is closed).
 */
export function takeHandedConnections(adopt: (socket: Socket) => void): () => void {
  let taking = true;
  const onMessage = (message: unknown, handle: unknown) => {
    if ((message as { gavel?: unknown } | null)?.gavel !== HANDED || !handle) return;
    const socket = handle as Socket;
    // Handed over while this worker stops: closed at once (the client sees a reset, never a hang).
    if (!taking) {
      socket.destroy();
      return;
    }
    socket.once('close', () => {
      if (process.connected) process.send?.({ gavel: 'conn-closed' } satisfies Note);
    });
    adopt(socket);
  };
  process.on('message', onMessage);
  process.send?.({ gavel: 'conn-ready' } satisfies Note);
  return () => {
    taking = false;
  };
}
