import type { Part } from "../document-parts.js";
import type { OperationLease, OperationReadOptions, OperationRecord, OperationStatus } from "../repositories.js";
import { isDuplicateKey } from "./errors.js";
import type { Models } from "./models.js";
import { OperationParts } from "./operation-parts.js";

/** One version of an operation's state, inserted once with `_id` "<operation>#<version>". */
export interface StateDoc {
  _id: string;
  opId: string;
  version: number;
  clusterId: string;
  type: string;
  status: OperationStatus;
  lease?: OperationLease | null;
  expiresAt: Date;
  /**
   * JSON text (free-form, see free-form.ts) in which large arrays and objects are references to parts stored apart
   * (document-parts.ts); objects written by older versions still read.
   */
  document: string | Record<string, unknown>;
  /** The parts `document` references (what keeps them from being collected as orphans). */
  parts?: string[];
  /**
   * The parts each part of `document` references further down, for those that reference any: what a write of the
   * document with its references (`parts: "refs"`) keeps, without reading the parts. Absent in older states.
   */
  nested?: Record<string, string[]>;
  createdAt: Date;
  updatedAt: Date;
}

/** The record of a state whose document is already parsed and joined. */
export function toRecord(state: StateDoc, document: Record<string, unknown>): OperationRecord {
  return {
    id: state.opId,
    clusterId: state.clusterId,
    type: state.type,
    status: state.status,
    version: state.version,
    ...(state.lease ? { lease: state.lease } : {}),
    expiresAt: state.expiresAt,
    document,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
  };
}

/** The fields a superseded version gives up: only its `_id` (and version) must stay, to block a late insert. */
const SUPERSEDED_FIELDS = {
  status: 1,
  expiresAt: 1,
  document: 1,
  parts: 1,
  nested: 1,
  lease: 1,
  type: 1,
  clusterId: 1,
} as const;

/**
 * The versioned states of operations. A change is the insert of version+1: of concurrent writers that read the same
 * version exactly one insert succeeds (a unique `_id`, which FerretDB enforces atomically, unlike conditional
 * updates). Superseded versions are emptied, never deleted: a writer that read an old version and stalled would
 * otherwise insert its number again and believe it won.
 */
export class OperationStates {
  constructor(
    private readonly models: Models,
    readonly parts = new OperationParts(models),
  ) {}

  /**
   * The record of a state, its parts put back (`written`: the parts of the write that made it, at hand), or only its
   * objects stored apart (`parts: "refs"`).
   */
  async record(
    state: StateDoc,
    written?: ReadonlyMap<string, Part>,
    options?: OperationReadOptions,
  ): Promise<OperationRecord> {
    if (typeof state.document !== "string") return toRecord(state, state.document);
    const document =
      options?.parts === "refs"
        ? await this.parts.light(state.opId, state.document)
        : await this.parts.join(state.opId, state.document, written);
    return toRecord(state, document as Record<string, unknown>);
  }

  async insertFirst(state: StateDoc): Promise<void> {
    await this.models.operationStates.collection.insertOne(state as never);
  }

  async latest(opId: string): Promise<StateDoc | undefined> {
    const [state] = await this.models.operationStates.find({ opId }).sort({ version: -1 }).limit(1).lean<StateDoc[]>();
    return state;
  }

  /** The newest state of each operation, in the order of `opIds`. */
  async latestOf(opIds: string[]): Promise<StateDoc[]> {
    const states = await this.models.operationStates
      .find({ opId: { $in: opIds }, superseded: { $ne: true } })
      .lean<StateDoc[]>();
    const newest = new Map<string, StateDoc>();
    for (const state of states) {
      const seen = newest.get(state.opId);
      if (!seen || state.version > seen.version) newest.set(state.opId, state);
    }
    return opIds.flatMap((id) => newest.get(id) ?? []);
  }

  /** Planned candidates whose plan expired; the caller checks each against its latest state. */
  async expiredPlanCandidates(now: Date, limit: number): Promise<StateDoc[]> {
    return this.models.operationStates
      .find({ status: "planned", expiresAt: { $lt: now } })
      .sort({ expiresAt: 1 })
      .limit(limit)
      .lean<StateDoc[]>();
  }

  /** Inserts version+1 of `current` with `changes`; undefined when another writer inserted it first. */
  async writeNext(
    current: StateDoc,
    changes: Partial<StateDoc>,
    written?: ReadonlyMap<string, Part>,
    options?: OperationReadOptions,
  ): Promise<OperationRecord | undefined> {
    const version = current.version + 1;
    const next: StateDoc = {
      ...current,
      ...changes,
      _id: `${current.opId}#${version}`,
      version,
      updatedAt: new Date(),
    };
    try {
      await this.models.operationStates.collection.insertOne(next as never);
    } catch (error) {
      if (isDuplicateKey(error)) return undefined;
      throw error;
    }
    await this.models.operationStates.updateMany(
      { opId: current.opId, version: { $lt: version }, superseded: { $ne: true } },
      { $set: { superseded: true }, $unset: SUPERSEDED_FIELDS },
    );
    return this.record(next, written, options);
  }
}
