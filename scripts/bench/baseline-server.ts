/**
 * The baseline of `npm run bench`, forked by it: a bare `node:http` server that answers each path it was sent over IPC
 * with the status, headers and body bytes the production server sent, from memory, and nothing else. It does per
 * request only what any Node server must, so its rate is the most a Node process can serve that response at here.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** One response of the production server, byte for byte (compressed when it compressed it). */
export interface CapturedResponse {
  path: string;
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Uint8Array;
}

process.once("message", (responses: CapturedResponse[]) => {
  const byPath = new Map(responses.map((response) => [response.path, response]));
  const server = http.createServer((req, res) => {
    const response = byPath.get(req.url ?? "");
    if (response) res.writeHead(response.status, response.headers).end(response.body);
    else res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1", () => process.send!((server.address() as AddressInfo).port));
});
