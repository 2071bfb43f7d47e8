import { VIDEO_PART_BYTES } from "#core/schemas/limits.ts";
import { href } from "react-router";
import { type PostedAnswer, postWithProgress } from "./post-with-progress";

/** Times a part is sent before the upload gives up: a dropped connection on a phone often comes back at once. */
const ATTEMPTS_PER_PART = 3;

/**
 * Sends a video to /admin/content/home's video form in parts of VIDEO_PART_BYTES, each its own short request (so a slow
 * line never meets the server's request timeout, and a part lost on the way is sent again, not the whole film), then
 * asks the server to join them and show the video at `version`. `onProgress` counts the film's bytes sent; `onJoining`
 * says every part is there. Resolves with the answer that ends it: the last part's refusal, or the join's answer.
 */
export async function uploadVideo(
  file: File,
  version: number,
  { onProgress, onJoining }: { onProgress: (sent: number, total: number) => void; onJoining: () => void },
): Promise<PostedAnswer> {
  const started = await postWithProgress(href("/admin/content/video/uploads"), new FormData());
  const uploadId = started.status === 200 ? (started.body as { id?: unknown } | null)?.id : undefined;
  if (typeof uploadId !== "string") return started;

  const parts = Math.max(1, Math.ceil(file.size / VIDEO_PART_BYTES));
  for (let index = 0; index < parts; index++) {
    const start = index * VIDEO_PART_BYTES;
    const part = file.slice(start, start + VIDEO_PART_BYTES);
    const url = href("/admin/content/video/uploads/:id/:index", { id: encodeURIComponent(uploadId), index: encodeURIComponent(index) });
    let answer: PostedAnswer = { status: 0, body: null };
    for (let attempt = 0; attempt < ATTEMPTS_PER_PART; attempt++) {
      answer = await postWithProgress(url, part, {
        onProgress: (sent) => onProgress(start + sent, file.size),
      });
      // Sent again only when the connection or the server failed, not when the part was refused.
      if (answer.status !== 0 && answer.status < 500) break;
    }
    if (answer.status !== 200) return answer;
  }
  onJoining();
  const form = new FormData();
  form.append("version", String(version));
  form.append("upload", uploadId);
  form.append("parts", String(parts));
  return postWithProgress(href("/admin/content/video"), form);
}
