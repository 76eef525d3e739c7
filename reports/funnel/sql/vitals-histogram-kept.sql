-- DuckDB, over all dates: vitals-histogram.sql's bins from the page views per value the reads kept
-- (count-vitals.sql).
WITH binned AS (
  SELECT
    v.group_id,
    v.metric,
    least(CAST(floor(greatest(v.value, 0) / t.bin_width) AS INTEGER), t.bins - 1) AS bin,
    sum(v.page_views) AS page_views
  FROM vital_value_counts AS v
  JOIN vital_thresholds AS t ON t.metric = v.metric
  GROUP BY ALL
)
SELECT g.level, g.brand, g.country, g.slug, b.metric, b.bin, b.page_views
FROM binned AS b
JOIN report_groups AS g ON g.group_id = b.group_id
ORDER BY g.level, g.brand, g.country, g.slug, b.metric, b.bin;
