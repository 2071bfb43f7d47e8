/**
 * The join form's posts for wrk (scripts/bench/wrk.ts): each request a new applicant, as the dialog posts it to
 * /join.data from the site's own origin, from a client address of its own (the limit is 30 per address). The bodies
 * are written to a file before the run, one per line, and the run's Lua reads them; an answer other than 200, or a
 * plain one that does not say the application was stored, counts as refused.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { applicant } from "#scripts/lib/seed.ts";

/** Applicants per run: more than a run can send (two cores store a few hundred a second), so none is sent twice. */
export const APPLICANTS_PER_RUN = 20_000;

/** The headers every join post carries besides a browser's. */
export const joinHeaders = (origin: string) => ({
  "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8",
  Origin: origin,
  "Sec-Fetch-Site": "same-origin",
});

/** Writes the bodies of applicants `first` to `first + APPLICANTS_PER_RUN - 1`; returns the run's Lua and a cleanup. */
export function joinScript(first: number): { script: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-join-"));
  const file = path.join(dir, "bodies.txt");
  const lines: string[] = [];
  for (let n = first; n < first + APPLICANTS_PER_RUN; n++) {
    const body = new URLSearchParams({ intent: "submit" });
    for (const [name, value] of Object.entries(applicant(n))) for (const entry of [value].flat()) body.append(name, String(entry));
    lines.push(body.toString());
  }
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  const script = `
local bodies = {}
for line in io.lines(${JSON.stringify(file)}) do bodies[#bodies + 1] = line end
local sent = 0
refused = 0
request = function()
  local n = ${first} + sent
  local headers = {}
  for name, value in pairs(wrk.headers) do headers[name] = value end
  headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  sent = sent + 1
  -- Past the last body the run sends it again: the server refuses a repeated applicant, which shows as errors.
  return wrk.format("POST", nil, headers, bodies[math.min(sent, #bodies)])
end
response = function(status, headers, body)
  -- A compressed answer cannot be read here: then its status, 200 only for a stored application, stands for it.
  if status ~= 200 or (body:sub(1, 1) == "[" and not body:find('"joined",true', 1, true)) then refused = refused + 1 end
end
`;
  return { script, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
