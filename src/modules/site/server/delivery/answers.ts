/** How long a delivered answer is served from memory at most: the bound on what a write this process does not see leaves stale. */
export const ANSWER_SECONDS = 5;
/** Answers kept at most; the oldest go first. */
const ANSWERS = 2000;

export interface Answer {
  serviceId: number;
  /** The delivered module the answer reads (with the modules nested in it). */
  resource: string;
  text: string;
  etag: string;
}

interface KeptAnswer extends Answer {
  version: string;
  expires: number;
}

/**
 * The delivery API's answers kept a few seconds by request (address, path and query), so that a
 * site's repeated reads, and its If-None-Match, cost no query. A write of the engine in a service
 * drops the answers of the delivered module it belongs to at once, a rotated key all the service's; what it cannot see (a period
 * starting, another process writing, a domain or module taken away) lasts ANSWER_SECONDS at most,
 * well within the minute sites may cache an answer anyway.
 */
export class DeliveredAnswers {
  private readonly answers = new Map<string, KeptAnswer>();
  /** By service, and by service and resource. */
  private readonly versions = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The service's content changed (only that of one delivered module, when named): those kept answers are no longer served. */
  changed(serviceId: number, resource?: string): void {
    const key = resource === undefined ? String(serviceId) : `${serviceId}:${resource}`;
    this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
  }

  get(request: string): Answer | undefined {
    const kept = this.answers.get(request);
    if (!kept) return undefined;
    if (kept.expires > this.now() && kept.version === this.version(kept.serviceId, kept.resource)) return kept;
    this.answers.delete(request);
    return undefined;
  }

  /** Keeps an answer read at `version` (taken before the read, so that a write during it drops it). */
  keep(request: string, answer: Answer, version: string): void {
    if (version !== this.version(answer.serviceId, answer.resource)) return;
    this.answers.delete(request);
    this.answers.set(request, { ...answer, version, expires: this.now() + ANSWER_SECONDS * 1000 });
    if (this.answers.size > ANSWERS) this.answers.delete(this.answers.keys().next().value as string);
  }

  version(serviceId: number, resource: string): string {
    return `${this.versions.get(String(serviceId)) ?? 0}.${this.versions.get(`${serviceId}:${resource}`) ?? 0}`;
  }
}
