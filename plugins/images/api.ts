// Images' public face: what other plugins may call (tests/boundaries.test.ts lets them import nothing
// else of images). Nothing: no plugin depends on images; the online shop reaches it over HTTP.
export {};
