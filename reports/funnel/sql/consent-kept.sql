-- DuckDB, for a report over all dates: consent.sql's rows from what the reads kept (count-consent.sql).
SELECT
  country,
  consent_mode,
  coalesce(sum(choices) FILTER (WHERE choice = 'accept'), 0) AS accepted,
  coalesce(sum(choices) FILTER (WHERE choice = 'refuse'), 0) AS refused,
  coalesce(sum(choices) FILTER (WHERE choice = 'withdraw'), 0) AS withdrawn
FROM consent_counts
GROUP BY country, consent_mode
ORDER BY country, consent_mode;
