// The public face of purchasing: nothing is called from other plugins yet (tests/boundaries.test.ts lets them
// import nothing else of purchasing). Labels per purchase order and the low-stock draft will read through here.
export {};
