-- Visitors behind the views (page views that sent view_landing), per landing and rolled up: a visitor
-- who came back, or saw two landings of a brand, counts once in each group.
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
  count(DISTINCT visitor) AS visitors
FROM page_views
WHERE viewed
GROUP BY GROUPING SETS ((brand, country, slug), (brand), (country), ())
ORDER BY level, brand, country, slug;
