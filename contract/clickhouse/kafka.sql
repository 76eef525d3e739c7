-- The tracking topic as a Kafka engine table: each message one log line (the shape in contract/README.md),
-- read whole as text so the view judges it as the report does a line. A message the engine cannot take
-- comes through with _error set instead of stopping the consumer. Edit the broker list and group.
CREATE TABLE IF NOT EXISTS events_queue (
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
