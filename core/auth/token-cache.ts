// Tokens whose signature was already checked. A till sends the same token with every request, and
// @fastify/jwt's verify (options merging, base64 and JSON decoding, HMAC) was the largest part of a request's
// fixed cost. Only that check is remembered: the expiry is checked on every use, and the caller still looks
// up the account (active, session epoch) each time.

/** Wraps `verify` (which throws on a bad or expired token) with a bounded memory of verified tokens. */
export function cachedVerifier<P extends { exp?: number }>(verify: (token: string) => P, max = 1000): (token: string) => P {
  const verified = new Map<string, P>();
  return (token) => {
    const hit = verified.get(token);
    if (hit !== undefined) {
      if (hit.exp! * 1000 > Date.now()) return hit;
      verified.delete(token);
    }
    const payload = verify(token);
    // Tokens without an expiry are never remembered (ours always have one).
    if (typeof payload.exp === 'number') {
      if (verified.size >= max) verified.delete(verified.keys().next().value!);
      verified.set(token, payload);
    }
    return payload;
  };
}
