-- DuckDB, after page-view-state.sql: the piece's experiment events added to experiment_event_state, and
-- the visitor and vitals of every kept one whose page view the piece touched brought up to date
-- (page_view_changes, sign 1: the page view as it stands). The same events as page-views.sql's
-- experiment_events.
UPDATE experiment_event_state AS x
SET visitor = c.visitor, lcp = c.lcp, inp = c.inp, cls = c.cls
FROM page_view_changes AS c
WHERE c.sign = 1 AND c.page_view_id = x.page_view_id;

INSERT INTO experiment_event_state
SELECT e.code, e.experiment, e.variant, e.page_view_id, e.event_time, e.line_no, c.visitor, c.lcp, c.inp, c.cls
FROM events AS e
JOIN page_view_changes AS c ON c.page_view_id = e.page_view_id AND c.sign = 1
WHERE e.line_no > getvariable('lines_read')
  AND e.problem IS NULL
  AND e.experiment IS NOT NULL
  AND ((e.code = 'view_landing' AND e.variant IS NOT NULL) OR e.code = 'registration_done');
