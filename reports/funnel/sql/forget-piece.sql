-- DuckDB, once a piece is merged and counted: the working tables of page-view-state.sql,
-- report-groups.sql and count-visitors.sql, dropped so that the report's queries have the memory.
DROP TABLE IF EXISTS touched;
DROP TABLE IF EXISTS state_before;
DROP TABLE IF EXISTS state_after;
DROP TABLE IF EXISTS page_view_changes;
DROP TABLE IF EXISTS page_view_group_changes;
DROP TABLE IF EXISTS visitor_changes;
