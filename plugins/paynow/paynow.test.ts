// PayNow QR (#17.1): the SGQR payload read back field by field, its CRC checked by an independent implementation
// and against payloads made by others, the SVG the route sends decoded back to the same payload, every bad input,
// 409 without a UEN, 401 without a session, and nothing written.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { saveSettings } from '../../core/settings.js';
import { addDays, localDate } from '../../core/clock.js';
import { testApp, type TestApp } from '../../tests/helpers/app.js';
import { crc16ccittFalse, merchantName, sgqrPayload } from './sgqr.js';
import { decodeQr, parseTlv } from './test-support.js';

const UEN = '201912345K';
let t: TestApp;
test.before(async () => {
  t = await testApp();
  saveSettings(t.app.db, { paynow_uen: UEN, shop_name: 'Kedai Footwear' });
});
test.after(async () => {
  await t.close();
});

/** CRC-16/CCITT-FALSE written differently from sgqr.ts: a 256-entry table over UTF-8 bytes. */
const TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let k = 0; k < 8; k++) c = (c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1) & 0xffff;
  return c;
});
function independentCrc(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = ((crc << 8) & 0xffff) ^ TABLE[((crc >> 8) ^ byte) & 0xff];
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Every field of a PayNow payload, the CRC checked (independently) over everything before its value. */
function readPayload(payload: string) {
  const fields = parseTlv(payload);
  assert.equal(
    fields.map(([id]) => id),
    ['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63'],
    'fields in order, CRC last',
  );
  const f = Object.fromEntries(fields);
  assert.is(payload.slice(-8, -4), '6304', 'the CRC field is 63, length 04');
  assert.match(f['63'], /^[0-9A-F]{4}$/);
  assert.is(f['63'], independentCrc(payload.slice(0, -4)), 'CRC over everything before it, "6304" included');
  return {
    f,
    account: Object.fromEntries(parseTlv(f['26'])),
    additional: Object.fromEntries(parseTlv(f['62'])),
    accountIds: parseTlv(f['26']).map(([id]) => id),
  };
}

test('the CRC is CRC-16/CCITT-FALSE: its check value and SGQR payloads made by other software', () => {
  assert.is(crc16ccittFalse('123456789'), '29B1', 'the catalogued check value');
  assert.is(independentCrc('123456789'), '29B1');
  // A PayNow sandbox's payload (UEN proxy, dynamic, with amount and bill number) and a static UEN QR from an SGQR renderer's tests.
  for (const known of [
    '00020101021226560009SG.PAYNOW010120213201509555BNN1030100412230914205029520400005303702540450.05802SG5914DEV MERCHANT 56009SINGAPORE621601120870-0000VL663049149',
    '00020101021126490009SG.PAYNOW010120210201403121W030110408203012315204000053037025802SG5913ACME Pte Ltd.6009Singapore6304B69E',
  ]) {
    assert.is(crc16ccittFalse(known.slice(0, -4)), known.slice(-4), known);
    assert.is(parseTlv(known).at(-1)![0], '63');
  }
});

test('the payload: every field of the issue, TLV by TLV, in order', () => {
  const payload = sgqrPayload({ uen: UEN, amountCents: 123_456, reference: 'INV-20261126-0001', expiry: '2026-11-27', shopName: 'Kedai Footwear' });
  const { f, account, additional, accountIds } = readPayload(payload);
  assert.is(f['00'], '01');
  assert.is(f['01'], '12', 'dynamic');
  assert.equal(accountIds, ['00', '01', '02', '03', '04']);
  assert.equal(account, { '00': 'SG.PAYNOW', '01': '2', '02': UEN, '03': '0', '04': '20261127' });
  assert.is(f['52'], '0000');
  assert.is(f['53'], '702');
  assert.is(f['54'], '1234.56');
  assert.is(f['58'], 'SG');
  assert.is(f['59'], 'Kedai Footwear');
  assert.is(f['60'], 'Singapore');
  assert.equal(additional, { '01': 'INV-20261126-0001' });
  assert.ok(payload.startsWith('000201010212'));
  // Amounts always carry 2 decimals.
  for (const [c, text] of [
    [1, '0.01'],
    [10, '0.10'],
    [100, '1.00'],
    [99_999_999, '999999.99'],
  ] as const) {
    assert.is(readPayload(sgqrPayload({ uen: UEN, amountCents: c, reference: 'R', expiry: '2026-01-01', shopName: 'x' })).f['54'], text);
  }
});

test('the shop name is cut to 25 characters, ASCII only', () => {
  assert.is(merchantName('The Very Long Shoe Emporium of Singapore'), 'The Very Long Shoe Empori');
  assert.is(merchantName('  Kedai   Kasut 鞋店 '), 'Kedai Kasut');
  assert.is(merchantName('鞋店'), 'NA');
  const p = sgqrPayload({ uen: UEN, amountCents: 500, reference: 'R-1', expiry: '2026-01-01', shopName: 'The Very Long Shoe Emporium of Singapore' });
  assert.is(readPayload(p).f['59'], 'The Very Long Shoe Empori');
});

test('POST /api/paynow/qr (a USER): the SVG decodes back to the payload; expiry tomorrow, shop-local', async () => {
  const r = await t.staff.post('/api/paynow/qr', { amount: 58.83, reference: 'KD-TILL1-MG3K2X1A' });
  assert.is(r.status, 200, JSON.stringify(r.body));
  assert.equal(Object.keys(r.body).sort(), ['amount', 'expiry', 'payload', 'reference', 'svg']);
  assert.is(r.body.amount, 58.83);
  const tomorrow = addDays(localDate(new Date(), 'Asia/Singapore'), 1);
  assert.is(r.body.expiry, tomorrow);
  const { f, account, additional } = readPayload(r.body.payload);
  assert.is(f['54'], '58.83');
  assert.is(account['02'], UEN);
  assert.is(account['04'], tomorrow.replace(/-/g, ''));
  assert.is(f['59'], 'Kedai Footwear');
  assert.equal(additional, { '01': 'KD-TILL1-MG3K2X1A' });
  assert.match(r.body.svg, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.is(await decodeQr(r.body.svg), r.body.payload, 'the drawn QR holds the payload');
  // The largest amount and the longest reference still draw and decode.
  const big = await t.admin.post('/api/paynow/qr', { amount: 999_999.99, reference: 'A'.repeat(25) });
  assert.is(big.status, 200, JSON.stringify(big.body));
  assert.is(readPayload(big.body.payload).f['54'], '999999.99');
  assert.is(await decodeQr(big.body.svg), big.body.payload);
});

const changes = () => t.app.db.prepare('SELECT total_changes()').pluck().get() as number;

test('bad amounts and references: 400 naming the field; nothing written', async () => {
  const before = changes();
  const ok = { amount: 10, reference: 'KD-1' };
  for (const amount of [0, -1, -0.01, 1_000_000, 999_999.991, 1.005, 12.345, 0.001, '12', null, 1e308]) {
    const r = await t.staff.post('/api/paynow/qr', { ...ok, amount });
    assert.is(r.status, 400, `amount ${amount}: ${JSON.stringify(r.body)}`);
    assert.is(r.body.details.field, 'amount', `amount ${amount}`);
  }
  for (const reference of ['', 'A'.repeat(26), 'KD 1', 'KD_1', 'KD/1', 'Ünï', 'KD-1\n', 'x'.repeat(201), 5]) {
    const r = await t.staff.post('/api/paynow/qr', { ...ok, reference });
    assert.is(r.status, 400, `reference ${JSON.stringify(reference)}: ${JSON.stringify(r.body)}`);
    assert.is(r.body.details.field, 'reference', `reference ${JSON.stringify(reference)}`);
  }
  const missing = await t.staff.post('/api/paynow/qr', { amount: 10 });
  assert.is(missing.status, 400);
  assert.is(missing.body.details.field, 'reference');
  const extra = await t.staff.post('/api/paynow/qr', { ...ok, uen: '53312345A' });
  assert.is(extra.status, 400);
  assert.is(extra.body.details.field, 'uen');
  assert.is((await t.staff.post('/api/paynow/qr', ok)).status, 200);
  assert.is(changes(), before, 'no row written');
});

test("no PayNow UEN: 409 'Set the shop's PayNow UEN in Settings' naming paynow_uen (bad input still 400 first)", async () => {
  saveSettings(t.app.db, { paynow_uen: '' });
  try {
    const r = await t.staff.post('/api/paynow/qr', { amount: 10, reference: 'KD-1' });
    assert.is(r.status, 409);
    assert.is(r.body.error, "Set the shop's PayNow UEN in Settings");
    assert.is(r.body.details.field, 'paynow_uen');
    assert.is((await t.staff.post('/api/paynow/qr', { amount: 0, reference: 'KD-1' })).status, 400);
  } finally {
    saveSettings(t.app.db, { paynow_uen: UEN });
  }
});

test('anonymous: 401', async () => {
  const r = await t.anon.post('/api/paynow/qr', { amount: 10, reference: 'KD-1' });
  assert.is(r.status, 401);
});

test.run();
