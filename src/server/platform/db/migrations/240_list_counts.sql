-- Lists without their cache (issue 20): how many records of each owner lie in each block of
-- LIST_BUCKET_IDS (1024) consecutive ids, in all (field '') and per value of each filter the schemas
-- declare (module_counted_filters, kept by the engine at start). A page of an id-sorted list is then
-- found by number without an OFFSET walk over every record before it: the counts give the block
-- where the page starts and how many of the block's records come before it, and the exact total is
-- their sum. Kept by triggers, so every write counts: the engine's, a bulk import's, a cascade's.
CREATE TABLE module_counted_filters (
  resource TEXT NOT NULL,
  field TEXT NOT NULL,
  op TEXT NOT NULL CHECK (op IN ('eq', 'contains')),
  PRIMARY KEY (resource, field)
);

CREATE TABLE module_list_counts (
  resource TEXT NOT NULL,
  -- The owner as the list conditions name it, NULL as 0 (a key column cannot be NULL).
  client_service_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  parent_id BIGINT NOT NULL,
  -- '' and JSON null: every record of the owner; else a filter's field and the value a record matches.
  field TEXT NOT NULL,
  value JSONB NOT NULL,
  bucket BIGINT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (resource, client_service_id, user_id, field, value, parent_id, bucket)
);

-- The lists a record is in: all of its owner's, and each counted filter's value it matches (an
-- `eq` filter: the field's value; `contains`: each distinct element of the field's array).
CREATE FUNCTION module_list_keys(record_resource TEXT, record_data JSONB) RETURNS TABLE (field TEXT, value JSONB)
LANGUAGE sql STABLE AS $$
  SELECT '', 'null'::jsonb
  UNION ALL
  SELECT DISTINCT f.field, v.value
    FROM module_counted_filters f
    CROSS JOIN LATERAL (
      SELECT e AS value FROM jsonb_array_elements(CASE WHEN f.op = 'contains' AND jsonb_typeof(record_data -> f.field) = 'array' THEN record_data -> f.field ELSE '[]'::jsonb END) e
      UNION ALL
      SELECT record_data -> f.field WHERE f.op = 'eq' AND record_data ? f.field
    ) v
   WHERE f.resource = record_resource
$$;

-- One statement's changes as one upsert per touched count, in key order (concurrent writers lock
-- the rows in the same order); an update that leaves a record in the same lists touches none.
CREATE FUNCTION module_list_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed TEXT := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS delta FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS delta FROM old_rows'
    ELSE 'SELECT *, -1 AS delta FROM old_rows UNION ALL SELECT *, 1 FROM new_rows'
  END;
BEGIN
  EXECUTE format($sql$
    INSERT INTO module_list_counts AS c (resource, client_service_id, user_id, parent_id, field, value, bucket, count)
    SELECT r.resource, coalesce(r.client_service_id, 0), coalesce(r.user_id, 0), coalesce(r.parent_id, 0), k.field, k.value, r.id / 1024, sum(r.delta)
      FROM (%s) r CROSS JOIN LATERAL module_list_keys(r.resource, r.data) k
     GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(r.delta) <> 0
     ORDER BY 1, 2, 3, 5, 6, 4, 7
    ON CONFLICT (resource, client_service_id, user_id, field, value, parent_id, bucket) DO UPDATE SET count = c.count + excluded.count
  $sql$, changed);
  RETURN NULL;
END
$$;

CREATE TRIGGER module_list_counts_insert AFTER INSERT ON module_records REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION module_list_counts_apply();
CREATE TRIGGER module_list_counts_update AFTER UPDATE ON module_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION module_list_counts_apply();
CREATE TRIGGER module_list_counts_delete AFTER DELETE ON module_records REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION module_list_counts_apply();

INSERT INTO module_list_counts (resource, client_service_id, user_id, parent_id, field, value, bucket, count)
SELECT resource, coalesce(client_service_id, 0), coalesce(user_id, 0), coalesce(parent_id, 0), '', 'null'::jsonb, id / 1024, count(*)
  FROM module_records GROUP BY 1, 2, 3, 4, 7;
