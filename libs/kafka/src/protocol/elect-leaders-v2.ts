import { createAPI, type Reader, ResponseError, Writer } from "@platformatic/kafka";

/**
 * ElectLeaders v2 (KIP-460), which @platformatic/kafka lacks. Sent to the controller-facing broker API (any broker
 * forwards it in KRaft).
 *
 * Request (Version: 2) => election_type [topic_partitions] timeout_ms TAG_BUFFER
 *   topic_partitions (nullable: every partition) => topic [partition_id] TAG_BUFFER
 * Response (Version: 2) => throttle_time_ms error_code [replica_election_results] TAG_BUFFER
 *   replica_election_results => topic [partition_result] TAG_BUFFER
 *     partition_result => partition_id error_code error_message TAG_BUFFER
 */
export const ElectionTypes = { PREFERRED: 0, UNCLEAN: 1 } as const;
export type ElectionType = (typeof ElectionTypes)[keyof typeof ElectionTypes];

export interface ElectLeadersTopic {
  topic: string;
  partitions: number[];
}

export interface ElectionResult {
  partitionId: number;
  errorCode: number;
  errorMessage: string | null;
}

export interface ElectLeadersResponse {
  throttleTimeMs: number;
  errorCode: number;
  results: { topic: string; partitions: ElectionResult[] }[];
}

function createRequest(electionType: ElectionType, topics: ElectLeadersTopic[] | null, timeoutMs: number): Writer {
  return Writer.create()
    .appendInt8(electionType)
    .appendArray(
      topics,
      (w, t) => w.appendString(t.topic).appendArray(t.partitions, (pw, p) => pw.appendInt32(p), true, false),
      true,
      true,
    )
    .appendInt32(timeoutMs)
    .appendTaggedFields();
}

function readPartitionResult(r: Reader): ElectionResult {
  const result = { partitionId: r.readInt32(), errorCode: r.readInt16(), errorMessage: r.readNullableString() };
  r.readTaggedFields();
  return result;
}

/**
 * Per-partition errors are outcomes, not failures of the request: ELECTION_NOT_NEEDED (84) says the preferred leader
 * already leads, and the caller decides what the others mean. Only a top-level error is thrown.
 */
function parseResponse(_correlationId: number, apiKey: number, apiVersion: number, reader: Reader) {
  const response: ElectLeadersResponse = {
    throttleTimeMs: reader.readInt32(),
    errorCode: reader.readInt16(),
    results: reader.readArray(
      (r) => {
        const topic = r.readString();
        const partitions = r.readArray(readPartitionResult, true, false);
        r.readTaggedFields();
        return { topic, partitions };
      },
      true,
      false,
    ),
  };
  reader.readTaggedFields();
  if (response.errorCode !== 0)
    throw new ResponseError(apiKey, apiVersion, { "/": [response.errorCode, null] }, response);
  return response;
}

export const electLeadersV2 = createAPI<
  [electionType: ElectionType, topics: ElectLeadersTopic[] | null, timeoutMs: number],
  ElectLeadersResponse
>(43, 2, createRequest, parseResponse);
