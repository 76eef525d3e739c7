-- The materialized views from the queue: each message read becomes one typed row of events (blank ones
-- aside), judged by the same rules as the embedded engine's reports/funnel/sql/events.sql; the ones the Kafka engine
-- could not read go to event_errors. A Null table with the queue's columns and the virtual ones
-- (_partition, _offset, _topic, _error, _raw_message) feeds the same views in the tests.

CREATE MATERIALIZED VIEW IF NOT EXISTS events_mv TO events AS
WITH
  -- A line the embedded reader would not take (over 2 MiB, or not UTF-8) is not a log line here either.
  isValidUTF8(message) AND length(message) <= 2097152 AND isValidJSON(message) AS readable,
  if(readable, if(JSONType(message, 'action') = 'String', JSONExtractString(message, 'action'), if(JSONType(message, 'action') IN ('Null', 'Object', 'Array'), NULL, nullIf(JSONExtractRaw(message, 'action'), ''))), NULL) AS action_text,
  if(readable, if(JSONType(message, 'event', 'date') = 'String', JSONExtractString(message, 'event', 'date'), if(JSONType(message, 'event', 'date') IN ('Null', 'Object', 'Array'), NULL, nullIf(JSONExtractRaw(message, 'event', 'date'), ''))), NULL) AS date_text
SELECT
  _offset + 1 AS line_no,
  _partition AS kafka_partition,
  action_text AS code,
  nullIf(if(JSONType(message, 'event', 'detail', 'pageViewId') = 'String', JSONExtractString(message, 'event', 'detail', 'pageViewId'), if(JSONType(message, 'event', 'detail', 'pageViewId') IN ('Null', 'Object', 'Array'), NULL, nullIf(JSONExtractRaw(message, 'event', 'detail', 'pageViewId'), ''))), '') AS page_view_id,
  nullIf(if(JSONType(message, 'event', 'detail', 'brand') = 'String', JSONExtractString(message, 'event', 'detail', 'brand'), if(JSONType(message, 'event', 'detail', 'brand') IN ('Null', 'Object', 'Array'), NULL, nullIf(JSONExtractRaw(message, 'event', 'detail', 'brand'), ''))), '') AS brand,
  -- A consent choice names its landing's country as the market.
  nullIf(if(action_text = 'consent_choice', if(JSONType(message, 'event', 'detail', 'market') = 'String', JSONExtractString(message, 'event', 'detail', 'market'), if(JSONType(message, 'event', 'detail', 'market') IN ('Null', 'Object', 'Array'), NULL, nullIf(JSONExtractRaw(message, 'event', 'detail', 'market'), ''))), if(JSONType(message, 'event', 'detail', 'country') = 'String', JSONExtractString(message, 'event', 'detail', 'country'), if(JSONType(message, 'event', 'detail', 'country') IN ('Null', 'Object', 'Array'), NULL, nullIf(JSONExtractRaw(message, 'event', 'detail', 'country'), '')))), '') AS country,
  nullIf(if(JSONType(message, 'event', 'detail', 'slug') = 'String', JSONExtractString(message, 'event', 'detail', 'slug'), if(JSONType(message, 'event', 'detail', 'slug') IN ('Null', 'Object', 'Array'), NULL, nullIf(JSONExtractRaw(message, 'event', 'detail', 'slug'), ''))), '') AS slug,
  nullIf(if(JSONType(message, 'event', 'additional_data', 'imprintHash') = 'String', JSONExtractString(message, 'event', 'additional_data', 'imprintHash'), if(JSONType(message, 'event', 'additional_data', 'imprintHash') IN ('Null', 'Object', 'Array'), NULL, nullIf(JSONExtractRaw(message, 'event', 'additional_data', 'imprintHash'), ''))), '') AS imprint_hash,
  nullIf(if(JSONType(message, 'event', 'additional_data', 'sessionId') = 'String', JSONExtractString(message, 'event', 'additional_data', 'sessionId'), if(JSONType(message, 'event', 'additional_data', 'sessionId') IN ('Null', 'Object', 'Array'), NULL, nullIf(JSONExtractRaw(message, 'event', 'additional_data', 'sessionId'), ''))), '') AS session_id,
  -- The ISO 8601 forms the embedded engine's cast takes, no looser.
  if(match(date_text, '^\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?)?(Z|[+-]\\d{2}(:?\\d{2})?)?$'),
     parseDateTime64BestEffortOrNull(date_text, 3, 'UTC'), NULL) AS event_time,
  JSONExtract(message, 'event', 'detail', 'lcp', 'Nullable(Float64)') AS lcp,
  JSONExtract(message, 'event', 'detail', 'inp', 'Nullable(Float64)') AS inp,
  JSONExtract(message, 'event', 'detail', 'cls', 'Nullable(Float64)') AS cls,
  nullIf(if(JSONType(message, 'event', 'detail', 'experiment') = 'String', JSONExtractString(message, 'event', 'detail', 'experiment'), if(JSONType(message, 'event', 'detail', 'experiment') IN ('Null', 'Object', 'Array'), NULL, nullIf(JSONExtractRaw(message, 'event', 'detail', 'experiment'), ''))), '') AS experiment,
  nullIf(if(JSONType(message, 'event', 'detail', 'variant') = 'String', JSONExtractString(message, 'event', 'detail', 'variant'), if(JSONType(message, 'event', 'detail', 'variant') IN ('Null', 'Object', 'Array'), NULL, nullIf(JSONExtractRaw(message, 'event', 'detail', 'variant'), ''))), '') AS variant,
  nullIf(if(JSONType(message, 'event', 'detail', 'choice') = 'String', JSONExtractString(message, 'event', 'detail', 'choice'), if(JSONType(message, 'event', 'detail', 'choice') IN ('Null', 'Object', 'Array'), NULL, nullIf(JSONExtractRaw(message, 'event', 'detail', 'choice'), ''))), '') AS choice,
  nullIf(if(JSONType(message, 'event', 'detail', 'consentMode') = 'String', JSONExtractString(message, 'event', 'detail', 'consentMode'), if(JSONType(message, 'event', 'detail', 'consentMode') IN ('Null', 'Object', 'Array'), NULL, nullIf(JSONExtractRaw(message, 'event', 'detail', 'consentMode'), ''))), '') AS consent_mode,
  multiIf(
    code IS NULL, 'malformed',
    code NOT IN (SELECT code FROM event_codes), 'unknown_code',
    code = 'consent_choice' AND (choice IS NULL OR choice NOT IN ('accept', 'refuse', 'withdraw')), 'no_choice',
    page_view_id IS NULL AND code != 'consent_choice', 'no_page_view',
    brand IS NULL OR country IS NULL OR slug IS NULL, 'no_landing',
    event_time IS NULL, 'no_date',
    JSONExtractBool(message, 'preview'), 'preview',
    NULL
  ) AS problem
FROM events_queue
WHERE length(_error) = 0 AND trimBoth(message) <> '';

CREATE MATERIALIZED VIEW IF NOT EXISTS event_errors_mv TO event_errors AS
SELECT _topic AS topic, _partition AS kafka_partition, _offset AS kafka_offset, _raw_message AS raw_message, _error AS error
FROM events_queue
WHERE length(_error) > 0;
