-- Photos belong to the style (#30): a colourway's photos show on all its sizes. A photo row keeps the size it
-- was uploaded through (product_id) and gains that size's style; `owner` is what the photos are grouped by:
-- the style, or (minus) the product's own id for a product without a style, which keeps its own photos.
-- style_id is a copy of the product's style_id (which never changes after the size is made), so it needs no
-- foreign key of its own: product_id keeps the one that stops a product with photos from being deleted.
ALTER TABLE images_product_image ADD COLUMN style_id INTEGER;
UPDATE images_product_image SET style_id = (SELECT p.style_id FROM inventory_product p WHERE p.id = images_product_image.product_id);
ALTER TABLE images_product_image ADD COLUMN owner INTEGER GENERATED ALWAYS AS (coalesce(style_id, -product_id)) VIRTUAL;

-- The sizes' photos become one list per style: one primary (that of the style's first size, by id, that had
-- one: the photo every photo-less size showed until now), then positions 0..n-1 by size id and old position.
DROP INDEX images_product_image_one_primary;
UPDATE images_product_image SET is_primary = 0
WHERE is_primary = 1 AND product_id > (
  SELECT min(j.product_id) FROM images_product_image j WHERE j.owner = images_product_image.owner AND j.is_primary = 1);
UPDATE images_product_image SET position = r.n
FROM (SELECT id, row_number() OVER (PARTITION BY owner ORDER BY product_id, position, id) - 1 AS n FROM images_product_image) r
WHERE r.id = images_product_image.id;

-- At most one primary per style (per product without a style), whatever the application does.
CREATE UNIQUE INDEX images_product_image_one_primary ON images_product_image (owner) WHERE is_primary = 1;
CREATE INDEX images_product_image_owner ON images_product_image (owner, position, id);

-- Inventory reads every size's photos through this view: those of its style (its own without a style). One
-- index seek per size (owner), so the till's catalogue query stays on indexes.
DROP VIEW inventory_product_image;
CREATE VIEW inventory_product_image AS
SELECT
  p.id AS product_id,
  i.id,
  '/media/' || i.file_id || '.display.webp' AS url,
  '/media/' || i.file_id || '.thumb.webp' AS thumb_url,
  i.alt,
  i.is_primary,
  i.position
FROM inventory_product p
JOIN images_product_image i ON i.owner = coalesce(p.style_id, -p.id);
