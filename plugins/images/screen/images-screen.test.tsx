// happy-dom tests of the image screens: upload checks and messages, both upload flows, card actions,
// keyboard reorder (25 px steps, full order sent), and the backend test button.
import { act, click, render as renderNode, typeInto as type, unmount as unmountNode, waitFor as waitUntil } from '../../../ui/tests/dom.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const rules = await import('./upload-rules.js');
const reorder = await import('./reorder.js');
const { default: AdminImagesScreen } = await import('./admin-images-screen.js');
const { default: EcommerceScreen } = await import('./ecommerce-screen.js');
const { screens } = await import('./index.js');
const { toasts, clearToasts } = await import('../../../ui/toast.js');
type ProductImage = import('./types.js').ProductImage;

interface Call {
  url: string;
  method: string;
  body: unknown;
}
let calls: Call[] = [];
type Answer = { status: number; body?: unknown; statusText?: string };
/** Replaces fetch; JSON bodies are parsed, FormData bodies kept as they are. */
function mockFetch(reply: (call: Call) => Answer) {
  calls = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const raw = init?.body;
    const body = raw instanceof FormData ? raw : raw ? JSON.parse(String(raw)) : undefined;
    const call = { url: String(url), method: init?.method ?? 'GET', body };
    calls.push(call);
    const r = reply(call);
    return new Response(r.body === undefined ? null : JSON.stringify(r.body), {
      status: r.status,
      statusText: r.statusText ?? '',
      headers: r.body === undefined ? {} : { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}

let container: HTMLElement;
async function render(node: React.ReactNode) {
  container = await renderNode(node);
}
async function unmount() {
  await unmountNode();
  clearToasts();
}
async function waitFor(check: () => unknown, what: string) {
  try {
    await waitUntil(check);
  } catch {
    throw new Error(`timed out waiting for ${what}; text: ${container.textContent}; toasts: ${toastTexts().join(' | ')}`);
  }
}
const button = (text: string, scope: ParentNode = document) => {
  const b = [...scope.querySelectorAll('button')].find((x) => x.textContent?.trim() === text);
  if (!b) throw new Error(`no button "${text}"`);
  return b as HTMLButtonElement;
};
async function chooseFiles(files: File[]) {
  const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const key = (el: HTMLElement, k: string) =>
  act(async () => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
  });
const toastTexts = () => toasts.value.map((t) => `${t.kind}: ${t.message}`);

/** A style as GET /api/styles gives it, with its sizes (the fields the selector reads). */
const style = (id: number, item_name: string, over: Record<string, unknown>, sizes: [number, string, string][]) => ({
  id,
  item_name,
  colour: null,
  sku_prefix: null,
  image_url: null,
  products: sizes.map(([pid, sku, size]) => ({ id: pid, sku, size })),
  ...over,
});
// Photos belong to a style (#30): the screens pick a style; its first size's id is what the image routes get.
const styles = [
  style(10, 'Runner Blue', { brand: 'Stride', material: 'Mesh', category: 'Running', colour: 'Blue' }, [
    [1, 'RUN-42', '42'],
    [3, 'RUN-43', '43'],
  ]),
  style(20, 'Chelsea Boot', { brand: 'Oakline', material: 'Leather', category: 'Boots' }, [[2, 'CHB-40', '40']]),
];
const img = (id: number, position: number, over: Partial<ProductImage> = {}): ProductImage => ({
  id,
  url: `/media/${'a'.repeat(31)}${id}.display.webp`,
  thumbUrl: `/media/${'a'.repeat(31)}${id}.thumb.webp`,
  alt: null,
  isPrimary: position === 0,
  position,
  width: 100,
  height: 100,
  productId: 1,
  styleId: 10,
  bytes: 1000,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

/** A fake server for the screens: products, one product's images, and the image calls. */
function fakeServer(state: { images: ProductImage[] }, overrides: (c: Call) => Answer | undefined = () => undefined) {
  mockFetch((c) => {
    const o = overrides(c);
    if (o) return o;
    // The whole catalogue's facets: more than the loaded products hold (Canvas, Vans).
    if (c.url.startsWith('/api/products/facets'))
      return {
        status: 200,
        body: { categories: ['Boots', 'Running'], brands: ['Kedai', 'Vans'], sizes: ['40', '42'], materials: ['Canvas', 'Leather', 'Mesh'] },
      };
    if (c.url.startsWith('/api/styles')) return { status: 200, body: { styles, count: styles.length } };
    if (/\/images$/.test(c.url) && c.method === 'GET') return { status: 200, body: { images: state.images } };
    if (c.url === '/api/admin/images/uploads/presign')
      return { status: 200, body: { url: '/api/admin/images/uploads', fields: { key: 'k', signature: 's' }, cdnUrl: '/media/new.display.webp' } };
    if (c.url === '/api/admin/images/uploads') return { status: 201, body: { url: '/media/new.display.webp', fileId: 'new' } };
    return { status: 200, body: { ok: true, image: state.images[0] } };
  });
}

async function pickRunner() {
  await waitFor(() => container.textContent?.includes('Runner Blue'), 'products');
  const option = [...container.querySelectorAll<HTMLButtonElement>('.product-option')].find((b) => b.textContent?.includes('Runner Blue'))!;
  await click(option);
  await waitFor(() => container.querySelector('.upload-area'), 'upload area');
}

// ---- pure rules ----

test('upload rules: product first, images only, 5 MB each; default alt is the name without extension', () => {
  const png = new File([new Uint8Array(10)], 'shoe.png', { type: 'image/png' });
  const txt = new File(['hi'], 'notes.txt', { type: 'text/plain' });
  const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
  const exact = new File([new Uint8Array(5 * 1024 * 1024)], 'exact.jpg', { type: 'image/jpeg' });
  assert.equal(rules.checkFiles([png], false), { files: [], errors: ['Please select a product first'] });
  const r = rules.checkFiles([png, txt, big, exact], true);
  assert.equal(
    r.files.map((f) => f.name),
    ['shoe.png', 'exact.jpg'],
  );
  assert.equal(r.errors, ['notes.txt is not an image file', 'huge.jpg is too large (max 5MB)']);
  assert.is(rules.defaultAlt('red-runner.side.jpg'), 'red-runner.side');
  assert.is(rules.defaultAlt('photo'), 'photo');
  assert.is(rules.defaultAlt('.hidden'), '.hidden');
  assert.is(rules.ACCEPTED_TYPES, 'image/jpeg,image/png,image/webp');
});

test('reorder helpers: nearest centre, move, 25 px arrow steps', () => {
  const boxes = [0, 1, 2].map((i) => ({ left: i * 220, top: 0, width: 200, height: 260 }));
  assert.is(reorder.dropIndex(boxes, 0, 0, 0), 0);
  assert.is(reorder.dropIndex(boxes, 0, 100, 0), 0);
  assert.is(reorder.dropIndex(boxes, 0, 125, 0), 1);
  assert.is(reorder.dropIndex(boxes, 0, 450, 10), 2);
  assert.is(reorder.dropIndex(boxes, 2, -500, 0), 0);
  assert.equal(reorder.moveItem([1, 2, 3], 0, 2), [2, 3, 1]);
  assert.equal(reorder.moveItem([1, 2, 3], 2, 0), [3, 1, 2]);
  assert.equal(reorder.arrowStep('ArrowRight'), { dx: 25, dy: 0 });
  assert.equal(reorder.arrowStep('ArrowUp'), { dx: 0, dy: -25 });
  assert.is(reorder.arrowStep('a'), undefined);
});

test('screen manifest: /ecommerce in the nav at 70, /admin/images without a label, both ADMIN', () => {
  assert.equal(
    screens.map((s) => [s.path, s.label, s.navOrder, s.role]),
    [
      ['/ecommerce', 'Ecommerce', 70, 'ADMIN'],
      ['/admin/images', undefined, undefined, 'ADMIN'],
    ],
  );
});

// ---- admin screen ----

test("admin: layout, selector filters from the server's facets and applied by the server, no-match text, empty state", async () => {
  const state = { images: [] as ProductImage[] };
  fakeServer(state);
  await render(<AdminImagesScreen />);
  assert.ok(container.querySelector('h2')?.textContent === 'Ecommerce');
  assert.ok(container.textContent?.includes('Manage product images and set primary images for your products.'));
  await waitFor(() => container.textContent?.includes('Chelsea Boot'), 'products');
  assert.ok(container.querySelector<HTMLInputElement>('input[type=search]')!.placeholder === 'Search products by name, SKU, or any details...');
  const selects = [...container.querySelectorAll<HTMLSelectElement>('select')];
  assert.equal(
    selects.map((s) => s.options[0].textContent),
    ['All Categories', 'All Brands', 'All Sizes', 'All Materials'],
  );
  await waitFor(() => selects[3].options.length === 4, 'facets');
  assert.equal(
    [...selects[3].options].slice(1).map((o) => o.value),
    ['Canvas', 'Leather', 'Mesh'],
  );
  assert.equal(
    [...selects[1].options].slice(1).map((o) => o.value),
    ['Kedai', 'Vans'],
  );
  assert.ok(container.textContent?.includes('SKU: RUN-42'));
  // Each result is a style with its sizes listed under it.
  const runner = [...container.querySelectorAll<HTMLElement>('.product-option')].find((b) => b.textContent?.includes('Runner Blue'))!;
  assert.equal(
    [...runner.querySelectorAll('.size-chip')].map((c) => c.textContent),
    ['42', '43'],
  );
  assert.ok(runner.textContent?.includes('Blue · Stride · Mesh · Running'));
  assert.is(container.querySelector<HTMLElement>('.product-dropdown')!.style.maxHeight, '15rem');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(selects[0], 'Boots');
    selects[0].dispatchEvent(new Event('change', { bubbles: true }));
  });
  assert.not.ok(container.querySelector('.product-dropdown')!.textContent?.includes('Runner Blue'));
  await waitFor(() => calls.some((c) => c.url.startsWith('/api/styles?') && c.url.includes('category=Boots')), 'the filter sent to the server');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(selects[3], 'Mesh');
    selects[3].dispatchEvent(new Event('change', { bubbles: true }));
  });
  assert.ok(container.textContent?.includes('No products found matching your criteria'));
  await click(button('Clear all filters'));
  assert.ok(container.querySelector('.product-dropdown')!.textContent?.includes('Runner Blue'));
  await pickRunner();
  await waitFor(() => container.textContent?.includes('No images uploaded yet. Upload some images to get started.'), 'empty state');
  assert.equal(
    [...container.querySelectorAll('.product-selected .size-chip')].map((c) => c.textContent),
    ['42', '43'],
    "the chosen style's sizes",
  );
  assert.ok(
    calls.some((c) => c.method === 'GET' && c.url.startsWith('/api/admin/images/products/1/images')),
    "the style's photos, through its first size",
  );
  assert.ok(container.textContent?.includes('PNG, JPG, WEBP up to 5MB each'));
  const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
  assert.is(input.accept, 'image/jpeg,image/png,image/webp');
  assert.ok(input.multiple);
  await click(button('Change Product'));
  assert.ok(container.querySelector('.product-dropdown'));
  await unmount();
});

test('admin: upload refuses non-images and big files, then presigns, posts the form and attaches with the default alt', async () => {
  const state = { images: [] as ProductImage[] };
  fakeServer(state);
  await render(<AdminImagesScreen />);
  await pickRunner();
  await chooseFiles([
    new File(['hi'], 'notes.txt', { type: 'text/plain' }),
    new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' }),
    new File([new Uint8Array(20)], 'side-view.png', { type: 'image/png' }),
  ]);
  await waitFor(() => toastTexts().includes('success: Image uploaded successfully!'), 'upload toast');
  assert.ok(toastTexts().includes('error: notes.txt is not an image file'));
  assert.ok(toastTexts().includes('error: huge.jpg is too large (max 5MB)'));
  const presign = calls.find((c) => c.url === '/api/admin/images/uploads/presign')!;
  assert.equal(presign.body, { productId: 1, contentType: 'image/png' });
  const post = calls.find((c) => c.url === '/api/admin/images/uploads')!;
  const form = post.body as FormData;
  assert.equal([...form.keys()], ['key', 'signature', 'file']);
  assert.is((form.get('file') as File).name, 'side-view.png');
  const attach = calls.find((c) => c.url === '/api/admin/images/products/1/images' && c.method === 'POST')!;
  assert.equal(attach.body, { url: '/media/new.display.webp', alt: 'side-view' });
  assert.is(calls.filter((c) => c.url === '/api/admin/images/uploads/presign').length, 1, 'refused files never reach the server');

  // A refused upload: 'Upload failed: <statusText>' wrapped in the failure toast.
  clearToasts();
  fakeServer(state, (c) =>
    c.url === '/api/admin/images/uploads' ? { status: 403, statusText: 'Forbidden', body: { error: 'Upload ticket is invalid' } } : undefined,
  );
  await chooseFiles([new File([new Uint8Array(20)], 'x.jpg', { type: 'image/jpeg' })]);
  await waitFor(() => toastTexts().length, 'failure toast');
  assert.equal(toastTexts(), ['error: Failed to upload image: Upload failed: Forbidden']);
  assert.not.ok(calls.some((c) => c.url === '/api/admin/images/products/1/images' && c.method === 'POST'));
  await unmount();
});

test('admin: cards show Primary, No alt text, edit/save alt, Set Primary, Delete with confirm', async () => {
  const state = { images: [img(11, 0, { alt: 'Front' }), img(12, 1)] };
  fakeServer(state);
  await render(<AdminImagesScreen />);
  await pickRunner();
  await waitFor(() => container.querySelectorAll('.image-card').length === 2, 'cards');
  const [first, second] = [...container.querySelectorAll<HTMLElement>('.image-card')];
  assert.is(first.querySelector('.primary-badge')?.textContent, 'Primary');
  assert.ok(first.textContent?.includes('Front'));
  assert.is(second.querySelector('.primary-badge'), null);
  assert.ok(second.textContent?.includes('No alt text'));
  assert.throws(() => button('Set Primary', first));

  await click(button('Edit', second));
  await type(second.querySelector<HTMLInputElement>('input[aria-label="Alt text"]')!, 'Side view');
  await click(button('Cancel', second));
  assert.ok(second.textContent?.includes('No alt text'), 'cancel keeps the old text');
  await click(button('Edit', second));
  await type(second.querySelector<HTMLInputElement>('input[aria-label="Alt text"]')!, 'Side view');
  await click(button('Save', second));
  await waitFor(() => toastTexts().includes('success: Image updated successfully!'), 'alt toast');
  assert.equal(calls.find((c) => c.method === 'PATCH')!, { url: '/api/admin/images/products/1/images/12', method: 'PATCH', body: { alt: 'Side view' } });

  clearToasts();
  await click(button('Set Primary', second));
  await waitFor(() => toastTexts().includes('success: Image updated successfully!'), 'primary toast');
  assert.ok(calls.some((c) => c.url === '/api/admin/images/products/1/images/12' && JSON.stringify(c.body) === '{"isPrimary":true}'));

  let asked = '';
  window.confirm = (m?: string) => {
    asked = m ?? '';
    return false;
  };
  await click(button('Delete', second));
  assert.is(asked, 'Are you sure you want to delete this image?');
  assert.not.ok(calls.some((c) => c.method === 'DELETE'));
  window.confirm = () => true;
  clearToasts();
  fakeServer(state, (c) => (c.method === 'DELETE' ? { status: 404, body: { error: 'Image not found' } } : undefined));
  await click(button('Delete', second));
  await waitFor(() => toastTexts().length, 'delete toast');
  assert.equal(toastTexts(), ['error: Failed to delete image: Image not found']);
  clearToasts();
  fakeServer(state);
  await click(button('Delete', second));
  await waitFor(() => toastTexts().includes('success: Image deleted successfully!'), 'delete ok');
  assert.ok(calls.some((c) => c.method === 'DELETE' && c.url === '/api/admin/images/products/1/images/12'));
  await unmount();
});

test('keyboard reorder: arrow keys move 25 px, Enter drops, the full order is sent', async () => {
  const state = { images: [img(21, 0), img(22, 1), img(23, 2)] };
  fakeServer(state);
  await render(<AdminImagesScreen />);
  await pickRunner();
  await waitFor(() => container.querySelectorAll('.image-card').length === 3, 'cards');
  // happy-dom has no layout: give the cards the boxes a 3-column grid would.
  const original = HTMLElement.prototype.getBoundingClientRect;
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    const i = Number(this.dataset.index ?? 0);
    return { left: i * 220, top: 0, width: 200, height: 260, right: i * 220 + 200, bottom: 260, x: i * 220, y: 0, toJSON() {} } as DOMRect;
  };
  try {
    const handle = container.querySelectorAll<HTMLButtonElement>('.drag-handle')[0];
    await key(handle, 'Enter');
    assert.is(handle.getAttribute('aria-pressed'), 'true');
    for (let i = 0; i < 10; i++) await key(handle, 'ArrowRight');
    assert.ok(container.querySelector<HTMLElement>('.is-dragging')!.style.transform.includes('250px'));
    await key(handle, 'Enter');
    await waitFor(() => toastTexts().includes('success: Images reordered successfully!'), 'reorder toast');
    const call = calls.find((c) => c.url.endsWith('/images/reorder'))!;
    assert.equal(call.body, { imageIds: [22, 21, 23] });
    // Escape cancels without a call.
    const before = calls.length;
    const h2 = container.querySelectorAll<HTMLButtonElement>('.drag-handle')[2];
    await key(h2, 'ArrowLeft');
    await key(h2, 'Escape');
    assert.is(calls.filter((c) => c.url.endsWith('/reorder')).length, 1);
    assert.ok(calls.length >= before);
    // A refused reorder says so.
    clearToasts();
    fakeServer(state, (c) => (c.url.endsWith('/reorder') ? { status: 400, body: { error: 'imageIds must list each image' } } : undefined));
    const h3 = container.querySelectorAll<HTMLButtonElement>('.drag-handle')[2];
    await key(h3, ' ');
    for (let i = 0; i < 20; i++) await key(h3, 'ArrowLeft');
    await key(h3, ' ');
    await waitFor(() => toastTexts().length, 'failure');
    assert.equal(toastTexts(), ['error: Failed to reorder images: imageIds must list each image']);
  } finally {
    HTMLElement.prototype.getBoundingClientRect = original;
  }
  await unmount();
});

