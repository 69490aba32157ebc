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
