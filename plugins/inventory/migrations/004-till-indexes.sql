-- What the till asks, answered from indexes at 50,000 products (#27): nothing it sends reads every product.
-- plugins/inventory/query-plans.test.ts checks each of its statements with EXPLAIN QUERY PLAN.

-- The catalogue's figures, kept by triggers so no request counts 50,000 rows: live products, styles with at
-- least one live size (the POS's first page asks how many there are), and a generation bumped by every change
-- the facets or a size's style could see (GET /api/products/facets and the styles search's product -> style map
-- are kept in memory until it moves). Stock moves (every sale)
-- touch none of the columns the triggers watch, so a checkout pays nothing for them.
CREATE TABLE inventory_catalogue (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  live_products INTEGER NOT NULL,
  live_styles INTEGER NOT NULL,
  generation INTEGER NOT NULL
);
INSERT INTO inventory_catalogue (id, live_products, live_styles, generation) VALUES (1,
  (SELECT count(*) FROM inventory_product WHERE archived_at IS NULL),
  (SELECT count(DISTINCT style_id) FROM inventory_product WHERE archived_at IS NULL AND style_id IS NOT NULL),
  0);

-- A style's live sizes (the styles page's EXISTS, a style's sizes, the triggers below).
CREATE INDEX inventory_product_style_live ON inventory_product (style_id, id) WHERE archived_at IS NULL;
-- Matched product ids to their styles without reading the rows (a search on the styles page).
CREATE INDEX inventory_product_id_style ON inventory_product (id, style_id) WHERE archived_at IS NULL;

CREATE TRIGGER inventory_catalogue_insert AFTER INSERT ON inventory_product BEGIN
  UPDATE inventory_catalogue SET generation = generation + 1,
    live_products = live_products + (new.archived_at IS NULL),
    live_styles = live_styles + (new.archived_at IS NULL AND new.style_id IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM inventory_product WHERE style_id = new.style_id AND archived_at IS NULL AND id <> new.id))
  WHERE id = 1;
END;

CREATE TRIGGER inventory_catalogue_delete AFTER DELETE ON inventory_product BEGIN
  UPDATE inventory_catalogue SET generation = generation + 1,
    live_products = live_products - (old.archived_at IS NULL),
    live_styles = live_styles - (old.archived_at IS NULL AND old.style_id IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM inventory_product WHERE style_id = old.style_id AND archived_at IS NULL))
  WHERE id = 1;
END;

-- Archived, restored or moved to another style: the old style may have lost its last live size, the new one
-- gained its first (each row of a many-row UPDATE sees the rows before it already changed).
CREATE TRIGGER inventory_catalogue_membership AFTER UPDATE OF archived_at, style_id ON inventory_product
WHEN (old.archived_at IS NULL) <> (new.archived_at IS NULL) OR old.style_id IS NOT new.style_id BEGIN
  UPDATE inventory_catalogue SET generation = generation + 1,
    live_products = live_products + (new.archived_at IS NULL) - (old.archived_at IS NULL),
    live_styles = live_styles
      - (old.archived_at IS NULL AND old.style_id IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM inventory_product WHERE style_id = old.style_id AND archived_at IS NULL))
      + (new.archived_at IS NULL AND new.style_id IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM inventory_product WHERE style_id = new.style_id AND archived_at IS NULL AND id <> new.id))
  WHERE id = 1;
END;

CREATE TRIGGER inventory_catalogue_facets AFTER UPDATE OF category, brand, size, material, archived_at ON inventory_product BEGIN
  UPDATE inventory_catalogue SET generation = generation + 1 WHERE id = 1;
END;

-- Low stock (the POS head's badge after every sale): sizes with their own reorder point, by how far below it
-- they are; sizes following their style's, by stock (only those at or below the highest style reorder point
-- are looked at).
CREATE INDEX inventory_product_low_own ON inventory_product (stock_qty - reorder_point) WHERE archived_at IS NULL AND reorder_point IS NOT NULL;
CREATE INDEX inventory_product_low_style ON inventory_product (stock_qty) WHERE archived_at IS NULL AND reorder_point IS NULL;
CREATE INDEX inventory_style_reorder ON inventory_style (reorder_point) WHERE reorder_point IS NOT NULL;
