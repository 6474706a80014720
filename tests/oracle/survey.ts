// Lists every kind of difference between the server and the money model in one run (instead of stopping at the first),
// for whoever brings the server in line with docs/money.md:
//   node --import ./core/dev/register.mjs --import tsx tests/oracle/survey.ts [seed] [ops,...]
// e.g. `... survey.ts 7 sale,customer-sale,payment,void` surveys a run of only those operations (names: generator.ts).
import { OPERATION_NAMES } from './generator.js';
import { surveyOracle } from './run-oracle.js';

const seed = Number(process.argv[2] ?? Date.now() % 1_000_000);
const only = new Set((process.argv[3] ?? '').split(',').filter(Boolean));
for (const n of only) if (!(OPERATION_NAMES as readonly string[]).includes(n)) throw new Error(`unknown operation ${n} (use: ${OPERATION_NAMES.join(', ')})`);
const r = await surveyOracle({
  seed,
  chunksPerPhase: 4,
  maxPerChunk: Number(process.env.ORACLE_CHUNK_MAX ?? 70),
  shrinkSeconds: 0,
  only,
  log: (l) => console.log(l),
  verbose: Boolean(process.env.ORACLE_VERBOSE),
});
console.log(`seed ${seed}${only.size ? ` (only ${[...only].join(', ')})` : ''}: ${r.ops} operations`);
if (r.error) console.log(`stopped: ${(r.error as Error).message}`);
const kinds = [...r.kinds].sort((a, b) => b[1].count - a[1].count);
console.log(`${kinds.length} kinds of difference:`);
for (const [kind, e] of kinds) console.log(`- ${kind}  (x${e.count})\n    e.g. ${e.example}`);
