-- DuckDB, after report-groups.sql: the viewed page views of each visitor per group, moved by the page
-- views the piece touched (page_view_group_changes); a group's visitors change by those whose count
-- left or reached zero. Exact, as count(DISTINCT visitor) is.
CREATE OR REPLACE TEMP TABLE visitor_changes AS
WITH delta AS (
  SELECT group_id, visitor, sum(sign) AS page_views
  FROM page_view_group_changes
  WHERE viewed
  GROUP BY group_id, visitor
  HAVING sum(sign) <> 0
)
SELECT d.group_id, d.visitor, coalesce(k.page_views, 0) AS before, coalesce(k.page_views, 0) + d.page_views AS after
FROM delta AS d
LEFT JOIN visitor_views AS k ON k.visitor = d.visitor AND k.group_id = d.group_id;

MERGE INTO visitor_counts AS k
USING (
  SELECT group_id, sum(CAST(after > 0 AS INTEGER) - CAST(before > 0 AS INTEGER)) AS visitors
  FROM visitor_changes
  GROUP BY group_id
  HAVING sum(CAST(after > 0 AS INTEGER) - CAST(before > 0 AS INTEGER)) <> 0
) AS d
ON k.group_id = d.group_id
WHEN MATCHED AND k.visitors + d.visitors = 0 THEN DELETE
WHEN MATCHED THEN UPDATE SET visitors = k.visitors + d.visitors
WHEN NOT MATCHED THEN INSERT (group_id, visitors) VALUES (d.group_id, d.visitors);

MERGE INTO visitor_views AS k
USING visitor_changes AS d
ON k.visitor = d.visitor AND k.group_id = d.group_id
WHEN MATCHED AND d.after = 0 THEN DELETE
WHEN MATCHED THEN UPDATE SET page_views = d.after
WHEN NOT MATCHED THEN INSERT (group_id, visitor, page_views) VALUES (d.group_id, d.visitor, d.after);
