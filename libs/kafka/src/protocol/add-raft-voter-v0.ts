import { createAPI, Writer } from "@platformatic/kafka";
import { parseRaftVoterResponse, type RaftVoterResponse } from "./raft-voter-response.js";

/**
 * AddRaftVoter v0 (KIP-853, Kafka 3.9+), which @platformatic/kafka lacks: makes a running observer controller a voter
 * of a dynamic quorum. Any broker forwards it to the active controller. v0 answers once the new voter set is
 * committed (v1's AckWhenCommitted=true, its default).
 *
 * Request (Version: 0) => cluster_id timeout_ms voter_id voter_directory_id [listeners] TAG_BUFFER
 *   listeners => name host port(uint16) TAG_BUFFER
 */
export interface VoterListener {
  name: string;
  host: string;
  port: number;
}

export interface AddRaftVoterArgs {
  clusterId: string | null;
  timeoutMs: number;
  voterId: number;
  /** The directory id as hyphenated hex (as @platformatic/kafka reads Uuids). */
  voterDirectoryId: string;
  listeners: VoterListener[];
}

function createRequest(args: AddRaftVoterArgs): Writer {
  return Writer.create()
    .appendString(args.clusterId)
    .appendInt32(args.timeoutMs)
    .appendInt32(args.voterId)
    .appendUUID(args.voterDirectoryId)
    .appendArray(
      args.listeners,
      (w, l) => w.appendString(l.name).appendString(l.host).appendUnsignedInt16(l.port),
      true,
      true,
    )
    .appendTaggedFields();
}

export const addRaftVoterV0 = createAPI<[args: AddRaftVoterArgs], RaftVoterResponse>(
  80,
  0,
  createRequest,
  parseRaftVoterResponse,
);
