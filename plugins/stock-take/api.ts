// The public face of stock-take: nothing is called from other plugins yet (tests/boundaries.test.ts lets them
// import nothing else of stock-take). Labels per purchase order and the low-stock draft will read through here.
export {};
