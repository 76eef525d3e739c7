-- DuckDB, over all dates: vitals.sql's rows from the page views per value the reads kept
-- (count-vitals.sql). The 75th percentile as percentile_cont takes it, to the last bit: at rank
-- r = (measured - 1) * 0.75 (from 0, in the values' order), with d = r - floor(r), the value at floor(r)
-- times (1 - d) plus the value at ceil(r) times d; the value at a rank is the first whose running count
-- passes it.
WITH running AS (
  SELECT
    group_id,
    metric,
    value,
    page_views,
    sum(page_views) OVER (PARTITION BY group_id, metric ORDER BY value ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS up_to,
    CAST(sum(page_views) OVER (PARTITION BY group_id, metric) - 1 AS DOUBLE) * CAST(0.75 AS DOUBLE) AS at_rank
  FROM vital_value_counts
),
bounds AS (
  SELECT
    r.group_id,
    r.metric,
    sum(r.page_views) AS measured,
    any_value(r.at_rank) AS at_rank,
    min(r.value) FILTER (WHERE r.up_to > floor(r.at_rank)) AS low,
    min(r.value) FILTER (WHERE r.up_to > ceil(r.at_rank)) AS high,
    coalesce(sum(r.page_views) FILTER (WHERE r.value <= t.good), 0) AS good,
    coalesce(sum(r.page_views) FILTER (WHERE r.value > t.poor), 0) AS poor
  FROM running AS r
  JOIN vital_thresholds AS t ON t.metric = r.metric
  GROUP BY r.group_id, r.metric
)
SELECT
  g.level,
  g.brand,
  g.country,
  g.slug,
  b.metric,
  b.measured,
  CASE
    WHEN floor(b.at_rank) = ceil(b.at_rank) THEN b.low
    ELSE b.low * (CAST(1 AS DOUBLE) - (b.at_rank - floor(b.at_rank))) + b.high * (b.at_rank - floor(b.at_rank))
  END AS p75,
  b.good,
  b.poor
FROM bounds AS b
JOIN report_groups AS g ON g.group_id = b.group_id
ORDER BY g.level, g.brand, g.country, g.slug, b.metric;
