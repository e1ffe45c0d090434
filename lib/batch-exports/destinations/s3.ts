import { promisify } from "node:util";
import { brotliCompress, gzip } from "node:zlib";
import { HeadBucketCommand, PutObjectCommand, S3Client, type ServerSideEncryption } from "@aws-sdk/client-s3";
import { DestinationUnreachable, destinationAgents, unreachable } from "@/lib/net/destination-guard";
import type { RecordPage } from "../records";
import { bodyOf, configString, type Destination, type ExportInterval } from "./types";

const COMPRESSIONS = {
  gzip: { compress: promisify(gzip), extension: ".gz" },
  brotli: { compress: promisify(brotliCompress), extension: ".br" },
} as const;

function compressionOf(config: Record<string, unknown>) {
  const name = config.compression;
  if (name === null || name === undefined || name === "") return null;
  if (name !== "gzip" && name !== "brotli") throw new Error(`The compression ${String(name)} is not available: use gzip, brotli or none.`);
  return { name, ...COMPRESSIONS[name] };
}

/**
 * An S3 client signing with the config's keys only: never the SDK's default chain (the server's environment, its
 * instance's metadata, ~/.aws), which would sign a member's requests with the server's own identity. Its sockets go
 * through the destination guard.
 */
function client(config: Record<string, unknown>): S3Client {
  const endpoint = typeof config.endpoint_url === "string" && config.endpoint_url ? config.endpoint_url : undefined;
  const credentials = {
    accessKeyId: configString(config, "aws_access_key_id"),
    secretAccessKey: configString(config, "aws_secret_access_key"),
  };
  return new S3Client({
    region: configString(config, "region", "us-east-1"),
    endpoint,
    // S3-compatible stores (MinIO, R2, Ceph…) address buckets by path; checksums only where S3 requires them.
    forcePathStyle: endpoint !== undefined,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials,
    requestHandler: destinationAgents(),
    maxAttempts: 3,
  });
}

/** Sends a command; not reaching the store is the generic DestinationUnreachable, the store's refusals are named. */
async function send<Output>(what: string, run: () => Promise<Output>): Promise<Output> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DestinationUnreachable) throw error;
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (!status) throw unreachable(`S3 ${what} failed`, error);
    throw new Error(`The store answered ${(error as Error).name} (${status}) to ${what}.`);
  }
}

/**
 * The object of an interval's `part`th page: `<prefix>/<start>-<end>-<part>.jsonl[.gz]`, the same on every run of
 * the interval, so a run again overwrites its objects instead of adding copies.
 */
function objectKey(config: Record<string, unknown>, interval: ExportInterval, part: number): string {
  const prefix = configString(config, "prefix", "").replace(/\/+$/, "");
  const start = interval.start ? interval.start.toISOString() : "beginning";
  const name = `${start}-${interval.end.toISOString()}-${part}.jsonl${compressionOf(config)?.extension ?? ""}`;
  return prefix ? `${prefix}/${name}` : name;
}

/**
 * S3 (or an S3-compatible store at `endpoint_url`): one JSON Lines object per page, as the engine wrote it,
 * compressed when `compression` is gzip or brotli.
 */
export const s3Destination: Destination = {
  format: "jsonl",
  async open(config, interval) {
    const s3 = client(config);
    const bucket = configString(config, "bucket_name");
    const format = configString(config, "file_format", "JSONLines");
    if (format !== "JSONLines") throw new Error(`The file format ${format} is not available here: use JSONLines.`);
    const compression = compressionOf(config);
    const encryption = typeof config.encryption === "string" && config.encryption ? (config.encryption as ServerSideEncryption) : undefined;
    return {
      async writePage(page: RecordPage, part: number) {
        const lines = bodyOf(page);
        const body = compression ? await compression.compress(lines) : lines;
        await send("PutObject", () =>
          s3.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: objectKey(config, interval, part),
              Body: body,
              ContentType: "application/jsonl",
              ContentEncoding: compression?.name === "gzip" ? "gzip" : compression?.name === "brotli" ? "br" : undefined,
              ServerSideEncryption: encryption,
              SSEKMSKeyId: encryption === "aws:kms" && typeof config.kms_key_id === "string" ? config.kms_key_id : undefined,
            }),
          ),
        );
      },
      close: async () => s3.destroy(),
    };
  },
  async check(config, signal) {
    const s3 = client(config);
    try {
      await send("HeadBucket", () =>
        s3.send(new HeadBucketCommand({ Bucket: configString(config, "bucket_name") }), { abortSignal: signal }),
      );
    } finally {
      s3.destroy();
    }
  },
};
