import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * How `npm run serve` starts the production server (its environment and Node's arguments), read from package.json,
 * so whatever starts the server for a measurement or a test runs exactly what a society runs.
 */
export function serveCommand(): { env: Record<string, string>; args: string[] } {
  const { scripts } = JSON.parse(fs.readFileSync(`${ROOT}/package.json`, "utf8")) as { scripts: Record<string, string> };
  const words = scripts.serve!.split(/\s+/);
  const node = words.indexOf("node");
  if (node === -1) throw new Error(`package.json's serve script does not run node: ${scripts.serve}`);
  const env = Object.fromEntries(words.slice(0, node).map((word) => word.split("=") as [string, string]));
  return { env, args: words.slice(node + 1) };
}

/**
 * Ports handed out below the range the system picks a connection's own port from (Linux's ip_local_port_range,
 * 32768-60999 by default). A port the system handed out (`listen(0)`) could be taken, between its check here and the
 * server's bind, as the source port of any connection the tests open meanwhile: a start then failed with EADDRINUSE.
 * Below that range only another freePort() can pick the same port, at random, in that moment.
 */
const PORTS = { from: 20_000, to: 32_767 } as const;

/** Whether nothing listens on `port` on 127.0.0.1 now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A port on 127.0.0.1 that nothing listens on, for a server or a test's fake to start on. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = PORTS.from + Math.floor(Math.random() * (PORTS.to - PORTS.from + 1));
    if (await bindable(port)) return port;
  }
}

export interface ProductionServer {
  url: string;
  pid: number;
  process: ChildProcess;
  /** Everything it printed so far, or the last `keptOutputChars` of it (startProductionServer's option). */
  output(): string;
  /** SIGTERM, and SIGKILL if it has not gone within 10 s. */
  stop(): Promise<void>;
}

/**
 * Starts the production build (`npm run build` first) on a free port with `env`, and resolves once /readyz says ready.
 * `keptOutputChars` bounds what `output()` keeps: a server under the bench's load logs a line per request, more in a
 * minute than one string can hold. A port another process's freePort() took in the same moment (EADDRINUSE) is
 * given up for another, up to five times, unless `env.PORT` names it.
 */
export async function startProductionServer(
  env: Record<string, string>,
  options: { keptOutputChars?: number } = {},
): Promise<ProductionServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, env.PORT ?? String(await freePort()), options);
    } catch (error) {
      if (env.PORT !== undefined || attempt === 5 || !(error instanceof PortTaken)) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startOnce(
  env: Record<string, string>,
  port: string,
  { keptOutputChars = Infinity }: { keptOutputChars?: number },
): Promise<ProductionServer> {
  const serve = serveCommand();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serve.args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...serve.env, HOST: "127.0.0.1", PUBLIC_URL: url, ...env, PORT: port },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 2 * keptOutputChars) output = output.slice(-keptOutputChars);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const server: ProductionServer = {
    url,
    pid: child.pid!,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const message = `the server exited with ${child.exitCode}:\n${output}`;
      throw output.includes("EADDRINUSE") ? new PortTaken(message) : new Error(message);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not become ready within 30 s:\n${output}`);
}

/**
 * The header a page of the site sends with every write, and without which the site refuses one with 403
 * (`refuseCrossSiteWrites`, server/http/request-guards.ts): a script posting to the site says it comes from the
 * site's own origin, as a browser on one of its pages does. Lower case, so a test's own `origin` replaces it.
 */
export function siteOrigin(serverUrl: string): { origin: string } {
  return { origin: new URL(serverUrl).origin };
}

/** Signs the admin in on a running server; returns the session cookie (`name=value`). */
export async function signIn(serverUrl: string, email: string, password: string): Promise<string> {
  const answer = await fetch(`${serverUrl}/admin/login`, {
    method: "POST",
    headers: siteOrigin(serverUrl),
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const cookie = answer.headers.get("set-cookie")?.split(";")[0];
  if (answer.status !== 302 || !cookie) throw new Error(`signing in answered ${answer.status}`);
  return cookie;
}
