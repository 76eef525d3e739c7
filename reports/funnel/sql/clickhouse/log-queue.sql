-- ClickHouse over a log file, and the tests: a Null table in place of the Kafka queue
-- (contract/clickhouse/kafka.sql), with its column and the Kafka engine's virtual ones as real columns,
-- so the same views (contract/clickhouse/views.sql) fill events from it.
CREATE TABLE IF NOT EXISTS events_queue (
  message String,
  _topic String,
  _partition UInt64,
  _offset UInt64,
  _error String,
  _raw_message String
)
ENGINE = Null;
