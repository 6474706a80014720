// The till's points maths (#29), kept pure for tests: how many points pay for what is still due, in whole points
// of the shop's point value, and only once the customer has the minimum. The server checks it all again.
import { toCents } from '../../../core/money.js';

export interface PointsPlan {
  /** Points to spend (0 when they cannot pay). */
  points: number;
  /** What they pay, in cents: points x the point's value. */
  amountCents: number;
  /** Why points cannot pay this sale, or null. */
  problem: string | null;
}

/** "1,240 points" */
export function pointsText(points: number): string {
  return `${points.toLocaleString('en-SG')} point${Math.abs(points) === 1 ? '' : 's'}`;
}

/** The value of one point in cents (the setting is dollars with at most 2 decimals). */
export function pointCents(pointValue: number): number {
  return toCents(pointValue);
}

/**
 * 'Use points': the most whole points that pay no more than what is due (`remainingCents`) and no more than the
 * customer has (`balance`). Refused below `minRedeem` points, as the server refuses it.
 */
export function pointsToUse(p: { balance: number; pointValue: number; minRedeem: number; remainingCents: number }): PointsPlan {
  const each = pointCents(p.pointValue);
  const none = (problem: string): PointsPlan => ({ points: 0, amountCents: 0, problem });
  if (p.balance <= 0) return none('No points to use');
  if (p.balance < p.minRedeem) return none(`Points pay from ${pointsText(p.minRedeem)}: this customer has ${pointsText(p.balance)}`);
  if (each <= 0) return none('Points cannot pay: the value of a point is not set');
  const points = Math.min(p.balance, Math.floor(Math.max(0, p.remainingCents) / each));
  if (points <= 0) return none('Nothing left to pay with points');
  return { points, amountCents: points * each, problem: null };
}
