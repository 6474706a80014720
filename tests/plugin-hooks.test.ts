// Hooks across plugins (moved from plugins/sales/void.test.ts, which may not name other plugins' internals):
// an app with every plugin collects each manifest's void checks, in dependency order, and its liability sources.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { collectHooks, definePlugin, orderPlugins } from '../core/plugin.js';
import { plugins as allPlugins } from '../app/plugins.js';
import { creditNotePaymentVoidCheck } from '../plugins/sales/void-checks.js';
import { creditNoteVoidCheck } from '../plugins/credit-notes/void-check.js';
import { returnsVoidCheck } from '../plugins/returns/void-check.js';
import { spentCardVoidCheck } from '../plugins/gift-cards/void-check.js';
import { giftCardLiabilitySource } from '../plugins/gift-cards/liability.js';
import { loyaltyLiabilitySource } from '../plugins/loyalty/liability.js';
import { testApp } from './helpers/app.js';

const EXPECTED = [creditNotePaymentVoidCheck, creditNoteVoidCheck, returnsVoidCheck, spentCardVoidCheck];

test("every plugin's void checks, in dependency order, in the collected hooks and in the app", async () => {
  assert.equal(collectHooks(orderPlugins(allPlugins)).voidChecks, EXPECTED);
  const t = await testApp();
  try {
    assert.equal(t.app.pluginHooks.voidChecks, EXPECTED);
  } finally {
    await t.close();
  }
});

test("customer fields (#29): collected by key from every plugin (loyalty's); a key declared twice stops the start", () => {
  assert.equal(Object.keys(collectHooks(orderPlugins(allPlugins)).customerFields), ['loyalty']);
  const field = () => 1;
  const a = { name: 'a', customerFields: { visits: field } };
  const b = { name: 'b', customerFields: { visits: field } };
  assert.throws(() => collectHooks([a, b]), /Customer field "visits" is declared by both "a" and "b"/);
  assert.throws(() => collectHooks([{ name: 'c', customerFields: { 'Bad-Key': field } }]), /lower_snake_case/);
});

test("#29 every plugin's liability sources (gift cards', loyalty points'), in the app; a key declared twice stops the start", () => {
  assert.equal(collectHooks(orderPlugins(allPlugins)).liabilities, [giftCardLiabilitySource, loyaltyLiabilitySource]);
  const twice = definePlugin({ name: 'test-twice', liabilities: [{ ...giftCardLiabilitySource }] });
  assert.throws(() => collectHooks([...orderPlugins(allPlugins), twice]), /Liability "gift_cards" is declared twice \(plugin "test-twice"\)/);
  const badKey = definePlugin({ name: 'test-bad', liabilities: [{ ...giftCardLiabilitySource, key: 'Gift Cards' }] });
  assert.throws(() => collectHooks([badKey]), /liability key "Gift Cards" must be lower_snake_case/);
});

test.run();
