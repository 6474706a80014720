// A placeholder PayNow QR code: an inline SVG pattern derived from the reference (not a scannable code).

const SIZE = 25;

// Small deterministic generator so the same reference always draws the same pattern.
function seeded(text: string) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return () => {
    h ^= h << 13; h ^= h >>> 17; h ^= h << 5;
    return (h >>> 0) / 4294967296;
  };
}

const inFinder = (x: number, y: number) =>
  (x < 8 && y < 8) || (x >= SIZE - 8 && y < 8) || (x < 8 && y >= SIZE - 8);

function finderCells(ox: number, oy: number): [number, number][] {
  const cells: [number, number][] = [];
  for (let y = 0; y < 7; y++) {
    for (let x = 0; x < 7; x++) {
      const ring = x === 0 || y === 0 || x === 6 || y === 6;
      const core = x >= 2 && x <= 4 && y >= 2 && y <= 4;
      if (ring || core) cells.push([ox + x, oy + y]);
    }
  }
  return cells;
}

/** The QR-like square with the reference written under it. */
export function PayNowQr({ reference }: { reference: string }) {
  const rand = seeded(reference);
  const cells: [number, number][] = [...finderCells(0, 0), ...finderCells(SIZE - 7, 0), ...finderCells(0, SIZE - 7)];
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      if (!inFinder(x, y) && rand() < 0.5) cells.push([x, y]);
    }
  }
  const d = cells.map(([x, y]) => `M${x + 2} ${y + 2}h1v1h-1z`).join('');
  return (
    <figure className="paynow-qr" data-testid="paynow-qr">
      <svg viewBox={`0 0 ${SIZE + 4} ${SIZE + 4}`} width="180" height="180" role="img" aria-label={`PayNow QR code for ${reference}`} shapeRendering="crispEdges">
        <rect width={SIZE + 4} height={SIZE + 4} fill="#fff" />
        <path d={d} fill="#7b1fa2" />
      </svg>
      <figcaption>
        <small>Scan with PayNow (placeholder)</small>
        <br />
        Reference: <strong className="paynow-reference">{reference}</strong>
      </figcaption>
    </figure>
  );
}
