import { expect, test } from "vitest";
import { fromJson, replayableHeaders, toJson } from "./captured-response";

test("the baseline replays the server's headers but those Node writes itself", () => {
  expect(
    replayableHeaders({
      "content-type": "text/html; charset=utf-8",
      "content-encoding": "br",
      vary: "Accept-Encoding",
      "set-cookie": ["a=1", "b=2"],
      date: "Mon, 01 Jan 2024 00:00:00 GMT",
      connection: "keep-alive",
      "keep-alive": "timeout=5",
      "transfer-encoding": "chunked",
      "content-length": "10",
    }),
  ).toEqual({
    "content-type": "text/html; charset=utf-8",
    "content-encoding": "br",
    vary: "Accept-Encoding",
    "set-cookie": ["a=1", "b=2"],
  });
});

test("captured bodies survive the trip to the baseline byte for byte", () => {
  const body = Buffer.from([0x1b, 0x36, 0x00, 0xff, 0xfe]);
  const [back] = fromJson(toJson([{ path: "/", status: 200, headers: { "content-type": "image/avif" }, body }]));
  expect(back).toEqual({ path: "/", status: 200, headers: { "content-type": "image/avif" }, body });
});
