/**
 * The baseline of `npm run bench`: a bare `node:http` server that answers each captured path with the captured
 * status, headers and body bytes from memory, and nothing else. It does per request only what any Node server must,
 * so its rate is the most a Node process can serve that response at on this machine.
 *
 *   node --import tsx scripts/bench/baseline-server.ts <responses.json>     (prints "listening <port>" once ready)
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type CapturedResponse, fromJson } from "./captured-response";

const file = process.argv[2];
if (!file) throw new Error("usage: baseline-server.ts <responses.json>");
const captured: CapturedResponse[] = fromJson(fs.readFileSync(file, "utf8"));
const byPath = new Map(captured.map((response) => [response.path, response]));

const server = http.createServer((req, res) => {
  const response = byPath.get(req.url ?? "");
  if (!response) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(response.status, response.headers).end(response.body);
});
server.listen(0, "127.0.0.1", () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
