// TypeBox schemas for the admin and ecommerce image routes: requests, and the replies' shapes (the server's
// mapper and the screens take their types from these).
import { Type, type Static } from 'typebox';
import { DeletedReply, Dictionary, Id, Nullable, PageQuery, Pagination, ShortText, Strict, Timestamp } from '../../core/schemas.js';
import { MAX_ALT_LENGTH } from './limits.js';

const Alt = Type.Union([ShortText({ maxLength: MAX_ALT_LENGTH }), Type.Null()]);
/** The address an upload returned (relative "/media/..." or absolute). */
const ImageUrl = Type.String({ minLength: 1, maxLength: 2000 });
/** The declared type of the file (the content decides; this only has to claim to be an image). */
const ContentType = ShortText({ minLength: 1, maxLength: 100 });

export const ProductParams = Strict({ productId: Id });
export const ProductImageParams = Strict({ productId: Id, imageId: Id });
export const ImageParams = Strict({ imageId: Id });
export const ImageListQuery = Strict({ ...PageQuery });

export const PresignBody = Strict({ productId: Id, contentType: ContentType });
export type Presign = Static<typeof PresignBody>;

export const AttachBody = Strict({ url: ImageUrl, alt: Type.Optional(Alt) });
export type Attach = Static<typeof AttachBody>;

export const UpdateImageBody = Type.Object(
  { isPrimary: Type.Optional(Type.Boolean()), alt: Type.Optional(Alt) },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateImage = Static<typeof UpdateImageBody>;

export const ReorderBody = Strict({ imageIds: Type.Array(Id, { maxItems: 200 }) });
export type Reorder = Static<typeof ReorderBody>;

export const EcommerceAttachBody = Strict({
  productId: Id,
  url: ImageUrl,
  alt: Type.Optional(Alt),
  isPrimary: Type.Optional(Type.Boolean()),
});
export type EcommerceAttach = Static<typeof EcommerceAttachBody>;

/** Route body limit of the proxy upload: a 5 MB file is about 6.7 MB in base64. */
export const PROXY_BODY_LIMIT = 8 * 1024 * 1024;

export const ProxyUploadBody = Strict({
  productId: Id,
  // No tighter maxLength: the body limit bounds it, and an oversized file must get 413, not 400.
  fileData: Type.String({ minLength: 1, maxLength: PROXY_BODY_LIMIT }),
  fileName: ShortText({ maxLength: 255 }),
  contentType: ContentType,
  alt: Type.Optional(Alt),
});
export type ProxyUpload = Static<typeof ProxyUploadBody>;

// ---- Replies ----

/**
 * SPEC "Product image" (id, url, alt, isPrimary) plus what the cards show. A photo belongs to a style (#30):
 * productId is the size it was uploaded through, styleId the style all of whose sizes show it (null only for a
 * product without a style, which keeps its own photos).
 */
export const ProductImage = Type.Object({
  id: Type.Integer(),
  productId: Type.Integer(),
  styleId: Nullable(Type.Integer()),
  url: Type.String(),
  thumbUrl: Type.String(),
  alt: Nullable(Type.String()),
  isPrimary: Type.Boolean(),
  position: Type.Integer(),
  width: Type.Integer(),
  height: Type.Integer(),
  bytes: Type.Integer(),
  createdAt: Timestamp,
});
export type ProductImage = Static<typeof ProductImage>;

export const ImageReply = Type.Object({ image: ProductImage });
/** A page of a product's images: its style's, in position order. */
export const ImagePageReply = Type.Object({ images: Type.Array(ProductImage), pagination: Pagination });
export type ImageList = Static<typeof ImagePageReply>;
/** All of a product's (its style's) images in their new order (after a reorder). */
export const ImagesReply = Type.Object({ images: Type.Array(ProductImage) });
export const ImageDeletedReply = DeletedReply;

/** SPEC "Upload ticket": where to post the file, the signed form fields to send first, and the file's address once stored. */
export const UploadTicket = Type.Object({ url: Type.String(), fields: Dictionary(Type.String()), cdnUrl: Type.String() });
export type UploadTicket = Static<typeof UploadTicket>;
/** The upload endpoint's reply: the stored file's address and id. */
export const UploadedReply = Type.Object({ url: Type.String(), fileId: Type.String() });
/** GET /api/ecommerce/test. */
export const BackendTestReply = Type.Object({ message: Type.String() });
