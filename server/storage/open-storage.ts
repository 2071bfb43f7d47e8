import type { StorageConfig } from "#server/config.ts";
import type { FileStorage } from "./storage";

/** The storage the configuration names. The AWS SDK is loaded only for a bucket: ~12 MB a site on local files never needs. */
export async function openStorage(config: StorageConfig): Promise<FileStorage> {
  if (config.kind === "s3") return (await import("./s3-storage")).s3Storage(config);
  return (await import("./local-storage")).localStorage(config.dir);
}
