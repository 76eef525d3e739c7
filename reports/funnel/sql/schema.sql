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

-- Each page view's figures over all its sound events, merged as each piece is read (page-view-state.sql),
-- so a report over all dates need not gather the whole history again: the landing its view_landing named
-- and any landing it named, what names its visitor, whether it was viewed, its worst vitals; and the
-- codes it sent.
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
  cls DOUBLE
);

CREATE TABLE IF NOT EXISTS page_view_code_state (page_view_id VARCHAR, code VARCHAR);
