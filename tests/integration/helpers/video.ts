import { VIDEO_PART_BYTES } from "#core/schemas/limits.ts";
import { type ApiAnswer, post, readAnswer } from "./admin";
import { siteOrigin, type TestServer } from "./test-server";

/** What one request of a video upload answered: its status and JSON body. */
async function postBytes(server: TestServer, path: string, bytes: Uint8Array, cookie: string): Promise<ApiAnswer> {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    body: new Uint8Array(bytes),
    headers: { ...siteOrigin(server.publicUrl), cookie, "content-type": "application/octet-stream" },
  });
  const text = await response.text();
  let body: ApiAnswer["body"];
  try {
    body = readAnswer(JSON.parse(text) as Record<string, unknown>);
  } catch {
    body = { error: text };
  }
  return { status: response.status, body, headers: response.headers };
}

/**
 * Uploads a video as the Home screen does (app/lib/video-upload.ts): a new upload, its parts of VIDEO_PART_BYTES in
 * order, then the form that joins them at `version`. Answers as soon as a step is refused, with that step's answer.
 */
export async function uploadVideo(
  server: TestServer,
  cookie: string,
  bytes: Uint8Array,
  version: number,
  {
    parts = Math.max(1, Math.ceil(bytes.length / VIDEO_PART_BYTES)),
    joinThrough = server,
  }: {
    /** The number of parts the join names (the parts sent, unless a test says otherwise). */
    parts?: number;
    /** The instance that joins the parts (another one behind the same load balancer, say). */
    joinThrough?: TestServer;
  } = {},
): Promise<ApiAnswer> {
  const started = await post(server, "/admin/content/video/uploads", {}, { cookie });
  if (started.status !== 200) return started;
  const id = started.body.id as string;
  for (let index = 0; index * VIDEO_PART_BYTES < bytes.length; index++) {
    const part = bytes.subarray(index * VIDEO_PART_BYTES, (index + 1) * VIDEO_PART_BYTES);
    const stored = await postBytes(server, `/admin/content/video/uploads/${id}/${index}`, part, cookie);
    if (stored.status !== 200) return stored;
  }
  return post(joinThrough, "/admin/content/video", { version: String(version), upload: id, parts: String(parts) }, { cookie });
}

export { postBytes };
