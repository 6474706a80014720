// The two variants' calls (docs/spec.md §7): admin uploads through a presigned ticket, ecommerce through a
// base64 proxy. Alt edits and reorder save through the admin routes in both (the spec's ecommerce only refetched).
import { api } from '../../../ui/api.js';
import type { ImageList, ProductImage, UploadTicket } from './types.js';
import { defaultAlt, messageOf } from './upload-rules.js';

export interface ImageBackend {
  list(productId: number): Promise<ProductImage[]>;
  /** Uploads one file and attaches it to the product. */
  upload(productId: number, file: File): Promise<void>;
  uploadedText(file: File): string;
  uploadFailedText(file: File, err: unknown): string;
  setPrimary(productId: number, imageId: number): Promise<unknown>;
  saveAlt(productId: number, imageId: number, alt: string): Promise<unknown>;
  reorder(productId: number, imageIds: number[]): Promise<unknown>;
  remove(productId: number, imageId: number): Promise<unknown>;
}

const adminBase = (productId: number) => `/api/admin/images/products/${productId}/images`;
const saveAlt = (productId: number, imageId: number, alt: string) => api.patch(`${adminBase(productId)}/${imageId}`, { alt });
const reorder = (productId: number, imageIds: number[]) => api.patch(`${adminBase(productId)}/reorder`, { imageIds });

/** Reads a file as base64 (without the data: URL prefix). */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}

/** /admin/images: presign, post the file with the ticket's fields to the returned url, then attach. */
export const adminBackend: ImageBackend = {
  list: async (productId) => (await api.get<ImageList>(adminBase(productId))).images,
  async upload(productId, file) {
    const ticket = await api.post<UploadTicket>('/api/admin/images/uploads/presign', { productId, contentType: file.type });
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    form.append('file', file);
    // Straight to the ticket's url, like a storage bucket: the signed fields are the authorisation.
    const res = await fetch(ticket.url, { method: 'POST', body: form });
    if (!res.ok) throw new Error(`Upload failed: ${res.statusText || res.status}`);
    await api.post(adminBase(productId), { url: ticket.cdnUrl, alt: defaultAlt(file.name) });
  },
  uploadedText: () => 'Image uploaded successfully!',
  uploadFailedText: (_file, err) => `Failed to upload image: ${messageOf(err)}`,
  setPrimary: (productId, imageId) => api.patch(`${adminBase(productId)}/${imageId}`, { isPrimary: true }),
  saveAlt,
  reorder,
  remove: (productId, imageId) => api.delete(`${adminBase(productId)}/${imageId}`),
};

/** /ecommerce: the file goes as base64 through the proxy call. */
export const ecommerceBackend: ImageBackend = {
  list: async (productId) => (await api.get<ImageList>(`/api/ecommerce/products/${productId}/images`)).images,
  async upload(productId, file) {
    const fileData = await fileToBase64(file);
    await api.post('/api/ecommerce/upload/proxy', { productId, fileData, fileName: file.name, contentType: file.type });
  },
  uploadedText: (file) => `${file.name} uploaded successfully!`,
  uploadFailedText: (_file, err) => `Upload failed: ${messageOf(err)}`,
  setPrimary: (_productId, imageId) => api.patch(`/api/ecommerce/images/${imageId}/primary`),
  saveAlt,
  reorder,
  remove: (_productId, imageId) => api.delete(`/api/ecommerce/images/${imageId}`),
};
