// TypeBox schemas for the report routes. The period param that matches `type` is checked in period.ts
// (it is required only for its type), so the 400 names that field.
import { Type, type Static } from 'typebox';
import { IsoDate, IsoMonth, Strict } from '../../core/schemas.js';

const PeriodTypeSchema = Type.Unsafe<'daily' | 'monthly' | 'yearly'>({ type: 'string', enum: ['daily', 'monthly', 'yearly'] });

export const ReportQuery = Strict({
  type: PeriodTypeSchema,
  date: Type.Optional(IsoDate),
  month: Type.Optional(IsoMonth),
  year: Type.Optional(Type.String({ pattern: '^\\d{4}$', maxLength: 4 })),
});
export type ReportQuery = Static<typeof ReportQuery>;

export const EndOfDayQuery = Strict({ date: IsoDate });
export type EndOfDayQuery = Static<typeof EndOfDayQuery>;
