// A list's table: striped, scrolling sideways on narrow screens, with its column headings; and the
// cell of buttons at the end of a row.
import type { ReactNode } from 'react';

/** A column heading; `num` right-aligns it (money, counts). */
export type Column = string | { label: string; num?: boolean };

export interface DataTableProps {
  /** The table's own class ('customers-table'), next to `striped`. */
  className?: string;
  columns: Column[];
  /** The rows (<tr> elements). */
  children: ReactNode;
}

/** The table with a heading per column and `children` as its body. */
export function DataTable({ className, columns, children }: DataTableProps) {
  return (
    <div className="overflow-auto">
      <table className={className ? `striped ${className}` : 'striped'}>
        <thead>
          <tr>
            {columns.map((c) => {
              const col = typeof c === 'string' ? { label: c } : c;
              return (
                <th key={col.label} scope="col" className={col.num ? 'num' : undefined}>
                  {col.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The row's Actions cell: small buttons side by side. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <td>
      <div className="row-actions">{children}</div>
    </td>
  );
}
