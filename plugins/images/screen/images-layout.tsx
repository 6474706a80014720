// The layout both image routes share: the 'Ecommerce' title, its subtitle, and room for header actions.
import type { ReactNode } from 'react';
import { ImagesStyles } from './images-styles.js';

/** Title, subtitle and optional actions above the screen's body. */
export function ImagesLayout({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="images-screen">
      <ImagesStyles />
      <div className="page-head">
        <div>
          <h2>Ecommerce</h2>
          <p className="muted" style={{ margin: 0 }}>
            Manage product images and set primary images for your products.
          </p>
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
