import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cachedVerifier } from './token-cache.js';

const now = () => Math.floor(Date.now() / 1000);

/** A fake verifier: tokens are "good:<exp>" or anything else (refused); counts its calls. */
function fakeVerify() {
  const calls: string[] = [];
  const verify = (token: string) => {
    calls.push(token);
    const m = /^good:(-?\d+)?$/.exec(token);
    if (!m) throw new Error('invalid token');
    const exp = m[1] === undefined ? undefined : Number(m[1]);
    if (exp !== undefined && exp * 1000 <= Date.now()) throw new Error('expired');
    return { sub: 1, ...(exp !== undefined ? { exp } : {}) };
  };
  return { verify, calls };
}

test('a verified token is checked once, then served from memory', () => {
  const f = fakeVerify();
  const v = cachedVerifier(f.verify);
  const token = `good:${now() + 3600}`;
  const first = v(token);
  assert.is(v(token), first);
  assert.is(v(token), first);
  assert.equal(f.calls, [token]);
});

test('refused tokens are never remembered: each use is refused again', () => {
  const f = fakeVerify();
  const v = cachedVerifier(f.verify);
  assert.throws(() => v('tampered'), /invalid token/);
  assert.throws(() => v('tampered'), /invalid token/);
  assert.is(f.calls.length, 2);
});

test('a remembered token that has expired is verified again (and refused)', () => {
  const f = fakeVerify();
  const v = cachedVerifier(f.verify);
  const exp = now() + 1;
  const token = `good:${exp}`;
  v(token);
  const realNow = Date.now;
  try {
    Date.now = () => (exp + 1) * 1000;
    assert.throws(() => v(token), /expired/);
    assert.is(f.calls.length, 2);
  } finally {
    Date.now = realNow;
  }
});

test('tokens without an expiry are verified every time', () => {
  const f = fakeVerify();
  const v = cachedVerifier(f.verify);
  v('good:');
  v('good:');
  assert.is(f.calls.length, 2);
});

test('the memory is bounded: the oldest token is forgotten first', () => {
  const f = fakeVerify();
  const v = cachedVerifier(f.verify, 2);
  const exp = now() + 3600;
  const [a, b, c] = [`good:${exp}`, `good:${exp + 1}`, `good:${exp + 2}`];
  v(a);
  v(b);
  v(c); // forgets a
  v(b);
  v(c);
  assert.is(f.calls.length, 3);
  v(a);
  assert.is(f.calls.length, 4);
});

test.run();
