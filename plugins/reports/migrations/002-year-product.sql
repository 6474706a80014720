-- The yearly report grouped ~600k product-month rows at 50,000 products (0.33-0.62 s, #18). Year totals per
-- category and product name, kept by triggers on the month totals themselves: every change to a month row
-- (the sales triggers of 001 insert or upsert it) adds the same change to its year row, in the same
-- transaction. A yearly report then reads one row per product sold that year, already summed.
CREATE TABLE reports_year_product (
  year TEXT NOT NULL,
  category TEXT NOT NULL,
  name TEXT NOT NULL,
  qty INTEGER NOT NULL,
  revenue_cents INTEGER NOT NULL,
  cost_cents INTEGER NOT NULL,
  PRIMARY KEY (year, category, name)
) WITHOUT ROWID;

CREATE TRIGGER reports_month_product_insert AFTER INSERT ON reports_month_product BEGIN
  INSERT INTO reports_year_product VALUES (substr(new.month, 1, 4), new.category, new.name, new.qty, new.revenue_cents, new.cost_cents)
  ON CONFLICT (year, category, name) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;
END;

-- An upsert's DO UPDATE fires this: the difference goes to the year (the key columns never change in place,
-- but a change of key moves the old figures out of one year row and into the other all the same).
CREATE TRIGGER reports_month_product_update AFTER UPDATE ON reports_month_product BEGIN
  INSERT INTO reports_year_product VALUES (substr(old.month, 1, 4), old.category, old.name, -old.qty, -old.revenue_cents, -old.cost_cents)
  ON CONFLICT (year, category, name) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;
  INSERT INTO reports_year_product VALUES (substr(new.month, 1, 4), new.category, new.name, new.qty, new.revenue_cents, new.cost_cents)
  ON CONFLICT (year, category, name) DO UPDATE SET qty = qty + excluded.qty,
    revenue_cents = revenue_cents + excluded.revenue_cents, cost_cents = cost_cents + excluded.cost_cents;
END;

CREATE TRIGGER reports_month_product_delete AFTER DELETE ON reports_month_product BEGIN
  UPDATE reports_year_product SET qty = qty - old.qty, revenue_cents = revenue_cents - old.revenue_cents, cost_cents = cost_cents - old.cost_cents
  WHERE year = substr(old.month, 1, 4) AND category = old.category AND name = old.name;
END;

-- Totals for the months already summed.
INSERT INTO reports_year_product
SELECT substr(month, 1, 4), category, name, sum(qty), sum(revenue_cents), sum(cost_cents)
FROM reports_month_product GROUP BY 1, 2, 3;
