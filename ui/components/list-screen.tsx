// The skeleton every list screen repeats: a heading with its action, a search toolbar, the
// error / loading / empty states above the table, and the count and pager under it.
import type { ReactNode } from 'react';
import type { QueryResult } from '../use-query.js';
import { Pager, type PagerProps } from './pager.js';

export interface PageHeadProps {
  title: string;
  subtitle?: string;
  /** The screen's main button ('+ Add Customer'), at the right of the heading. */
  action?: { label: string; onClick: () => void };
  /** Small extras beside the main button (a badge). */
  children?: ReactNode;
}

/** The screen's heading, a muted line under it, and its main button. */
export function PageHead({ title, subtitle, action, children }: PageHeadProps) {
  return (
    <div className="page-head">
      <div>
        <h2>{title}</h2>
        {subtitle ? (
          <p className="muted" style={{ margin: 0 }}>
            {subtitle}
          </p>
        ) : null}
      </div>
      {children || action ? (
        <div className="page-head-actions">
          {children}
          {action ? (
            <button type="button" style={{ width: 'auto' }} onClick={action.onClick}>
              {action.label}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export interface SearchToolbarProps {
  /** The search box's accessible name ('Search customers'). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  /** Filters and buttons after the search box. */
  children?: ReactNode;
}

/** A search box (it takes the spare width) followed by the screen's filters. */
export function SearchToolbar({ label, placeholder, value, onChange, children }: SearchToolbarProps) {
  return (
    <div className="toolbar">
      <input type="search" aria-label={label} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
      {children}
    </div>
  );
}

export interface ListStatusProps {
  query: Pick<QueryResult<unknown>, 'data' | 'error' | 'loading'>;
  /** What the list holds, for 'Loading customers...' and 'Error loading customers: ...'. */
  noun: string;
  /** The loaded page's rows. */
  rows: readonly unknown[];
  /** Shown when the list is loaded and has no rows: a sentence, or a whole block. */
  empty: ReactNode;
}

/** The error, the first load, and the empty list; nothing once rows are there. */
export function ListStatus({ query, noun, rows, empty }: ListStatusProps) {
  return (
    <>
      {query.error ? (
        <p role="alert" className="text-danger">
          Error loading {noun}: {query.error.message}
        </p>
      ) : null}
      {query.loading && !query.data ? (
        <p className="center-state" aria-busy="true">
          Loading {noun}...
        </p>
      ) : null}
      {query.data && rows.length === 0 ? typeof empty === 'string' ? <p className="center-state muted">{empty}</p> : empty : null}
    </>
  );
}

export interface ListFooterProps extends PagerProps {
  /** Rows on this page. */
  shown: number;
  /** What the list holds ('products'). */
  noun: string;
}

/** 'Showing 50 of 120 products' and the pager, under the table. */
export function ListFooter({ shown, noun, ...pager }: ListFooterProps) {
  return (
    <div className="page-head list-footer" style={{ marginTop: '0.75rem' }}>
      <span className="muted">
        Showing {shown} of {pager.total} {noun}
      </span>
      <Pager {...pager} />
    </div>
  );
}
