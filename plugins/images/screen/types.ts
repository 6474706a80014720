// Shapes the image screens read from the API: types only, taken from the routes' response schemas.
import type { Product as FullProduct, ProductList as FullProductList } from '../../inventory/schemas.js';

export type { Facets, Style, StyleList } from '../../inventory/schemas.js';

export type { ImageList, ProductImage, UploadTicket } from '../schemas.js';

/** A product as the products API returns it (the fields the selector shows). */
export type Product = Pick<FullProduct, 'id' | 'item_name' | 'sku' | 'size' | 'brand' | 'material' | 'category' | 'image_url'>;

export type ProductList = { products: Product[] } & Pick<FullProductList, 'count'>;
