import http from "node:http";

/** One response of the production server, byte for byte, for the baseline to answer with. */
export interface CapturedResponse {
  path: string;
  status: number;
  /** The response's own headers, without those Node's `http` writes itself (Date, Content-Length, connection headers). */
  headers: Record<string, string | string[]>;
  /** The body as sent on the wire (compressed, when the request accepted an encoding and the server chose one). */
  body: Buffer;
}

/** Headers `node:http` sets on every response by itself; copying them would send them twice or wrongly. */
const WRITTEN_BY_NODE = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** Headers as the baseline writes them: everything the server sent but what Node writes anyway. */
export function replayableHeaders(headers: http.IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !WRITTEN_BY_NODE.has(name)) kept[name] = value;
  }
  return kept;
}

/**
 * GETs `path` once with the benchmark's request headers and keeps the body undecoded (fetch would decompress it,
 * and the baseline must send what the server sent).
 */
export function captureResponse(baseUrl: string, path: string, headers: Record<string, string>): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, baseUrl), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({ path, status: response.statusCode ?? 0, headers: replayableHeaders(response.headers), body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
  });
}

export function toJson(responses: CapturedResponse[]): string {
  return JSON.stringify(responses.map((r) => ({ ...r, body: r.body.toString("base64") })));
}

export function fromJson(json: string): CapturedResponse[] {
  const parsed = JSON.parse(json) as (Omit<CapturedResponse, "body"> & { body: string })[];
  return parsed.map((r) => ({ ...r, body: Buffer.from(r.body, "base64") }));
}
