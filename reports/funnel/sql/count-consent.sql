-- DuckDB, after events.sql has added a piece: the piece's consent choices added to consent_counts.
MERGE INTO consent_counts AS k
USING (
  SELECT country, consent_mode, choice, count(*) AS choices
  FROM events
  WHERE line_no > getvariable('lines_read') AND problem IS NULL AND code = 'consent_choice'
  GROUP BY country, consent_mode, choice
) AS d
ON k.country = d.country AND k.consent_mode IS NOT DISTINCT FROM d.consent_mode AND k.choice = d.choice
WHEN MATCHED THEN UPDATE SET choices = k.choices + d.choices
WHEN NOT MATCHED THEN INSERT (country, consent_mode, choice, choices) VALUES (d.country, d.consent_mode, d.choice, d.choices);
