// The open display streams, by till, and the last view of each till: server-sent events written by hand over the
// raw Node response (text/event-stream is a few lines of text; no package). Every change a till publishes goes
// to its displays at once; a comment line every 15 s keeps idle connections (and proxies) alive; a display that
// reads too slowly is cut off (it reconnects and gets the current view again).
import type { ServerResponse } from 'node:http';
import type { DisplayView } from './schemas.js';

/** How often an idle stream gets a heartbeat comment. */
export const HEARTBEAT_MS = 15_000;
/** What a display tells its browser to wait before reconnecting (the SSE `retry` field). */
export const RETRY_MS = 1_000;
/** A display this far behind (bytes queued) is disconnected rather than buffered without end. */
const MAX_QUEUED_BYTES = 1024 * 1024;

interface Stream {
  till: string;
  tokenHash: string;
  res: ServerResponse;
}

/** One SSE event: a name and one line of JSON (JSON.stringify never writes a raw line break). */
export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The app's display streams. */
export function displayHub(opts: { heartbeatMs?: number } = {}) {
  const byTill = new Map<string, Set<Stream>>();
  const views = new Map<string, DisplayView>();

  const write = (s: Stream, text: string) => {
    if (s.res.destroyed || s.res.writableEnded) return;
    if (s.res.writableLength > MAX_QUEUED_BYTES) {
      s.res.destroy();
      return;
    }
    s.res.write(text);
  };
  const remove = (s: Stream) => {
    const set = byTill.get(s.till);
    set?.delete(s);
    if (set && set.size === 0) byTill.delete(s.till);
  };
  const all = () => [...byTill.values()].flatMap((set) => [...set]);

  const heartbeat = setInterval(() => {
    for (const s of all()) write(s, ': ping\n\n');
  }, opts.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  return {
    /** The last view published for the till this process knows (none after a restart until the till or the database says). */
    view: (till: string) => views.get(till),
    /** Starts a stream on a raw response: headers, the reconnect delay, then the current view at once. */
    open(till: string, tokenHash: string, res: ServerResponse, headers: Record<string, string>, current: DisplayView) {
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and friends would otherwise hold the events back in a buffer.
        'x-accel-buffering': 'no',
      });
      res.socket?.setNoDelay(true);
      const s: Stream = { till, tokenHash, res };
      let set = byTill.get(till);
      if (!set) byTill.set(till, (set = new Set()));
      set.add(s);
      res.on('close', () => remove(s));
      write(s, `retry: ${RETRY_MS}\n\n`);
      views.set(till, current);
      write(s, sseEvent('state', current));
    },
    /** Sends a till's new view to its displays. */
    publish(till: string, view: DisplayView) {
      views.set(till, view);
      const text = sseEvent('state', view);
      for (const s of byTill.get(till) ?? []) write(s, text);
    },
    /** Ends the streams of a till's displays whose token is not `keepHash` (unpaired or replaced): they are told first. */
    unpair(till: string, keepHash: string | null = null) {
      if (keepHash === null) views.delete(till);
      for (const s of [...(byTill.get(till) ?? [])]) {
        if (s.tokenHash === keepHash) continue;
        write(s, sseEvent('unpaired', { till }));
        s.res.end();
        remove(s);
      }
    },
    /** How many displays of the till are connected now. */
    connected: (till: string) => byTill.get(till)?.size ?? 0,
    /** Ends every stream (the server is stopping: open streams would hold app.close() up). */
    close() {
      clearInterval(heartbeat);
      for (const s of all()) {
        s.res.end();
        remove(s);
      }
    },
  };
}
export type DisplayHub = ReturnType<typeof displayHub>;
