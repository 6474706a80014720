// The money oracle's long run (#25): tests/oracle/ against the real server over HTTP with a RANDOM seed (printed
// first, so any failure can be replayed) and about three times the operations of the fixed-seed test (some 3,000). Not a timed
// bar: the row is PASS when the server agrees with docs/money.md's model on every figure.
// `npm run bench -- --only oracle`; ORACLE_SEED (and ORACLE_PATH from a failure's report) replay a run,
// ORACLE_CHUNKS / ORACLE_CHUNK_MAX size it, ORACLE_SHRINK_SECONDS bounds the shrinking of a failure (default 300).
// Run alone: node --import ./core/dev/register.mjs --import tsx bench/oracle.ts
import { pathToFileURL } from 'node:url';
import { runOracle, type OracleResult } from '../tests/oracle/run-oracle.js';

export async function runOracleBench(opts: { log?: (s: string) => void } = {}): Promise<OracleResult> {
  const log = opts.log ?? ((s: string) => console.log(s));
  const seed = process.env.ORACLE_SEED ? Number(process.env.ORACLE_SEED) : Math.floor(Math.random() * 2 ** 31);
  const chunksPerPhase = Number(process.env.ORACLE_CHUNKS ?? 8);
  const maxPerChunk = Number(process.env.ORACLE_CHUNK_MAX ?? 200);
  log(`  money oracle: seed ${seed} (${chunksPerPhase} chunks of up to ${maxPerChunk} operations per phase, 4 phases)`);
  const r = await runOracle({
    seed,
    chunksPerPhase,
    maxPerChunk,
    path: process.env.ORACLE_PATH || undefined,
    shrinkSeconds: Number(process.env.ORACLE_SHRINK_SECONDS ?? 300),
    log: (line) => log(`  money oracle: ${line}`),
  });
  if (!r.ok) log(`\n${r.report}\n`);
  return r;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await runOracleBench();
  console.log(r.ok ? `seed ${r.seed}: the server agrees on every figure (${r.ops} operations)` : `seed ${r.seed}: the server disagrees (see above)`);
  process.exitCode = r.ok ? 0 : 1;
}
