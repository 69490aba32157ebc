-- Lists of one owner's records walk this index in id order and, holding every owner column, can
-- count and skip rows from the index alone (the owner indexes of 010 lacked user_id, so every
-- skipped row was read from the table to check it).
CREATE INDEX module_records_list ON module_records (resource, client_service_id, user_id, id);
DROP INDEX module_records_owner;
DROP INDEX module_records_user;

-- Trigram indexes let a list search (LIKE '%text%') use an index instead of reading every record.
-- A PostgreSQL server without the contrib package simply searches without them: the schema
-- engine builds its trigram indexes only where the extension exists.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN undefined_file OR insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm is not available: list searches read every record of the list';
END
$$;
