-- One typed row per non-blank line of log_lines, with the problem that keeps it out of the counts (or
-- NULL), added to events (schema.sql); line_no goes on from the lines_read of the runs before. A sound
-- line the stand-in marked "preview" (a page the editor's preview or the QA index opened) is kept out as
-- 'preview': not a visitor's, and not bad input either.
-- Reference table: event_codes(code). The JSON functions are DuckDB's; ClickHouse parses in the view of
-- contract/clickhouse/views.sql.
INSERT INTO events
WITH parsed AS (
  -- One parse per line for all the fields; try() turns a line that is not JSON into NULL.
  SELECT
    line_no + getvariable('lines_read') AS line_no,
    try(json_extract_string(line, [
      '$.action',
      '$.event.date',
      '$.event.detail.pageViewId',
      '$.event.detail.brand',
      '$.event.detail.country',
      '$.event.detail.slug',
      '$.event.additional_data.imprintHash',
      '$.event.additional_data.sessionId',
      '$.event.detail.lcp',
      '$.event.detail.inp',
      '$.event.detail.cls',
      '$.event.detail.experiment',
      '$.event.detail.variant',
      '$.event.detail.market',
      '$.event.detail.choice',
      '$.event.detail.consentMode',
      '$.preview'
    ])) AS f
  FROM log_lines
  WHERE trim(line) <> ''
),
typed AS (
  SELECT
    line_no,
    f[1] AS code,
    nullif(f[3], '') AS page_view_id,
    nullif(f[4], '') AS brand,
    -- A consent choice names its landing's country as the market.
    nullif(CASE WHEN f[1] = 'consent_choice' THEN f[14] ELSE f[5] END, '') AS country,
    nullif(f[6], '') AS slug,
    nullif(f[7], '') AS imprint_hash,
    nullif(f[8], '') AS session_id,
    try_cast(f[2] AS TIMESTAMP WITH TIME ZONE) AS event_time,
    try_cast(f[9] AS DOUBLE) AS lcp,
    try_cast(f[10] AS DOUBLE) AS inp,
    try_cast(f[11] AS DOUBLE) AS cls,
    nullif(f[12], '') AS experiment,
    nullif(f[13], '') AS variant,
    nullif(f[15], '') AS choice,
    nullif(f[16], '') AS consent_mode,
    f[17] = 'true' AS preview
  FROM parsed
)
SELECT
  line_no, code, page_view_id, brand, country, slug, imprint_hash, session_id, event_time, lcp, inp, cls, experiment, variant,
  choice, consent_mode,
  CASE
    WHEN code IS NULL THEN 'malformed'
    WHEN code NOT IN (SELECT code FROM event_codes) THEN 'unknown_code'
    -- The consent choice alone names no page view: an opt-in market sends it before any identifier.
    WHEN code = 'consent_choice' AND (choice IS NULL OR choice NOT IN ('accept', 'refuse', 'withdraw')) THEN 'no_choice'
    WHEN page_view_id IS NULL AND code <> 'consent_choice' THEN 'no_page_view'
    WHEN brand IS NULL OR country IS NULL OR slug IS NULL THEN 'no_landing'
    WHEN event_time IS NULL THEN 'no_date'
    WHEN preview THEN 'preview'
  END AS problem
FROM typed;
