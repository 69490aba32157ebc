/** How long a delivered answer is served from memory at most: the bound on what a write this process does not see leaves stale. */
export const ANSWER_SECONDS = 5;
/** Answers kept at most; the oldest go first. */
const ANSWERS = 5000;

export interface Answer {
  serviceId: number;
  text: string;
  etag: string;
}

interface KeptAnswer extends Answer {
  version: number;
  expires: number;
}

/**
 * The delivery API's answers kept a few seconds by request (address, path and query), so that a
 * site's repeated reads, and its If-None-Match, cost no query. Any write of the engine in a
 * service (and a rotated key) drops that service's answers at once; what it cannot see (a period
 * starting, another process writing, a domain or module taken away) lasts ANSWER_SECONDS at most,
 * well within the minute sites may cache an answer anyway.
 */
export class DeliveredAnswers {
  private readonly answers = new Map<string, KeptAnswer>();
  private readonly versions = new Map<number, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The service's content changed: its kept answers are no longer served. */
  changed(serviceId: number): void {
    this.versions.set(serviceId, (this.versions.get(serviceId) ?? 0) + 1);
  }

  get(request: string): Answer | undefined {
    const kept = this.answers.get(request);
    if (!kept) return undefined;
    if (kept.expires > this.now() && kept.version === (this.versions.get(kept.serviceId) ?? 0)) return kept;
    this.answers.delete(request);
    return undefined;
  }

  /** Keeps an answer read at `version` (taken before the read, so that a write during it drops it). */
  keep(request: string, answer: Answer, version: number): void {
    if (version !== this.version(answer.serviceId)) return;
    this.answers.delete(request);
    this.answers.set(request, { ...answer, version, expires: this.now() + ANSWER_SECONDS * 1000 });
    if (this.answers.size > ANSWERS) this.answers.delete(this.answers.keys().next().value as string);
  }

  version(serviceId: number): number {
    return this.versions.get(serviceId) ?? 0;
  }
}
