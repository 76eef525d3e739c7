-- ClickHouse: page-views.sql with the dates' filter written into each query (no temporary views here)
-- and maxIf / max for FILTER and bool_or.
CREATE TEMPORARY TABLE page_views AS
SELECT
  page_view_id,
  coalesce(maxIf(brand, code = 'view_landing'), max(brand)) AS brand,
  coalesce(maxIf(country, code = 'view_landing'), max(country)) AS country,
  coalesce(maxIf(slug, code = 'view_landing'), max(slug)) AS slug,
  coalesce(max(imprint_hash), max(session_id), page_view_id) AS visitor,
  max(code = 'view_landing') AS viewed,
  maxIf(lcp, code = 'web_vitals') AS lcp,
  maxIf(inp, code = 'web_vitals') AS inp,
  maxIf(cls, code = 'web_vitals') AS cls
FROM events AS e, report_window AS w
WHERE e.problem IS NULL AND e.page_view_id IS NOT NULL
  AND (w.from_time IS NULL OR e.event_time >= w.from_time)
  AND (w.to_time IS NULL OR e.event_time < w.to_time)
GROUP BY page_view_id;

CREATE TEMPORARY TABLE page_view_codes AS
SELECT DISTINCT page_view_id, code
FROM events AS e, report_window AS w
WHERE e.problem IS NULL AND e.page_view_id IS NOT NULL
  AND (w.from_time IS NULL OR e.event_time >= w.from_time)
  AND (w.to_time IS NULL OR e.event_time < w.to_time);
