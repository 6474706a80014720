// The money oracle (#25), fixed seed: at least 500 generated operations against the real server over HTTP (sales with
// every tender, customers and their payments, returns and exchanges with every refund method, credit notes tendered,
// voids, pay-ins/outs, two tills and their shifts), in four phases of prices_include_gst x cash_rounding, every report
// compared to the cent with the oracle's own model of docs/money.md (tests/oracle/). The longer run with a random
// seed: `npm run bench -- --only oracle`.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FIXED_RUN, MIN_OPERATIONS } from './fixed-run.js';
import { runOracle } from './run-oracle.js';

test('the server agrees with the money model on every figure, over 500+ random operations (fixed seed)', async () => {
  const log = (line: string) => console.log(`  oracle: ${line}`);
  const r = await runOracle({
    seed: Number(process.env.ORACLE_SEED ?? FIXED_RUN.seed),
    path: process.env.ORACLE_PATH || undefined,
    chunksPerPhase: Number(process.env.ORACLE_CHUNKS ?? FIXED_RUN.chunksPerPhase),
    maxPerChunk: Number(process.env.ORACLE_CHUNK_MAX ?? FIXED_RUN.maxPerChunk),
    shrinkSeconds: Number(process.env.ORACLE_SHRINK_SECONDS ?? 60),
    log,
  });
  log(
    `seed ${r.seed}: ${r.ops} operations, ${r.refused} rightly refused, ${r.requests} HTTP requests; first run ${(r.firstRunMs / 1000).toFixed(1)} s, in all ${(r.totalMs / 1000).toFixed(1)} s`,
  );
  if (!r.ok) {
    console.log(`\n${r.report}\n`);
    assert.unreachable(r.report!.split('\n').find((l) => l.startsWith('First difference:')) ?? 'the oracle failed');
  }
  if (!process.env.ORACLE_PATH)
    assert.ok(r.ops >= MIN_OPERATIONS, `the fixed seed ran only ${r.ops} operations (at least ${MIN_OPERATIONS} wanted): pick another seed`);
});

test.run();
