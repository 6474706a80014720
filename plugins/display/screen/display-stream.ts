// The display's side of its stream: GET /api/display/stream?token= read with fetch (server-sent events parsed
// here), so that the display knows WHY a connection failed: 401 means unpaired (ask for a code again), anything
// else (server restarting, Wi-Fi gone, a 5xx) means try again, soon and for ever. A stream silent for longer than
// three heartbeats is taken for dead and reopened (a tablet's Wi-Fi can drop a connection without a word).
import type { DisplayView } from '../schemas.js';

export interface StreamHandlers {
  /** A new view of the till (the current one first, on every (re)connect). */
  onView(view: DisplayView): void;
  /** The token is no good (unpaired, replaced by another display): stop and ask for a code. */
  onUnpaired(): void;
  /** Connected (true) or trying again (false). */
  onConnected(connected: boolean): void;
}

export interface StreamOptions {
  fetch?: typeof fetch;
  /** The first wait before trying again; doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Silence after which the connection is reopened (the server sends a comment every 15 s). */
  idleMs?: number;
}

/** One parsed event from a block of SSE lines, or null for a comment-only block. */
export function parseSseBlock(block: string): { event: string; data: string } | null {
  let event = 'message';
  const data: string[] = [];
  for (const raw of block.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length ? { event, data: data.join('\n') } : null;
}

/** Follows a till's display stream until stopped (the returned function) or unpaired. */
export function followDisplay(token: string, h: StreamHandlers, opts: StreamOptions = {}): () => void {
  const doFetch = opts.fetch ?? fetch.bind(globalThis);
  const retryMs = opts.retryMs ?? 500;
  const maxRetryMs = opts.maxRetryMs ?? 4000;
  const idleMs = opts.idleMs ?? 45_000;
  let stopped = false;
  let current: AbortController | null = null;
  let wakeUp: (() => void) | null = null;

  /** One connection: true when the server said the token is no good. */
  const connect = async (): Promise<boolean> => {
    const ctrl = new AbortController();
    current = ctrl;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(idle);
      idle = setTimeout(() => ctrl.abort(), idleMs);
    };
    try {
      alive();
      const res = await doFetch(`/api/display/stream?token=${encodeURIComponent(token)}`, {
        signal: ctrl.signal,
        credentials: 'omit',
        cache: 'no-store',
        headers: { accept: 'text/event-stream' },
      });
      if (res.status === 401 || res.status === 400) return true;
      if (!res.ok || !res.body) return false;
      h.onConnected(true);
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done || stopped) return false;
        alive();
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const e = parseSseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (!e) continue;
          if (e.event === 'unpaired') return true;
          if (e.event === 'state') h.onView(JSON.parse(e.data) as DisplayView);
        }
      }
    } catch {
      return false; // no answer, cut off, or our own abort: try again
    } finally {
      clearTimeout(idle);
      current = null;
    }
  };

  void (async () => {
    let wait = retryMs;
    while (!stopped) {
      const started = Date.now();
      const unpaired = await connect();
      if (stopped) return;
      if (unpaired) {
        h.onUnpaired();
        return;
      }
      h.onConnected(false);
      // A connection that lasted a while was fine: the next try comes soon again.
      if (Date.now() - started > 10_000) wait = retryMs;
      await new Promise<void>((r) => {
        wakeUp = r;
        setTimeout(r, wait);
      });
      wakeUp = null;
      wait = Math.min(maxRetryMs, wait * 2);
    }
  })();

  return () => {
    stopped = true;
    current?.abort();
    wakeUp?.();
  };
}
