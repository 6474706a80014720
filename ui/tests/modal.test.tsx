// <Modal>: title, body, footer, close button, Escape; closed renders nothing. confirmDialog wraps window.confirm.
import { act, render, unmount } from './dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as React from 'react';

const { Modal } = await import('../components/modal.js');
const { confirmDialog } = await import('../components/confirm.js');
const { Toaster } = await import('../shell/toaster.js');
const { toast, clearToasts } = await import('../toast.js');

test.after.each(unmount);

test('open modal shows title, body and footer; focuses the first field; Escape and Close call onClose', async () => {
  let closed = 0;
  const c = await render(
    <Modal title="Complete Checkout" open onClose={() => closed++} footer={<button type="button">Confirm</button>}>
      <input id="first" />
    </Modal>,
  );
  assert.is(c.querySelector('dialog h3')!.textContent, 'Complete Checkout');
  assert.is(c.querySelector('dialog footer button')!.textContent, 'Confirm');
  assert.is(document.activeElement?.id, 'first');
  await act(async () => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  });
  assert.is(closed, 1);
  await act(async () => (c.querySelector('button[aria-label="Close"]') as HTMLButtonElement).click());
  assert.is(closed, 2);
});

function ToastPage({ open }: { open: boolean }) {
  return (
    <>
      <Toaster />
      <Modal title="Complete Checkout" open={open} onClose={() => undefined} footer={<button type="button">Confirm</button>}>
        body
      </Modal>
    </>
  );
}

test('while a modal is open the toasts show inside it, under its title; closed, they float again (#26.6)', async () => {
  const c = await render(<ToastPage open />);
  await act(async () => {
    toast.error('Only 1 in stock');
  });
  const inside = c.querySelector('dialog header .modal-toasts .toasts .toast');
  assert.is(inside?.textContent, 'Only 1 in stock');
  assert.is(c.querySelectorAll('.toast').length, 1, 'shown once');
  assert.ok(document.documentElement.classList.contains('modal-is-open'));
  const after = await render(<ToastPage open={false} />);
  await act(async () => {
    toast.info('Saved');
  });
  assert.is(after.querySelector('dialog'), null);
  assert.ok(document.documentElement.classList.contains('modal-is-open') === false);
  assert.ok(after.querySelector('.toasts:not(.toasts-hosted) .toast'), 'the toaster floats again');
  await act(async () => clearToasts());
});

function Opener({ onClosed }: { onClosed: () => void }) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <button type="button" id="open" onClick={() => setOpen(true)}>
        Checkout
      </button>
      <Modal
        title="Complete Checkout"
        open={open}
        onClose={() => {
          onClosed();
          setOpen(false);
        }}
      />
    </>
  );
}

test('the second press of the double click that opened a modal is swallowed; a later click closes it (#26.6)', async () => {
  let closed = 0;
  const c = await render(<Opener onClosed={() => closed++} />);
  const at = { clientX: 100, clientY: 100, bubbles: true };
  await act(async () => {
    c.querySelector('#open')!.dispatchEvent(new PointerEvent('pointerdown', at));
    c.querySelector('#open')!.dispatchEvent(new MouseEvent('click', { ...at, detail: 1 }));
  });
  const close = c.querySelector('button[aria-label="Close"]')!;
  await act(async () => {
    close.dispatchEvent(new MouseEvent('click', { ...at, detail: 2 }));
  });
  assert.is(closed, 0, "the double click's second press did not close it");
  await act(async () => {
    close.dispatchEvent(new MouseEvent('click', { clientX: 300, clientY: 20, bubbles: true, detail: 1 }));
  });
  assert.is(closed, 1, 'a press elsewhere closes it');
});

test('closed modal renders nothing', async () => {
  const c = await render(
    <Modal title="Hidden" open={false} onClose={() => undefined}>
      body
    </Modal>,
  );
  assert.is(c.querySelector('dialog'), null);
  assert.not.ok(c.textContent!.includes('Hidden'));
});

test('confirmDialog resolves to the window.confirm answer', async () => {
  const real = window.confirm;
  let asked = '';
  window.confirm = (m?: string) => {
    asked = m ?? '';
    return false;
  };
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
