import { createAPI, type Reader, ResponseError, Writer } from "@platformatic/kafka";

/**
 * StreamsGroupDescribe v0 (KIP-1071) as Kafka 4.2 made it generally available, which @platformatic/kafka lacks. (The
 * early-access v0 of Kafka 4.0–4.1, behind unstable flags, had another layout and is not read.) Parsed in full so
 * the reader stays in step; the service uses the group's state, its members and the source topics of its topology.
 * Checked against the schema in kafka-clients 4.3.1 (StreamsGroupDescribeResponseData.SCHEMA_0).
 *
 * Request (Version: 0) => [group_ids] include_authorized_operations TAG_BUFFER
 * Response (Version: 0) => throttle_time_ms [groups] TAG_BUFFER
 *   groups => error_code error_message group_id group_state group_epoch assignment_epoch topology [members]
 *             authorized_operations TAG_BUFFER
 *     topology (nullable struct) => epoch [subtopologies] (nullable) TAG_BUFFER
 *       subtopologies => subtopology_id [source_topics] [repartition_sink_topics] [state_changelog_topics]
 *                        [repartition_source_topics] TAG_BUFFER
 *     members => member_id member_epoch instance_id rack_id client_id client_host topology_epoch process_id
 *                user_endpoint (nullable struct: host port TAG_BUFFER) [client_tags] [task_offsets]
 *                [task_end_offsets] assignment target_assignment is_classic TAG_BUFFER
 * A nullable struct is preceded by an int8: -1 for null, 1 when present.
 */
export interface StreamsGroupMember {
  memberId: string;
  clientId: string;
  clientHost: string;
  /** Sub-topology id → partitions of its active tasks. */
  activeTasks: { subtopology: string; partitions: number[] }[];
}

export interface StreamsGroupDescription {
  errorCode: number;
  errorMessage: string | null;
  groupId: string;
  groupState: string;
  /** Sub-topology id → the topics it reads; null before the topology is known. */
  sourceTopics: Map<string, string[]> | null;
  members: StreamsGroupMember[];
}

export interface StreamsGroupDescribeResponse {
  throttleTimeMs: number;
  groups: StreamsGroupDescription[];
}

function createRequest(groupIds: string[], includeAuthorizedOperations: boolean): Writer {
  return Writer.create()
    .appendArray(groupIds, (w, id) => w.appendString(id), true, false)
    .appendBoolean(includeAuthorizedOperations)
    .appendTaggedFields();
}

const strings = (r: Reader) => r.readArray((s) => s.readString(), true, false);

function skipTopicInfo(r: Reader): void {
  r.readString(); // name
  r.readInt32(); // partitions
  r.readInt16(); // replication factor
  r.readArray(skipKeyValue, true, false); // topic configs
  r.readTaggedFields();
}

function skipKeyValue(r: Reader): void {
  r.readString();
  r.readString();
  r.readTaggedFields();
}

function skipTaskOffset(r: Reader): void {
  r.readString();
  r.readInt32();
  r.readInt64();
  r.readTaggedFields();
}

function readTaskIds(r: Reader) {
  const entry = { subtopology: r.readString(), partitions: r.readArray((p) => p.readInt32(), true, false) };
  r.readTaggedFields();
  return entry;
}

/** Assignment => [active_tasks] [standby_tasks] [warmup_tasks] TAG_BUFFER; only the active tasks are kept. */
function readAssignment(r: Reader) {
  const active = r.readArray(readTaskIds, true, false);
  r.readArray(readTaskIds, true, false);
  r.readArray(readTaskIds, true, false);
  r.readTaggedFields();
  return active;
}

function readSubtopology(r: Reader): [string, string[]] {
  const id = r.readString();
  const sources = strings(r);
  strings(r); // repartition sink topics
  r.readArray(skipTopicInfo, true, false); // state changelog topics
  r.readArray(skipTopicInfo, true, false); // repartition source topics
  r.readTaggedFields();
  return [id, sources];
}

/** Reads a nullable struct: an int8 marker (-1 null, 1 present), then the struct. */
function readNullableStruct<T>(r: Reader, read: (r: Reader) => T): T | null {
  return r.readInt8() < 0 ? null : read(r);
}

function readTopology(r: Reader): [string, string[]][] | null {
  r.readInt32(); // topology epoch
  const subtopologies = r.readNullableArray(readSubtopology, true, false);
  r.readTaggedFields();
  return subtopologies;
}

function skipEndpoint(r: Reader): void {
  r.readString(); // host
  r.readUnsignedInt16(); // port
  r.readTaggedFields();
}

function readMember(r: Reader): StreamsGroupMember {
  const memberId = r.readString();
  r.readInt32(); // member epoch
  r.readNullableString(); // instance id
  r.readNullableString(); // rack id
  const clientId = r.readString();
  const clientHost = r.readString();
  r.readInt32(); // topology epoch
  r.readString(); // process id
  readNullableStruct(r, skipEndpoint); // user endpoint
  r.readArray(skipKeyValue, true, false); // client tags
  r.readArray(skipTaskOffset, true, false); // task offsets
  r.readArray(skipTaskOffset, true, false); // task end offsets
  const activeTasks = readAssignment(r);
  readAssignment(r); // target assignment
  r.readBoolean(); // is classic
  r.readTaggedFields();
  return { memberId, clientId, clientHost, activeTasks };
}

function parseResponse(_correlationId: number, apiKey: number, apiVersion: number, reader: Reader) {
  const errors: [string, [number, string | null]][] = [];
  const response: StreamsGroupDescribeResponse = {
    throttleTimeMs: reader.readInt32(),
    groups: reader.readArray(
      (r, i) => {
        const errorCode = r.readInt16();
        const errorMessage = r.readNullableString();
        if (errorCode !== 0) errors.push([`/groups/${i}`, [errorCode, errorMessage]]);
        const groupId = r.readString();
        const groupState = r.readString();
        r.readInt32(); // group epoch
        r.readInt32(); // assignment epoch
        const topology = readNullableStruct(r, readTopology);
        const members = r.readArray(readMember, true, false);
        r.readInt32(); // authorized operations
        r.readTaggedFields();
        return {
          errorCode,
          errorMessage,
          groupId,
          groupState,
          sourceTopics: topology ? new Map(topology) : null,
          members,
        };
      },
      true,
      false,
    ),
  };
  reader.readTaggedFields();
  if (errors.length > 0) throw new ResponseError(apiKey, apiVersion, Object.fromEntries(errors), response);
  return response;
}

export const streamsGroupDescribeV0 = createAPI<
  [groupIds: string[], includeAuthorizedOperations: boolean],
  StreamsGroupDescribeResponse
>(89, 0, createRequest, parseResponse);
