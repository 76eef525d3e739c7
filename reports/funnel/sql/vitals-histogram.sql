-- How the measured values spread, for the plots: page views per bin of vital_thresholds' bin_width,
-- the last bin holding everything from bin_width * (bins - 1) up.
WITH vital_values AS (
  SELECT brand, country, slug, 'lcp' AS metric, lcp AS value FROM page_views WHERE lcp IS NOT NULL
  UNION ALL
  SELECT brand, country, slug, 'inp', inp FROM page_views WHERE inp IS NOT NULL
  UNION ALL
  SELECT brand, country, slug, 'cls', cls FROM page_views WHERE cls IS NOT NULL
),
binned AS (
  SELECT v.brand, v.country, v.slug, v.metric, least(CAST(floor(greatest(v.value, 0) / t.bin_width) AS INTEGER), t.bins - 1) AS bin
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
  bin,
  count(*) AS page_views
FROM binned
GROUP BY GROUPING SETS ((metric, bin, brand, country, slug), (metric, bin, brand), (metric, bin, country), (metric, bin))
ORDER BY level, brand, country, slug, metric, bin;
