const en = {
  nav: { takeIn: 'Stock take-in', receipt: 'Goods receipt (PO)', count: 'Stock count', products: 'Products' },
};
export default en;
