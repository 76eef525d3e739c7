-- DuckDB only, after events.sql has read the file: the lines its reader left out (longer than
-- max_line_size, or not UTF-8), by their number in the file. Elsewhere: an empty table.
CREATE OR REPLACE TEMP TABLE unreadable_lines AS
SELECT DISTINCT CAST(line AS BIGINT) AS line_no
FROM reject_errors;
