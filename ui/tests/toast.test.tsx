// Toasts: shown top-right by <Toaster />, gone after 3 s, at most 20 held (oldest dropped first).
import { act, render, text, unmount } from './dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const { toast, toasts, clearToasts, dismissToast, TOAST_DURATION_MS, MAX_TOASTS } = await import('../toast.js');
const { Toaster } = await import('../shell/toaster.js');

/** A hand-cranked clock replacing setTimeout/clearTimeout while a test runs. */
function fakeClock() {
  const real = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
  let now = 0;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  globalThis.setTimeout = ((fn: () => void, ms = 0) => {
    const id = ++seq;
    pending.set(id, { at: now + ms, fn });
    return id;
  }) as unknown as typeof setTimeout;
  globalThis.clearTimeout = ((id: number) => {
    pending.delete(id);
  }) as typeof clearTimeout;
  return {
    advance(ms: number) {
      now += ms;
      for (const [id, t] of [...pending].sort((a, b) => a[1].at - b[1].at)) {
        if (t.at <= now) {
          pending.delete(id);
          t.fn();
        }
      }
    },
    restore() {
      Object.assign(globalThis, real);
    },
  };
}

test.after.each(async () => {
  await unmount();
  clearToasts();
});

test('constants follow docs/spec.md', () => {
  assert.is(TOAST_DURATION_MS, 3000);
  assert.is(MAX_TOASTS, 20);
});

test('a toast lasts 3 seconds', () => {
  const clock = fakeClock();
  try {
    toast.success('Saved');
    assert.equal(
      toasts.value.map((t) => [t.kind, t.message]),
      [['success', 'Saved']],
    );
    clock.advance(2999);
    assert.is(toasts.value.length, 1);
    clock.advance(1);
    assert.is(toasts.value.length, 0);
  } finally {
    clock.restore();
  }
});

test('each toast keeps its own 3 seconds', () => {
  const clock = fakeClock();
  try {
    toast.info('first');
    clock.advance(2000);
    toast.error('second');
    clock.advance(1000);
    assert.equal(
      toasts.value.map((t) => t.message),
      ['second'],
    );
    clock.advance(2000);
    assert.is(toasts.value.length, 0);
  } finally {
    clock.restore();
  }
});

test('at most 20 are held: the oldest go first', () => {
  const clock = fakeClock();
  try {
    for (let i = 1; i <= 25; i++) toast.info(`m${i}`);
    assert.is(toasts.value.length, 20);
    assert.is(toasts.value[0].message, 'm6');
    assert.is(toasts.value[19].message, 'm25');
    clock.advance(3000);
    assert.is(toasts.value.length, 0);
  } finally {
    clock.restore();
  }
});

test('dismissToast removes one toast early', () => {
  const clock = fakeClock();
  try {
    const a = toast.info('a');
    toast.info('b');
    dismissToast(a);
    assert.equal(
      toasts.value.map((t) => t.message),
      ['b'],
    );
  } finally {
    clock.restore();
  }
});

test('<Toaster /> renders the messages with their kind, and a click dismisses', async () => {
  const container = await render(<Toaster />);
  await act(async () => {
    toast.success('Customer Tan added successfully!');
    toast.error('Failed to add customer');
  });
  const items = [...container.querySelectorAll('.toasts .toast')] as HTMLElement[];
  assert.equal(
    items.map((i) => i.textContent),
    ['Customer Tan added successfully!', 'Failed to add customer'],
  );
  assert.ok(items[0].classList.contains('toast-success'));
  assert.is(items[1].getAttribute('role'), 'alert');
  await act(async () => items[0].click());
  assert.not.ok(text().includes('Customer Tan added successfully!'));
  assert.ok(text().includes('Failed to add customer'));
});

test.run();
