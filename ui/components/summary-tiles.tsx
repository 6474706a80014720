// A row of summary tiles above a list (Returns, Credit Notes): a label and a big figure each.
import type { ReactNode } from 'react';

/** A tile: its label and its figure. */
export type Tile = readonly [label: string, value: ReactNode];

/** The tiles, in order; styled by `.summary-tiles` / `.summary-tile` in ui/styles.css. */
export function SummaryTiles({ tiles }: { tiles: Tile[] }) {
  return (
    <div className="summary-tiles">
      {tiles.map(([label, value]) => (
        <article key={label} className="summary-tile">
          <span className="tile-label">{label}</span>
          <span className="tile-value">{value}</span>
        </article>
      ))}
    </div>
  );
}
