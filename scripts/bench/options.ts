/** What `npm run bench` measures, by name (`--only home,join`). */
export const ENDPOINT_NAMES = ["home", "announcements", "events", "image", "join"] as const;
export type EndpointName = (typeof ENDPOINT_NAMES)[number];

export interface BenchOptions {
  durationSeconds: number;
  connections: number;
  /** Each endpoint is measured this many times on each server; the median round counts. */
  rounds: number;
  only: EndpointName[];
  /** The Accept-Encoding every request carries; a browser's by default, `identity` to measure without compression. */
  acceptEncoding: string;
}

/** What Chromium sends: the server compresses pages (brotli) for it, and the baseline replays the compressed bytes. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export const DEFAULT_OPTIONS: BenchOptions = {
  durationSeconds: 10,
  connections: 10,
  rounds: 3,
  only: [...ENDPOINT_NAMES],
  acceptEncoding: BROWSER_ACCEPT_ENCODING,
};

const isEndpointName = (name: string): name is EndpointName => (ENDPOINT_NAMES as readonly string[]).includes(name);

/**
 * `--duration <s>`, `--connections <n>`, `--rounds <n>`, `--only <name,...>`, `--accept-encoding <value>`; anything
 * else is refused with a message.
 */
export function optionsFromArgs(args: readonly string[]): BenchOptions {
  const options = { ...DEFAULT_OPTIONS };
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i]!;
    const value = args[i + 1];
    if (value === undefined) throw new Error(`${flag} expects a value`);
    const whole = (min: number) => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < min) throw new Error(`${flag} expects a whole number of at least ${min} (got "${value}")`);
      return n;
    };
    if (flag === "--duration") options.durationSeconds = whole(1);
    else if (flag === "--connections") options.connections = whole(1);
    else if (flag === "--rounds") options.rounds = whole(1);
    else if (flag === "--only") {
      const names = value.split(",").map((name) => name.trim());
      const unknown = names.filter((name) => !isEndpointName(name));
      if (unknown.length > 0) throw new Error(`--only expects some of ${ENDPOINT_NAMES.join(", ")} (got "${unknown.join(", ")}")`);
      options.only = ENDPOINT_NAMES.filter((name) => names.includes(name));
    } else if (flag === "--accept-encoding") options.acceptEncoding = value;
    else throw new Error(`unknown option ${flag} (known: --duration, --connections, --rounds, --only, --accept-encoding)`);
  }
  return options;
}
