// A row of summary tiles above a list (Returns, Credit Notes): a label and a big figure each.
import type { ReactNode } from 'react';

export interface Tile {
  label: string;
  value: ReactNode;
}

/** The tiles, in order; styled by `.summary-tiles` / `.summary-tile` in ui/styles.css. */
export function SummaryTiles({ tiles }: { tiles: Tile[] }) {
  return (
    <div className="summary-tiles">
      {tiles.map((t) => (
        <article key={t.label} className="summary-tile">
          <span className="tile-label">{t.label}</span>
          <span className="tile-value">{t.value}</span>
        </article>
      ))}
    </div>
  );
}
