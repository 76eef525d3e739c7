-- DuckDB, for a report over all dates: page-views.sql's tables read from what the reads kept
-- (page-view-state.sql) instead of gathered again from every event.
CREATE OR REPLACE TEMP VIEW window_events AS
SELECT *
FROM events
WHERE problem IS NULL;

CREATE OR REPLACE TEMP VIEW page_views AS
SELECT
  page_view_id,
  coalesce(landing_brand, any_brand) AS brand,
  coalesce(landing_country, any_country) AS country,
  coalesce(landing_slug, any_slug) AS slug,
  coalesce(imprint_hash, session_id, page_view_id) AS visitor,
  viewed,
  lcp,
  inp,
  cls
FROM page_view_state;

CREATE OR REPLACE TEMP VIEW page_view_codes AS
SELECT page_view_id, code
FROM page_view_code_state;
