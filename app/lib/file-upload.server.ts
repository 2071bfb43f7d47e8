import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { data } from "react-router";

/**
 * A multipart form whose one file is too large to hold in memory (a video): the file's bytes go to `receive` as they
 * arrive, the other fields come back as FormData. `receive`'s outcome is `file`, or undefined when no file was chosen.
 * The request's size is capped in front (server/http/app.ts), so only the file can be large.
 */
export async function readStreamedUpload<T>(
  request: Request,
  fileField: string,
  receive: (file: Readable) => Promise<T>,
): Promise<{ fields: FormData; file: T | undefined }> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !contentType.startsWith("multipart/form-data")) {
    throw data({ ok: false, error: "The request is not a form with a file" }, { status: 400 });
  }
  const fields = new FormData();
  let received: Promise<T> | undefined;
  let file: PassThrough | undefined;
  const parser = busboy({ headers: { "content-type": contentType }, limits: { files: 1, fields: 10, fieldSize: 1024 } });
  parser.on("field", (name, value) => fields.append(name, value));
  parser.on("file", (name, stream, info) => {
    // A browser sends an empty part for a file input left empty.
    if (name !== fileField || received || !info.filename) return void stream.resume();
    // `receive` reads a copy: should it stop early (not a video, say), the rest is read and dropped here, so the
    // parser reaches the form's end (a file stream it cannot write to would stall it).
    file = new PassThrough();
    stream.pipe(file);
    const dropRest = () => {
      stream.unpipe(file);
      stream.resume();
    };
    received = receive(file);
    void received.then(dropRest, dropRest);
  });
  try {
    await pipeline(Readable.fromWeb(request.body as WebReadableStream<Uint8Array>), parser);
  } catch {
    // The upload broke off, or is not a well-formed form.
    file?.destroy();
    await received?.catch(() => undefined);
    throw data({ ok: false, error: "The request is not a form" }, { status: 400 });
  }
  return { fields, file: received && (await received) };
}
