/**
 * `npm run build`: encodes the photos (scripts/build-images.ts, which reuses the variants it already made), then builds
 * the app with React Router (build/client, build/server) and bundles the server with esbuild (build/host/main.js, and the chunks it loads on demand).
 *
 * The last two steps are skipped when nothing they read changed: build/build-stamp.json keeps a SHA-256 of their
 * inputs' contents and of the files they wrote, and the build is reused only when both still match, so a missing or
 * hand-rebuilt output (`npm run build:server`) is built again. Contents, not modification times, so a `git checkout`
 * back and forth costs nothing, and an edit reverted after the last build is not missed.
 *
 *   node --import tsx scripts/build.ts            build what changed
 *   node --import tsx scripts/build.ts --force    build the app and the server whatever the stamp says
 */
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * What the React Router build and the server bundle read, besides node_modules (package-lock.json stands for it):
 * the code, content/*.ts, Vite's public/ folder should one appear, and the configuration.
 */
const INPUT_DIRS = ["app", "core", "server", "public"];
const INPUT_FILES = [
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "scripts/build.ts",
  "scripts/build-server.ts",
];
/** Unit tests live beside the code and are in no build. */
const TEST_FILE = /\.test\.tsx?$/;

const STAMP_FILE = "build/build-stamp.json";
const ASSETS_DIR = "build/client/assets";
/** Below this, a file's brotli saves less than its request's headers weigh. */
const PRECOMPRESS_MIN_BYTES = 1024;
const OUTPUT_DIRS = ["build/client", "build/server", "build/host"];
const SERVER_BUNDLE = "build/host/main.js";

interface Stamp {
  inputs: string;
  outputs: string;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(dir, name))
    .filter((file) => fs.statSync(file).isFile());
}

/** One digest of the files' names and contents, in the manner of `sha256sum`. */
function digest(files: string[]): string {
  const sha256 = (data: string | Buffer) => crypto.createHash("sha256").update(data).digest("hex");
  const lines = files
    .map((file) => file.split(path.sep).join("/"))
    .sort()
    .map((file) => `${sha256(fs.readFileSync(file))}  ${file}`);
  return sha256(lines.join("\n"));
}

function inputsDigest(): string {
  const content = fs.readdirSync("content").filter((name) => name.endsWith(".ts"));
  return digest([
    ...INPUT_DIRS.flatMap(filesUnder).filter((file) => !TEST_FILE.test(file)),
    ...content.map((name) => path.join("content", name)),
    ...INPUT_FILES,
  ]);
}

function outputsDigest(): string {
  return digest(OUTPUT_DIRS.flatMap(filesUnder));
}

function readStamp(): Stamp | undefined {
  try {
    return JSON.parse(fs.readFileSync(STAMP_FILE, "utf8")) as Stamp;
  } catch {
    return undefined;
  }
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`build: \`${[command, ...args].join(" ")}\` failed`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Each script and stylesheet of the build, also as `<file>.br` at brotli's highest quality, which the server sends to a
 * browser that takes brotli (server/http/app.ts, productionAssets): some 15 % fewer bytes than compressing each answer
 * on the fly, for every page's 120-odd KiB of JavaScript. Slow to make, so made once, here.
 */
async function precompressAssets(): Promise<void> {
  const brotli = promisify(zlib.brotliCompress);
  const files = fs
    .readdirSync(ASSETS_DIR)
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => path.join(ASSETS_DIR, name))
    .filter((file) => fs.statSync(file).size >= PRECOMPRESS_MIN_BYTES);
  await Promise.all(
    files.map(async (file) => {
      const data = fs.readFileSync(file);
      const params = {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      };
      fs.writeFileSync(`${file}.br`, await brotli(data, { params }));
    }),
  );
}

const force = process.argv.includes("--force");
run(process.execPath, ["--import", "tsx", "scripts/build-images.ts"]);

const started = Date.now();
const inputs = inputsDigest();
const stamp = readStamp();
if (!force && stamp?.inputs === inputs && stamp.outputs === outputsDigest()) {
  // The server refuses to start when content/*.ts is newer than its bundle (server/content/load-site.ts). The bundle
  // holds these very contents, so it is dated now, as a fresh build would be.
  const now = new Date();
  fs.utimesSync(SERVER_BUNDLE, now, now);
  console.log(`app and server: unchanged since the last build, reused (${Date.now() - started} ms; --force builds them again)`);
} else {
  fs.rmSync(STAMP_FILE, { force: true });
  run(path.join("node_modules", ".bin", "react-router"), ["build"]);
  await precompressAssets();
  // esbuild writes main.js and its chunks (the parts loaded on demand, such as the S3 client) beside each other; chunks
  // of an older build would stay.
  fs.rmSync(path.dirname(SERVER_BUNDLE), { recursive: true, force: true });
  run("npm", ["run", "--silent", "build:server"]);
  // The inputs as they were before building: an edit made during the build is built next time.
  fs.writeFileSync(STAMP_FILE, `${JSON.stringify({ inputs, outputs: outputsDigest() } satisfies Stamp, null, 1)}\n`);
}
