/**
 * The browser tests' control over the server's clock. Only the e2e server loads this (tests/e2e/e2e-server.ts starts
 * it with `NODE_OPTIONS=--require <this file>` and E2E_CLOCK_FILE); the site itself never does.
 *
 * It replaces `globalThis.Date` with a subclass whose `new Date()` and `Date.now()` are the real time plus an offset
 * (0 at the start). Every other form (`new Date(value)`, `Date.parse`, `Date.UTC`, the methods) is Date's own, and
 * `instanceof Date` holds for dates made by either, including those Node and native modules make. Timers and
 * Node's own HTTP `Date` header keep the real clock.
 *
 * The offset changes on SIGUSR2: the server reads E2E_CLOCK_FILE (a decimal number of milliseconds), takes it as the
 * offset and writes the same number to `<E2E_CLOCK_FILE>.ack` (through a temporary file renamed into place, so a
 * reader never sees half of it). Without E2E_CLOCK_FILE this file does nothing.
 */
"use strict";

const fs = require("node:fs");
const { isMainThread } = require("node:worker_threads");

const clockFile = process.env.E2E_CLOCK_FILE;

// Worker threads get no signals: they would keep offset 0, so they keep the real Date.
if (clockFile && isMainThread) {
  const RealDate = Date;
  let offsetMs = 0;

  class ServerClockDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offsetMs);
      else super(...args);
    }

    static now() {
      return RealDate.now() + offsetMs;
    }

    // Dates made before the swap, or by Node and native code with the original Date, are dates too.
    static [Symbol.hasInstance](value) {
      return value instanceof RealDate;
    }
  }

  // `Date()` called without `new` answers the current time as a string; a class cannot be called, so a proxy
  // answers that call and leaves `new` to the class.
  globalThis.Date = new Proxy(ServerClockDate, {
    apply: () => new ServerClockDate().toString(),
  });

  process.on("SIGUSR2", () => {
    try {
      const text = fs.readFileSync(clockFile, "utf8").trim();
      const next = Number(text);
      if (text === "" || !Number.isFinite(next)) throw new Error(`it holds ${JSON.stringify(text)}, not a number of milliseconds`);
      offsetMs = next;
      const ack = `${clockFile}.ack`;
      fs.writeFileSync(`${ack}.tmp`, String(next));
      fs.renameSync(`${ack}.tmp`, ack);
    } catch (error) {
      // No ack: the test waiting for one fails, and this line in the server's output says why.
      process.stderr.write(`server-clock: ${clockFile}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  });
}
