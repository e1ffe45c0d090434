-- The event's group key of each group type, by index (segments G1, G11–G13): ingestion sets `$group_<index>` for
-- each `$groups` entry whose type has an index (PostHog's plugin-server does the same), and analyses read these
-- columns instead of parsing the JSON. '' when the event has no group of that type. As in 0006, the five columns
-- name one JSONExtract to a tuple, so an insert parses each event's properties once for all of them.
ALTER TABLE events
    ADD COLUMN IF NOT EXISTS group_0 String MATERIALIZED tupleElement(JSONExtract(properties, 'Tuple(`$group_0` String, `$group_1` String, `$group_2` String, `$group_3` String, `$group_4` String)'), 1),
    ADD COLUMN IF NOT EXISTS group_1 String MATERIALIZED tupleElement(JSONExtract(properties, 'Tuple(`$group_0` String, `$group_1` String, `$group_2` String, `$group_3` String, `$group_4` String)'), 2),
    ADD COLUMN IF NOT EXISTS group_2 String MATERIALIZED tupleElement(JSONExtract(properties, 'Tuple(`$group_0` String, `$group_1` String, `$group_2` String, `$group_3` String, `$group_4` String)'), 3),
    ADD COLUMN IF NOT EXISTS group_3 String MATERIALIZED tupleElement(JSONExtract(properties, 'Tuple(`$group_0` String, `$group_1` String, `$group_2` String, `$group_3` String, `$group_4` String)'), 4),
    ADD COLUMN IF NOT EXISTS group_4 String MATERIALIZED tupleElement(JSONExtract(properties, 'Tuple(`$group_0` String, `$group_1` String, `$group_2` String, `$group_3` String, `$group_4` String)'), 5);

-- Parts written before this migration would parse every event's JSON on each read: stored once (as in 0003).
ALTER TABLE events
    MATERIALIZE COLUMN group_0,
    MATERIALIZE COLUMN group_1,
    MATERIALIZE COLUMN group_2,
    MATERIALIZE COLUMN group_3,
    MATERIALIZE COLUMN group_4;

-- Groups as PostHog keeps them in ClickHouse: every `$groupidentify` that changes a group writes its whole row again
-- with a higher version (the metadata database's); readers take argMax(..., version) per (type, key).
CREATE TABLE IF NOT EXISTS groups
(
    team_id Int64,
    group_type_index UInt8,
    group_key String,
    group_properties String,
    created_at DateTime64(6, 'UTC'),
    version Int64,
    _timestamp DateTime64(6, 'UTC') DEFAULT now64(6)
)
ENGINE = ReplacingMergeTree(version)
ORDER BY (team_id, group_type_index, group_key)
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1;
