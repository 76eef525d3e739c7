-- DuckDB, for a report over all dates: page-views.sql's relations read from what the reads kept
-- (page-view-state.sql, experiment-events.sql) instead of gathered again from every event.
CREATE OR REPLACE TEMP VIEW window_events AS
SELECT *
FROM events
WHERE problem IS NULL;

CREATE OR REPLACE TEMP VIEW page_views AS
SELECT page_view_id
FROM page_view_state;

CREATE OR REPLACE TEMP VIEW experiment_events AS
SELECT *
FROM experiment_event_state;
