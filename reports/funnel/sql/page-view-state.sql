-- DuckDB, after events.sql has added a piece: the piece's sound events gathered per page view and merged
-- into page_view_state by the same rules as page-views.sql (every figure a max, so a merge is a max too;
-- greatest skips NULLs; the codes a union). The page views the piece touched are left in
-- page_view_changes as they stood before it (sign -1) and as they stand now (+1), for the counts kept
-- from them (count-*.sql).
CREATE OR REPLACE TEMP TABLE touched AS
SELECT
  page_view_id,
  max(brand) FILTER (WHERE code = 'view_landing') AS landing_brand,
  max(country) FILTER (WHERE code = 'view_landing') AS landing_country,
  max(slug) FILTER (WHERE code = 'view_landing') AS landing_slug,
  max(brand) AS any_brand,
  max(country) AS any_country,
  max(slug) AS any_slug,
  max(imprint_hash) AS imprint_hash,
  max(session_id) AS session_id,
  bool_or(code = 'view_landing') AS viewed,
  max(lcp) FILTER (WHERE code = 'web_vitals') AS lcp,
  max(inp) FILTER (WHERE code = 'web_vitals') AS inp,
  max(cls) FILTER (WHERE code = 'web_vitals') AS cls,
  list_distinct(list(code)) AS codes
FROM events
WHERE line_no > getvariable('lines_read') AND problem IS NULL AND page_view_id IS NOT NULL
GROUP BY page_view_id;

CREATE OR REPLACE TEMP TABLE state_before AS
SELECT s.*
FROM page_view_state AS s
SEMI JOIN touched AS t ON t.page_view_id = s.page_view_id;

CREATE OR REPLACE TEMP TABLE state_after AS
SELECT
  t.page_view_id,
  greatest(b.landing_brand, t.landing_brand) AS landing_brand,
  greatest(b.landing_country, t.landing_country) AS landing_country,
  greatest(b.landing_slug, t.landing_slug) AS landing_slug,
  greatest(b.any_brand, t.any_brand) AS any_brand,
  greatest(b.any_country, t.any_country) AS any_country,
  greatest(b.any_slug, t.any_slug) AS any_slug,
  greatest(b.imprint_hash, t.imprint_hash) AS imprint_hash,
  greatest(b.session_id, t.session_id) AS session_id,
  coalesce(b.viewed, false) OR t.viewed AS viewed,
  greatest(b.lcp, t.lcp) AS lcp,
  greatest(b.inp, t.inp) AS inp,
  greatest(b.cls, t.cls) AS cls,
  CASE WHEN b.codes IS NULL THEN t.codes ELSE list_distinct(list_concat(b.codes, t.codes)) END AS codes
FROM touched AS t
LEFT JOIN state_before AS b ON b.page_view_id = t.page_view_id;

DELETE FROM page_view_state AS s
USING state_before AS b
WHERE s.page_view_id = b.page_view_id;

INSERT INTO page_view_state
SELECT *
FROM state_after;

-- A page view's landing is the one its view_landing names; a visitor is the device fingerprint, else
-- the main-site session, else the page view itself (page-views.sql gathers them the same way).
CREATE OR REPLACE TEMP TABLE page_view_changes AS
SELECT
  sign,
  page_view_id,
  coalesce(landing_brand, any_brand) AS brand,
  coalesce(landing_country, any_country) AS country,
  coalesce(landing_slug, any_slug) AS slug,
  coalesce(imprint_hash, session_id, page_view_id) AS visitor,
  viewed,
  lcp,
  inp,
  cls,
  codes
FROM (
  SELECT -1 AS sign, * FROM state_before
  UNION ALL
  SELECT 1 AS sign, * FROM state_after
);
