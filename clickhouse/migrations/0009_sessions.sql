-- One row per session (segments G19–G20: the events sharing a non-empty `$session_id`, whatever their name), kept
-- as events are inserted, so web analytics reads a few columns per session instead of grouping every event of the
-- range by its session id. Every column is a plain value that merges by a simple aggregate, so readers take
-- `FINAL` (rows of one session written by several inserts are merged in key order, without a hash table) and read
-- the values as they are. Entry (first) and exit (last) values are (time, value) tuples: the earliest tuple is the first
-- value; events without the value carry a far time (or, for the last, time zero) so that they never win.
CREATE TABLE IF NOT EXISTS sessions
(
    team_id Int64,
    session_id String,
    min_timestamp SimpleAggregateFunction(min, DateTime64(6, 'UTC')),
    max_timestamp SimpleAggregateFunction(max, DateTime64(6, 'UTC')),
    -- Pageviews, screens and autocaptures: more than one makes the session not a bounce.
    interactions SimpleAggregateFunction(sum, UInt64),
    pageview_times SimpleAggregateFunction(groupArrayArray, Array(DateTime64(6, 'UTC'))),
    -- (distinct id, person id) of the session's pageviews; the person as the event was written (squashes update it).
    pageview_persons SimpleAggregateFunction(groupUniqArrayArray, Array(Tuple(String, UUID))),
    entry_pathname SimpleAggregateFunction(min, Tuple(DateTime64(6, 'UTC'), Nullable(String))),
    exit_pathname SimpleAggregateFunction(max, Tuple(DateTime64(6, 'UTC'), Nullable(String))),
    entry_referring_domain SimpleAggregateFunction(min, Tuple(DateTime64(6, 'UTC'), Nullable(String))),
    entry_utm_source SimpleAggregateFunction(min, Tuple(DateTime64(6, 'UTC'), Nullable(String))),
    entry_utm_medium SimpleAggregateFunction(min, Tuple(DateTime64(6, 'UTC'), Nullable(String))),
    entry_utm_campaign SimpleAggregateFunction(min, Tuple(DateTime64(6, 'UTC'), Nullable(String))),
    entry_gclid SimpleAggregateFunction(min, Tuple(DateTime64(6, 'UTC'), Nullable(String))),
    entry_gad_source SimpleAggregateFunction(min, Tuple(DateTime64(6, 'UTC'), Nullable(String))),
    entry_fbclid SimpleAggregateFunction(min, Tuple(DateTime64(6, 'UTC'), Nullable(String)))
)
ENGINE = AggregatingMergeTree
ORDER BY (team_id, session_id)
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1;

-- A rerun of this file (one interrupted halfway) starts the table again from the events.
DROP VIEW IF EXISTS sessions_mv;
TRUNCATE TABLE sessions;

-- The sessions of the events already stored (grouping spills to disk past 512 MB, so any number of events fits).
INSERT INTO sessions
SELECT team_id, session_id,
    min(timestamp), max(timestamp),
    countIf(event IN ('$pageview', '$screen', '$autocapture')),
    groupArrayIf(timestamp, event = '$pageview'),
    groupUniqArrayIf((distinct_id, person_id), event = '$pageview'),
    min((if(event = '$pageview', timestamp, toDateTime64('2299-12-31 00:00:00', 6, 'UTC')), if(event = '$pageview', prop_pathname, NULL))),
    max((if(event = '$pageview', timestamp, toDateTime64(0, 6, 'UTC')), if(event = '$pageview', prop_pathname, NULL))),
    min((if(isNull(prop_referring_domain), toDateTime64('2299-12-31 00:00:00', 6, 'UTC'), timestamp), prop_referring_domain)),
    min((if(isNull(utm.1), toDateTime64('2299-12-31 00:00:00', 6, 'UTC'), timestamp), utm.1)),
    min((if(isNull(utm.2), toDateTime64('2299-12-31 00:00:00', 6, 'UTC'), timestamp), utm.2)),
    min((if(isNull(utm.3), toDateTime64('2299-12-31 00:00:00', 6, 'UTC'), timestamp), utm.3)),
    min((if(isNull(utm.4), toDateTime64('2299-12-31 00:00:00', 6, 'UTC'), timestamp), utm.4)),
    min((if(isNull(utm.5), toDateTime64('2299-12-31 00:00:00', 6, 'UTC'), timestamp), utm.5)),
    min((if(isNull(utm.6), toDateTime64('2299-12-31 00:00:00', 6, 'UTC'), timestamp), utm.6))
