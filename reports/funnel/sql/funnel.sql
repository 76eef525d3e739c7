-- Page views that sent each code, per landing and rolled up per brand, per country and over all.
-- A page view counts once per code however often it sent it.
SELECT
  CASE
    WHEN grouping(pv.slug) = 0 THEN 'landing'
    WHEN grouping(pv.brand) = 0 THEN 'brand'
    WHEN grouping(pv.country) = 0 THEN 'country'
    ELSE 'all'
  END AS level,
  pv.brand,
  pv.country,
  pv.slug,
  c.code,
  count(*) AS page_views
FROM page_view_codes AS c
JOIN page_views AS pv ON pv.page_view_id = c.page_view_id
GROUP BY GROUPING SETS (
  (c.code, pv.brand, pv.country, pv.slug),
  (c.code, pv.brand),
  (c.code, pv.country),
  (c.code)
)
ORDER BY level, pv.brand, pv.country, pv.slug, c.code;
