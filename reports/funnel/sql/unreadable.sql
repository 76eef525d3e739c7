-- DuckDB only, after events.sql has read a piece of the file: the lines its reader left out (longer than
-- max_line_size, or not UTF-8), by their number in the file (file_lines: the lines of the pieces before).
-- Elsewhere: an empty table.
INSERT INTO unreadable_lines
SELECT DISTINCT CAST(line AS BIGINT) + getvariable('file_lines') AS line_no
FROM reject_errors;
