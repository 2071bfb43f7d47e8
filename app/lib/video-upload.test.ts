import { beforeEach, describe, expect, test, vi } from "vitest";
import { VIDEO_PART_BYTES } from "#core/schemas/limits.ts";
import type { PostedAnswer } from "./post-with-progress";
import { uploadVideo } from "./video-upload";

/** The requests the upload made, each with the bytes it sent; `answers` says what each URL is answered, in turn. */
const sent: Array<{ url: string; bytes: number; form?: Record<string, string> }> = [];
let answers: Record<string, PostedAnswer[]> = {};
vi.mock("./post-with-progress", () => ({
  postWithProgress: (url: string, body: FormData | Blob, options?: { onProgress?: (sent: number) => void }) => {
    const form = body instanceof FormData ? (Object.fromEntries(body) as Record<string, string>) : undefined;
    sent.push({ url, bytes: body instanceof Blob ? body.size : 0, ...(form && Object.keys(form).length > 0 ? { form } : {}) });
    if (body instanceof Blob) options?.onProgress?.(body.size);
    const queue = answers[url.replace(/uploads\/up-1\/\d+$/, "uploads/up-1/part")] ?? [];
    return Promise.resolve(queue.shift() ?? { status: 200, body: { ok: true } });
  },
}));

/** A film of `parts` parts, the last one short. */
const film = (parts: number) => new File([new Uint8Array(VIDEO_PART_BYTES * (parts - 1) + 100)], "film.webm", { type: "video/webm" });
const started = { status: 200, body: { id: "up-1" } };

/** app/lib/video-upload.ts: the Home screen's video goes in parts, each its own request, then a join. */
describe("sending a video in parts", () => {
  beforeEach(() => {
    sent.length = 0;
    answers = { "/admin/content/video/uploads": [started] };
  });

  test("each part is sent in order with the film's progress, then the join names the upload, its parts and the version", async () => {
    const progress: number[] = [];
    const joining = vi.fn();
    const answer = await uploadVideo(film(2), 7, { onProgress: (bytes) => progress.push(bytes), onJoining: joining });
    expect(answer.status).toBe(200);
    expect(sent).toEqual([
      { url: "/admin/content/video/uploads", bytes: 0 },
      { url: "/admin/content/video/uploads/up-1/0", bytes: VIDEO_PART_BYTES },
      { url: "/admin/content/video/uploads/up-1/1", bytes: 100 },
      { url: "/admin/content/video", bytes: 0, form: { version: "7", upload: "up-1", parts: "2" } },
    ]);
    expect(progress).toEqual([VIDEO_PART_BYTES, VIDEO_PART_BYTES + 100]);
    expect(joining).toHaveBeenCalledTimes(1);
  });

  test("a part lost on the way (no answer, or the server failed) is sent again, up to three times; a refused part is not", async () => {
    answers["/admin/content/video/uploads/up-1/part"] = [
      { status: 0, body: null },
      { status: 503, body: null },
    ];
    expect((await uploadVideo(film(1), 1, { onProgress: () => {}, onJoining: () => {} })).status).toBe(200);
    expect(sent.filter((request) => request.url.endsWith("/0"))).toHaveLength(3);

    sent.length = 0;
    answers = { "/admin/content/video/uploads": [started] };
    answers["/admin/content/video/uploads/up-1/part"] = [0, 0, 0].map(() => ({ status: 0, body: null }));
    expect(await uploadVideo(film(2), 1, { onProgress: () => {}, onJoining: () => {} })).toEqual({ status: 0, body: null });
    expect(sent.map((request) => request.url).filter((url) => url !== "/admin/content/video/uploads")).toEqual(
      Array(3).fill("/admin/content/video/uploads/up-1/0"),
    );

    sent.length = 0;
    answers = { "/admin/content/video/uploads": [started] };
    const refused = { status: 400, body: { ok: false, result: { status: "error", error: { video: ["Choose an MP4 or WebM video"] } } } };
    answers["/admin/content/video/uploads/up-1/part"] = [refused];
    expect(await uploadVideo(film(2), 1, { onProgress: () => {}, onJoining: () => {} })).toEqual(refused);
    expect(sent).toHaveLength(2);
  });

  test("an upload the server will not start ends there, with its answer", async () => {
    answers["/admin/content/video/uploads"] = [{ status: 401, body: { error: "Your session has ended." } }];
    expect((await uploadVideo(film(1), 1, { onProgress: () => {}, onJoining: () => {} })).status).toBe(401);
    expect(sent).toHaveLength(1);
  });
});
