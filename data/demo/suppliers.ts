// The demo shop's suppliers (fictional Singapore distributors; UENs have the right shape but are made up).
export const demoSuppliers = [
  { name: 'Stride Footwear Distributors Pte Ltd', contact: 'Alicia Tan', phone: '+65 6741 2200', email: 'orders@stride-footwear.example', uen: '201512345K' },
  { name: 'Lion City Sports Supply Pte Ltd', contact: 'Ravi Kumar', phone: '+65 6293 8810', email: 'sales@lioncitysports.example', uen: '200908765M' },
  { name: 'Comfort Soles Trading', contact: 'Mei Ling Ong', phone: '+65 9123 4567', email: 'meiling@comfortsoles.example', uen: '53298765A' },
];

/** Who the demo shop buys each brand from (by supplier name): every demo style gets its brand's default supplier. */
export const demoSupplierOfBrand: Record<string, string> = {
  Nike: 'Lion City Sports Supply Pte Ltd',
  Adidas: 'Lion City Sports Supply Pte Ltd',
  ASICS: 'Lion City Sports Supply Pte Ltd',
  Puma: 'Lion City Sports Supply Pte Ltd',
  'New Balance': 'Lion City Sports Supply Pte Ltd',
  Converse: 'Stride Footwear Distributors Pte Ltd',
  Vans: 'Stride Footwear Distributors Pte Ltd',
  Skechers: 'Stride Footwear Distributors Pte Ltd',
  'Dr. Martens': 'Stride Footwear Distributors Pte Ltd',
  Timberland: 'Stride Footwear Distributors Pte Ltd',
  Crocs: 'Stride Footwear Distributors Pte Ltd',
  Clarks: 'Comfort Soles Trading',
  Bata: 'Comfort Soles Trading',
  'Hush Puppies': 'Comfort Soles Trading',
  Birkenstock: 'Comfort Soles Trading',
  Teva: 'Comfort Soles Trading',
  Havaianas: 'Comfort Soles Trading',
};
