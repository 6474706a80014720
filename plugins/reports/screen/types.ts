// The report API's JSON as the screen reads it: types only, taken from the routes' response schemas.
export type {
  CountAmount,
  EndOfDay,
  PeriodType,
  ProductFigure,
  ReportInvoice,
  ReportLiability,
  SalesReport,
  SizeCurveReport,
  SizeCurveRow,
} from '../schemas.js';
