// The demo shop's suppliers (fictional Singapore distributors; UENs have the right shape but are made up).
export const demoSuppliers = [
  { name: 'Stride Footwear Distributors Pte Ltd', contact: 'Alicia Tan', phone: '+65 6741 2200', email: 'orders@stride-footwear.example', uen: '201512345K' },
  { name: 'Lion City Sports Supply Pte Ltd', contact: 'Ravi Kumar', phone: '+65 6293 8810', email: 'sales@lioncitysports.example', uen: '200908765M' },
  { name: 'Comfort Soles Trading', contact: 'Mei Ling Ong', phone: '+65 9123 4567', email: 'meiling@comfortsoles.example', uen: '53298765A' },
];
