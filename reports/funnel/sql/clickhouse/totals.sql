-- ClickHouse: the report's counts; a message the Kafka engine could not read counts as a line.
SELECT
  (SELECT count() FROM events) + (SELECT count() FROM event_errors) AS lines,
  (SELECT count() FROM events WHERE problem IS NULL) AS events,
  (
    SELECT count()
    FROM events AS e, report_window AS w
    WHERE e.problem IS NULL
      AND (w.from_time IS NULL OR e.event_time >= w.from_time)
      AND (w.to_time IS NULL OR e.event_time < w.to_time)
  ) AS events_in_window,
  (SELECT count() FROM page_views) AS page_views;
