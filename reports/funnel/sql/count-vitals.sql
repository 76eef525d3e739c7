-- DuckDB, after report-groups.sql: page views per group, vital and value, moved by the page views the
-- piece touched (page_view_group_changes): a later, worse beacon moves its page view to the worse value.
MERGE INTO vital_value_counts AS k
USING (
  WITH vital_values AS (
    SELECT sign, group_id, 'lcp' AS metric, lcp AS value FROM page_view_group_changes WHERE lcp IS NOT NULL
    UNION ALL
    SELECT sign, group_id, 'inp', inp FROM page_view_group_changes WHERE inp IS NOT NULL
    UNION ALL
    SELECT sign, group_id, 'cls', cls FROM page_view_group_changes WHERE cls IS NOT NULL
  )
  SELECT group_id, metric, value, sum(sign) AS page_views
  FROM vital_values
  GROUP BY group_id, metric, value
  HAVING sum(sign) <> 0
) AS d
ON k.group_id = d.group_id AND k.metric = d.metric AND k.value = d.value
WHEN MATCHED AND k.page_views + d.page_views = 0 THEN DELETE
WHEN MATCHED THEN UPDATE SET page_views = k.page_views + d.page_views
WHEN NOT MATCHED THEN INSERT (group_id, metric, value, page_views) VALUES (d.group_id, d.metric, d.value, d.page_views);
