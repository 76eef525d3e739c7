-- DuckDB, after page-view-state.sql: each landing, brand and country a touched page view now belongs to,
-- and 'all', numbered in report_groups when it is new; and page_view_group_changes, each row of
-- page_view_changes once per group it counts in, for the counts keyed by those numbers (count-*.sql).
INSERT INTO report_groups
SELECT (SELECT coalesce(max(group_id), 0) FROM report_groups) + CAST(row_number() OVER () AS INTEGER), n.*
FROM (
  SELECT
    CASE
      WHEN grouping(slug) = 0 THEN 'landing'
      WHEN grouping(brand) = 0 THEN 'brand'
      WHEN grouping(country) = 0 THEN 'country'
      ELSE 'all'
    END AS level,
    brand,
    country,
    slug
  FROM page_view_changes
  WHERE sign = 1
  GROUP BY GROUPING SETS ((brand, country, slug), (brand), (country), ())
) AS n
ANTI JOIN report_groups AS g
  ON g.level = n.level
  AND g.brand IS NOT DISTINCT FROM n.brand
  AND g.country IS NOT DISTINCT FROM n.country
  AND g.slug IS NOT DISTINCT FROM n.slug;

CREATE OR REPLACE TEMP TABLE page_view_group_changes AS
SELECT g.group_id, c.sign, c.visitor, c.viewed, c.lcp, c.inp, c.cls
FROM page_view_changes AS c
JOIN report_groups AS g ON g.level = 'landing' AND g.brand = c.brand AND g.country = c.country AND g.slug = c.slug
UNION ALL
SELECT g.group_id, c.sign, c.visitor, c.viewed, c.lcp, c.inp, c.cls
FROM page_view_changes AS c
JOIN report_groups AS g ON g.level = 'brand' AND g.brand = c.brand
UNION ALL
SELECT g.group_id, c.sign, c.visitor, c.viewed, c.lcp, c.inp, c.cls
FROM page_view_changes AS c
JOIN report_groups AS g ON g.level = 'country' AND g.country = c.country
UNION ALL
SELECT g.group_id, c.sign, c.visitor, c.viewed, c.lcp, c.inp, c.cls
FROM page_view_changes AS c
JOIN report_groups AS g ON g.level = 'all';
