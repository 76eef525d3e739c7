-- Per experiment and variant (detail.experiment, detail.variant): visitors, those of them who registered,
-- and the Core Web Vitals of the page views that showed the variant. Needs experiment_events
-- (page-views.sql, page-views-kept.sql). A visitor counts once, in the variant of their first view in the experiment: a later
-- view in another variant does not move them. A registration counts for a visitor who sent
-- registration_done with that experiment in its detail.
WITH experiment_views AS (
  SELECT experiment, variant, page_view_id, event_time, line_no, visitor, lcp, inp, cls
  FROM experiment_events
  WHERE code = 'view_landing'
),
assigned AS (
  SELECT experiment, visitor, first(variant ORDER BY event_time, line_no) AS variant
  FROM experiment_views
  GROUP BY experiment, visitor
),
registered AS (
  SELECT DISTINCT experiment, visitor
  FROM experiment_events
  WHERE code = 'registration_done'
),
counts AS (
  SELECT a.experiment, a.variant, count(*) AS visitors, count(r.visitor) AS registrations
  FROM assigned AS a
  LEFT JOIN registered AS r ON r.experiment = a.experiment AND r.visitor = a.visitor
  GROUP BY a.experiment, a.variant
),
variant_views AS (
  -- A page view's vitals are its own: one row per page view that showed the variant.
  SELECT DISTINCT experiment, variant, page_view_id, lcp, inp, cls
  FROM experiment_views
),
vitals AS (
  SELECT
    experiment,
    variant,
    count(lcp) AS lcp_measured,
    percentile_cont(0.75) WITHIN GROUP (ORDER BY lcp) AS lcp_p75,
    count(inp) AS inp_measured,
    percentile_cont(0.75) WITHIN GROUP (ORDER BY inp) AS inp_p75,
    count(cls) AS cls_measured,
    percentile_cont(0.75) WITHIN GROUP (ORDER BY cls) AS cls_p75
  FROM variant_views
  GROUP BY experiment, variant
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
