// A dry run: the generated operations against the model alone, no server (driver.ts World.echo). The model answers
// its own requests (accepted ones get the ids, numbers and dates a server would give, refused ones their status) and no
// figure is checked. It counts the operations a seed makes against a server that agrees with the model (how the fixed
// seed was chosen), and shows the generator only makes operations the model can plan.
import fc from 'fast-check';
import { World } from './driver.js';
import { Http, type HttpReply } from './http-client.js';
import { Shop, type Op, type Plan } from './model.js';
import { runArbitrary, runPhases, type Phases, type RunSize } from './phases.js';

/** A reply maker with its own id counter and a fixed business date. */
export function modelEcho(date = '2026-01-15'): (op: Op, plan: Plan) => HttpReply {
  let id = 1_000;
  const at = `${date}T04:00:00.000Z`;
  const note = () => {
    const n = ++id;
    return { id: n, number: `CN-${n}` };
  };
  const sale = () => {
    const n = ++id;
    return { invoiceId: n, number: `INV-${n}`, invoice: { business_date: date } };
  };
  return (op, plan) => {
    if (!plan.expect.ok) return { status: plan.expect.statuses[0], body: { error: plan.expect.why }, text: plan.expect.why };
    let body: unknown = {};
    switch (op.type) {
      case 'sale':
        body = sale();
        break;
      case 'customer':
        body = { customer: { id: ++id } };
        break;
      case 'payment':
        body = { payment: { date: at } };
        break;
      case 'return':
        body = { returns: [{ business_date: date }], creditNote: note() };
        break;
      case 'exchange':
        body = { returns: [{ business_date: date }], creditNote: note(), sale: sale() };
        break;
      case 'void':
        body = { invoice: { voided_at: at } };
        break;
      case 'move':
        body = { movement: { created_at: at } };
        break;
      case 'open':
        body = { shift: { id: ++id, opened_at: at } };
        break;
      default:
        break;
    }
    return { status: 201, body, text: '' };
  };
}

/** One run against the model alone (no server, no checkpoints): how many operations these phases run. */
async function dryRunOf(phases: Phases): Promise<{ world: World; error: unknown }> {
  const world = new World(new Shop(), new Http('http://dry.invalid'), null);
  world.echo = modelEcho();
  try {
    await runPhases(phases, world);
    return { world, error: null };
  } catch (error) {
    return { world, error };
  }
}

/** The operations a seed runs against a server that agrees with the model (a dry run: fast, no server). */
export async function dryRun(o: RunSize & { seed: number }): Promise<{ ops: number; refused: number; error: unknown }> {
  const [phases] = fc.sample(runArbitrary(o), { seed: o.seed, numRuns: 1 });
  const { world, error } = await dryRunOf(phases as unknown as Phases);
  return { ops: world.ops, refused: world.refused, error };
}
