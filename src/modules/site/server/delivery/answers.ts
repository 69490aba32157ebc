import type { ListedState } from './records';

/** How many bytes of answers are kept at most; the least recently used go first. */
const ANSWER_BYTES = 32 * 1024 * 1024;
/** Per service and delivered module: how many filtered lists keep their ordered ids. */
const ID_LISTS = 64;

export interface Answer {
  text: string;
  etag: string;
}

interface KeptAnswer extends Answer {
  version: number;
  /** When a period bound passes and the answer may change (ms since the epoch). */
  expires: number;
}

/**
 * The delivery API's answers kept in memory by service and request, each under the version of
 * what it read (site_delivery_versions, raised by every write in its transaction) and until the
 * next period bound among the records passes: a kept answer is never stale, whichever process wrote.
 */
export class DeliveredAnswers {
  private readonly answers = new Map<string, KeptAnswer>();
  private bytes = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxBytes = ANSWER_BYTES,
  ) {}

  get(request: string, version: number): Answer | undefined {
    const kept = this.answers.get(request);
    if (!kept) return undefined;
    this.drop(request);
    if (kept.version !== version || kept.expires <= this.now()) return undefined;
    this.add(request, kept);
    return kept;
  }

  keep(request: string, answer: Answer, version: number, expires: number): void {
    this.drop(request);
    this.add(request, { ...answer, version, expires });
    for (const [oldest, kept] of this.answers) {
      if (this.bytes <= this.maxBytes || kept === this.answers.get(request)) break;
      this.drop(oldest);
    }
  }

  private add(request: string, kept: KeptAnswer): void {
    this.answers.set(request, kept);
    this.bytes += kept.text.length;
  }

  private drop(request: string): void {
    const kept = this.answers.get(request);
    if (!kept) return;
    this.answers.delete(request);
    this.bytes -= kept.text.length;
  }
}

/**
 * What a service's delivered module shows: its lists at `version` of its records (and at
 * `nestedVersion` of the records within them, when their periods count), until the next period
 * bound passes (`expires`), with the ids of each filtered list made from it.
 */
export interface DeliveredState extends ListedState {
  version: number;
  nestedVersion: number;
  expires: number;
  /** The ids a filtered list shows, by its filters. */
  lists: Map<string, number[]>;
}

/** The states of the services' delivered modules, one per service and module: a new version replaces it. */
export class DeliveredStates {
  private readonly states = new Map<string, Promise<DeliveredState>>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The state at these versions, made by `refresh` when the one kept is of others or expired
   * (concurrent readers share it); `refresh` is given the state kept when only the module's own
   * records changed since and no bound passed, to update it by the records changed.
   */
  async of(serviceId: number, resource: string, version: number, nestedVersion: number, refresh: (held: DeliveredState | undefined) => Promise<ListedState>): Promise<DeliveredState> {
    const key = `${serviceId}:${resource}`;
    const kept = this.states.get(key);
    const state = kept && (await kept);
    const current = state && state.expires > this.now() && state.nestedVersion === nestedVersion ? state : undefined;
    if (current?.version === version) return current;
    if (kept !== this.states.get(key)) return this.of(serviceId, resource, version, nestedVersion, refresh);
    const made = refresh(current && current.version < version ? current : undefined).then(
      (listed): DeliveredState => ({ ...listed, version, nestedVersion, expires: Math.min(listed.nestedExpires, ...listed.bounds.values()), lists: new Map() }),
    );
    this.states.set(key, made);
    made.catch(() => this.states.get(key) === made && this.states.delete(key));
    return made;
  }

  /** The ids of the state's list whose filter values (by the position of the filter) are these. */
  static ids(state: DeliveredState, filters: Map<number, unknown>): number[] {
    const key = JSON.stringify([...filters]);
    let ids = state.lists.get(key);
    if (!ids) {
      if (state.lists.size >= ID_LISTS) state.lists.delete(state.lists.keys().next().value as string);
      ids = state.listed.filter(({ values }) => [...filters].every(([index, value]) => values[index] === value)).map(({ id }) => id);
      state.lists.set(key, ids);
    }
    return ids;
  }
}
