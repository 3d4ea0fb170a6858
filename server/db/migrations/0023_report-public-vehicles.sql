-- Each report's vehicles as a search result lists them (make, model, year and damage area, in unit order, nulls left
-- out), written with the report beside its whole vehicles: a place search shows 50 reports, and reading their whole
-- vehicles (drivers and all, five times the bytes) to pick four fields cost a third of its time (issue 17's budget).
-- A search filtering on make and year reads them here too.

-- Up Migration

ALTER TABLE reports ADD COLUMN public_vehicles json;
UPDATE reports SET public_vehicles = (
  SELECT coalesce(json_agg(json_strip_nulls(json_build_object(
    'make', v->'make', 'model', v->'model', 'year', v->'year', 'damageArea', v->'damageArea')) ORDER BY (v->>'unit')::int), '[]')
  FROM json_array_elements(vehicles) v);
ALTER TABLE reports ALTER COLUMN public_vehicles SET NOT NULL;

-- Down Migration

ALTER TABLE reports DROP COLUMN public_vehicles;
