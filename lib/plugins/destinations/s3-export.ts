import { s3Destination } from "@/lib/batch-exports/destinations/s3";
import { ConfigProblem } from "../transformations/kinds";
import { choiceOf, requiredText } from "./api";
import { type BuiltInDestination, type DestinationEvent, eventNames, MASKED } from "./kinds";
import { intervalOf, lineOf, rowOf, writeBatch } from "./export-rows";
import { targetUrl } from "./target";

const COMPRESSIONS = { gzip: "gzip", brotli: "brotli", none: "", "no compression": "" } as const;
const REGION = /^[a-z0-9-]{1,50}$/;
// S3's bucket names (and S3-compatible stores' dotted ones).
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * PostHog's S3 Export app, through the S3 batch export's writer: each delivered batch is one JSON Lines object (the
 * batch exports' columns), gzip or brotli compressed when asked, under `<prefix><day>/`, named by its events' times and
 * uuids (a retried batch overwrites its object). `s3BucketEndpoint` is an S3-compatible store's URL.
 */
export const s3Export: BuiltInDestination = {
  prepare(config) {
    const region = typeof config.awsRegion === "string" && config.awsRegion.trim() ? config.awsRegion.trim() : "us-east-1";
    if (!REGION.test(region)) throw new ConfigProblem("awsRegion", "Enter an AWS region, for example us-east-1.");
    const bucket = requiredText(config, "s3BucketName");
    if (!BUCKET.test(bucket)) throw new ConfigProblem("s3BucketName", "Enter a valid bucket name.");
    const endpoint =
      typeof config.s3BucketEndpoint === "string" && config.s3BucketEndpoint.trim()
        ? targetUrl(config.s3BucketEndpoint, "s3BucketEndpoint").toString().replace(/\/+$/, "")
        : undefined;
    const prefix = typeof config.prefix === "string" ? config.prefix.trim() : "";
    if (prefix.length > 500) throw new ConfigProblem("prefix", "Ensure the prefix has at most 500 characters.");
    const compression = COMPRESSIONS[choiceOf(config, "compression", ["none", "gzip", "brotli", "no compression"] as const)];
    const ignored = eventNames(config.eventsToIgnore);
    const keys = {
      aws_access_key_id: requiredText(config, "awsAccessKey"),
      aws_secret_access_key: requiredText(config, "awsSecretAccessKey"),
    };
    const writerConfig = (events: DestinationEvent[]) => ({
      ...keys,
      region,
      bucket_name: bucket,
      endpoint_url: endpoint,
      // PostHog's app's layout: the prefix as written, then the day.
      prefix: `${prefix}${intervalOf(events).interval.start!.toISOString().slice(0, 10)}`,
      compression,
    });
    const accepts = (event: DestinationEvent) => !ignored.has(event.event.event);
    return {
      accepts,
      preview(event) {
        if (!accepts(event)) return [];
        const { interval, part } = intervalOf([event]);
        const start = interval.start!.toISOString();
        const extension = compression === "gzip" ? ".gz" : compression === "brotli" ? ".br" : "";
        const key = `${prefix}${start.slice(0, 10)}/${start}-${interval.end.toISOString()}-${part}.jsonl${extension}`;
        const url = endpoint ? `${endpoint}/${bucket}/${key}` : `https://${bucket}.s3.${region}.amazonaws.com/${key}`;
        return [
          {
            method: "PUT",
            url,
            headers: { authorization: MASKED, "content-type": "application/jsonl" },
            body: JSON.parse(lineOf(rowOf(event))),
          },
        ];
      },
      deliver: (events) => writeBatch((interval) => s3Destination.open(writerConfig(events), interval), events, "jsonl"),
    };
  },
};
