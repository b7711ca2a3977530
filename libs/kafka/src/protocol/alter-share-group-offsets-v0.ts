import { createAPI, type Reader, ResponseError, Writer } from "@platformatic/kafka";

/**
 * AlterShareGroupOffsets v0 (KIP-932, Kafka 4.2+), which @platformatic/kafka lacks: sets where an empty share group
 * starts delivering on each partition. Sent to the group's coordinator. Checked against the schema in kafka-clients
 * 4.3.1.
 *
 * Request (Version: 0) => group_id [topics] TAG_BUFFER
 *   topics => topic_name [partitions] TAG_BUFFER
 *     partitions => partition_index start_offset TAG_BUFFER
 * Response (Version: 0) => throttle_time_ms error_code error_message [responses] TAG_BUFFER
 *   responses => topic_name topic_id [partitions] TAG_BUFFER
 *     partitions => partition_index error_code error_message TAG_BUFFER
 */
export interface ShareGroupOffsetChange {
  topicName: string;
  partitions: { partitionIndex: number; startOffset: bigint }[];
}

export interface AlterShareGroupOffsetsResponse {
  throttleTimeMs: number;
  errorCode: number;
  errorMessage: string | null;
  responses: {
    topicName: string;
    partitions: { partitionIndex: number; errorCode: number; errorMessage: string | null }[];
  }[];
}

function createRequest(groupId: string, topics: ShareGroupOffsetChange[]): Writer {
  return Writer.create()
    .appendString(groupId)
    .appendArray(
      topics,
      (w, t) =>
        w
          .appendString(t.topicName)
          .appendArray(
            t.partitions,
            (pw, p) => pw.appendInt32(p.partitionIndex).appendInt64(p.startOffset),
            true,
            true,
          ),
      true,
      true,
    )
    .appendTaggedFields();
}

function readPartition(r: Reader) {
  const result = { partitionIndex: r.readInt32(), errorCode: r.readInt16(), errorMessage: r.readNullableString() };
  r.readTaggedFields();
  return result;
}

function parseResponse(_correlationId: number, apiKey: number, apiVersion: number, reader: Reader) {
  const errors: [string, [number, string | null]][] = [];
  const throttleTimeMs = reader.readInt32();
  const errorCode = reader.readInt16();
  const errorMessage = reader.readNullableString();
  if (errorCode !== 0) errors.push(["/", [errorCode, errorMessage]]);
  const responses = reader.readArray(
    (r, i) => {
      const topicName = r.readString();
      r.readUUID(); // topic id
      const partitions = r.readArray(readPartition, true, false);
      r.readTaggedFields();
      partitions.forEach((p, j) => {
        if (p.errorCode !== 0) errors.push([`/responses/${i}/partitions/${j}`, [p.errorCode, p.errorMessage]]);
      });
      return { topicName, partitions };
    },
    true,
    false,
  );
  reader.readTaggedFields();
  const response: AlterShareGroupOffsetsResponse = { throttleTimeMs, errorCode, errorMessage, responses };
  if (errors.length > 0) throw new ResponseError(apiKey, apiVersion, Object.fromEntries(errors), response);
  return response;
}

export const alterShareGroupOffsetsV0 = createAPI<
  [groupId: string, topics: ShareGroupOffsetChange[]],
  AlterShareGroupOffsetsResponse
>(91, 0, createRequest, parseResponse);
