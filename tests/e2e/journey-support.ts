// Helpers for the day-at-the-shop journey: money computed independently of the app, shop dates, upload images.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import sharp from 'sharp';

const SHOP_ZONE = 'Asia/Singapore';

export interface PricedLine {
  price: number;
  qty: number;
}

/** Dollars (at most 2 decimals) -> integer cents. */
export function cents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Cents -> "$1,234.56", the way every screen shows money. */
export function fmt(c: number): string {
  const sign = c < 0 ? '-' : '';
  const a = Math.abs(c);
  return `${sign}$${Math.floor(a / 100).toLocaleString('en-US')}.${String(a % 100).padStart(2, '0')}`;
}

/** Subtotal, GST (9% of the subtotal once, half-up) and total in cents, from unit prices and quantities. */
export function totalsOf(lines: PricedLine[]): { subtotal: number; gst: number; total: number } {
  const subtotal = lines.reduce((s, l) => s + cents(l.price) * l.qty, 0);
  const gst = Math.floor((subtotal * 9 + 50) / 100);
  return { subtotal, gst, total: subtotal + gst };
}

const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in the shop's time zone, YYYY-MM-DD. */
export function shopToday(): string {
  return ymd.format(new Date());
}

/** The shop-local date `days` days from now, YYYY-MM-DD (a credit sale's due date). */
export function shopDatePlusDays(days: number): string {
  return ymd.format(new Date(Date.now() + days * 86_400_000));
}

/** Writes the product photos the owner uploads: a 600x400 PNG and two JPEGs; returns their paths. */
export async function makeUploadImages(dir: string): Promise<{ png: string; jpeg: string; sole: string }> {
  const out = { png: path.join(dir, 'mexico66-front.png'), jpeg: path.join(dir, 'mexico66-side.jpg'), sole: path.join(dir, 'mexico66-sole.jpg') };
  await sharp({ create: { width: 600, height: 400, channels: 3, background: '#f1c40f' } })
    .png()
    .toFile(out.png);
  await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2c3e50' } })
    .jpeg({ quality: 80 })
    .toFile(out.jpeg);
  await sharp({ create: { width: 400, height: 400, channels: 3, background: '#7f8c8d' } })
    .jpeg({ quality: 80 })
    .toFile(out.sole);
  return out;
}

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** A screenshot of the visible window only (the POS page is very long) into tests/e2e/screenshots/. */
export async function viewShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}
