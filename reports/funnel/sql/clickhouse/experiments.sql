-- Per experiment and variant (detail.experiment, detail.variant): visitors, those of them who registered,
-- and the Core Web Vitals of the page views that showed the variant. Needs window_events and page_views
-- (page-views.sql). A visitor counts once, in the variant of their first view in the experiment: a later
-- view in another variant does not move them. A registration counts for a visitor who sent
-- registration_done with that experiment in its detail.
-- ClickHouse: argMin for first(... ORDER BY ...), quantileExactInclusive for percentile_cont, the dates'
-- filter as a CTE; join_use_nulls keeps the left join's NULLs.
WITH window_events AS (
  SELECT e.*
  FROM events AS e, report_window AS w
  WHERE e.problem IS NULL
    AND (w.from_time IS NULL OR e.event_time >= w.from_time)
    AND (w.to_time IS NULL OR e.event_time < w.to_time)
),
experiment_views AS (
  SELECT e.experiment, e.variant, e.page_view_id, e.event_time, e.line_no, pv.visitor
  FROM window_events AS e
  JOIN page_views AS pv ON pv.page_view_id = e.page_view_id
  WHERE e.code = 'view_landing' AND e.experiment IS NOT NULL AND e.variant IS NOT NULL
),
assigned AS (
  SELECT experiment, visitor, argMin(variant, (event_time, line_no)) AS variant
  FROM experiment_views
  GROUP BY experiment, visitor
),
registered AS (
  SELECT DISTINCT e.experiment, pv.visitor
  FROM window_events AS e
  JOIN page_views AS pv ON pv.page_view_id = e.page_view_id
  WHERE e.code = 'registration_done' AND e.experiment IS NOT NULL
),
counts AS (
  SELECT a.experiment, a.variant, count(*) AS visitors, count(r.visitor) AS registrations
  FROM assigned AS a
  LEFT JOIN registered AS r ON r.experiment = a.experiment AND r.visitor = a.visitor
  GROUP BY a.experiment, a.variant
),
variant_views AS (
  SELECT DISTINCT experiment, variant, page_view_id
  FROM experiment_views
),
vitals AS (
  SELECT
    v.experiment,
    v.variant,
    count(pv.lcp) AS lcp_measured,
    quantileExactInclusive(0.75)(pv.lcp) AS lcp_p75,
    count(pv.inp) AS inp_measured,
    quantileExactInclusive(0.75)(pv.inp) AS inp_p75,
    count(pv.cls) AS cls_measured,
    quantileExactInclusive(0.75)(pv.cls) AS cls_p75
  FROM variant_views AS v
  JOIN page_views AS pv ON pv.page_view_id = v.page_view_id
  GROUP BY v.experiment, v.variant
)
SELECT
  c.experiment,
  c.variant,
  c.visitors,
  c.registrations,
  coalesce(t.lcp_measured, 0) AS lcp_measured,
  t.lcp_p75,
  coalesce(t.inp_measured, 0) AS inp_measured,
  t.inp_p75,
  coalesce(t.cls_measured, 0) AS cls_measured,
  t.cls_p75
FROM counts AS c
LEFT JOIN vitals AS t ON t.experiment = c.experiment AND t.variant = c.variant
ORDER BY c.experiment, c.variant;
