// Demo catalogue of a Singapore footwear shop: each model (a style) is sold in several sizes, one SKU per size.
// Prices are in SGD and include no GST (GST is added at checkout); costs are the shop's buying price.

export interface CatalogueProduct {
  item_name: string;
  colour: string;
  sku: string;
  size: string;
  brand: string;
  material: string;
  category: string;
  cost: number;
  selling_price: number;
  stock_qty: number;
  tax_rate: number;
}

interface Model {
  name: string;
  brand: string;
  category: string;
  material: string;
  /** SKU stem; the size is appended: NK-AF1-WHT + 42 -> NK-AF1-WHT-42. */
  code: string;
  colour: string;
  cost: number;
  price: number;
  sizes: string[];
  /** Units per size, in the same order (0 = sold out). */
  stock: number[];
}

const EU_MEN = ['40', '41', '42', '43', '44'];
const EU_WOMEN = ['36', '37', '38', '39'];
const EU_KIDS = ['28', '30', '32', '34'];
const UK_MEN = ['UK 7', 'UK 8', 'UK 9', 'UK 10'];
const UK_WOMEN = ['UK 4', 'UK 5', 'UK 6'];

const MODELS: Model[] = [
  // Sneakers
  {
    name: "Nike Air Force 1 '07 White",
    brand: 'Nike',
    category: 'Sneakers',
    material: 'Leather',
    code: 'NK-AF1-WHT',
    colour: 'White',
    cost: 82,
    price: 159,
    sizes: EU_MEN,
    stock: [6, 8, 0, 7, 4],
  },
  {
    name: 'Nike Dunk Low Panda',
    brand: 'Nike',
    category: 'Sneakers',
    material: 'Leather',
    code: 'NK-DNK-PND',
    colour: 'Black/White',
    cost: 78,
    price: 149,
    sizes: EU_MEN,
    stock: [3, 5, 6, 2, 1],
  },
  {
    name: 'Adidas Samba OG Black',
    brand: 'Adidas',
    category: 'Sneakers',
    material: 'Suede',
    code: 'AD-SMB-BLK',
    colour: 'Black',
    cost: 74,
    price: 149,
    sizes: EU_MEN,
    stock: [4, 6, 7, 5, 0],
  },
  {
    name: 'Adidas Stan Smith White Green',
    brand: 'Adidas',
    category: 'Sneakers',
    material: 'Leather',
    code: 'AD-STS-WGR',
    colour: 'White/Green',
    cost: 66,
    price: 139,
    sizes: EU_WOMEN,
    stock: [5, 6, 4, 3],
  },
  {
    name: 'New Balance 574 Grey',
    brand: 'New Balance',
    category: 'Sneakers',
    material: 'Suede',
    code: 'NB-574-GRY',
    colour: 'Grey',
    cost: 65,
    price: 139,
    sizes: EU_MEN,
    stock: [2, 4, 5, 4, 2],
  },
  {
    name: 'New Balance 530 White Silver',
    brand: 'New Balance',
    category: 'Sneakers',
    material: 'Mesh',
    code: 'NB-530-WSV',
    colour: 'White/Silver',
    cost: 70,
    price: 149,
    sizes: EU_WOMEN,
    stock: [6, 7, 5, 2],
  },
  {
    name: 'Converse Chuck Taylor All Star Hi Black',
    brand: 'Converse',
    category: 'Sneakers',
    material: 'Canvas',
    code: 'CV-CTH-BLK',
    colour: 'Black',
    cost: 38,
    price: 89,
    sizes: EU_MEN,
    stock: [8, 10, 9, 6, 3],
  },
  {
    name: 'Vans Old Skool Black White',
    brand: 'Vans',
    category: 'Sneakers',
    material: 'Canvas',
    code: 'VN-OSK-BKW',
    colour: 'Black/White',
    cost: 40,
    price: 95,
    sizes: EU_MEN,
    stock: [5, 7, 8, 0, 2],
  },
  {
    name: 'Puma Suede Classic Navy',
    brand: 'Puma',
    category: 'Sneakers',
    material: 'Suede',
    code: 'PM-SDC-NVY',
    colour: 'Navy',
    cost: 42,
    price: 99,
    sizes: EU_MEN,
    stock: [3, 4, 4, 3, 2],
  },
  // Running
  {
    name: 'Nike Pegasus 41 Black',
    brand: 'Nike',
    category: 'Running',
    material: 'Mesh',
    code: 'NK-PG41-BLK',
    colour: 'Black',
    cost: 95,
    price: 189,
    sizes: EU_MEN,
    stock: [4, 6, 6, 5, 3],
  },
  {
    name: 'Adidas Ultraboost Light Core Black',
    brand: 'Adidas',
    category: 'Running',
    material: 'Primeknit',
    code: 'AD-UBL-CBK',
    colour: 'Core Black',
    cost: 132,
    price: 269,
    sizes: EU_MEN,
    stock: [2, 3, 4, 3, 0],
  },
  {
    name: 'ASICS Gel-Kayano 31 Blue',
    brand: 'ASICS',
    category: 'Running',
    material: 'Mesh',
    code: 'AS-GK31-BLU',
    colour: 'Blue',
    cost: 118,
    price: 239,
    sizes: EU_MEN,
    stock: [3, 5, 5, 4, 2],
  },
  {
    name: 'ASICS Gel-Nimbus 26 Women Pink',
    brand: 'ASICS',
    category: 'Running',
    material: 'Mesh',
    code: 'AS-GN26-PNK',
    colour: 'Pink',
    cost: 122,
    price: 249,
    sizes: EU_WOMEN,
    stock: [4, 5, 3, 2],
  },
  {
    name: 'New Balance Fresh Foam 1080v13',
    brand: 'New Balance',
    category: 'Running',
    material: 'Mesh',
    code: 'NB-1080-BLK',
    colour: 'Black',
    cost: 115,
    price: 235,
    sizes: EU_MEN,
    stock: [1, 3, 4, 3, 1],
  },
  {
    name: 'Skechers GOrun Razor 4',
    brand: 'Skechers',
    category: 'Running',
    material: 'Mesh',
    code: 'SK-GRR4-GRY',
    colour: 'Grey',
    cost: 62,
    price: 129,
    sizes: EU_MEN,
    stock: [5, 5, 6, 4, 3],
  },
  // Formal
  {
    name: 'Clarks Desert Boot Beeswax',
    brand: 'Clarks',
    category: 'Formal',
    material: 'Leather',
    code: 'CL-DSB-BWX',
    colour: 'Beeswax',
    cost: 98,
    price: 199,
    sizes: UK_MEN,
    stock: [3, 4, 3, 2],
  },
  {
    name: 'Clarks Tilden Cap Oxford Black',
    brand: 'Clarks',
    category: 'Formal',
    material: 'Leather',
    code: 'CL-TLC-BLK',
    colour: 'Black',
    cost: 72,
    price: 149,
    sizes: UK_MEN,
    stock: [4, 5, 5, 3],
  },
  {
    name: 'Bata Comfit Oxford Black',
    brand: 'Bata',
    category: 'Formal',
    material: 'Leather',
    code: 'BT-CFO-BLK',
    colour: 'Black',
    cost: 32,
    price: 69.9,
    sizes: EU_MEN,
    stock: [6, 8, 8, 6, 4],
  },
  {
    name: 'Bata Ladies Court Pump Nude',
    brand: 'Bata',
    category: 'Formal',
    material: 'Synthetic',
    code: 'BT-LCP-NUD',
    colour: 'Nude',
    cost: 24,
    price: 49.9,
    sizes: EU_WOMEN,
    stock: [5, 6, 6, 3],
  },
  {
    name: 'Hush Puppies Derby Brown',
    brand: 'Hush Puppies',
    category: 'Formal',
    material: 'Leather',
    code: 'HP-DRB-BRN',
    colour: 'Brown',
    cost: 64,
    price: 129,
    sizes: EU_MEN,
    stock: [2, 3, 4, 0, 1],
  },
  // Boots
  {
    name: 'Dr. Martens 1460 Smooth Black',
    brand: 'Dr. Martens',
    category: 'Boots',
    material: 'Leather',
    code: 'DM-1460-BLK',
    colour: 'Black',
    cost: 142,
    price: 289,
    sizes: UK_MEN,
    stock: [3, 4, 3, 2],
  },
  {
    name: 'Dr. Martens Jadon Platform Black',
    brand: 'Dr. Martens',
    category: 'Boots',
    material: 'Leather',
    code: 'DM-JDN-BLK',
    colour: 'Black',
    cost: 165,
    price: 329,
    sizes: UK_WOMEN,
    stock: [2, 3, 2],
  },
  {
    name: 'Timberland 6-Inch Premium Wheat',
    brand: 'Timberland',
    category: 'Boots',
    material: 'Nubuck',
    code: 'TB-6IN-WHT',
    colour: 'Wheat',
    cost: 150,
    price: 299,
    sizes: UK_MEN,
    stock: [2, 2, 3, 0],
  },
  {
    name: 'Clarks Orinoco 2 Chelsea Brown',
    brand: 'Clarks',
    category: 'Boots',
    material: 'Suede',
    code: 'CL-OR2-BRN',
    colour: 'Brown',
    cost: 88,
    price: 179,
    sizes: UK_WOMEN,
    stock: [3, 4, 2],
  },
  // Sandals
  {
    name: 'Birkenstock Arizona Birko-Flor Black',
    brand: 'Birkenstock',
    category: 'Sandals',
    material: 'Birko-Flor',
    code: 'BK-ARZ-BLK',
    colour: 'Black',
    cost: 78,
    price: 159,
    sizes: ['38', '39', '40', '41', '42', '43'],
    stock: [4, 5, 6, 6, 4, 2],
  },
  {
    name: 'Birkenstock Gizeh EVA White',
    brand: 'Birkenstock',
    category: 'Sandals',
    material: 'EVA',
    code: 'BK-GZE-WHT',
    colour: 'White',
    cost: 28,
    price: 65,
    sizes: EU_WOMEN,
    stock: [6, 7, 5, 4],
  },
  {
    name: 'Teva Hurricane XLT2 Black',
    brand: 'Teva',
    category: 'Sandals',
    material: 'Polyester',
    code: 'TV-HXL2-BLK',
    colour: 'Black',
    cost: 52,
    price: 109,
    sizes: EU_MEN,
    stock: [2, 3, 3, 2, 0],
  },
  // Slippers
  {
    name: 'Crocs Classic Clog Black',
    brand: 'Crocs',
    category: 'Slippers',
    material: 'Croslite',
    code: 'CR-CLC-BLK',
    colour: 'Black',
    cost: 32,
    price: 69.95,
    sizes: ['M4', 'M5', 'M6', 'M7', 'M8', 'M9', 'M10'],
    stock: [4, 6, 8, 9, 7, 5, 3],
  },
  {
    name: 'Havaianas Top Flip Flops Navy',
    brand: 'Havaianas',
    category: 'Slippers',
    material: 'Rubber',
    code: 'HV-TOP-NVY',
    colour: 'Navy',
    cost: 12,
    price: 29.9,
    sizes: ['37/38', '39/40', '41/42', '43/44'],
    stock: [10, 12, 12, 8],
  },
  {
    name: 'Adidas Adilette Aqua Slides',
    brand: 'Adidas',
    category: 'Slippers',
    material: 'EVA',
    code: 'AD-ADA-BLK',
    colour: 'Black',
    cost: 16,
    price: 35,
    sizes: ['39', '40', '42', '43', '44'],
    stock: [8, 9, 10, 7, 0],
  },
  // Kids
  {
    name: 'Skechers Kids S Lights Twisty Brights',
    brand: 'Skechers',
    category: 'Kids',
    material: 'Synthetic',
    code: 'SK-KSL-PNK',
    colour: 'Pink',
    cost: 30,
    price: 65,
    sizes: EU_KIDS,
    stock: [4, 5, 4, 3],
  },
  {
    name: 'Nike Revolution 7 Kids Navy',
    brand: 'Nike',
    category: 'Kids',
    material: 'Mesh',
    code: 'NK-RV7K-NVY',
    colour: 'Navy',
    cost: 28,
    price: 59,
    sizes: EU_KIDS,
    stock: [3, 5, 5, 0],
  },
  {
    name: 'Bata Bubblegummers School Shoe Black',
    brand: 'Bata',
    category: 'Kids',
    material: 'Synthetic',
    code: 'BT-BBG-BLK',
    colour: 'Black',
    cost: 14,
    price: 32.9,
    sizes: EU_KIDS,
    stock: [10, 12, 12, 9],
  },
  {
    name: 'Crocs Kids Classic Clog Pink',
    brand: 'Crocs',
    category: 'Kids',
    material: 'Croslite',
    code: 'CR-KCC-PNK',
    colour: 'Pink',
    cost: 22,
    price: 49.95,
    sizes: ['C10', 'C11', 'C12', 'C13'],
    stock: [5, 6, 4, 3],
  },
];

