-- The hot event properties with their exact value, so breakdowns (and most filters) never read the big `properties`
-- column: NULL when the property is missing or JSON null, a string as itself (including ''), any other JSON value as
-- its JSON text (`42`, `true`, `{"a":1}`), as `propertyValueSql` reads them. The mat_* columns of 0001 cannot tell
-- these apart ('' for all but non-empty strings). JSONExtract to Nullable(String) gives exactly that in one parse.
ALTER TABLE events
    ADD COLUMN IF NOT EXISTS prop_browser Nullable(String) MATERIALIZED JSONExtract(properties, '$browser', 'Nullable(String)'),
    ADD COLUMN IF NOT EXISTS prop_os Nullable(String) MATERIALIZED JSONExtract(properties, '$os', 'Nullable(String)'),
    ADD COLUMN IF NOT EXISTS prop_current_url Nullable(String) MATERIALIZED JSONExtract(properties, '$current_url', 'Nullable(String)'),
    ADD COLUMN IF NOT EXISTS prop_pathname Nullable(String) MATERIALIZED JSONExtract(properties, '$pathname', 'Nullable(String)'),
    ADD COLUMN IF NOT EXISTS prop_host Nullable(String) MATERIALIZED JSONExtract(properties, '$host', 'Nullable(String)'),
    ADD COLUMN IF NOT EXISTS prop_device_type Nullable(String) MATERIALIZED JSONExtract(properties, '$device_type', 'Nullable(String)'),
    ADD COLUMN IF NOT EXISTS prop_referring_domain Nullable(String) MATERIALIZED JSONExtract(properties, '$referring_domain', 'Nullable(String)'),
    ADD COLUMN IF NOT EXISTS prop_session_id Nullable(String) MATERIALIZED JSONExtract(properties, '$session_id', 'Nullable(String)');

-- They replace 0001's mat_* columns (same number of JSON parses per inserted event).
ALTER TABLE events
    DROP COLUMN IF EXISTS mat_browser,
    DROP COLUMN IF EXISTS mat_os,
    DROP COLUMN IF EXISTS mat_current_url,
    DROP COLUMN IF EXISTS mat_pathname,
    DROP COLUMN IF EXISTS mat_host,
    DROP COLUMN IF EXISTS mat_device_type,
    DROP COLUMN IF EXISTS mat_referring_domain,
    DROP COLUMN IF EXISTS mat_session_id;

-- Parts written before this migration would compute the columns on every read, parsing every event's JSON (slower
-- than 0001's mat_* columns did). The mutation stores them once: in the background
-- on a server (reads compute the parts not done yet), before this statement returns on chDB.
ALTER TABLE events
    MATERIALIZE COLUMN prop_browser,
    MATERIALIZE COLUMN prop_os,
    MATERIALIZE COLUMN prop_current_url,
    MATERIALIZE COLUMN prop_pathname,
    MATERIALIZE COLUMN prop_host,
    MATERIALIZE COLUMN prop_device_type,
    MATERIALIZE COLUMN prop_referring_domain,
    MATERIALIZE COLUMN prop_session_id;
