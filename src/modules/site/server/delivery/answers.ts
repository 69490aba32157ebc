import type { ListedState } from './records';

/** How many bytes of answers are kept at most; the least recently used go first. */
const ANSWER_BYTES = 32 * 1024 * 1024;
/** Per service and delivered module: how many filtered lists keep their ordered ids. */
const ID_LISTS = 64;
/** Per service and delivered module: how many updates of its state keep the ids they changed (answers older are made again). */
const CHANGES = 64;

export interface Answer {
  text: string;
  etag: string;
}

/** What of its state an answer shows: the ids of the records it reads, in its order, and a list's total. */
export interface Shown {
  ids: readonly number[];
  total?: number;
}

interface KeptAnswer extends Answer {
  /** The version of the state it was made from, or found unchanged in. */
  version: number;
  /** The version of the records within the module's (read by the answer, not in its state). */
  nestedVersion: number;
  /** When a period bound passes and the answer may change (ms since the epoch). */
  expires: number;
  shown: Shown;
}

const sameShown = (a: Shown, b: Shown) => a.total === b.total && a.ids.length === b.ids.length && a.ids.every((id, index) => id === b.ids[index]);

/**
 * The delivery API's answers kept in memory by service and request, each under the versions of
 * what it read (site_delivery_versions, raised by every write in its transaction) and until the
 * next period bound among the records passes: a kept answer is never stale, whichever process
 * wrote. A write to the module's own records leaves an answer kept when it changed none of the
 * records the answer shows and the answer would show the same ones.
 */
export class DeliveredAnswers {
  private readonly answers = new Map<string, KeptAnswer>();
  private bytes = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxBytes = ANSWER_BYTES,
  ) {}

  /** The answer kept for the request, when it is still what `state` (and the records within at `nestedVersion`) would give, showing `shown`. */
  get(request: string, state: DeliveredState, nestedVersion: number, shown: Shown): Answer | undefined {
    const kept = this.answers.get(request);
    if (!kept) return undefined;
    this.drop(request);
    if (kept.nestedVersion !== nestedVersion || kept.expires <= this.now()) return undefined;
    if (kept.version !== state.version) {
      if (!sameShown(kept.shown, shown) || !DeliveredStates.unchangedSince(state, kept.version, shown.ids)) return undefined;
      kept.version = state.version;
      kept.expires = state.expires;
    }
    this.add(request, kept);
    return kept;
  }

  keep(request: string, answer: Answer, state: DeliveredState, nestedVersion: number, shown: Shown): void {
    this.drop(request);
    this.add(request, { ...answer, version: state.version, nestedVersion, expires: state.expires, shown });
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
  /** The ids each update of the state since it was last read in full changed, by the version it was updated from. */
  changes: { after: number; ids: ReadonlySet<number> }[];
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
  async of(
    serviceId: number,
    resource: string,
    version: number,
    nestedVersion: number,
    refresh: (held: DeliveredState | undefined) => Promise<ListedState & { changed?: readonly number[] }>,
  ): Promise<DeliveredState> {
    const key = `${serviceId}:${resource}`;
    const kept = this.states.get(key);
    const state = kept && (await kept);
    const current = state && state.expires > this.now() && state.nestedVersion === nestedVersion ? state : undefined;
    if (current?.version === version) return current;
    if (kept !== this.states.get(key)) return this.of(serviceId, resource, version, nestedVersion, refresh);
    const held = current && current.version < version ? current : undefined;
    const made = refresh(held).then(({ changed, ...listed }): DeliveredState => ({
      ...listed,
      version,
      nestedVersion,
      expires: Math.min(listed.nestedExpires, ...listed.bounds.values()),
      lists: new Map(),
      changes: held && changed ? [...held.changes, { after: held.version, ids: new Set(changed) }].slice(-CHANGES) : [],
    }));
    this.states.set(key, made);
    made.catch(() => this.states.get(key) === made && this.states.delete(key));
    return made;
  }

  /** Whether none of these records changed between `version` and the state's (false when the state does not know). */
  static unchangedSince(state: DeliveredState, version: number, ids: readonly number[]): boolean {
    const since = state.changes.findIndex((change) => change.after === version);
    return since >= 0 && state.changes.slice(since).every((change) => ids.every((id) => !change.ids.has(id)));
  }

  /** The ids of the state's list whose filter values (by the position of the filter) are these. */
  static ids(state: DeliveredState, filters: Map<number, unknown>): number[] {
    const key = JSON.stringify([...filters]);
    let ids = state.lists.get(key);
    if (!ids) {
      if (state.lists.size >= ID_LISTS) state.lists.delete(state.lists.keys().next().value as string);
      const asked = [...filters];
      ids = [];
      for (const { id, values } of state.listed) if (asked.every(([index, value]) => values[index] === value)) ids.push(id);
      state.lists.set(key, ids);
    }
    return ids;
  }
}
