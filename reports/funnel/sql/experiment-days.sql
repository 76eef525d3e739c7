-- Per experiment, variant and day (event.date, UTC): the visitors whose first view in the experiment was
-- that day, and the registrations of the variant's visitors that day adds, so that the sums up to a day
-- are the counts of experiments.sql as they stood at its end. Needs experiment_events (page-views.sql,
-- page-views-kept.sql). The same rules as experiments.sql: a visitor counts once, in the variant of their
-- first view; their registration counts on the later of that day and the day they first registered.
WITH experiment_views AS (
  SELECT experiment, variant, event_time, line_no, visitor
  FROM experiment_events
  WHERE code = 'view_landing'
),
ranked AS (
  SELECT
    experiment,
    visitor,
    variant,
    event_time,
    row_number() OVER (PARTITION BY experiment, visitor ORDER BY event_time, line_no) AS position
  FROM experiment_views
),
assigned AS (
  SELECT experiment, visitor, variant, CAST(event_time AS DATE) AS day
  FROM ranked
  WHERE position = 1
),
registered AS (
  SELECT experiment, visitor, min(CAST(event_time AS DATE)) AS day
  FROM experiment_events
  WHERE code = 'registration_done'
  GROUP BY experiment, visitor
),
changes AS (
  SELECT experiment, variant, day, 1 AS visitors, 0 AS registrations
  FROM assigned
  UNION ALL
  SELECT a.experiment, a.variant, greatest(a.day, r.day) AS day, 0 AS visitors, 1 AS registrations
  FROM assigned AS a
  JOIN registered AS r ON r.experiment = a.experiment AND r.visitor = a.visitor
)
SELECT experiment, variant, CAST(day AS VARCHAR) AS day, sum(visitors) AS visitors, sum(registrations) AS registrations
FROM changes
GROUP BY experiment, variant, day
ORDER BY experiment, variant, day;
