-- A folder's archive is made by one job at a time: a second prepare answers the pending one. Ready
-- archives now count against the service's quota (stored_files, given back when they are removed);
-- the ones made before this were never counted, and give nothing back.
UPDATE disk_archives a SET status = 'failed', finished_at = now()
 WHERE status IN ('queued', 'running')
   AND EXISTS (SELECT 1 FROM disk_archives b WHERE b.directory_id = a.directory_id AND b.status IN ('queued', 'running') AND b.id > a.id);
CREATE UNIQUE INDEX disk_archives_pending ON disk_archives (directory_id) WHERE status IN ('queued', 'running');
CREATE INDEX disk_archives_finished ON disk_archives (finished_at) WHERE status IN ('ready', 'failed');
