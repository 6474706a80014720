// Customers' public face: what other plugins may call (tests/boundaries.test.ts lets them import nothing
// else of customers). Nothing yet: sales reads credit terms and balances with its own SQL (the manifest's
// publicTables: customers_customer, customers_balance), and screens take
// the customer shapes type-only from customers' schemas.ts.
export {};
