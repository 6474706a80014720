// The display plugin's public face: nothing another plugin calls (the POS reaches it through its 'pos-customer'
// slot and the HTTP routes); the pairing rules are here for tests and documentation.
export { CODE_ALPHABET, CODE_LENGTH, CODE_TTL_MS } from './pairing.js';
export { HEARTBEAT_MS } from './hub.js';
