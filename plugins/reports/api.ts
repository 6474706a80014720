// Reports' public face: what other plugins may call (tests/boundaries.test.ts lets them import nothing
// else of reports). Nothing: reports only reads, and no plugin depends on it.
export {};
