-- The yearly report grouped ~600k product-month rows at 50,000 products (0.33-0.62 s; 1.0-1.3 s at 5M lines,
-- #18). Year totals per product and per category, kept by triggers on the month totals themselves: every
-- change to a month row (the sales triggers of 001 insert or upsert it) adds the same change to its year rows,
-- in the same transaction. A yearly report then ranks one row per product sold that year inside SQLite (keyed
-- by name first, so grouping a year by product reads the key in order) and takes back only the top lists.
CREATE TABLE reports_year_product (
  year TEXT NOT NULL,
  category TEXT NOT NULL,
  name TEXT NOT NULL,
  qty INTEGER NOT NULL,
  revenue_cents INTEGER NOT NULL,
  cost_cents INTEGER NOT NULL,
  PRIMARY KEY (year, name, category)
) WITHOUT ROWID;

-- The same per category (a dozen rows a year): the category list and the year's item and cost totals.
CREATE TABLE reports_year_category (
  year TEXT NOT NULL,
  category TEXT NOT NULL,
  qty INTEGER NOT NULL,
  revenue_cents INTEGER NOT NULL,
  cost_cents INTEGER NOT NULL,
  PRIMARY KEY (year, category)
) WITHOUT ROWID;

CREATE TRIGGER reports_month_product_insert AFTER INSERT ON reports_month_product BEGIN
  INSERT INTO reports_year_product (year, category, name, qty, revenue_cents, cost_cents) VALUES (substr(new.month, 1, 4), new.category, new.name, new.qty, new.revenue_cents, new.cost_cents)
  ON CONFLICT (year, name, category) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;
  INSERT INTO reports_year_category (year, category, qty, revenue_cents, cost_cents) VALUES (substr(new.month, 1, 4), new.category, new.qty, new.revenue_cents, new.cost_cents)
  ON CONFLICT (year, category) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;
END;

-- An upsert's DO UPDATE fires this: the old figures leave the year, the new ones come in.
CREATE TRIGGER reports_month_product_update AFTER UPDATE ON reports_month_product BEGIN
  INSERT INTO reports_year_product (year, category, name, qty, revenue_cents, cost_cents) VALUES (substr(old.month, 1, 4), old.category, old.name, -old.qty, -old.revenue_cents, -old.cost_cents)
  ON CONFLICT (year, name, category) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;
  INSERT INTO reports_year_product (year, category, name, qty, revenue_cents, cost_cents) VALUES (substr(new.month, 1, 4), new.category, new.name, new.qty, new.revenue_cents, new.cost_cents)
  ON CONFLICT (year, name, category) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;
  INSERT INTO reports_year_category (year, category, qty, revenue_cents, cost_cents) VALUES (substr(old.month, 1, 4), old.category, -old.qty, -old.revenue_cents, -old.cost_cents)
  ON CONFLICT (year, category) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;
  INSERT INTO reports_year_category (year, category, qty, revenue_cents, cost_cents) VALUES (substr(new.month, 1, 4), new.category, new.qty, new.revenue_cents, new.cost_cents)
  ON CONFLICT (year, category) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;
END;

CREATE TRIGGER reports_month_product_delete AFTER DELETE ON reports_month_product BEGIN
  INSERT INTO reports_year_product (year, category, name, qty, revenue_cents, cost_cents) VALUES (substr(old.month, 1, 4), old.category, old.name, -old.qty, -old.revenue_cents, -old.cost_cents)
  ON CONFLICT (year, name, category) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;
  INSERT INTO reports_year_category (year, category, qty, revenue_cents, cost_cents) VALUES (substr(old.month, 1, 4), old.category, -old.qty, -old.revenue_cents, -old.cost_cents)
  ON CONFLICT (year, category) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;
END;

-- Later payments by time with their method and amount in the index: a year's collections read the index only.
CREATE INDEX reports_later_payment_paid_at_method ON reports_later_payment (paid_at, method, amount_cents);
DROP INDEX reports_later_payment_paid_at;

-- Totals for the months already summed.
INSERT INTO reports_year_product (year, category, name, qty, revenue_cents, cost_cents)
SELECT substr(month, 1, 4), category, name, sum(qty), sum(revenue_cents), sum(cost_cents)
FROM reports_month_product GROUP BY 1, 2, 3;

INSERT INTO reports_year_category (year, category, qty, revenue_cents, cost_cents)
SELECT substr(month, 1, 4), category, sum(qty), sum(revenue_cents), sum(cost_cents)
FROM reports_month_product GROUP BY 1, 2;
