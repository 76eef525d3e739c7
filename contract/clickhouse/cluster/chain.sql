-- The same chain on a cluster ({cluster} and the replica macros from the servers' config): on every
-- server a replicated shard of events and of event_errors, a Distributed table over the shards that the
-- report reads and the views write (sharded by page view, so one view's events meet on one shard), the
-- Kafka queue, whose consumers share the topic's partitions, and the two views. Apply in the report's
-- database instead of events.sql, kafka.sql and views.sql (the views' SELECT is views.sql's).

CREATE TABLE IF NOT EXISTS event_codes ON CLUSTER '{cluster}' (code String)
ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{database}/event_codes', '{replica}')
ORDER BY code;

INSERT INTO event_codes VALUES ('view_landing'), ('click_rules_landing'), ('click_logo_landing'), ('reg_start'), ('entered_char_in_reg'), ('reg_button_enter'), ('sms_code_entered'), ('sms_code_repeat'), ('back_step'), ('registration_done'), ('entered_phone'), ('entered_email'), ('chose_country'), ('chose_currency'), ('entered_password'), ('web_vitals'), ('consent_choice');

CREATE TABLE IF NOT EXISTS events_local ON CLUSTER '{cluster}' (
  line_no UInt64,
  kafka_partition UInt64,
  code LowCardinality(Nullable(String)),
  page_view_id Nullable(String),
  brand LowCardinality(Nullable(String)),
  country LowCardinality(Nullable(String)),
  slug LowCardinality(Nullable(String)),
  imprint_hash Nullable(String),
  session_id Nullable(String),
  event_time Nullable(DateTime64(3, 'UTC')),
  lcp Nullable(Float64),
  inp Nullable(Float64),
  cls Nullable(Float64),
  experiment LowCardinality(Nullable(String)),
  variant LowCardinality(Nullable(String)),
  choice LowCardinality(Nullable(String)),
  consent_mode LowCardinality(Nullable(String)),
  problem LowCardinality(Nullable(String))
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/events_local', '{replica}')
PARTITION BY toYYYYMM(ifNull(event_time, toDateTime64(0, 3, 'UTC')))
ORDER BY (brand, country, slug, event_time)
SETTINGS allow_nullable_key = 1;

CREATE TABLE IF NOT EXISTS events ON CLUSTER '{cluster}' AS events_local
ENGINE = Distributed('{cluster}', currentDatabase(), events_local, cityHash64(page_view_id));

CREATE TABLE IF NOT EXISTS event_errors_local ON CLUSTER '{cluster}' (
  received_at DateTime64(3, 'UTC') DEFAULT now64(3, 'UTC'),
  topic String,
  kafka_partition UInt64,
  kafka_offset UInt64,
  raw_message String,
  error String
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/event_errors_local', '{replica}')
ORDER BY (topic, kafka_partition, kafka_offset);

CREATE TABLE IF NOT EXISTS event_errors ON CLUSTER '{cluster}' AS event_errors_local
ENGINE = Distributed('{cluster}', currentDatabase(), event_errors_local, rand());

CREATE TABLE IF NOT EXISTS events_queue ON CLUSTER '{cluster}' (
  message String
)
ENGINE = Kafka
SETTINGS
  kafka_broker_list = 'kafka:9092',
  kafka_topic_list = 'landing_events',
  kafka_group_name = 'promo_funnel',
  kafka_format = 'LineAsString',
  kafka_handle_error_mode = 'stream',
  kafka_num_consumers = 1;

CREATE MATERIALIZED VIEW IF NOT EXISTS events_mv ON CLUSTER '{cluster}' TO events AS
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

CREATE MATERIALIZED VIEW IF NOT EXISTS event_errors_mv ON CLUSTER '{cluster}' TO event_errors AS
SELECT _topic AS topic, _partition AS kafka_partition, _offset AS kafka_offset, _raw_message AS raw_message, _error AS error
FROM events_queue
WHERE length(_error) > 0;
