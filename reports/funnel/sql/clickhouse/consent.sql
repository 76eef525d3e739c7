-- ClickHouse: consent.sql with the dates' filter written in (no temporary views here).
SELECT
  country,
  consent_mode,
  countIf(choice = 'accept') AS accepted,
  countIf(choice = 'refuse') AS refused,
  countIf(choice = 'withdraw') AS withdrawn
FROM events AS e, report_window AS w
WHERE e.problem IS NULL AND e.code = 'consent_choice'
  AND (w.from_time IS NULL OR e.event_time >= w.from_time)
  AND (w.to_time IS NULL OR e.event_time < w.to_time)
GROUP BY country, consent_mode
ORDER BY country, consent_mode;
