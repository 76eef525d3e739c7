-- DuckDB, after events.sql has added a piece: the piece's sound events gathered per page view and merged
-- into page_view_state by the same rules as page-views.sql (every figure a max, so a merge is a max too;
-- greatest skips NULLs), and the codes each sent added to page_view_code_state.
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
  max(cls) FILTER (WHERE code = 'web_vitals') AS cls
FROM events
WHERE line_no > getvariable('lines_read') AND problem IS NULL
GROUP BY page_view_id;

UPDATE page_view_state AS s
SET
  landing_brand = greatest(s.landing_brand, t.landing_brand),
  landing_country = greatest(s.landing_country, t.landing_country),
  landing_slug = greatest(s.landing_slug, t.landing_slug),
  any_brand = greatest(s.any_brand, t.any_brand),
  any_country = greatest(s.any_country, t.any_country),
  any_slug = greatest(s.any_slug, t.any_slug),
  imprint_hash = greatest(s.imprint_hash, t.imprint_hash),
  session_id = greatest(s.session_id, t.session_id),
  viewed = s.viewed OR t.viewed,
  lcp = greatest(s.lcp, t.lcp),
  inp = greatest(s.inp, t.inp),
  cls = greatest(s.cls, t.cls)
FROM touched AS t
WHERE s.page_view_id = t.page_view_id;

INSERT INTO page_view_state
SELECT t.*
FROM touched AS t
ANTI JOIN page_view_state AS s ON s.page_view_id = t.page_view_id;

INSERT INTO page_view_code_state
SELECT DISTINCT page_view_id, code
FROM events
WHERE line_no > getvariable('lines_read') AND problem IS NULL
EXCEPT
SELECT c.page_view_id, c.code
FROM page_view_code_state AS c
SEMI JOIN touched AS t ON t.page_view_id = c.page_view_id;
