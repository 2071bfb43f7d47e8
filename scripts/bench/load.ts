import autocannon from "autocannon";
import { readProcessCpuMicros } from "./process-cpu";

/** What one autocannon run measured. */
export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Every request that did not succeed: connection errors and timeouts, non-2xx answers, and bodies `verifyBody` refused. */
  errors: number;
  requests: number;
  /** CPU time (user and system, all threads) the answering process spent per request, when its pid was given. */
  cpuMicrosPerRequest?: number;
}

export interface LoadOptions {
  /** The server's base URL, e.g. http://127.0.0.1:3000. */
  url: string;
  path: string;
  connections: number;
  durationSeconds: number;
  headers: Record<string, string>;
  /** A request of its own for each call (method, body, extra headers), e.g. a POST with a fresh client address. */
  nextRequest?: () => { method: "POST"; body: string; headers: Record<string, string> };
  /** Whether a 2xx body counts as a success; when it says no, the response is counted as an error. */
  verifyBody?: (body: string) => boolean;
  /** The answering process: its CPU time over the run is measured (Linux). */
  processId?: number;
}

/** Drives one server for `durationSeconds` with `connections` keep-alive connections, from this process. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { nextRequest, processId } = options;
  const cpuBefore = processId === undefined ? undefined : readProcessCpuMicros(processId);
  const result = await autocannon({
    url: `${options.url}${options.path}`,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: options.headers,
    ...(nextRequest
      ? {
          requests: [
            {
              setupRequest: (request) => {
                const next = nextRequest();
                return { ...request, method: next.method, body: next.body, headers: { ...request.headers, ...next.headers } };
              },
            },
          ],
        }
      : {}),
    ...(options.verifyBody ? { verifyBody: (body) => options.verifyBody!(String(body)) } : {}),
  });
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx + result.mismatches,
    requests: result.requests.total,
    ...(processId === undefined || result.requests.total === 0
      ? {}
      : { cpuMicrosPerRequest: (readProcessCpuMicros(processId) - cpuBefore!) / result.requests.total }),
  };
}
