-- Product photos for the online shop. The files live in DATA_DIR/images as <file_id>.<variant>.webp;
-- these rows say which product shows them, in which order, and which one is the primary photo.
CREATE TABLE images_product_image (
  id INTEGER PRIMARY KEY,
  -- No cascade: a product with photos is archived by inventory rather than deleted, so no file is orphaned.
  product_id INTEGER NOT NULL REFERENCES inventory_product (id),
  file_id TEXT NOT NULL UNIQUE CHECK (length(file_id) = 32 AND file_id NOT GLOB '*[^0-9a-f]*'),
  alt TEXT CHECK (alt IS NULL OR length(alt) <= 500),
  is_primary INTEGER NOT NULL DEFAULT 0 CHECK (is_primary IN (0, 1)),
  position INTEGER NOT NULL CHECK (position >= 0),
  -- Size of the stored display variant.
  width INTEGER NOT NULL CHECK (width > 0),
  height INTEGER NOT NULL CHECK (height > 0),
  bytes INTEGER NOT NULL CHECK (bytes > 0),
  created_at TEXT NOT NULL
);

-- At most one primary photo per product, whatever the application does.
CREATE UNIQUE INDEX images_product_image_one_primary ON images_product_image (product_id) WHERE is_primary = 1;
CREATE INDEX images_product_image_product ON images_product_image (product_id, position, id);

-- Files uploaded through a presigned ticket and not yet attached to a product (the admin screen
-- uploads first, then attaches). No foreign key: a pending upload must not keep a product from being deleted.
CREATE TABLE images_upload (
  file_id TEXT PRIMARY KEY CHECK (length(file_id) = 32 AND file_id NOT GLOB '*[^0-9a-f]*'),
  product_id INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX images_upload_created ON images_upload (created_at);

-- Inventory reads product photos through this view (product JSON images[] and image_url).
DROP VIEW inventory_product_image;
CREATE VIEW inventory_product_image AS
SELECT
  product_id,
  id,
  '/media/' || file_id || '.display.webp' AS url,
  '/media/' || file_id || '.thumb.webp' AS thumb_url,
  alt,
  is_primary,
  position
FROM images_product_image;
