-- When each person and distinct-id row was written (PostHog's `_inserted_at`): a persons batch export sends, per
-- interval, the distinct ids whose mapping or person changed in it. Ingestion sets it on every row it mirrors; rows
-- mirrored before this column read their person's creation time (a person row) or the epoch (a distinct-id row, which
-- its person's row then brings along).
ALTER TABLE person ADD COLUMN IF NOT EXISTS _inserted_at DateTime64(6, 'UTC') DEFAULT created_at;
ALTER TABLE person_distinct_id2 ADD COLUMN IF NOT EXISTS _inserted_at DateTime64(6, 'UTC') DEFAULT toDateTime64(0, 6, 'UTC');
