// The purchase order as the supplier receives it: the shop (buyer), the supplier, and each line (SKU, name,
// size, qty, unit cost, line total) with the order total. Text through the embedded-font helper.
// The helpers still live in the sales plugin (they are moving to core/pdf): only these two imports change then.
import type { ShopSettings } from '../../../core/settings.js';
import { formatMoney } from '../../../core/money.js';
import { renderPdf, type Doc } from '../../../core/pdf/render.js';
import { drawText, textHeight } from '../../../core/pdf/text.js';
import type { OrderLineRow, OrderRow, SupplierRow } from '../repo.js';

export interface PurchaseOrderPdfData {
  order: OrderRow;
  lines: OrderLineRow[];
  supplier: SupplierRow;
  shop: ShopSettings;
}

const LEFT = 50;
const RIGHT = 545;
const BOTTOM = 790;
const COLS = [
  { title: 'SKU', x: 50, w: 90, align: 'left' as const },
  { title: 'Item', x: 144, w: 176, align: 'left' as const },
  { title: 'Size', x: 324, w: 46, align: 'left' as const },
  { title: 'Qty', x: 374, w: 40, align: 'right' as const },
  { title: 'Unit Cost', x: 418, w: 60, align: 'right' as const },
  { title: 'Line Total', x: 482, w: 63, align: 'right' as const },
];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dateText = (d: string) => `${d.slice(8, 10)} ${MONTHS[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;

function rule(doc: Doc, y: number) {
  doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor('#999999').stroke();
}

function header(doc: Doc) {
  const y = doc.y;
  let bottom = y;
  for (const c of COLS) bottom = Math.max(bottom, drawText(doc, c.title, c.x, y, { width: c.w, size: 9, style: 'bold', align: c.align }));
  rule(doc, bottom + 2);
  doc.y = bottom + 6;
}

/** Renders the purchase order as an A4 PDF. */
export function purchaseOrderPdf(data: PurchaseOrderPdfData): Promise<Buffer> {
  const { order, lines, supplier, shop } = data;
  return renderPdf({ size: 'A4', margin: 50, info: { Title: `Purchase Order ${order.number}` } }, (doc) => {
    const top = doc.y;
    let y = drawText(doc, shop.shop_name, LEFT, top, { width: 270, size: 18, style: 'bold' });
    for (const line of [shop.address, shop.phone && `Tel: ${shop.phone}`, shop.email, shop.uen && `UEN: ${shop.uen}`]) {
      if (line) y = drawText(doc, line, LEFT, y, { width: 270, size: 9 });
    }
    let ry = drawText(doc, 'Purchase Order', 330, top, { width: 215, size: 20, style: 'bold', align: 'right' }) + 2;
    ry = drawText(doc, order.number, 330, ry, { width: 215, size: 11, style: 'bold', align: 'right' });
    ry = drawText(doc, `Date: ${dateText(order.business_date)}`, 330, ry, { width: 215, size: 10, align: 'right' });
    // #30.2: the delivery date the owner set on the order, for the supplier.
    if (order.expected_on) ry = drawText(doc, `Deliver by: ${dateText(order.expected_on)}`, 330, ry, { width: 215, size: 10, align: 'right' });
    doc.y = Math.max(y, ry) + 16;

    y = drawText(doc, 'Supplier', LEFT, doc.y, { width: 300, size: 10, style: 'bold' });
    for (const line of [
      supplier.name,
      supplier.contact && `Attn: ${supplier.contact}`,
      supplier.phone && `Tel: ${supplier.phone}`,
      supplier.email,
      supplier.uen && `UEN: ${supplier.uen}`,
    ]) {
      if (line) y = drawText(doc, line, LEFT, y, { width: 300, size: 10 });
    }
    doc.y = y + 14;

    header(doc);
    for (const l of lines) {
      const cells = [
        l.sku ?? '-',
        l.item_name,
        l.size ?? '-',
        String(l.qty_ordered),
        formatMoney(l.unit_cost_cents),
        formatMoney(l.qty_ordered * l.unit_cost_cents),
      ];
      const height = Math.max(...COLS.map((c, i) => textHeight(doc, cells[i], { width: c.w, size: 9, align: c.align })));
      if (doc.y + height > BOTTOM) {
        doc.addPage();
        doc.y = 50;
        header(doc);
      }
      const rowTop = doc.y;
      let bottom = rowTop;
      COLS.forEach((c, i) => {
        bottom = Math.max(bottom, drawText(doc, cells[i], c.x, rowTop, { width: c.w, size: 9, align: c.align }));
      });
      doc.y = bottom + 3;
    }
    rule(doc, doc.y);
    if (doc.y + 60 > BOTTOM) {
      doc.addPage();
      doc.y = 50;
    }
    const ty = doc.y + 8;
    drawText(doc, 'Total:', 330, ty, { width: 148, size: 11, style: 'bold', align: 'right' });
    drawText(doc, formatMoney(order.total_cents), 482, ty, { width: 63, size: 11, style: 'bold', align: 'right' });
    const units = lines.reduce((n, l) => n + l.qty_ordered, 0);
    drawText(doc, `${lines.length} line(s), ${units} unit(s). Please quote ${order.number} on your delivery order and invoice.`, LEFT, ty + 24, {
      width: RIGHT - LEFT,
      size: 8,
    });
  });
}
