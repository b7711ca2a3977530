import { createAPI, type Reader, ResponseError, Writer } from "@platformatic/kafka";

/**
 * DescribeShareGroupOffsets v1 (KIP-932, Kafka 4.2+), which @platformatic/kafka lacks: a share group's start offset
 * (the next record it will deliver, everything before is acknowledged) and lag per partition. Sent to the group's
 * coordinator. Checked against the schema in kafka-clients 4.3.1.
 *
 * Request (Version: 1) => [groups] TAG_BUFFER
 *   groups => group_id [topics] (nullable: every topic) TAG_BUFFER
 *     topics => topic_name [partitions] TAG_BUFFER
 * Response (Version: 1) => throttle_time_ms [groups] TAG_BUFFER
 *   groups => group_id [topics] error_code error_message TAG_BUFFER
 *     topics => topic_name topic_id [partitions] TAG_BUFFER
 *       partitions => partition_index start_offset leader_epoch lag error_code error_message TAG_BUFFER
 */
export interface ShareGroupPartitionOffset {
  partitionIndex: number;
  /** -1 when the group has not started on the partition. */
  startOffset: bigint;
  /** -1 when unknown. */
  lag: bigint;
  errorCode: number;
}

export interface ShareGroupOffsets {
  groupId: string;
  errorCode: number;
  errorMessage: string | null;
  topics: { topicName: string; partitions: ShareGroupPartitionOffset[] }[];
}

export interface DescribeShareGroupOffsetsResponse {
  throttleTimeMs: number;
  groups: ShareGroupOffsets[];
}

function createRequest(groupIds: string[]): Writer {
  return Writer.create()
    .appendArray(groupIds, (w, id) => w.appendString(id).appendArray(null, () => undefined, true, false), true, true)
    .appendTaggedFields();
}

function readPartition(r: Reader): ShareGroupPartitionOffset {
  const partitionIndex = r.readInt32();
  const startOffset = r.readInt64();
  r.readInt32(); // leader epoch
  const lag = r.readInt64();
  const errorCode = r.readInt16();
  r.readNullableString(); // error message
  r.readTaggedFields();
  return { partitionIndex, startOffset, lag, errorCode };
}

function readTopic(r: Reader) {
  const topicName = r.readString();
  r.readUUID(); // topic id
  const partitions = r.readArray(readPartition, true, false);
  r.readTaggedFields();
  return { topicName, partitions };
}

function parseResponse(_correlationId: number, apiKey: number, apiVersion: number, reader: Reader) {
  const errors: [string, [number, string | null]][] = [];
  const response: DescribeShareGroupOffsetsResponse = {
    throttleTimeMs: reader.readInt32(),
    groups: reader.readArray(
      (r, i) => {
        const groupId = r.readString();
        const topics = r.readArray(readTopic, true, false);
        const errorCode = r.readInt16();
        const errorMessage = r.readNullableString();
        r.readTaggedFields();
        if (errorCode !== 0) errors.push([`/groups/${i}`, [errorCode, errorMessage]]);
        return { groupId, topics, errorCode, errorMessage };
      },
      true,
      false,
    ),
  };
  reader.readTaggedFields();
  if (errors.length > 0) throw new ResponseError(apiKey, apiVersion, Object.fromEntries(errors), response);
  return response;
}

export const describeShareGroupOffsetsV1 = createAPI<[groupIds: string[]], DescribeShareGroupOffsetsResponse>(
  90,
  1,
  createRequest,
  parseResponse,
);
