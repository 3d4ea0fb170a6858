-- The place search reads the grid cells merged, newest first across them, and stops once it has its reports, so that
-- what it reads stays about the same however dense the area grows (issue 37, part 4).
--
-- search_place (0035) read each cell's newest `lim` reports within the radius, one cell after another: with the dates'
-- reports spread over ~20 cells, 234 index entries looked at at 1,000,000 reports and 677 at 5,000,000 for the densest
-- area's 10 miles over 14 days, where the newest 51 of them lie in the last 4 days at 1,000,000 and the last day at
-- 5,000,000. Now it reads the cells together (one index scan of reports_geo_idx for all of them, geo_cell = ANY) a
-- slice of time at a time from the newest: the last day first, then back as far as the hits found so far say the rest
-- needs (at most 16 times the span read), a third slice so if need be, then all that is left. A slice's hits are all
-- newer than the next one's, so the newest `lim` are those of the first slices, in order. Each slice reads only the
-- months its instants can be on (a local day is within a day of its UTC day).
--
-- The found reports are then read again by id, all at once (reports_pkey, in the months of their days): an id is one
-- report's (report_ids' key), and 0035 read them one by one, by id and day.
--
-- The answer is the same as 0035's: the newest `lim` within the radius (to the public location, or with `exact` the
-- report's own), ties by id in byte order, with a make or years, the dates as 0035 took them (no dates: -infinity and
-- infinity).

-- Up Migration

CREATE OR REPLACE FUNCTION search_place(
  cells int[], lat float8, lng float8, radius float8, from_day date, to_day date, earliest timestamptz, latest timestamptz,
  lim int, exact boolean, make text, year_from int, year_to int
) RETURNS json LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  answer json;
  -- The hits found so far, newest first: their ids and days.
  ids text[] := '{}';
  days date[] := '{}';
  more_ids text[];
  more_days date[];
  -- Where the slices start from: now, or the end of the dates (latest is 2 days past their last day; an offset from
  -- UTC is at most 12 hours behind).
  newest timestamptz := least(latest - interval '12 hours', now());
  -- The slice read: [since, upto).
  since timestamptz := greatest(earliest, least(latest - interval '12 hours', now()) - interval '1 day');
  upto timestamptz := latest;
  slices int := 1;
BEGIN
  LOOP
    SELECT coalesce(array_agg(h.id ORDER BY h.occurred_at DESC, h.id COLLATE "C"), '{}'),
      coalesce(array_agg(h.occurred_on ORDER BY h.occurred_at DESC, h.id COLLATE "C"), '{}')
    INTO more_ids, more_days
    FROM (
      SELECT r.id, r.occurred_at, r.occurred_on FROM reports r
      WHERE r.geo_cell = ANY (cells) AND r.occurred_on BETWEEN from_day AND to_day AND r.occurred_at >= since AND r.occurred_at < upto
        AND r.occurred_on BETWEEN (since AT TIME ZONE 'UTC')::date - 1 AND (upto AT TIME ZONE 'UTC')::date + 1
        AND 2 * 3958.8 * asin(least(1, sqrt(
          sin(radians(CASE WHEN exact THEN r.lat ELSE floor(r.lat * 1000::float8 + 0.5::float8) / 1000::float8 END - search_place.lat) / 2) ^ 2
          + cos(radians(search_place.lat)) * cos(radians(CASE WHEN exact THEN r.lat ELSE floor(r.lat * 1000::float8 + 0.5::float8) / 1000::float8 END))
          * sin(radians(CASE WHEN exact THEN r.lng ELSE floor(r.lng * 1000::float8 + 0.5::float8) / 1000::float8 END - search_place.lng) / 2) ^ 2))) <= radius
        AND (make IS NULL AND year_from IS NULL OR EXISTS (
          SELECT 1 FROM reports w CROSS JOIN LATERAL json_array_elements(w.public_vehicles) v
          WHERE w.id = r.id AND w.occurred_on = r.occurred_on AND w.occurred_on BETWEEN from_day AND to_day
            AND (make IS NULL OR v->>'make' = make) AND (year_from IS NULL OR (v->>'year')::int BETWEEN year_from AND year_to)))
      ORDER BY r.occurred_at DESC, r.id COLLATE "C" LIMIT lim - cardinality(ids)
    ) h;
    ids := ids || more_ids;
    days := days || more_days;
    EXIT WHEN cardinality(ids) >= lim OR since <= earliest;
    -- The next slice: back to where the hits found so far, at the rate found, would make 1.5 times what is wanted (at
    -- most 16 times the span read); after three, all that is left.
    upto := since;
    since := CASE WHEN slices = 3 THEN earliest
      ELSE greatest(earliest, newest - (newest - since) * least(16, 1.5::float8 * lim / greatest(cardinality(ids), 1))) END;
    slices := slices + 1;
  END LOOP;
  SELECT json_agg(json_build_array(r.id, (extract(epoch FROM r.occurred_at) * 1000)::float8, r.utc_offset, r.city, r.state, r.lat, r.lng,
    r.injured_count, r.fatal_count, r.demo, r.public_vehicles) ORDER BY r.occurred_at DESC, r.id COLLATE "C")
  INTO answer
  FROM reports r WHERE r.id = ANY (ids) AND r.occurred_on BETWEEN from_day AND to_day
    AND r.occurred_on BETWEEN (SELECT min(d) FROM unnest(days) AS d) AND (SELECT max(d) FROM unnest(days) AS d);
  RETURN answer;
