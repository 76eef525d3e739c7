-- The funnel report's tables on one ClickHouse server (docs/funnel.md, "On ClickHouse"): the typed
-- events the materialized view writes, the messages Kafka could not hand over, and the tracking codes a
-- line is judged by. Apply in the report's own database, before kafka.sql and views.sql.

-- The codes of src/domain/tracking.ts (TRACKING_EVENT_CODES); a test holds the two lists equal.
CREATE TABLE IF NOT EXISTS event_codes (code String) ENGINE = ReplacingMergeTree ORDER BY code;

INSERT INTO event_codes VALUES ('view_landing'), ('click_rules_landing'), ('click_logo_landing'), ('reg_start'), ('entered_char_in_reg'), ('reg_button_enter'), ('sms_code_entered'), ('sms_code_repeat'), ('back_step'), ('registration_done'), ('entered_phone'), ('entered_email'), ('chose_country'), ('chose_currency'), ('entered_password'), ('web_vitals'), ('consent_choice');

-- One row per message: line_no is its offset + 1 in its partition (a log file's line number when
-- one partition, or the file, fed it), problem what keeps it out of the counts (NULL: a sound event).
CREATE TABLE IF NOT EXISTS events (
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
ENGINE = MergeTree
PARTITION BY toYYYYMM(ifNull(event_time, toDateTime64(0, 3, 'UTC')))
ORDER BY (brand, country, slug, event_time)
SETTINGS allow_nullable_key = 1;

-- What the Kafka engine could not read as a message (kafka_handle_error_mode = 'stream').
CREATE TABLE IF NOT EXISTS event_errors (
  received_at DateTime64(3, 'UTC') DEFAULT now64(3, 'UTC'),
  topic String,
  kafka_partition UInt64,
  kafka_offset UInt64,
  raw_message String,
  error String
)
ENGINE = MergeTree
ORDER BY (topic, kafka_partition, kafka_offset);
