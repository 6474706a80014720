// The SPEC's return reasons, in its order: one list for the server (create-return refuses any other, the demo
// seeds them) and the screens (a pure module, so the Returns screen's chunk carries no server code).
export const RETURN_REASONS = ['Defective', 'Wrong Size', 'Not as Described', 'Customer Changed Mind', 'Damaged in Transit', 'Other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
