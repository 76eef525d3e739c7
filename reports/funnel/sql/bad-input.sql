-- Lines kept out of the counts, per problem: how many, and the first line numbers of each. events'
-- line_no counts the lines read; each unreadable line before a line moves its number in the file by one.
WITH unreadable AS (
  -- The i-th unreadable line has (its number - i) lines read before it.
  SELECT line_no, line_no - row_number() OVER (ORDER BY line_no) AS read_before
  FROM unreadable_lines
),
bad AS (
  SELECT e.problem, e.line_no + (SELECT count(*) FROM unreadable AS u WHERE u.read_before < e.line_no) AS line_no
  FROM events AS e
  WHERE e.problem IS NOT NULL
  UNION ALL
  SELECT 'malformed', line_no
  FROM unreadable
),
numbered AS (
  SELECT problem, line_no, row_number() OVER (PARTITION BY problem ORDER BY line_no) AS nth
  FROM bad
)
SELECT
  problem,
  count(*) AS lines,
  array_agg(line_no ORDER BY line_no) FILTER (WHERE nth <= 5) AS first_lines
FROM numbered
GROUP BY problem
ORDER BY problem;
