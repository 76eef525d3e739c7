-- The sound events inside the report's dates (the consent choices among them, which name no page view) (reference table report_window(from_time, to_time), either
-- may be NULL), gathered per page view: its landing, its visitor, its vitals, and which codes it sent.
CREATE OR REPLACE TEMP VIEW window_events AS
SELECT e.*
FROM events AS e, report_window AS w
WHERE e.problem IS NULL
  AND (w.from_time IS NULL OR e.event_time >= w.from_time)
  AND (w.to_time IS NULL OR e.event_time < w.to_time);

-- A page view's landing is the one its view_landing names; a visitor is the device fingerprint, else
-- the main-site session, else the page view itself. A second web_vitals beacon of a view counts its worse values.
CREATE OR REPLACE TEMP TABLE page_views AS
SELECT
  page_view_id,
  coalesce(max(brand) FILTER (WHERE code = 'view_landing'), max(brand)) AS brand,
  coalesce(max(country) FILTER (WHERE code = 'view_landing'), max(country)) AS country,
  coalesce(max(slug) FILTER (WHERE code = 'view_landing'), max(slug)) AS slug,
  coalesce(max(imprint_hash), max(session_id), page_view_id) AS visitor,
  bool_or(code = 'view_landing') AS viewed,
  max(lcp) FILTER (WHERE code = 'web_vitals') AS lcp,
  max(inp) FILTER (WHERE code = 'web_vitals') AS inp,
  max(cls) FILTER (WHERE code = 'web_vitals') AS cls
FROM window_events
WHERE page_view_id IS NOT NULL
GROUP BY page_view_id;

CREATE OR REPLACE TEMP TABLE page_view_codes AS
SELECT DISTINCT page_view_id, code
FROM window_events
WHERE page_view_id IS NOT NULL;

-- The experiments' events (experiments.sql, experiment-days.sql): the views that showed a variant and the
-- registrations that name an experiment, each with its page view's visitor and vitals.
CREATE OR REPLACE TEMP VIEW experiment_events AS
SELECT e.code, e.experiment, e.variant, e.page_view_id, e.event_time, e.line_no, pv.visitor, pv.lcp, pv.inp, pv.cls
FROM window_events AS e
JOIN page_views AS pv ON pv.page_view_id = e.page_view_id
WHERE e.experiment IS NOT NULL AND ((e.code = 'view_landing' AND e.variant IS NOT NULL) OR e.code = 'registration_done');
