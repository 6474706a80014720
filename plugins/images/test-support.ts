// Test helpers for the images plugin: real pictures made with sharp, multipart bodies, ticket uploads.
import sharp from 'sharp';
import type { TestApp } from '../../tests/helpers/app.js';

/** A solid-colour picture in the given format. */
export function picture(format: 'jpeg' | 'png' | 'webp' | 'gif', width = 800, height = 600, colour = '#c0392b'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    [format]()
    .toBuffer();
}

/** A PNG of random noise (incompressible) of at least `bytes` bytes. */
export function noisyPng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 8;
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (Math.random() * 256) | 0;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A multipart/form-data body (fields in order, then the file), as a browser's FormData sends it. */
export async function multipart(fields: Record<string, string>, file?: { data: Buffer; name: string; type: string; field?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append(file.field ?? 'file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
}

export interface Presigned {
  url: string;
  fields: Record<string, string>;
  cdnUrl: string;
}

/** Asks for a ticket as the admin. */
export async function presign(t: TestApp, productId: number, contentType = 'image/jpeg'): Promise<Presigned> {
  const r = await t.admin.post('/api/admin/images/uploads/presign', { productId, contentType });
  if (r.status !== 200) throw new Error(`presign failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Posts a file with the given ticket fields to the upload url, without any session. */
export async function postUpload(t: TestApp, url: string, fields: Record<string, string>, data: Buffer, name = 'photo.jpg', type = 'image/jpeg') {
  const body = await multipart(fields, { data, name, type });
  const res = await t.app.inject({ method: 'POST', url, ...body });
  return { status: res.statusCode, body: res.headers['content-type']?.toString().includes('json') ? res.json() : res.body };
}

/** The admin screen's whole flow: presign, upload, attach. Returns the attach reply. */
export async function uploadAndAttach(t: TestApp, productId: number, data: Buffer, alt = 'photo', type = 'image/jpeg') {
  const ticket = await presign(t, productId, type);
  const up = await postUpload(t, ticket.url, ticket.fields, data, 'photo', type);
  if (up.status !== 201) throw new Error(`upload failed: ${up.status} ${JSON.stringify(up.body)}`);
  return t.admin.post(`/api/admin/images/products/${productId}/images`, { url: up.body.url, alt });
}

/** The ecommerce screen's upload: base64 through the proxy. */
export function proxyUpload(t: TestApp, productId: number, data: Buffer, fileName = 'photo.jpg', contentType = 'image/jpeg') {
  return t.admin.post('/api/ecommerce/upload/proxy', { productId, fileData: data.toString('base64'), fileName, contentType });
}

/** Creates a product as the admin and returns its id. */
export async function product(t: TestApp, name: string, sku: string): Promise<number> {
  const r = await t.admin.post('/api/products', { item_name: name, sku, selling_price: 49.9 });
  if (r.status !== 201) throw new Error(`product failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.product.id;
}
