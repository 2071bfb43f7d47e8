import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { assertSafeKey, type FileStorage, StorageError } from "./storage";
import { errorMessage } from "#core/errors.ts";

export interface S3Location {
  bucket: string;
  region: string;
  /** Unset: AWS itself. Otherwise the S3-compatible service's URL, e.g. https://minio.example.org:9000. */
  endpoint: string | undefined;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most self-hosted servers need it). */
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

/**
 * How long one call may take. An unreachable bucket must fail a request in seconds, not hang it until the
 * client or the proxy gives up (docs/decisions/009-s3-storage.md).
 */
export interface S3Timeouts {
  /** To open the TCP (and TLS) connection. */
  connectMs: number;
  /** From sending the request to the end of the answer, per attempt. */
  requestMs: number;
  /** Attempts in all, the first included (the SDK retries network errors, 5xx and throttling, with backoff). */
  maxAttempts: number;
  /** The whole call, retries included. */
  deadlineMs: number;
}

export const S3_TIMEOUTS: S3Timeouts = { connectMs: 2_000, requestMs: 5_000, maxAttempts: 2, deadlineMs: 10_000 };

/** A large file's upload may take longer than the deadline: as long as it would at this slowest expected rate. */
const SLOWEST_UPLOAD_BYTES_PER_SECOND = 1_000_000;

/**
 * Files in an S3-compatible bucket, through the official AWS SDK. Each object carries its content type; the
 * app reads objects and serves them itself (server/http/app.ts), with the same headers as local files.
 * Errors come out as StorageError naming the operation, the bucket and the reason (never a credential).
 */
export function s3Storage(location: S3Location, timeouts: S3Timeouts = S3_TIMEOUTS): FileStorage {
  const { bucket } = location;
  const client = new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    credentials: location.credentials,
    maxAttempts: timeouts.maxAttempts,
    requestHandler: { connectionTimeout: timeouts.connectMs, requestTimeout: timeouts.requestMs, throwOnRequestTimeout: true },
    // Checksums only where S3 requires them: several S3-compatible servers refuse or mishandle the
    // CRC headers newer SDKs send by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const where = location.endpoint ? `bucket "${bucket}" at ${new URL(location.endpoint).host}` : `bucket "${bucket}" (${location.region})`;

  /**
   * One call, within the deadline; a failure comes out as StorageError naming the operation, the bucket and why. The
   * deadline ends with `run`: a body read inside `run` is covered, a stream handed back is not.
   */
  async function call<T>(
    operation: string,
    run: (options: { abortSignal: AbortSignal }) => Promise<T>,
    deadlineMs = timeouts.deadlineMs,
  ): Promise<T> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new DOMException(`no answer in ${deadlineMs} ms`, "TimeoutError")), deadlineMs);
    try {
      return await run({ abortSignal: deadline.signal });
    } catch (error) {
      // A deadline that cuts a body read short surfaces as the dropped connection; the deadline is the reason.
      const why = reason(deadline.signal.aborted ? deadline.signal.reason : error, timeouts);
      throw new StorageError(`S3 ${operation} failed on ${where}: ${why}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Stores the `size` bytes of `body` under a key already checked. */
  async function putObject(key: string, body: Buffer | Readable, size: number, contentType: string, deadlineMs?: number) {
    const command = new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, ContentLength: size });
    await call(`put ${key}`, (options) => client.send(command, options), deadlineMs);
  }

  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      await putObject(key, body, body.length, contentType);
    },

    async putFile(key, sourcePath, contentType) {
      assertSafeKey(key);
      const { size } = await fs.stat(sourcePath);
      const deadlineMs = Math.max(timeouts.deadlineMs, (size / SLOWEST_UPLOAD_BYTES_PER_SECOND) * 1000);
      await putObject(key, createReadStream(sourcePath), size, contentType, deadlineMs);
    },

    async get(key) {
      assertSafeKey(key);
      return call(`get ${key}`, async (options) => {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }), options).catch((error: unknown) => {
          if (error instanceof S3ServiceException && error.name === "NoSuchKey") return undefined;
          throw error;
        });
        if (!object?.Body) return undefined;
        // The body arrives after the answer's headers; the same deadline's signal aborts a read that stalls.
        const bytes = await object.Body.transformToByteArray();
        return {
          body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: object.ContentType ?? "application/octet-stream",
        };
      });
    },

    async stat(key) {
      assertSafeKey(key);
      return call(`head ${key}`, async (options) => {
        const object = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }), options).catch((error: unknown) => {
          // A HEAD answer has no body to name the error: a missing key is a bare 404.
          if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
          throw error;
        });
        return object && { size: object.ContentLength ?? 0, contentType: object.ContentType ?? "application/octet-stream" };
      });
    },

    /**
     * The deadline covers the answer's headers only: the body then flows as fast as the visitor reads it (a phone
     * watching a video pauses the download for minutes), guarded by the socket's own inactivity timeout.
     */
    async readRange(key, { start, end }) {
      assertSafeKey(key);
      const object = await call(`get ${key} bytes ${start}-${end}`, (options) =>
        client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${start}-${end}` }), options),
      );
      if (!(object.Body instanceof Readable)) throw new StorageError(`S3 get ${key} on ${where} answered without a body`);
      return object.Body;
    },

    async delete(key) {
      assertSafeKey(key);
      // S3 answers 204 for a key that is not there, so deleting twice is fine.
      await call(`delete ${key}`, (options) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }), options));
    },

    /**
     * One HeadBucket: the bucket answers, exists and accepts the credentials. It does not prove write
     * permission (that would cost a PUT on every /readyz); a policy without s3:PutObject shows on the first upload.
     */
    async checkWritable() {
      await call("HeadBucket", (options) => client.send(new HeadBucketCommand({ Bucket: bucket }), options));
    },
  };
}

/** Errors of the connection itself: the bucket's host could not be reached, or dropped the connection. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/** Why a call failed, in words an operator can act on. */
function reason(error: unknown, timeouts: S3Timeouts): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    // A HEAD answer has no body, so the SDK can only name it by its status ("NotFound", "Unknown").
    const name = error.name === "Unknown" ? "" : ` ${error.name}`;
    if (error.name === "NotFound" || error.name === "NoSuchBucket") return `the bucket does not exist (HTTP ${status ?? 404})`;
    if (status === 403 || error.name === "InvalidAccessKeyId" || error.name === "SignatureDoesNotMatch") {
      return `access denied (HTTP ${status ?? 403}${name}): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the bucket's policy`;
    }
    const detail = error.message && error.message !== error.name && error.message !== "UnknownError" ? `: ${error.message}` : "";
    return `HTTP ${status ?? "?"}${name}${detail}`;
  }
  if (!(error instanceof Error)) return String(error);
  if (error.name === "TimeoutError" || error.name === "AbortError") {
    return `no answer in time (${timeouts.connectMs} ms to connect, ${timeouts.requestMs} ms per request, ${timeouts.deadlineMs} ms in all)`;
  }
  const code = (error as NodeJS.ErrnoException).code;
  const message = error.message || (error instanceof AggregateError ? error.errors.map(errorMessage).join("; ") : "");
  if (code && NETWORK_CODES.has(code)) return `unreachable (${code}: ${message})`;
  return `${error.name}${code ? ` ${code}` : ""}: ${message}`;
}
