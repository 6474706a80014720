// Reads a CSV download back the way a spreadsheet's importer does: RFC 4180 (quoted fields, doubled quotes,
// commas and line breaks inside quotes), every cell as the text it holds (a formula-escaped cell keeps its ').

/** Parses CSV text into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (c !== '\r') field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** A spreadsheet's reading of a cell as a number: plain decimal text only ("-4.00", "12"); null for anything else ("'-4.00"). */
export function csvNumber(cell: string | undefined): number | null {
  return cell !== undefined && /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : null;
}
