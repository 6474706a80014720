// localDate works out a sale's business date by arithmetic over a cached offset (#27.4); it must give the
// date Intl gives, part by part, for any instant in any zone: random instants, instants a few minutes or hours
// apart (the cache's spans), and instants around each zone's offset changes (summer time, zones that moved).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { intlLocalDate, localDate, startOfLocalDay, addDays } from './clock.js';

const ZONES = Intl.supportedValuesOf('timeZone');
const FROM = Date.UTC(1900, 0, 1);
const TO = Date.UTC(2200, 0, 1);
const HOUR = 3_600_000;

const zone = fc.constantFrom(
  ...ZONES,
  'UTC',
  'Asia/Singapore',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Apia',
  'America/Havana',
  'Asia/Beirut',
);
const instant = fc.integer({ min: FROM, max: TO });

/** Offset (ms) at an instant, straight from Intl: used to find where a zone's offset changes. */
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
function offsetAt(t: number, timeZone: string): number {
  let f = offsetFormatters.get(timeZone);
  if (!f)
    offsetFormatters.set(
      timeZone,
      (f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        hourCycle: 'h23',
      })),
    );
  const p = Object.fromEntries(f.formatToParts(t).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(t / 1000) * 1000;
}

/** The instants (to the ms) at which the zone's offset changes within a year, found by halving between days. */
function changesIn(timeZone: string, year: number): number[] {
  const out: number[] = [];
  const DAY = 24 * HOUR;
  for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += DAY) {
    if (offsetAt(t, timeZone) === offsetAt(t + DAY, timeZone)) continue;
    let lo = t;
    let hi = t + DAY;
    const before = offsetAt(lo, timeZone);
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetAt(mid, timeZone) === before) lo = mid;
      else hi = mid;
    }
    out.push(hi);
  }
  return out;
}

test('random instants in random zones: the Intl date', () => {
  fc.assert(
    fc.property(zone, instant, (z, t) => localDate(new Date(t), z) === intlLocalDate(new Date(t), z)),
    { numRuns: 20_000 },
  );
});

test('runs of instants minutes to hours apart (one cached span after another): the Intl date each time', () => {
  fc.assert(
    fc.property(zone, instant, fc.array(fc.integer({ min: 0, max: 3 * HOUR }), { minLength: 1, maxLength: 40 }), (z, start, steps) => {
      let t = start;
      for (const step of steps) {
        t += step;
        if (localDate(new Date(t), z) !== intlLocalDate(new Date(t), z)) return false;
      }
      return true;
    }),
    { numRuns: 3_000 },
  );
});

test('around every offset change of sampled zones and years: the Intl date, walking up to and across it', () => {
  const zones = [
    'Asia/Singapore',
    'Europe/London',
    'America/New_York',
    'America/Havana',
    'Asia/Beirut',
    'Australia/Lord_Howe',
    'Pacific/Apia',
    'America/Sao_Paulo',
    'Asia/Tehran',
    'Europe/Moscow',
    'America/Santiago',
    'Africa/Casablanca',
  ];
  const years = [1905, 1933, 1942, 1945, 1970, 1981, 1982, 1996, 2011, 2014, 2018, 2024, 2030];
  let checked = 0;
  for (const z of zones) {
    for (const year of years) {
      for (const change of changesIn(z, year)) {
        // Walk from 2 hours before to 2 hours after in uneven steps (each sample sits in, or refreshes, a span).
        for (let t = change - 2 * HOUR; t <= change + 2 * HOUR; t += 7 * 60_000 + 13_001) {
          assert.is(localDate(new Date(t), z), intlLocalDate(new Date(t), z), `${z} ${new Date(t).toISOString()}`);
          checked++;
        }
        for (const d of [-1001, -1000, -1, 0, 1, 999, 1000]) {
          assert.is(localDate(new Date(change + d), z), intlLocalDate(new Date(change + d), z), `${z} ${new Date(change + d).toISOString()}`);
        }
      }
    }
  }
  assert.ok(checked > 1000, `offset changes found and walked (${checked} instants)`);
});

test('Singapore: a sale at 23:59:59.999 is today, at midnight tomorrow; the 1982 change from +07:30', () => {
  assert.is(localDate(new Date('2026-03-01T15:59:59.999Z'), 'Asia/Singapore'), '2026-03-01');
  assert.is(localDate(new Date('2026-03-01T16:00:00.000Z'), 'Asia/Singapore'), '2026-03-02');
  // 23:29:59 at +07:30, then the clocks went to midnight at +08:00.
  assert.is(localDate(new Date('1981-12-31T15:59:59Z'), 'Asia/Singapore'), '1981-12-31');
  assert.is(localDate(new Date('1981-12-31T16:00:00Z'), 'Asia/Singapore'), '1982-01-01');
  assert.is(startOfLocalDay(addDays('2026-03-01', 1), 'Asia/Singapore').toISOString(), '2026-03-01T16:00:00.000Z');
});

test('far instants and bad input behave as Intl does', () => {
  for (const t of [Date.UTC(-50, 0, 1), Date.UTC(12000, 5, 1), Date.UTC(1899, 11, 31, 20)]) {
    assert.is(localDate(new Date(t), 'Asia/Singapore'), intlLocalDate(new Date(t), 'Asia/Singapore'));
  }
  assert.throws(() => localDate(new Date(Number.NaN), 'Asia/Singapore'));
  assert.throws(() => localDate(new Date(), 'Not/AZone'));
});

test.run();
