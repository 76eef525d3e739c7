-- DuckDB, over all dates: funnel.sql's rows from the counts the reads kept (count-codes.sql). A page view
-- belongs to one landing, so a brand's or a country's count is the sum of its landings'.
SELECT
  CASE
    WHEN grouping(slug) = 0 THEN 'landing'
    WHEN grouping(brand) = 0 THEN 'brand'
    WHEN grouping(country) = 0 THEN 'country'
    ELSE 'all'
  END AS level,
  brand,
  country,
  slug,
  code,
  sum(page_views) AS page_views
FROM landing_code_counts
GROUP BY GROUPING SETS ((code, brand, country, slug), (code, brand), (code, country), (code))
ORDER BY level, brand, country, slug, code;
