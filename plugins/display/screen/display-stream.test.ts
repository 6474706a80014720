// The display's stream client without a server: SSE blocks parsed as the spec says, views delivered, 401 taken as
// unpaired (stop), anything else (no answer, 5xx, the stream ending) tried again, a silent stream reopened.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { followDisplay, parseSseBlock } from './display-stream.js';

test('parseSseBlock: event and data fields, comments ignored, CR LF and a space after the colon', () => {
  assert.equal(parseSseBlock('event: state\ndata: {"a":1}'), { event: 'state', data: '{"a":1}' });
  assert.equal(parseSseBlock('data:x\r\ndata: y'), { event: 'message', data: 'x\ny' });
  assert.is(parseSseBlock(': ping'), null);
  assert.is(parseSseBlock('retry: 1000'), null);
});

/** A fetch answering from a script: each call takes the next answer (a status and chunks, or a network failure). */
function scriptedFetch(answers: ({ status: number; chunks?: string[]; hold?: boolean } | 'down')[]) {
  const calls: string[] = [];
  const fake = (async (url: string, init?: RequestInit) => {
    calls.push(url);
    const next = answers.shift() ?? { status: 200, chunks: [], hold: true };
    if (next === 'down') throw new TypeError('fetch failed');
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(ctrl) {
        for (const c of next.chunks ?? []) ctrl.enqueue(enc.encode(c));
        if (next.hold) init?.signal?.addEventListener('abort', () => ctrl.error(new DOMException('aborted', 'AbortError')));
        else ctrl.close();
      },
    });
    return new Response(body, { status: next.status });
  }) as unknown as typeof fetch;
  return { fake, calls };
}

const view = (phase: string) => JSON.stringify({ phase, lines: [] });
const until = async (ok: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

test('views in order, across chunk boundaries; the stream ending or the server down: tried again', async () => {
  const { fake, calls } = scriptedFetch([
    { status: 200, chunks: ['retry: 1000\n\nevent: state\nda', `ta: ${view('IDLE')}\n\n: ping\n\n`, `event: state\ndata: ${view('CART')}\n\n`] },
    'down',
    { status: 503 },
    { status: 200, chunks: [`event: state\ndata: ${view('PAY')}\n\n`], hold: true },
  ]);
  const seen: string[] = [];
  const connected: boolean[] = [];
  let unpaired = false;
  const stop = followDisplay(
    'tok en',
    {
      onView: (v) => seen.push(v.phase),
      onUnpaired: () => {
        unpaired = true;
      },
      onConnected: (c) => connected.push(c),
    },
    { fetch: fake, retryMs: 5, maxRetryMs: 20 },
  );
  await until(() => seen.length === 3);
  stop();
  assert.equal(seen, ['IDLE', 'CART', 'PAY']);
  assert.is(unpaired, false);
  assert.is(calls.length, 4);
  assert.is(calls[0], '/api/display/stream?token=tok%20en');
  assert.is(connected[0], true);
  assert.ok(connected.includes(false));
});

test('401 or an "unpaired" event: unpaired, and no more tries', async () => {
  for (const answer of [{ status: 401 }, { status: 200, chunks: [`event: state\ndata: ${view('IDLE')}\n\nevent: unpaired\ndata: {}\n\n`], hold: true }]) {
    const { fake, calls } = scriptedFetch([answer]);
    let unpaired = 0;
    followDisplay(
      't',
      {
        onView: () => {},
        onUnpaired: () => {
          unpaired++;
        },
        onConnected: () => {},
      },
      { fetch: fake, retryMs: 5 },
    );
    await until(() => unpaired === 1);
    await new Promise((r) => setTimeout(r, 50));
    assert.is(calls.length, 1);
    assert.is(unpaired, 1);
  }
});

test('a stream silent for longer than idleMs is reopened', async () => {
  const { fake, calls } = scriptedFetch([
    { status: 200, chunks: [`event: state\ndata: ${view('IDLE')}\n\n`], hold: true },
    { status: 200, chunks: [`event: state\ndata: ${view('CART')}\n\n`], hold: true },
  ]);
  const seen: string[] = [];
  const stop = followDisplay('t', { onView: (v) => seen.push(v.phase), onUnpaired: () => {}, onConnected: () => {} }, { fetch: fake, retryMs: 5, idleMs: 60 });
  await until(() => seen.length === 2);
  stop();
  assert.equal(seen, ['IDLE', 'CART']);
  assert.is(calls.length, 2);
});

test.run();
