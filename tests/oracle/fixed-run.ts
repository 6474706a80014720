// The fixed run of `npm test` (tests/oracle/money-oracle.test.ts): its seed and sizes. The seed is chosen so the run
// has well over 500 operations against a server that agrees with the model (model.test.ts checks it with a dry run).
export const FIXED_RUN = { seed: 20_250_125, chunksPerPhase: 4, maxPerChunk: 120 } as const;

/** The least number of operations the fixed run must make. */
export const MIN_OPERATIONS = 500;
