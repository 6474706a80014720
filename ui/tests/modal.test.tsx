// <Modal>: title, body, footer, close button, Escape; closed renders nothing. confirmDialog wraps window.confirm.
import { act, render, unmount } from './dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const { Modal } = await import('../components/modal.js');
const { confirmDialog } = await import('../components/confirm.js');

test.after.each(unmount);

test('open modal shows title, body and footer; focuses the first field; Escape and Close call onClose', async () => {
  let closed = 0;
  const c = await render(
    <Modal title="Complete Checkout" open onClose={() => closed++} footer={<button>Confirm</button>}>
      <input id="first" />
    </Modal>,
  );
  assert.is(c.querySelector('dialog h3')!.textContent, 'Complete Checkout');
  assert.is(c.querySelector('dialog footer button')!.textContent, 'Confirm');
  assert.is(document.activeElement?.id, 'first');
  await act(async () => { document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })); });
  assert.is(closed, 1);
  await act(async () => (c.querySelector('button[aria-label="Close"]') as HTMLButtonElement).click());
  assert.is(closed, 2);
});

test('closed modal renders nothing', async () => {
  const c = await render(<Modal title="Hidden" open={false} onClose={() => undefined}>body</Modal>);
  assert.is(c.querySelector('dialog'), null);
  assert.not.ok(c.textContent!.includes('Hidden'));
});

test('confirmDialog resolves to the window.confirm answer', async () => {
  const real = window.confirm;
  let asked = '';
  window.confirm = (m?: string) => { asked = m ?? ''; return false; };
  try {
    assert.is(await confirmDialog('Are you sure you want to delete this image?'), false);
    assert.is(asked, 'Are you sure you want to delete this image?');
    window.confirm = () => true;
    assert.is(await confirmDialog('ok?'), true);
  } finally {
    window.confirm = real;
  }
});

test.run();
