// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }

  interface Result {
    duration: number;
    requests: { average: number; total: number };
    latency: { p50: number; p90: number; p99: number; max: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  /** Emits 'response' (client, statusCode, resBytes, responseTimeMs) for every answer. */
  type Instance = EventEmitter & PromiseLike<Result>;

  export default function autocannon(options: Options): Instance;
}
