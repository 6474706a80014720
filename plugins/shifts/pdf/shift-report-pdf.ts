// The X / Z report on an 80 mm roll (226 pt wide, as tall as its content), for the till's receipt printer:
// the drawer's cash, takings by method, pay-ins and pay-outs, and (Z) the count and its variance.
import { dateTimeText, money, renderPdf, type Doc } from '../../../core/pdf/render.js';
import { drawText, type Style } from '../../../core/pdf/text.js';
import { toCents } from '../../../core/money.js';
import type { ShopSettings } from '../../../core/settings.js';
import { methodLabel } from '../method-label.js';
import type { ShiftReport } from '../schemas.js';

const WIDTH = 226;
const M = 10;
const W = WIDTH - 2 * M;

export interface ShiftReportPdfData {
  report: ShiftReport;
  shop: ShopSettings;
  timeZone: string;
}

function center(doc: Doc, text: string, style: Style = 'regular', size = 8) {
  drawText(doc, text, M, doc.y, { width: W, size, style, align: 'center' });
}

/** A label (wrapping in its box) and its amount on the right. */
function pair(doc: Doc, label: string, value: string, bold = false) {
  const y = doc.y;
  const o = { size: bold ? 10 : 8, style: bold ? 'bold' : 'regular' } as const;
  doc.y = Math.max(drawText(doc, label, M, y, { ...o, width: W - 74 }), drawText(doc, value, M + W - 70, y, { ...o, width: 70, align: 'right' }));
}

function heading(doc: Doc, text: string) {
  doc.y += 3;
  drawText(doc, text, M, doc.y, { width: W, size: 8, style: 'bold' });
}

function dashes(doc: Doc) {
  const y = doc.y + 3;
  doc
    .moveTo(M, y)
    .lineTo(M + W, y)
    .lineWidth(0.5)
    .dash(2, { space: 2 })
    .strokeColor('#000000')
    .stroke()
    .undash();
  doc.y = y + 5;
}

const $ = (dollars: number) => money(toCents(dollars));

function draw(doc: Doc, { report: r, shop, timeZone }: ShiftReportPdfData): number {
  const s = r.shift;
  doc.y = M;
  center(doc, shop.shop_name, 'bold', 11);
  center(doc, r.kind === 'Z' ? 'Z Report (shift closed)' : 'X Report (mid-shift)', 'bold', 10);
  center(doc, `${s.till} - shift #${s.id}`);
  center(doc, `Opened ${dateTimeText(s.opened_at, timeZone)}${s.opened_by ? ` by ${s.opened_by}` : ''}`);
  if (s.closed_at) center(doc, `Closed ${dateTimeText(s.closed_at, timeZone)}${s.closed_by ? ` by ${s.closed_by}` : ''}`);
  else center(doc, `Printed ${dateTimeText(r.generated_at, timeZone)}`);
  dashes(doc);
  heading(doc, 'Cash drawer');
  pair(doc, 'Opening float', $(r.cash.opening_float));
  pair(doc, 'Cash sales', $(r.cash.cash_sales));
  pair(doc, 'Cash refunds', `-${$(r.cash.cash_refunds)}`);
  pair(doc, 'Pay-ins', $(r.cash.pay_ins));
  pair(doc, 'Pay-outs', `-${$(r.cash.pay_outs)}`);
  pair(doc, 'Expected cash', $(r.cash.expected), true);
  dashes(doc);
  heading(
    doc,
    `Takings (${r.sales.invoice_count} sale${r.sales.invoice_count === 1 ? '' : 's'}, ${$(r.sales.total)}${r.sales.rounding ? `, cash rounding ${$(r.sales.rounding)}` : ''})`,
  );
  if (r.takings.length === 0) pair(doc, 'None', $(0));
  for (const t of r.takings) pair(doc, `${methodLabel(t.method)} (${t.count})`, $(t.amount));
  if (r.sales.credit_notes_taken) pair(doc, 'Credit notes taken (not cash)', $(r.sales.credit_notes_taken));
  if (r.refunds.length) {
    heading(doc, 'Refunds');
    for (const t of r.refunds) pair(doc, `${methodLabel(t.method)} (${t.count})`, `-${$(t.amount)}`);
    for (const l of r.refund_lines)
      pair(
        doc,
        `${l.kind === 'VOID_REFUND' ? 'Void' : 'Return'} ${methodLabel(l.method)} by ${l.by ?? '?'}, ${dateTimeText(l.at, timeZone)}`,
        `-${$(l.amount)}`,
      );
  }
  // #29: value put back on gift cards (plugin tenders) by returns at this till: not cash, not in the drawer.
  for (const t of r.tender_refunds) pair(doc, `Put back on ${methodLabel(t.method).toLowerCase()} (${t.count}, not cash)`, $(t.amount));
  if (r.drawer_openings.length) {
    heading(doc, `Drawer opened (${r.drawer_openings.length})`);
    for (const o of r.drawer_openings) doc.y = drawText(doc, `${dateTimeText(o.at, timeZone)} ${o.by ?? ''}: ${o.reason}`, M, doc.y, { width: W, size: 8 });
  }
  if (r.movements.length) {
    heading(doc, 'Pay-ins and pay-outs');
    for (const m of r.movements) pair(doc, `${m.kind === 'PAY_IN' ? 'In' : 'Out'}: ${m.reason}`, `${m.kind === 'PAY_OUT' ? '-' : ''}${$(m.amount)}`);
  }
  if (r.held_sales.length) {
    heading(doc, `Sales still held (${r.held_sales.length})`);
    for (const h of r.held_sales)
      pair(doc, `${h.label}, ${h.item_count} item${h.item_count === 1 ? '' : 's'}, ${dateTimeText(h.created_at, timeZone)}`, $(h.total));
  }
  if (r.count) {
    dashes(doc);
    heading(doc, 'Counted');
    for (const l of r.count.lines.filter((x) => x.qty > 0)) pair(doc, `${l.label} x ${l.qty}`, $(l.amount));
    pair(doc, 'Counted cash', $(r.count.counted), true);
    pair(doc, 'Expected cash', $(r.count.expected));
    pair(doc, r.count.variance < 0 ? 'Variance (short)' : r.count.variance > 0 ? 'Variance (over)' : 'Variance', $(r.count.variance), true);
    if (s.notes) doc.y = drawText(doc, `Note: ${s.notes}`, M, doc.y + 2, { width: W, size: 8, style: 'italic' });
  }
  return doc.y + M;
}

/** Renders the report on an 80 mm page fitted to its content (measured on a tall page first). */
export async function shiftReportPdf(data: ShiftReportPdfData): Promise<Buffer> {
  let height = 0;
  await renderPdf({ size: [WIDTH, 14_000], margin: M }, (doc) => {
    height = draw(doc, data);
  });
  const title = `${data.report.kind} report ${data.report.shift.till} #${data.report.shift.id}`;
  return renderPdf({ size: [WIDTH, Math.ceil(height)], margin: M, info: { Title: title } }, (doc) => {
    draw(doc, data);
  });
}
