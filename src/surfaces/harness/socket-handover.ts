/**
 * The hook's standard input, handed from the thin socket client (./socket-client.ts), which read it before
 * the hook bundle loaded, to the in-process decision when the socket did not answer. One global, set only by
 * that client in this process; reads nothing else.
 */

const HANDED = '__gavelHookStdin';

type Holder = { [HANDED]?: unknown };

export function handStdin(text: string): void {
  (globalThis as Holder)[HANDED] = text;
}

/** What the client read, when it read stdin (then stdin itself is at its end); otherwise `read`. */
export function handedStdin(read: string): string {
  const handed = (globalThis as Holder)[HANDED];
  return typeof handed === 'string' ? handed : read;
}
