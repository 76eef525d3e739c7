-- DuckDB: the tables the report keeps between runs. events holds one typed row per non-blank line read
-- (line_no counts the lines the reader took, as load.sql numbers them, over every run); unreadable_lines
-- the lines it could not take, by their number in the file; ingest_state where the last run stopped.
CREATE TABLE IF NOT EXISTS events (
  line_no BIGINT,
  code VARCHAR,
  page_view_id VARCHAR,
  brand VARCHAR,
  country VARCHAR,
  slug VARCHAR,
  imprint_hash VARCHAR,
  session_id VARCHAR,
  event_time TIMESTAMP WITH TIME ZONE,
  lcp DOUBLE,
  inp DOUBLE,
  cls DOUBLE,
  experiment VARCHAR,
  variant VARCHAR,
  choice VARCHAR,
  consent_mode VARCHAR,
  problem VARCHAR
);

CREATE TABLE IF NOT EXISTS unreadable_lines (line_no BIGINT);

CREATE TABLE IF NOT EXISTS ingest_state (
  parser VARCHAR,
  device VARCHAR,
  inode VARCHAR,
  byte_offset BIGINT,
  head_bytes BIGINT,
  head_hash VARCHAR,
  tail_hash VARCHAR,
  lines_read BIGINT,
  file_lines BIGINT
);

-- Each page view's figures over all its sound events, merged as each piece is read (page-view-state.sql):
-- the landing its view_landing named and any landing it named, what names its visitor, whether it was
-- viewed, its worst vitals, and the codes it sent (each once).
CREATE TABLE IF NOT EXISTS page_view_state (
  page_view_id VARCHAR,
  landing_brand VARCHAR,
  landing_country VARCHAR,
  landing_slug VARCHAR,
  any_brand VARCHAR,
  any_country VARCHAR,
  any_slug VARCHAR,
  imprint_hash VARCHAR,
  session_id VARCHAR,
  viewed BOOLEAN,
  lcp DOUBLE,
  inp DOUBLE,
  cls DOUBLE,
  codes VARCHAR[]
);

-- What the report over all dates reads, counted from the page views as each read merges them
-- (report-groups.sql, count-codes.sql, count-visitors.sql, count-vitals.sql): a read moves a page view it
-- touched out of the counts as it stood and back in as it stands, so the counts are always those of
-- page_view_state.

-- Page views that sent each code, per landing (the report rolls them up).
CREATE TABLE IF NOT EXISTS landing_code_counts (brand VARCHAR, country VARCHAR, slug VARCHAR, code VARCHAR, page_views BIGINT);

-- The groups a page view counts in, numbered: its landing, its brand, its country, and 'all' (level),
-- with the columns the level rolls up NULL.
CREATE TABLE IF NOT EXISTS report_groups (group_id INTEGER, level VARCHAR, brand VARCHAR, country VARCHAR, slug VARCHAR);

-- Viewed page views per group and visitor, and per group the visitors with at least one.
CREATE TABLE IF NOT EXISTS visitor_views (group_id INTEGER, visitor VARCHAR, page_views BIGINT);

CREATE TABLE IF NOT EXISTS visitor_counts (group_id INTEGER, visitors BIGINT);

-- Page views per group, vital and value measured: every percentile and threshold count is exact from them.
CREATE TABLE IF NOT EXISTS vital_value_counts (group_id INTEGER, metric VARCHAR, value DOUBLE, page_views BIGINT);

-- The consent choices per market, mode and choice, added to by each read (count-consent.sql): a choice
-- names no page view, so no later event can move it.
CREATE TABLE IF NOT EXISTS consent_counts (country VARCHAR, consent_mode VARCHAR, choice VARCHAR, choices BIGINT);

-- The experiments' events (experiment-events.sql): the views that showed a variant and the registrations
-- that name an experiment, each with its page view's visitor and vitals as they stand.
CREATE TABLE IF NOT EXISTS experiment_event_state (
  code VARCHAR,
  experiment VARCHAR,
  variant VARCHAR,
  page_view_id VARCHAR,
  event_time TIMESTAMP WITH TIME ZONE,
  line_no BIGINT,
  visitor VARCHAR,
  lcp DOUBLE,
  inp DOUBLE,
  cls DOUBLE
);
