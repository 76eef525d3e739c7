-- ClickHouse: lines kept out of the counts, per problem, with the first line numbers of each. Every
-- message is a row of events (line_no its offset + 1), so none is left unnumbered; what the Kafka engine
-- could not read is in event_errors, counted as not a log line.
WITH bad AS (
  SELECT problem, line_no FROM events WHERE problem IS NOT NULL
  UNION ALL
  SELECT 'malformed', kafka_offset + 1 FROM event_errors
),
numbered AS (
  SELECT problem, line_no, row_number() OVER (PARTITION BY problem ORDER BY line_no) AS nth
  FROM bad
)
SELECT
  problem,
  count() AS lines,
  arraySort(groupArrayIf(line_no, nth <= 5)) AS first_lines
FROM numbered
GROUP BY problem
ORDER BY problem;
