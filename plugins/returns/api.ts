// Returns' public face: what other plugins may call (tests/boundaries.test.ts lets them import nothing
// else of returns). Nothing yet: sales learns of returns through the void check in returns' manifest, and
// reports reads returned money through the credit notes' seam view.
export {};
