// Product and style shapes as the API returns them: types only, taken from the routes' response schemas.
export type { Facets, MovementList, Product, ProductImage, ProductList } from '../schemas.js';
export type { Style, StyleList } from '../styles-schemas.js';
