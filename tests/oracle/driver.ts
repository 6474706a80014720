// Runs one operation against the server: asks the model for its plan, sends the request over HTTP, checks that the
// server accepted exactly what the model says it must (or refused it with a right status), checks the figures the reply
// carries, then lets the model commit what was written. Any disagreement stops the run with an OracleFailure.
import { checkpoint } from './checkpoint.js';
import { ReplyMismatch, type Diff, type Op, type Plan, type Shop } from './model.js';
import type { Http, HttpReply } from './http-client.js';
import type { Till } from './ledger.js';

/** A disagreement between the server and the model: the first figure that differs, expected vs got. */
export class OracleFailure extends Error {
  constructor(
    readonly where: string,
    readonly diffs: Diff[],
  ) {
    super(
      `${where}: ${diffs[0].figure}: expected ${diffs[0].expected}, got ${diffs[0].got}` +
        (diffs.length > 1
          ? `\n  (and ${diffs.length - 1} more difference${diffs.length > 2 ? 's' : ''}:\n${diffs
              .slice(1, 12)
              .map((d) => `   - ${d.figure}: expected ${d.expected}, got ${d.got}`)
              .join('\n')}${diffs.length > 12 ? '\n   - ...' : ''})`
          : ''),
    );
    this.name = 'OracleFailure';
  }
}

/** What a phase allows: its tills, and whether shifts may be opened and closed by the generated operations. */
export interface PhaseContext {
  phase: number;
  tills: readonly Till[];
  shiftOps: boolean;
}

/** A figure with its dates, ids and numbers taken out, so one kind of difference is counted once. */
export function figureKind(figure: string): string {
  return figure
    .replace(/\d{4}-\d{2}-\d{2}/g, 'DATE')
    .replace(/\b\d{4}-\d{2}\b/g, 'MONTH')
    .replace(/(yearly) \d{4}/g, '$1 YEAR')
    .replace(/(INV|CN)-\d{8}-\d+/g, '$1-N')
    .replace(/#\d+/g, '#N')
    .replace(/shift \d+/g, 'shift N')
    .replace(/Customer \d+/g, 'Customer N')
    .replace(/(stock of) [^(]+/, '$1 P');
}

export interface SurveyEntry {
  count: number;
  example: string;
}

export class World {
  /** Survey mode: figure differences are counted by kind instead of stopping the run (reply statuses still stop it). */
  survey: Map<string, SurveyEntry> | null = null;
  /** Generated operations executed (not counting setup, shift bookkeeping between phases, or checkpoints). */
  ops = 0;
  refused = 0;
  readonly log: string[] = [];
  ctx: PhaseContext = { phase: 0, tills: [], shiftOps: false };
  /**
   * A dry run (no server): the model answers its own requests (dry-run.ts), every checkpoint is skipped. It shows how
   * many operations a seed runs against a server that agrees with the model, and that the generator only makes
   * operations the model can plan.
   */
  echo: ((op: Op, plan: Plan) => HttpReply) | null = null;

  constructor(
    readonly shop: Shop,
    readonly http: Http,
    readonly verbose: ((line: string) => void) | null = null,
  ) {}

  private note(line: string) {
    this.log.push(line);
    if (this.log.length > 5000) this.log.shift();
    this.verbose?.(line);
  }

  private record(where: string, diffs: Diff[]): void {
    for (const d of diffs) {
      const kind = figureKind(d.figure);
      const e = this.survey!.get(kind);
      if (e) e.count += 1;
      else this.survey!.set(kind, { count: 1, example: `${where}: ${d.figure}: expected ${d.expected}, got ${d.got}` });
    }
  }

  /** Compares every report with the model (or, in survey mode, records the differences). */
  async checkpoint(where: string): Promise<void> {
    if (this.echo) return;
    const diffs = await checkpoint(this.shop, this.http);
    if (!diffs.length) return;
    const at = `checkpoint ${where} (after op #${this.ops})`;
    if (this.survey) this.record(at, diffs);
    else throw new OracleFailure(at, diffs);
  }

  /** Executes one operation; `counted` operations are the run's generated ones. */
  async execute(op: Op, counted = true): Promise<void> {
    const shop = this.shop;
    if (counted) this.ops += 1;
    shop.op = counted ? this.ops : 0;
    const plan = shop.plan(op);
    const tag = counted ? `#${this.ops}` : 'setup';
    const head = `${tag} [phase ${this.ctx.phase}] ${plan.describe}`;
    const reply = this.echo ? this.echo(op, plan) : await this.http.send(plan.request);
    const ok = reply.status >= 200 && reply.status < 300;
    const errorText = ok ? '' : ` ${reply.body?.code ?? ''} ${reply.body?.error ?? reply.text.slice(0, 200)}`.trimEnd();
    this.note(`${head} -> ${reply.status}${errorText}`);
    const where = `op ${tag} (${plan.request.method} ${plan.request.path}${plan.request.till ? ` at ${plan.request.till}` : ''}): ${plan.describe}`;
    if (plan.expect.ok && !ok) {
      throw new OracleFailure(where, [{ figure: 'reply status', expected: '2xx (accepted)', got: `${reply.status}${errorText}` }]);
    }
    if (!plan.expect.ok) {
      this.refused += 1;
      if (ok)
        throw new OracleFailure(where, [
          { figure: 'reply status', expected: `${plan.expect.statuses.join(' or ')} (${plan.expect.why})`, got: `${reply.status} (accepted)` },
        ]);
      if (!plan.expect.statuses.includes(reply.status)) {
        throw new OracleFailure(where, [
          { figure: 'reply status', expected: `${plan.expect.statuses.join(' or ')} (${plan.expect.why})`, got: `${reply.status}${errorText}` },
        ]);
      }
      return;
    }
    if (!this.echo && (op.type === 'return' || op.type === 'exchange') && reply.body && !reply.body.creditNote && !reply.body.credit_note) {
      // The reply names no note: look for one the server wrote on this invoice that the model does not know yet.
      const number = shop.invoices.get(op.invoiceId)!.number;
      const found = await this.http.get(`/api/returns/credit-notes?search=${encodeURIComponent(number)}&pageSize=200`);
      const fresh = ((found.body?.credit_notes ?? []) as { id: number; invoice_id: number }[])
        .filter((n) => n.invoice_id === op.invoiceId && !shop.notes.has(n.id))
        .sort((a, b) => b.id - a.id);
      if (fresh.length) reply.body.creditNote = fresh[0];
    }
    const diffs = this.echo ? [] : (plan.checkReply?.(reply.body) ?? []);
    if (diffs.length && this.survey) this.record(where, diffs);
    else if (diffs.length) throw new OracleFailure(where, diffs);
    try {
      plan.commit(reply.body);
    } catch (e) {
      if (e instanceof ReplyMismatch) throw new OracleFailure(where, [e.diff]);
      throw e;
    }
  }
}
