-- Cold searches (issue 20): each searchable record's search text, lower-cased, in a narrow table of
-- its own. A search that matches most of a list must still read every record for its exact total;
-- here that is a few MB of short strings, not every record's JSONB taken apart field by field, and
-- on PostgreSQL a real column whose statistics tell a search matching everyone (a scan) from one
-- matching a few (the trigram index, made at start where pg_trgm is). The fields of each resource
-- are the ones its schema searches (module_searched_fields, kept by the engine at start).
CREATE TABLE module_searched_fields (
  resource TEXT PRIMARY KEY,
  fields TEXT[] NOT NULL
);

CREATE TABLE module_search_texts (
  id BIGINT PRIMARY KEY,
  resource TEXT NOT NULL,
  -- The owner as the list conditions name it, NULL as 0 (as module_list_counts).
  client_service_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  parent_id BIGINT NOT NULL,
  text TEXT NOT NULL
);
CREATE INDEX module_search_texts_owner ON module_search_texts (resource, client_service_id, user_id, parent_id, id);

-- The search fields' values joined by a line break (a missing one as ''), lower-cased: only a term
-- with a line break could match across two fields, and the engine checks each field for such a term.
CREATE FUNCTION module_search_text(fields TEXT[], record_data JSONB) RETURNS TEXT
LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(string_agg(coalesce(record_data ->> f.name, ''), E'\n' ORDER BY f.place)) FROM unnest(fields) WITH ORDINALITY AS f(name, place)
$$;

-- Kept by statement triggers, so every write counts: the engine's, a bulk import's, a cascade's.
-- An update that leaves a record's text as it was writes nothing.
CREATE FUNCTION module_search_texts_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO module_search_texts AS t (id, resource, client_service_id, user_id, parent_id, text)
  SELECT r.id, r.resource, coalesce(r.client_service_id, 0), coalesce(r.user_id, 0), coalesce(r.parent_id, 0), module_search_text(f.fields, r.data)
    FROM new_rows r JOIN module_searched_fields f ON f.resource = r.resource
   ORDER BY r.id
  ON CONFLICT (id) DO UPDATE SET text = excluded.text, client_service_id = excluded.client_service_id, user_id = excluded.user_id, parent_id = excluded.parent_id
   WHERE (t.text, t.client_service_id, t.user_id, t.parent_id) IS DISTINCT FROM (excluded.text, excluded.client_service_id, excluded.user_id, excluded.parent_id);
  RETURN NULL;
END
$$;

CREATE FUNCTION module_search_texts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM module_search_texts t USING old_rows r WHERE t.id = r.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER module_search_texts_insert AFTER INSERT ON module_records REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION module_search_texts_write();
CREATE TRIGGER module_search_texts_update AFTER UPDATE ON module_records REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION module_search_texts_write();
CREATE TRIGGER module_search_texts_delete AFTER DELETE ON module_records REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION module_search_texts_delete();
