// #17.7: the customer form refuses what the server refuses for a UEN, and sends it upper case.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { customerBody, emptyCustomerForm, validateCustomerForm } from './customer-form-rules.js';

test('UEN: empty or 9-10 letters and digits; sent upper case', () => {
  const form = { ...emptyCustomerForm(), name: 'Harbour Hotel' };
  assert.equal(validateCustomerForm(form), {});
  assert.equal(validateCustomerForm({ ...form, uen: '199704518e' }), {});
  for (const uen of ['1234', '2019-1234K', '20191234567K']) {
    assert.is(validateCustomerForm({ ...form, uen }).uen, 'UEN must be 9 or 10 letters and digits (e.g. 201912345K)', uen);
  }
  assert.is(customerBody({ ...form, uen: ' 199704518e ' }, false).uen, '199704518E');
});

test.run();
