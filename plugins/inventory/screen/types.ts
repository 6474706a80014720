// Product shapes as the API returns them: types only, taken from the routes' response schemas.
export type { Facets, Product, ProductImage, ProductList } from '../schemas.js';
