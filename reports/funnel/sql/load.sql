-- DuckDB only: a piece of the event log (log_file) as numbered lines (log_lines: line_no, line).
-- Each line is read whole (no delimiter or quote can occur in a JSON line), so a malformed line is still
-- a row; blank lines are rows too and are skipped later. row_number() over an empty window streams in
-- file order. A line the reader cannot take at all (longer than max_line_size, not UTF-8) is left out
-- and noted in reject_errors, so line_no counts the lines read: unreadable.sql gives the file's numbers back.
CREATE OR REPLACE TEMP VIEW log_lines AS
SELECT
  row_number() OVER () AS line_no,
  line
FROM read_csv(
  getvariable('log_file'),
  columns = {'line': 'VARCHAR'},
  header = false,
  delim = E'\x1E',
  quote = '',
  escape = '',
  auto_detect = false,
  strict_mode = false,
  max_line_size = 2097152,
  ignore_errors = true,
  store_rejects = true
);