END $$;

-- Down Migration

CREATE OR REPLACE FUNCTION search_place(
  cells int[], lat float8, lng float8, radius float8, from_day date, to_day date, earliest timestamptz, latest timestamptz,
  lim int, exact boolean, make text, year_from int, year_to int
) RETURNS json LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
DECLARE answer json;
BEGIN
  WITH hits AS (
    SELECT r.id, r.occurred_at, r.occurred_on FROM unnest(cells) AS cell (n) CROSS JOIN LATERAL (
      SELECT r.id, r.occurred_at, r.occurred_on FROM reports r
      WHERE r.geo_cell = cell.n AND r.occurred_on BETWEEN from_day AND to_day AND r.occurred_at >= earliest AND r.occurred_at < latest
        AND 2 * 3958.8 * asin(least(1, sqrt(
          sin(radians(CASE WHEN exact THEN r.lat ELSE floor(r.lat * 1000::float8 + 0.5::float8) / 1000::float8 END - search_place.lat) / 2) ^ 2
          + cos(radians(search_place.lat)) * cos(radians(CASE WHEN exact THEN r.lat ELSE floor(r.lat * 1000::float8 + 0.5::float8) / 1000::float8 END))
          * sin(radians(CASE WHEN exact THEN r.lng ELSE floor(r.lng * 1000::float8 + 0.5::float8) / 1000::float8 END - search_place.lng) / 2) ^ 2))) <= radius
        AND (make IS NULL AND year_from IS NULL OR EXISTS (
          SELECT 1 FROM reports w CROSS JOIN LATERAL json_array_elements(w.public_vehicles) v
          WHERE w.id = r.id AND w.occurred_on = r.occurred_on AND w.occurred_on BETWEEN from_day AND to_day
            AND (make IS NULL OR v->>'make' = make) AND (year_from IS NULL OR (v->>'year')::int BETWEEN year_from AND year_to)))
      ORDER BY r.occurred_at DESC, r.id COLLATE "C" LIMIT lim
    ) r
    ORDER BY r.occurred_at DESC, r.id COLLATE "C" LIMIT lim
  )
  SELECT json_agg(json_build_array(r.id, (extract(epoch FROM r.occurred_at) * 1000)::float8, r.utc_offset, r.city, r.state, r.lat, r.lng,
    r.injured_count, r.fatal_count, r.demo, r.public_vehicles) ORDER BY hits.occurred_at DESC, hits.id COLLATE "C")
  INTO answer
  FROM hits CROSS JOIN LATERAL (
    SELECT * FROM reports r WHERE r.id = hits.id AND r.occurred_on = hits.occurred_on AND r.occurred_on BETWEEN from_day AND to_day LIMIT 1
  ) r;
  RETURN answer;
END $$;
