import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Location } from "#server/storage/s3-storage.ts";

/** The credentials s3rver accepts (its built-in account). */
const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * A real S3-compatible server for tests (s3rver, objects as files in a temporary folder) on a free port, with
 * one bucket. It can be stopped and started again on the same port, standing in for a bucket that goes away.
 */
export interface TestS3Server {
  location: S3Location;
  endpoint: string;
  /** The variables a server process needs to use this bucket. */
  env: Record<string, string>;
  start(): Promise<void>;
  /** Stops answering: connections to the port are refused. The objects stay for the next start. */
  stop(): Promise<void>;
  /** Stops and removes every object. */
  destroy(): Promise<void>;
}

async function run(directory: string, port: number, bucket: string): Promise<{ instance: S3rver; port: number }> {
  const instance = new S3rver({ address: "127.0.0.1", port, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const address = await instance.run();
  return { instance, port: address.port };
}

export async function startTestS3Server(bucket = "society-uploads"): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "society-s3-"));
  // The first start takes any free port; later starts reuse it, so clients find the bucket where it was.
  const first = await run(directory, 0, bucket);
  let running: S3rver | undefined = first.instance;
  const port = first.port;
  const endpoint = `http://127.0.0.1:${port}`;

  const server: TestS3Server = {
    location: { bucket, region: "us-east-1", endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS },
    endpoint,
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    async start() {
      if (!running) running = (await run(directory, port, bucket)).instance;
    },
    async stop() {
      const instance = running;
      running = undefined;
      if (instance) await instance.close();
    },
    async destroy() {
      await server.stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
  return server;
}
