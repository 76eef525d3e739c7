-- The consent choices inside the report's dates per market and consent mode (a market whose mode changed
-- has a row for each): how many accepted, refused and withdrew. Needs window_events (page-views.sql).
SELECT
  country,
  consent_mode,
  count(CASE WHEN choice = 'accept' THEN 1 END) AS accepted,
  count(CASE WHEN choice = 'refuse' THEN 1 END) AS refused,
  count(CASE WHEN choice = 'withdraw' THEN 1 END) AS withdrawn
FROM window_events
WHERE code = 'consent_choice'
GROUP BY country, consent_mode
ORDER BY country, consent_mode;
