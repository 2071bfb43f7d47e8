import fs from "node:fs";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { signIn, siteOrigin } from "#scripts/lib/production-server.ts";
import { startWrk } from "./wrk";
import { type PageLoads, parseProcStatus } from "./report";

/** The case: twenty phone photos of about 4000x3000 pixels, uploaded into one gallery at once. */
export const UPLOADED_PHOTOS = 20;
/** Visitors meanwhile: this many requests a second, alternating the home page and the events page. */
const VISITOR_RATE = 20;
/** Their connections: each sends its next request a fixed time after the last. */
const VISITORS = 4;
const BEFORE_SECONDS = 5;

export interface UploadsResult {
  photos: number;
  /** How many uploads were answered 200. */
  stored: number;
  averagePhotoBytes: number;
  seconds: number;
  /** The same visitors' page loads just before the uploads, and while they are encoded. */
  pagesBefore: PageLoads;
  pages: PageLoads;
  peakRssBytes: number;
}

/** wrk's Lua for visitors loading / and /events-and-activities in turn, `perSecond` in all over `connections`. */
const visitorsScript = (connections: number, perSecond: number) => `
local paths = { "/", "/events-and-activities" }
local sent = 0
request = function()
  sent = sent + 1
  return wrk.format("GET", paths[(sent % 2) + 1])
end
delay = function() return ${Math.round((connections * 1000) / perSecond)} end
`;

/** Visitors at a steady rate (wrk, a process of its own), until `seconds` pass or the returned run is stopped. */
export function visit(serverUrl: string, seconds: number, headers: Record<string, string>) {
  const run = startWrk({ url: `${serverUrl}/`, connections: VISITORS, seconds, headers, script: visitorsScript(VISITORS, VISITOR_RATE) });
  const result = run.result.then((figures): PageLoads => ({
    requests: figures.requests,
    p50Ms: figures.p50Ms,
    p95Ms: figures.p95Ms,
    p99Ms: figures.p99Ms,
    maxMs: figures.maxMs,
    errors: figures.errors,
  }));
  return { stop: run.stop, result };
}

/**
 * The uploads, sent from a thread of their own: the bench's event loop, which samples the server's memory, must not
 * wait for the uploads' (preparing 100 MB of forms holds a loop for a second).
 * Resolves when the thread holds its copy of the photos; `send` posts them all at once and resolves with each status.
 * The thread's code cannot import `siteOrigin`: it sends the same `origin` header itself.
 */
async function photoUploader(url: string, cookie: string, photos: Buffer[]) {
  const thread = new Worker(
    `const { parentPort, workerData: { url, cookie, photos } } = require("node:worker_threads");
    parentPort.once("message", async () => {
      const statuses = await Promise.all(photos.map(async (photo, n) => {
        const body = new FormData();
        body.append("photo", new Blob([photo], { type: "image/jpeg" }), "IMG_" + (1000 + n) + ".jpg");
        const answer = await fetch(url, { method: "POST", headers: { origin: new URL(url).origin, cookie }, body });
        await answer.arrayBuffer();
        return answer.status;
      }));
      parentPort.postMessage(statuses);
    });
    parentPort.postMessage("ready");`,
    { eval: true, workerData: { url, cookie, photos: photos.map((photo) => new Uint8Array(photo)) } },
  );
  const reply = () =>
    new Promise<unknown>((resolve, reject) => {
      thread.once("message", resolve);
      thread.once("error", reject);
    });
  await reply();
  return {
    async send(): Promise<number[]> {
      const statuses = reply();
      thread.postMessage("send");
      const answered = (await statuses) as number[];
      await thread.terminate();
      return answered;
    },
  };
}

/** A phone-like photo: 4000x3000 with grain (so it is as large as a camera's JPEG), each a different colour. */
async function phonePhoto(n: number): Promise<Buffer> {
  const grain = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 24 } },
  })
    .png()
    .toBuffer();
  return sharp(grain)
    .tint({ r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53) % 256 })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The id a page's action answered with (`editAnswer`), read from React Router's stream. */
async function answeredId(body: ReadableStream<Uint8Array>): Promise<string | undefined> {
  const decoded = await decodeViaTurboStream(body, globalThis);
  await decoded.done;
  return (decoded.value as { data?: { id?: string } }).data?.id;
}

/**
 * Signs in, makes a gallery, and uploads UPLOADED_PHOTOS phone photos into it all at once (more than the admin's page
 * sends: it sends one at a time) while visitors load the home and events pages at a steady rate. Measures the pages'
 * latency while the server encodes, and the server's peak memory.
 */
export async function benchUploads(
  serverUrl: string,
  serverPid: number,
  admin: { email: string; password: string },
  /** A phone browser's request headers for a page, as the bench's page endpoints send them. */
  pageHeaders: Record<string, string>,
  progress: (line: string) => void,
): Promise<UploadsResult> {
  progress(`uploads: making ${UPLOADED_PHOTOS} phone photos of 4000x3000`);
  const photos: Buffer[] = [];
  for (let n = 0; n < UPLOADED_PHOTOS; n++) photos.push(await phonePhoto(n));
  const cookie = await signIn(serverUrl, admin.email, admin.password);
  // As the Galleries screen's "New gallery" posts it once JavaScript runs: its page's data request, answered as a stream.
  const created = await fetch(`${serverUrl}/admin/content/galleries.data`, {
    method: "POST",
    headers: { ...siteOrigin(serverUrl), cookie },
    body: new URLSearchParams({ intent: "save", name: "Bench Gala", kind: "event" }),
  });
  const galleryId = created.ok && created.body ? await answeredId(created.body) : undefined;
  if (!galleryId) throw new Error(`making the gallery answered ${created.status}`);

  let peakRssBytes = 0;
  const sampler = setInterval(() => {
    peakRssBytes = Math.max(peakRssBytes, parseProcStatus(fs.readFileSync(`/proc/${serverPid}/status`, "utf8")).rssBytes);
  }, 50);
  progress(`uploads: visitors load pages at ${VISITOR_RATE}/s for ${BEFORE_SECONDS} s before the uploads`);
  const pagesBefore = await visit(serverUrl, BEFORE_SECONDS, pageHeaders).result;
  const uploader = await photoUploader(`${serverUrl}/admin/content/galleries/${galleryId}/photos`, cookie, photos);
  // Stopped once the uploads are answered; the duration only bounds a run that would otherwise never end.
  const visitors = visit(serverUrl, 3600, pageHeaders);
  const started = performance.now();
  progress(`uploads: sending ${UPLOADED_PHOTOS} photos at once while visitors load pages at ${VISITOR_RATE}/s`);
  const answers = await uploader.send();
  const seconds = (performance.now() - started) / 1000;
  visitors.stop();
  const pages = await visitors.result;
  clearInterval(sampler);
  peakRssBytes = Math.max(peakRssBytes, parseProcStatus(fs.readFileSync(`/proc/${serverPid}/status`, "utf8")).rssBytes);
  return {
    photos: UPLOADED_PHOTOS,
    stored: answers.filter((status) => status === 200).length,
    averagePhotoBytes: photos.reduce((sum, photo) => sum + photo.length, 0) / photos.length,
    seconds,
    pagesBefore,
    pages,
    peakRssBytes,
  };
}
