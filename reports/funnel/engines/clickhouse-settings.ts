/**
 * The settings every ClickHouse session of the report runs with. Without the first two, rolled-up rows
 * carry '' and 0 where the SQL reads NULL, and a left join's missing side reads 0 where it reads NULL:
 * figures that differ from DuckDB's without an error. The third lets `max(brand) AS brand` mean the
 * column, as standard SQL does, not a reference to its own alias.
 */
export const CLICKHOUSE_SETTINGS = {
  group_by_use_nulls: 1,
  join_use_nulls: 1,
  prefer_column_name_to_alias: 1,
} as const;