FROM (
    SELECT team_id, assumeNotNull(prop_session_id) AS session_id, event, timestamp, distinct_id, person_id, prop_pathname,
        prop_referring_domain,
        if(multiSearchAny(properties, ['utm_', 'clid', 'gad_source']), JSONExtract(properties, 'Tuple(utm_source Nullable(String), utm_medium Nullable(String), utm_campaign Nullable(String), gclid Nullable(String), gad_source Nullable(String), fbclid Nullable(String))'),
            CAST((NULL, NULL, NULL, NULL, NULL, NULL), 'Tuple(utm_source Nullable(String), utm_medium Nullable(String), utm_campaign Nullable(String), gclid Nullable(String), gad_source Nullable(String), fbclid Nullable(String))')) AS utm
    FROM events
    WHERE prop_session_id != ''
)
GROUP BY team_id, session_id
SETTINGS max_bytes_before_external_group_by = 536870912;

-- Every later insert into events adds its sessions' rows (the same expressions as above, over the inserted block).
-- Only events naming a UTM tag or click id have their JSON parsed again (most events do not).
CREATE MATERIALIZED VIEW IF NOT EXISTS sessions_mv TO sessions AS
SELECT team_id, session_id,
    min(timestamp) AS min_timestamp, max(timestamp) AS max_timestamp,
    countIf(event IN ('$pageview', '$screen', '$autocapture')) AS interactions,
    groupArrayIf(timestamp, event = '$pageview') AS pageview_times,
    groupUniqArrayIf((distinct_id, person_id), event = '$pageview') AS pageview_persons,
    min((if(event = '$pageview', timestamp, toDateTime64('2299-12-31 00:00:00', 6, 'UTC')), if(event = '$pageview', prop_pathname, NULL))) AS entry_pathname,
    max((if(event = '$pageview', timestamp, toDateTime64(0, 6, 'UTC')), if(event = '$pageview', prop_pathname, NULL))) AS exit_pathname,
    min((if(isNull(prop_referring_domain), toDateTime64('2299-12-31 00:00:00', 6, 'UTC'), timestamp), prop_referring_domain)) AS entry_referring_domain,
    min((if(isNull(utm.1), toDateTime64('2299-12-31 00:00:00', 6, 'UTC'), timestamp), utm.1)) AS entry_utm_source,
    min((if(isNull(utm.2), toDateTime64('2299-12-31 00:00:00', 6, 'UTC'), timestamp), utm.2)) AS entry_utm_medium,
    min((if(isNull(utm.3), toDateTime64('2299-12-31 00:00:00', 6, 'UTC'), timestamp), utm.3)) AS entry_utm_campaign,
    min((if(isNull(utm.4), toDateTime64('2299-12-31 00:00:00', 6, 'UTC'), timestamp), utm.4)) AS entry_gclid,
    min((if(isNull(utm.5), toDateTime64('2299-12-31 00:00:00', 6, 'UTC'), timestamp), utm.5)) AS entry_gad_source,
    min((if(isNull(utm.6), toDateTime64('2299-12-31 00:00:00', 6, 'UTC'), timestamp), utm.6)) AS entry_fbclid
FROM (
    SELECT team_id, assumeNotNull(prop_session_id) AS session_id, event, timestamp, distinct_id, person_id, prop_pathname,
        prop_referring_domain,
        if(multiSearchAny(properties, ['utm_', 'clid', 'gad_source']), JSONExtract(properties, 'Tuple(utm_source Nullable(String), utm_medium Nullable(String), utm_campaign Nullable(String), gclid Nullable(String), gad_source Nullable(String), fbclid Nullable(String))'),
            CAST((NULL, NULL, NULL, NULL, NULL, NULL), 'Tuple(utm_source Nullable(String), utm_medium Nullable(String), utm_campaign Nullable(String), gclid Nullable(String), gad_source Nullable(String), fbclid Nullable(String))')) AS utm
    FROM events
    WHERE prop_session_id != ''
)
GROUP BY team_id, session_id;
