-- Events, partitioned by month and ordered for per-project time-range scans (PostHog's sort key).
-- Retries carry the same uuid, timestamp and distinct id, hence the same sort key: ReplacingMergeTree folds
-- any duplicate that got past ingestion's uuid check. Parts are fsynced so an acknowledged insert survives a crash.
CREATE TABLE IF NOT EXISTS events
(
    uuid UUID,
    event String,
    properties String,
    timestamp DateTime64(6, 'UTC'),
    team_id Int64,
    distinct_id String,
    person_id UUID,
    elements_chain String DEFAULT '',
    created_at DateTime64(6, 'UTC') DEFAULT now64(6),
    mat_browser String MATERIALIZED JSONExtractString(properties, '$browser'),
    mat_os String MATERIALIZED JSONExtractString(properties, '$os'),
    mat_current_url String MATERIALIZED JSONExtractString(properties, '$current_url'),
    mat_pathname String MATERIALIZED JSONExtractString(properties, '$pathname'),
    mat_host String MATERIALIZED JSONExtractString(properties, '$host'),
    mat_device_type String MATERIALIZED JSONExtractString(properties, '$device_type'),
    mat_referring_domain String MATERIALIZED JSONExtractString(properties, '$referring_domain'),
    mat_session_id String MATERIALIZED JSONExtractString(properties, '$session_id'),
    INDEX uuid_index uuid TYPE bloom_filter GRANULARITY 1
)
ENGINE = ReplacingMergeTree(created_at)
PARTITION BY toYYYYMM(timestamp)
ORDER BY (team_id, toDate(timestamp), event, cityHash64(distinct_id), cityHash64(uuid))
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1;

-- Persons as PostHog keeps them in ClickHouse: every change is a new row with a higher version; readers take
-- argMax(..., version) per id, so no FINAL is needed.
CREATE TABLE IF NOT EXISTS person
(
    id UUID,
    team_id Int64,
    properties String,
    is_identified UInt8,
    created_at DateTime64(3, 'UTC'),
    version UInt64,
    is_deleted UInt8 DEFAULT 0
)
ENGINE = ReplacingMergeTree(version)
ORDER BY (team_id, id)
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1;

-- Which person each distinct id belongs to (merges by $identify/$create_alias move ids to another person).
CREATE TABLE IF NOT EXISTS person_distinct_id2
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
