// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  /** The request a client is about to send, as setupRequest may change it. */
  interface RawRequest {
    method: string;
    path: string;
    headers: Record<string, string>;
    body?: string;
  }

  interface Request {
    /** Returns the request to send; called before each request of each connection. */
    setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Seconds before an unanswered request counts as a timeout. */
    timeout?: number;
    headers?: Record<string, string>;
    requests?: Request[];
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
