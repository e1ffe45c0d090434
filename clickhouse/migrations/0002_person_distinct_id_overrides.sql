-- The distinct ids whose person changed after their first events were written (PostHog's
-- person_distinct_id_overrides). Every event already carries the person its distinct id had when it was
-- ingested; only ids moved later by a merge (version > 0) need re-attributing, and these are few, so analytics
-- join this small table instead of every distinct id. The view keeps it in step with person_distinct_id2.
CREATE TABLE IF NOT EXISTS person_distinct_id_overrides
(
    team_id Int64,
    distinct_id String,
    person_id UUID,
    version Int64,
    is_deleted UInt8 DEFAULT 0
)
ENGINE = ReplacingMergeTree(version)
ORDER BY (team_id, distinct_id)
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1;

CREATE MATERIALIZED VIEW IF NOT EXISTS person_distinct_id_overrides_mv TO person_distinct_id_overrides AS
SELECT team_id, distinct_id, person_id, version, is_deleted
FROM person_distinct_id2
WHERE version > 0 OR is_deleted = 1;

-- Ids moved before this table existed.
INSERT INTO person_distinct_id_overrides (team_id, distinct_id, person_id, version, is_deleted)
SELECT team_id, distinct_id, person_id, version, is_deleted
FROM person_distinct_id2
WHERE version > 0 OR is_deleted = 1;
