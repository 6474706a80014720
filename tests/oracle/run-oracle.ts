// The oracle's runs against the real server, as fast-check drives them: each run on a fresh server (real-server.ts),
// its four phases as phases.ts lays them out. On a failure fast-check shrinks the operation list (within a time budget);
// the shrunk list is then run once more to print the operations as the model resolved them and the first figure that
// differs. A survey run records every kind of difference instead (survey.ts).
import fc from 'fast-check';
import { World, type SurveyEntry } from './driver.js';
import { Http } from './http-client.js';
import { Shop } from './model.js';
import { runArbitrary, runPhases, type Phases, type RunSize } from './phases.js';
import { startRealServer } from './real-server.js';

export interface OracleOptions extends RunSize {
  seed: number;
  /** fast-check's path of a shrunk counterexample, to replay it (with the same seed and sizes). */
  path?: string;
  /** How long fast-check may shrink a failure. */
  shrinkSeconds: number;
  log: (line: string) => void;
  /** Print every operation as it runs. */
  verbose?: boolean;
}

export interface OracleResult {
  ok: boolean;
  seed: number;
  /** Operations the first (unshrunk) run executed, and how many of them the server rightly refused. */
  ops: number;
  refused: number;
  /** HTTP requests of the first run (operations, reports, setup). */
  requests: number;
  firstRunMs: number;
  totalMs: number;
  /** The failure report (seed, shrunk operations, first difference), when not ok. */
  report?: string;
}

/** One run on its own server; the world it left (for its counts and log). */
async function oneRun(phases: Phases, verbose: ((line: string) => void) | null, survey = false): Promise<{ world: World; error: unknown }> {
  const server = await startRealServer();
  const http = new Http(server.url);
  const world = new World(new Shop(), http, verbose);
  if (survey) world.survey = new Map();
  try {
    await http.signIn(server.passwords);
    await runPhases(phases, world);
    return { world, error: null };
  } catch (error) {
    return { world, error };
  } finally {
    await server.close();
  }
}

/** Runs the oracle (one fast-check run, shrunk on failure) and reports. */
export async function runOracle(o: OracleOptions): Promise<OracleResult> {
  const started = Date.now();
  let first: { ops: number; refused: number; requests: number; ms: number } | null = null;
  let shrinkUntil = Infinity;
  let firstFailure = '';
  let executions = 0;
  const property = fc.asyncProperty(runArbitrary(o), async (phases) => {
    // Past the shrink budget every further candidate "passes" at once, so fast-check stops with the smallest failure so far.
    if (Date.now() > shrinkUntil) return true;
    executions += 1;
    const t0 = Date.now();
    const { world, error } = await oneRun(phases as unknown as Phases, first || !o.verbose ? null : o.log);
    if (!first) {
      first = { ops: world.ops, refused: world.refused, requests: world.http.calls, ms: Date.now() - t0 };
      o.log(
        `first run: ${world.ops} operations (${world.refused} rightly refused), ${world.http.calls} HTTP requests, ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      );
    }
    if (error) {
      if (shrinkUntil === Infinity) {
        shrinkUntil = Date.now() + o.shrinkSeconds * 1000;
        firstFailure = (error as Error).message;
        o.log(`failure: ${firstFailure.split('\n')[0]}`);
        o.log(`shrinking for up to ${o.shrinkSeconds} s...`);
      }
      throw error;
    }
    return true;
  });
  const details = await fc.check(property, { seed: o.seed, numRuns: 1, ...(o.path ? { path: o.path } : {}) });
  const f = first as { ops: number; refused: number; requests: number; ms: number } | null;
  const base = { seed: o.seed, ops: f?.ops ?? 0, refused: f?.refused ?? 0, requests: f?.requests ?? 0, firstRunMs: f?.ms ?? 0 };
  if (!details.failed) return { ok: true, ...base, totalMs: Date.now() - started };

  // The shrunk counterexample, once more, with every operation as the model resolved it.
  const phases = details.counterexample![0] as unknown as Phases;
  const lines: string[] = [];
  const { world, error } = await oneRun(phases, (l) => lines.push(l));
  const why = error instanceof Error ? error.message : String(error ?? details.errorInstance);
  const shown = lines.length > 400 ? [...lines.slice(0, 50), `  ... ${lines.length - 350} operations ...`, ...lines.slice(-300)] : lines;
  const report = [
    `Money oracle: the server disagrees with docs/money.md's model (seed ${o.seed}).`,
    `fast-check: ${details.numShrinks} shrinks over ${executions} runs; counterexample path ${JSON.stringify(details.counterexamplePath)}.`,
    `Replay the shrunk run: ORACLE_SEED=${o.seed} ORACLE_PATH='${details.counterexamplePath}' ORACLE_CHUNKS=${o.chunksPerPhase} ORACLE_CHUNK_MAX=${o.maxPerChunk} node --import ./core/dev/register.mjs --import tsx tests/oracle/money-oracle.test.ts`,
    '',
    `Operations of the shrunk run (${world.ops} generated; setup and shift bookkeeping marked "setup"):`,
    ...shown.map((l) => `  ${l}`),
    '',
    `First difference: ${why}`,
    ...(firstFailure && firstFailure.split('\n')[0] !== why.split('\n')[0]
      ? ['', `(Before shrinking, the run of ${f?.ops ?? '?'} operations first failed at: ${firstFailure.split('\n')[0]})`]
      : []),
    '',
    `fast-check's counterexample (abstract choices per phase and chunk): ${fc.stringify(details.counterexample)}`.slice(0, 20_000),
  ].join('\n');
  return { ok: false, ...base, totalMs: Date.now() - started, report };
}

/**
 * Survey: one run of the seed's operations that records every kind of figure difference instead of stopping at the
 * first (a refusal or acceptance the model does not expect still stops it: from there the two would part ways).
 */
export async function surveyOracle(o: OracleOptions): Promise<{ ops: number; error: unknown; kinds: Map<string, SurveyEntry> }> {
  const [phases] = fc.sample(runArbitrary(o), { seed: o.seed, numRuns: 1 });
  const { world, error } = await oneRun(phases as unknown as Phases, o.verbose ? o.log : null, true);
  return { ops: world.ops, error, kinds: world.survey! };
}
