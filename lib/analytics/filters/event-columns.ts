/**
 * Hot event properties the events table keeps as exact columns (clickhouse/migrations/0003, 0010): NULL when missing or
 * JSON null, else the value `propertyValueSql` gives.
 */
export const EXACT_EVENT_COLUMNS: Readonly<Record<string, string>> = {
  $browser: "e.prop_browser",
  $os: "e.prop_os",
  $current_url: "e.prop_current_url",
  $pathname: "e.prop_pathname",
  $host: "e.prop_host",
  $device_type: "e.prop_device_type",
  $referring_domain: "e.prop_referring_domain",
  $session_id: "e.prop_session_id",
  $geoip_country_code: "e.prop_geoip_country_code",
  $viewport_width: "e.prop_viewport_width",
  $viewport_height: "e.prop_viewport_height",
};
