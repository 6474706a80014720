// Shapes the image screens read from the API.

/** A product as the products API returns it (the fields the selector shows). */
export interface Product {
  id: number;
  item_name: string;
  sku: string | null;
  size: string | null;
  brand: string | null;
  material: string | null;
  category: string | null;
  image_url: string | null;
}

export interface ProductList {
  products: Product[];
  count: number;
}

/** docs/spec.md "Product image" plus what the cards show. */
export interface ProductImage {
  id: number;
  url: string;
  thumbUrl: string;
  alt: string | null;
  isPrimary: boolean;
  position: number;
  width: number;
  height: number;
}

export interface ImageList {
  images: ProductImage[];
}

/** docs/spec.md "Upload ticket". */
export interface UploadTicket {
  url: string;
  fields: Record<string, string>;
  cdnUrl: string;
}
