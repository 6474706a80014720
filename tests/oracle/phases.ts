// The shape of a run, shared by the real runs (run-oracle.ts) and the dry runs (dry-run.ts): four phases of
// prices_include_gst x cash_rounding (switched through PATCH /api/settings), the products and customers every run
// starts with, a checkpoint after every chunk of generated operations, the one-till shift of phase 1 opened and closed
// inside it (its day has one till: the Z report's expected cash must equal end-of-day's), every shift closed at the end.
import fc from 'fast-check';
import { round5 } from './cents.js';
import type { PhaseContext, World } from './driver.js';
import { chunkArbitrary, countOf } from './generator.js';
import { TILLS, type Till } from './ledger.js';
import type { Shop } from './model.js';

/** How big a run is: chunks per phase, at most this many operations per chunk, and which operations (all when empty). */
export interface RunSize {
  /** Chunks of generated operations per phase (a checkpoint after each). */
  chunksPerPhase: number;
  /** At most this many operations per chunk (fast-check draws 0..max). */
  maxPerChunk: number;
  /** Only these operations (OPERATION_NAMES of generator.ts); all when empty. */
  only?: ReadonlySet<string>;
}

export interface PhaseDef extends PhaseContext {
  pricesIncludeGst: boolean;
  cashRounding: boolean;
}

export const PHASES: PhaseDef[] = [
  { phase: 1, pricesIncludeGst: false, cashRounding: true, tills: ['Till 1'], shiftOps: false },
  { phase: 2, pricesIncludeGst: false, cashRounding: false, tills: TILLS, shiftOps: true },
  { phase: 3, pricesIncludeGst: true, cashRounding: true, tills: TILLS, shiftOps: true },
  { phase: 4, pricesIncludeGst: true, cashRounding: false, tills: TILLS, shiftOps: true },
];

/** Prices with every last digit, so GST and the 5-cent rounding meet every case. */
const PRODUCTS: [string, number, number, number][] = [
  ['Runner 42', 8_990, 4_100, 90],
  ['Loafer 40', 12_999, 6_050, 80],
  ['Sandal 38', 2_347, 900, 100],
  ['Boot 44', 18_888, 9_000, 70],
  ['Slipper 39', 701, 300, 120],
  ['Sneaker 41', 5_995, 2_800, 90],
  ['Heel 37', 13_113, 5_500, 70],
  ['Socks 3-pack', 1_234, 400, 120],
];

async function setUp(world: World): Promise<void> {
  const { http, shop } = world;
  for (const [name, price, cost, stock] of PRODUCTS) {
    const body = {
      item_name: name,
      sku: name.replace(/\W+/g, '-').toUpperCase(),
      selling_price: price / 100,
      cost: cost / 100,
      stock_qty: stock,
      category: 'Shoes',
    };
    const r = world.echo
      ? { status: 201, body: { product: { id: shop.products.size + 1 } }, text: '' }
      : await http.send({ method: 'POST', path: '/api/products', body, user: 'admin', till: null });
    if (r.status !== 201) throw new Error(`could not create product ${name}: ${r.status} ${r.text.slice(0, 200)}`);
    shop.products.set(r.body.product.id, { id: r.body.product.id, name, priceCents: price, costCents: cost, stock });
  }
  await world.execute({ type: 'customer', name: 'Customer 1', limitCents: 500_000, termsDays: 30 }, false);
  await world.execute({ type: 'customer', name: 'Customer 2', limitCents: 30_000, termsDays: 7 }, false);
}

async function setSettings(world: World, def: PhaseDef): Promise<void> {
  const r = world.echo
    ? { status: 200, text: '' }
    : await world.http.send({
        method: 'PATCH',
        path: '/api/settings',
        body: { prices_include_gst: def.pricesIncludeGst, cash_rounding: def.cashRounding },
        user: 'admin',
        till: null,
      });
  if (r.status !== 200) throw new Error(`PATCH /api/settings: ${r.status} ${r.text.slice(0, 200)}`);
  world.shop.pricesIncludeGst = def.pricesIncludeGst;
  world.shop.cashRounding = def.cashRounding;
}

async function open(world: World, till: Till, floatCents: number): Promise<void> {
  if (!world.shop.openShift(till)) await world.execute({ type: 'open', till, floatCents }, false);
}

async function close(world: World, till: Till, varianceCents: number): Promise<void> {
  const s = world.shop.openShift(till);
  if (!s) return;
  const counted = Math.max(0, round5(world.shop.expectedCash(s.id) + varianceCents));
  await world.execute({ type: 'close', shiftId: s.id, counted: countOf(counted), countedCents: counted }, false);
}

async function check(world: World, where: string): Promise<void> {
  await world.checkpoint(where);
}

export type Phases = Iterable<fc.AsyncCommand<Shop, World, boolean>>[][];

/** Runs the generated phases against a fresh server; throws OracleFailure at the first disagreement. */
export async function runPhases(phases: Phases, world: World): Promise<void> {
  await setUp(world);
  for (const [i, def] of PHASES.entries()) {
    world.ctx = { phase: def.phase, tills: def.tills, shiftOps: def.shiftOps };
    await setSettings(world, def);
    if (def.phase === 1) await open(world, 'Till 1', 10_000);
    if (def.phase === 2) for (const t of TILLS) await open(world, t, 20_000);
    for (const [c, chunk] of phases[i].entries()) {
      await fc.asyncModelRun(() => ({ model: world.shop, real: world }), chunk);
      await check(world, `after chunk ${c + 1} of phase ${def.phase}`);
    }
    if (def.phase === 1) {
      // The one-till day: its only shift closes; its Z must equal end-of-day's expected cash.
      await close(world, 'Till 1', -5);
      await check(world, 'after closing the one-till shift of phase 1');
    }
  }
  for (const t of TILLS) await close(world, t, 0);
  await check(world, 'at the end (every shift closed)');
}

/** The arbitrary of a whole run: per phase, `chunksPerPhase` command lists. */
export function runArbitrary(o: RunSize) {
  return fc.tuple(...PHASES.map((def) => fc.tuple(...Array.from({ length: o.chunksPerPhase }, () => chunkArbitrary(def, o.maxPerChunk, o.only)))));
}
