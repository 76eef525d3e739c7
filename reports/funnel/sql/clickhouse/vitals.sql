-- Core Web Vitals per landing and rolled up: page views measured, the 75th percentile (interpolated),
-- and how many were good or poor by the reference table vital_thresholds(metric, good, poor, ...).
-- ClickHouse: quantileExactInclusive interpolates as percentile_cont does (R's type 7).
WITH vital_values AS (
  SELECT brand, country, slug, 'lcp' AS metric, lcp AS value FROM page_views WHERE lcp IS NOT NULL
  UNION ALL
  SELECT brand, country, slug, 'inp', inp FROM page_views WHERE inp IS NOT NULL
  UNION ALL
  SELECT brand, country, slug, 'cls', cls FROM page_views WHERE cls IS NOT NULL
),
judged AS (
  SELECT v.*, v.value <= t.good AS is_good, v.value > t.poor AS is_poor
  FROM vital_values AS v
  JOIN vital_thresholds AS t ON t.metric = v.metric
)
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
  metric,
  count(*) AS measured,
  quantileExactInclusive(0.75)(value) AS p75,
  countIf(is_good) AS good,
  countIf(is_poor) AS poor
FROM judged
GROUP BY GROUPING SETS ((metric, brand, country, slug), (metric, brand), (metric, country), (metric))
ORDER BY level, brand, country, slug, metric;
