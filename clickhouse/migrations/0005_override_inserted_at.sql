-- When each override row was written, so the squash (lib/events/squash-person-overrides.ts) folds into events only
-- the overrides older than its grace period. Rows written before this column read the epoch: they are old.
ALTER TABLE person_distinct_id_overrides ADD COLUMN IF NOT EXISTS _inserted_at DateTime64(3, 'UTC') DEFAULT toDateTime64(0, 3, 'UTC');

-- The view stamps each new row (MODIFY QUERY swaps the query in place: no gap in which a merge could be missed).
ALTER TABLE person_distinct_id_overrides_mv MODIFY QUERY
SELECT team_id, distinct_id, person_id, version, is_deleted, now64(3) AS _inserted_at
FROM person_distinct_id2
WHERE version > 0 OR is_deleted = 1;
