// Product shapes as the API returns them (dollars, tax as a fraction).

export interface ProductImage {
  id: number;
  url: string;
  thumbUrl: string | null;
  alt: string | null;
  isPrimary: boolean;
}

export interface Product {
  id: number;
  item_name: string;
  sku: string | null;
  size: string | null;
  cost: number;
  selling_price: number;
  brand: string | null;
  material: string | null;
  category: string | null;
  stock_qty: number;
  tax_rate: number;
  image_url: string | null;
  images: ProductImage[];
  created_at: string;
  updated_at: string;
}

export interface ProductList {
  products: Product[];
  count: number;
  pagination: { page: number; pageSize: number; total: number };
}

export interface Facets {
  categories: string[];
  brands: string[];
  sizes: string[];
  materials: string[];
}
