import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { type OutboundPolicy, OutboundRefused, type OutboundTarget, resolveOutboundTarget } from './guard';

export interface GuardedRequest {
  method: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  timeoutMs: number;
  /** Answers longer than this abort the request (default 1 MiB). */
  maxBodyBytes?: number;
}

export interface GuardedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * An HTTP(S) request to a tenant-given URL, through the outbound guard. The socket's DNS lookup
 * answers only the checked address, so Host header, SNI and certificate check keep the URL's host
 * name while no second resolution can redirect the connection. Redirects are not followed: a 3xx
 * comes back as it is, since its Location was never checked.
 */
export async function guardedRequest(url: string | URL, request: GuardedRequest, policy: OutboundPolicy): Promise<GuardedResponse> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new OutboundRefused(parsed.href, `scheme ${parsed.protocol}`);
  const target = await resolveOutboundTarget(parsed.hostname, policy);
  const body = request.body === undefined ? undefined : String(request.body);
  const headers = {
    ...(request.body instanceof URLSearchParams ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
    ...request.headers,
  };
  const maxBodyBytes = request.maxBodyBytes ?? 1024 * 1024;
  return new Promise((resolve, reject) => {
    const outgoing = (parsed.protocol === 'https:' ? https : http).request(
      parsed,
      { method: request.method, headers, lookup: pinnedLookup(target), signal: AbortSignal.timeout(request.timeoutMs) },
      (response) => {
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxBodyBytes) outgoing.destroy(new Error(`Answer longer than ${maxBodyBytes} bytes`));
          else chunks.push(chunk);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** A lookup that answers the checked address whatever it is asked (one address or, with `all`, a list of one). */
function pinnedLookup(target: OutboundTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}
