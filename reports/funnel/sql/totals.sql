-- The report's counts: non-blank lines read or not, sound events, those inside the dates, page views.
SELECT
  (SELECT count(*) FROM events) + (SELECT count(*) FROM unreadable_lines) AS lines,
  (SELECT count(*) FROM events WHERE problem IS NULL) AS events,
  (SELECT count(*) FROM window_events) AS events_in_window,
  (SELECT count(*) FROM page_views) AS page_views;
