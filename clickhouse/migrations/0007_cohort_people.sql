-- Cohort members (PostHog's cohortpeople): each calculation of a cohort writes its whole member set under a new
-- version, then records that version in cohort_calculations. Analyses read the members of the cohort's latest
-- recorded version, so a calculation still writing (or one that failed halfway) is never read; older versions are
-- deleted once a newer one is recorded.
CREATE TABLE IF NOT EXISTS cohort_people
(
    team_id Int64,
    cohort_id Int64,
    version UInt64,
    person_id UUID
)
ENGINE = MergeTree
ORDER BY (team_id, cohort_id, version, person_id)
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1;

CREATE TABLE IF NOT EXISTS cohort_calculations
(
    team_id Int64,
    cohort_id Int64,
    version UInt64,
    member_count UInt64,
    calculated_at DateTime64(3, 'UTC') DEFAULT now64(3)
)
ENGINE = ReplacingMergeTree(version)
ORDER BY (team_id, cohort_id)
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1;
