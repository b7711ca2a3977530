import { createAPI, type Reader, ResponseError, Writer } from "@platformatic/kafka";

/**
 * ShareGroupDescribe v1 (KIP-932, Kafka 4.1+; v0 was 4.0's early access), which @platformatic/kafka lacks.
 *
 * Request (Version: 1) => [group_ids] include_authorized_operations TAG_BUFFER
 * Response (Version: 1) => throttle_time_ms [groups] TAG_BUFFER
 *   groups => error_code error_message group_id group_state group_epoch assignment_epoch assignor_name [members]
 *             authorized_operations TAG_BUFFER
 *     members => member_id rack_id member_epoch client_id client_host [subscribed_topic_names] assignment TAG_BUFFER
 *       assignment => [topic_partitions] TAG_BUFFER
 *         topic_partitions => topic_id topic_name [partitions] TAG_BUFFER
 */
export interface ShareGroupMember {
  memberId: string;
  rackId: string | null;
  memberEpoch: number;
  clientId: string;
  clientHost: string;
  subscribedTopicNames: string[];
  assignment: { topicId: string; topicName: string; partitions: number[] }[];
}

export interface ShareGroupDescription {
  errorCode: number;
  errorMessage: string | null;
  groupId: string;
  groupState: string;
  groupEpoch: number;
  assignmentEpoch: number;
  assignorName: string;
  members: ShareGroupMember[];
  authorizedOperations: number;
}

export interface ShareGroupDescribeResponse {
  throttleTimeMs: number;
  groups: ShareGroupDescription[];
}

function createRequest(groupIds: string[], includeAuthorizedOperations: boolean): Writer {
  return Writer.create()
    .appendArray(groupIds, (w, id) => w.appendString(id), true, false)
    .appendBoolean(includeAuthorizedOperations)
    .appendTaggedFields();
}

export function readTopicPartitions(r: Reader) {
  const entry = {
    topicId: r.readUUID(),
    topicName: r.readString(),
    partitions: r.readArray((p) => p.readInt32(), true, false),
  };
  r.readTaggedFields();
  return entry;
}

function readMember(r: Reader): ShareGroupMember {
  const member = {
    memberId: r.readString(),
    rackId: r.readNullableString(),
    memberEpoch: r.readInt32(),
    clientId: r.readString(),
    clientHost: r.readString(),
    subscribedTopicNames: r.readArray((t) => t.readString(), true, false),
    assignment: r.readArray(readTopicPartitions, true, false),
  };
  r.readTaggedFields(); // of the assignment struct
  r.readTaggedFields(); // of the member
  return member;
}

function parseResponse(_correlationId: number, apiKey: number, apiVersion: number, reader: Reader) {
  const errors: [string, [number, string | null]][] = [];
  const response: ShareGroupDescribeResponse = {
    throttleTimeMs: reader.readInt32(),
    groups: reader.readArray(
      (r, i) => {
        const errorCode = r.readInt16();
        const errorMessage = r.readNullableString();
        if (errorCode !== 0) errors.push([`/groups/${i}`, [errorCode, errorMessage]]);
        const group = {
          errorCode,
          errorMessage,
          groupId: r.readString(),
          groupState: r.readString(),
          groupEpoch: r.readInt32(),
          assignmentEpoch: r.readInt32(),
          assignorName: r.readString(),
          members: r.readArray(readMember, true, false),
          authorizedOperations: r.readInt32(),
        };
        r.readTaggedFields();
        return group;
      },
      true,
      false,
    ),
  };
  reader.readTaggedFields();
  if (errors.length > 0) throw new ResponseError(apiKey, apiVersion, Object.fromEntries(errors), response);
  return response;
}

export const shareGroupDescribeV1 = createAPI<
  [groupIds: string[], includeAuthorizedOperations: boolean],
  ShareGroupDescribeResponse
>(77, 1, createRequest, parseResponse);
