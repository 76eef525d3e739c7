-- DuckDB, over all dates: visitors.sql's rows from the counts the reads kept (count-visitors.sql). A log
-- without a view still has the row over all landings, with no visitors, as visitors.sql's empty
-- grouping set gives it.
SELECT g.level, g.brand, g.country, g.slug, v.visitors
FROM visitor_counts AS v
JOIN report_groups AS g ON g.group_id = v.group_id
UNION ALL
SELECT 'all', NULL, NULL, NULL, 0
WHERE NOT EXISTS (SELECT 1 FROM visitor_counts AS v JOIN report_groups AS g ON g.group_id = v.group_id WHERE g.level = 'all')
ORDER BY level, brand, country, slug;