/** Expands the models into one product per size (about 150 products). */
export function demoCatalogue(): CatalogueProduct[] {
  return MODELS.flatMap((m) =>
    m.sizes.map((size, i) => ({
      item_name: m.name,
      colour: m.colour,
      sku: `${m.code}-${size.replace(/[\s/]/g, '')}`,
      size,
      brand: m.brand,
      material: m.material,
      category: m.category,
      cost: m.cost,
      selling_price: m.price,
      stock_qty: m.stock[i] ?? 0,
      tax_rate: 0.09,
    })),
  );
}

/** A model as a style: shared fields, the SKU stem, and its size run with the stock of each size. */
export interface CatalogueStyle {
  item_name: string;
  brand: string;
  category: string;
  material: string;
  colour: string;
  cost: number;
  selling_price: number;
  tax_rate: number;
  sku_prefix: string;
  sizes: { size: string; stock_qty: number }[];
}

/** The catalogue as styles (about 34 models); their sizes expand to exactly demoCatalogue()'s products. */
export function demoStyles(): CatalogueStyle[] {
  return MODELS.map((m) => ({
    item_name: m.name,
    brand: m.brand,
    category: m.category,
    material: m.material,
    colour: m.colour,
    cost: m.cost,
    selling_price: m.price,
    tax_rate: 0.09,
    sku_prefix: m.code,
    // Two pairs left of a size is when a small shop reorders it (the low-stock report and badge).
    reorder_point: 2,
    sizes: m.sizes.map((size, i) => ({ size, stock_qty: m.stock[i] ?? 0 })),
  }));
}
