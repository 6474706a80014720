// #26.5: the till declares the held-sale shapes itself (sales may not name shifts, which depends on it); this file
// fails to compile (npx tsc --noEmit) when they and shifts' TypeBox schemas drift apart, either way.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { HeldCart, HeldSale as ServerHeldSale } from '../plugins/shifts/schemas.js';
import type { HeldCartSnapshot } from '../plugins/sales/screen/cart-store.js';
import type { HeldSale } from '../plugins/sales/screen/hold-sale.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const cartAgrees: Same<Omit<HeldCartSnapshot, 'items'>, Omit<HeldCart, 'items'>> = true;
const lineAgrees: Same<HeldCartSnapshot['items'][number], HeldCart['items'][number]> = true;
const saleAgrees: Same<Omit<HeldSale, 'cart'>, Omit<ServerHeldSale, 'cart'>> = true;

test("the till's held-sale types are the server schema's", () => {
  assert.ok(cartAgrees && lineAgrees && saleAgrees);
});

test.run();
