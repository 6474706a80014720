// Shown at '/' until the sales plugin registers the real POS screen.

/** A placeholder POS page. */
export default function PosPlaceholder() {
  return (
    <section>
      <h2>Point of Sale</h2>
      <p>The sales screen is not installed yet.</p>
    </section>
  );
}
