import autocannon, { type Request } from 'autocannon';

export interface LoadResult {
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  failed: number;
}

/** The q-quantile of ascending latencies, nearest rank. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/**
 * Loads one GET endpoint with autocannon after a short warm-up (JIT, connection pools, caches), or
 * with `requests` whatever those generate per request. autocannon reports p90 and p97.5 but not
 * p95, so every response time is recorded and ranked here.
 */
export async function loadEndpoint(
  url: string,
  headers: Record<string, string>,
  options: { connections: number; durationSeconds: number; warmupSeconds: number; requests?: Request[]; timeoutSeconds?: number },
): Promise<LoadResult> {
  const load = {
    url,
    headers,
    connections: options.connections,
    timeout: options.timeoutSeconds ?? 10,
    ...(options.requests ? { requests: options.requests } : {}),
  };
  // No warm-up (0): the figures of a cold server.
  if (options.warmupSeconds > 0) await autocannon({ ...load, duration: options.warmupSeconds });

  const latencies: number[] = [];
  const run = autocannon({ ...load, duration: options.durationSeconds });
  run.on('response', (_client: unknown, _status: number, _bytes: number, responseTimeMs: number) => {
    latencies.push(responseTimeMs);
  });
  const result = await run;
  latencies.sort((a, b) => a - b);
  return {
    connections: options.connections,
    durationSeconds: result.duration,
    requestsPerSecond: result.requests.average,
    p50Ms: quantile(latencies, 0.5),
    p95Ms: quantile(latencies, 0.95),
    p99Ms: quantile(latencies, 0.99),
    failed: result.non2xx + result.errors + result.timeouts,
  };
}
