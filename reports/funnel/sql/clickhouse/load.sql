-- ClickHouse over a log file: each line a message of partition 0 whose offset is its line's index, so
-- line_no is the line's number in the file (blank lines numbered too, then left out by the view).
INSERT INTO events_queue (message, _topic, _partition, _offset, _error, _raw_message)
SELECT line, 'landing_events', 0, _row_number, '', ''
FROM file({log_file:String}, 'LineAsString');
