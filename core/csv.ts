// CSV for spreadsheets (the sales report, a stock take's variance), through csv-stringify. Text cells are
// formula-escaped (OWASP "CSV injection": a customer named "=HYPERLINK(...)" or "-cmd" gets a leading ' and
// stays text), while numbers stay numbers: a refund of -4.00 or a shortfall of -3 must reach the spreadsheet
// as a number, not as the text '-4.00. The cell's type decides, never what its text looks like.
import { stringify, type Options } from 'csv-stringify/sync';

/** A money cell: integer cents, written as a plain number with 2 decimals ("-4.00", "1234.50": no $, no separators). */
export interface CsvMoney {
  readonly csvCents: number;
}

/** Makes a money cell from cents. */
export const csvMoney = (cents: number): CsvMoney => ({ csvCents: cents });

/** What a CSV row may hold: text (formula-escaped), a number (an integer count or quantity) or money. */
export type CsvCell = string | number | CsvMoney | null | undefined;

const isMoney = (v: unknown): v is CsvMoney => typeof v === 'object' && v !== null && typeof (v as CsvMoney).csvCents === 'number';

/** Cents -> "-4.00" (exact for integer cents up to any amount Kedai handles). */
const centsText = (cents: number) => `${cents < 0 ? '-' : ''}${(Math.abs(cents) / 100).toFixed(2)}`;

/** A cell's text as data: a leading "-" is a sign, never a formula, so escaping is off for that one cell. */
const dataCell = (text: string) => (text.startsWith('-') ? { value: text, escape_formulas: false } : text);

const OPTIONS: Options = {
  escape_formulas: true,
  // A cast may return `{value, ...options}`: options for that one cell (only for negatives: the per-cell options
  // cost csv-stringify an options merge, and a year's CSV has hundreds of thousands of money cells).
  cast: {
    number: (n: number) => {
      if (!Number.isFinite(n)) throw new Error(`Not a CSV number: ${n}`);
      return dataCell(String(n));
    },
    object: (v: unknown) => {
      if (!isMoney(v)) throw new Error('A CSV cell is text, a number or csvMoney(cents)');
      if (!Number.isSafeInteger(v.csvCents)) throw new Error(`Not an integer number of cents: ${v.csvCents}`);
      return dataCell(centsText(v.csvCents));
    },
  },
};

/** The CSV text of these rows (each line ends with \n); text formula-escaped, numbers and money as plain numbers. */
export function csvText(records: readonly (readonly CsvCell[])[]): string {
  return stringify(records as CsvCell[][], OPTIONS);
}
