// Settings' public face: what other plugins may call (tests/boundaries.test.ts lets them import nothing
// else of settings). Nothing: shop details and staff accounts are core's (core/settings.ts, core/auth/).
export {};
