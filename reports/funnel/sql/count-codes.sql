-- DuckDB, after page-view-state.sql: the page views that sent each code, per landing, moved by the page
-- views the piece touched (page_view_changes).
MERGE INTO landing_code_counts AS k
USING (
  SELECT brand, country, slug, code, sum(sign) AS page_views
  FROM (SELECT sign, brand, country, slug, unnest(codes) AS code FROM page_view_changes)
  GROUP BY brand, country, slug, code
  HAVING sum(sign) <> 0
) AS d
ON k.brand = d.brand AND k.country = d.country AND k.slug = d.slug AND k.code = d.code
WHEN MATCHED AND k.page_views + d.page_views = 0 THEN DELETE
WHEN MATCHED THEN UPDATE SET page_views = k.page_views + d.page_views
WHEN NOT MATCHED THEN INSERT (brand, country, slug, code, page_views) VALUES (d.brand, d.country, d.slug, d.code, d.page_views);
