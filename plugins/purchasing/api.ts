// The public face of purchasing (tests/boundaries.test.ts lets other plugins import nothing else of it):
// the units received on an order, for its shoe-box labels.
export { receivedUnits } from './received-units.js';