// ---- ecommerce screen ----

test('ecommerce: proxy upload with base64, per-file toast; alt edit saves through the admin route; primary via its call', async () => {
  const state = { images: [img(31, 0), img(32, 1)] };
  fakeServer(state);
  await render(<EcommerceScreen />);
  await pickRunner();
  await waitFor(() => container.querySelectorAll('.image-card').length === 2, 'cards');
  assert.ok(calls.some((c) => c.url === '/api/ecommerce/products/1/images'));
  await chooseFiles([new File([new Uint8Array([1, 2, 3])], 'boot.webp', { type: 'image/webp' })]);
  await waitFor(() => toastTexts().includes('success: boot.webp uploaded successfully!'), 'upload toast');
  const proxy = calls.find((c) => c.url === '/api/ecommerce/upload/proxy')!;
  assert.equal(proxy.body, { productId: 1, fileData: 'AQID', fileName: 'boot.webp', contentType: 'image/webp' });

  clearToasts();
  fakeServer(state, (c) =>
    c.url === '/api/ecommerce/upload/proxy' ? { status: 415, body: { error: 'Only JPEG, PNG and WebP images are allowed' } } : undefined,
  );
  await chooseFiles([new File([new Uint8Array([1])], 'fake.jpg', { type: 'image/jpeg' })]);
  await waitFor(() => toastTexts().length, 'failure toast');
  assert.equal(toastTexts(), ['error: Upload failed: Only JPEG, PNG and WebP images are allowed']);

  clearToasts();
  fakeServer(state);
  const second = container.querySelectorAll<HTMLElement>('.image-card')[1];
  await click(button('Edit', second));
  await type(second.querySelector<HTMLInputElement>('input[aria-label="Alt text"]')!, 'Heel');
  await click(button('Save', second));
  await waitFor(() => toastTexts().includes('success: Image updated successfully!'), 'alt saved');
  assert.ok(calls.some((c) => c.method === 'PATCH' && c.url === '/api/admin/images/products/1/images/32' && JSON.stringify(c.body) === '{"alt":"Heel"}'));
  await click(button('Set Primary', container.querySelectorAll<HTMLElement>('.image-card')[1]));
  await waitFor(() => calls.some((c) => c.url === '/api/ecommerce/images/32/primary' && c.method === 'PATCH'), 'primary call');
  window.confirm = () => true;
  await click(button('Delete', container.querySelectorAll<HTMLElement>('.image-card')[1]));
  await waitFor(() => calls.some((c) => c.url === '/api/ecommerce/images/32' && c.method === 'DELETE'), 'delete call');
  await unmount();
});

test('ecommerce: Test Backend Connection toasts connected, backend error or connection failed', async () => {
  fakeServer({ images: [] }, (c) => (c.url === '/api/ecommerce/test' ? { status: 200, body: { message: 'Kedai backend is running' } } : undefined));
  await render(<EcommerceScreen />);
  await click(button('Test Backend Connection'));
  await waitFor(() => toastTexts().length, 'connected');
  assert.equal(toastTexts(), ['success: Backend connected! Kedai backend is running']);
  clearToasts();
  fakeServer({ images: [] }, (c) => (c.url === '/api/ecommerce/test' ? { status: 403, body: { error: "You don't have permission to do this" } } : undefined));
  await click(button('Test Backend Connection'));
  await waitFor(() => toastTexts().length, 'backend error');
  assert.equal(toastTexts(), ["error: Backend error: You don't have permission to do this"]);
  clearToasts();
  globalThis.fetch = (async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  await click(button('Test Backend Connection'));
  await waitFor(() => toastTexts().length, 'connection failed');
  assert.equal(toastTexts(), ['error: Connection failed: Failed to fetch']);
  await unmount();
});

test.run();
