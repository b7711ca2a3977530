import { createAPI, type Reader, ResponseError, Writer } from "@platformatic/kafka";

/**
 * DescribeCluster v2 (KIP-1073, Kafka 4.0+), which @platformatic/kafka lacks: v1 plus IncludeFencedBrokers in the
 * request and IsFenced per broker in the response, so that a registered but fenced broker can be told apart from one
 * that is not registered.
 *
 * DescribeCluster Request (Version: 2) => include_cluster_authorized_operations endpoint_type include_fenced_brokers
 *   TAG_BUFFER
 * DescribeCluster Response (Version: 2) => throttle_time_ms error_code error_message endpoint_type cluster_id
 *   controller_id [brokers] cluster_authorized_operations TAG_BUFFER
 *     brokers => broker_id host port rack is_fenced TAG_BUFFER
 */
export interface DescribeClusterV2Broker {
  brokerId: number;
  host: string;
  port: number;
  rack: string | null;
  isFenced: boolean;
}

export interface DescribeClusterV2Response {
  clusterId: string;
  controllerId: number;
  brokers: DescribeClusterV2Broker[];
  /** Bit field of ACL operations (bit n = AclOperation code n); -2147483648 when not requested. */
  clusterAuthorizedOperations: number;
}

const BROKERS_ENDPOINT_TYPE = 1;

function createRequest(includeAuthorizedOperations: boolean, includeFencedBrokers: boolean): Writer {
  return Writer.create()
    .appendBoolean(includeAuthorizedOperations)
    .appendInt8(BROKERS_ENDPOINT_TYPE)
    .appendBoolean(includeFencedBrokers)
    .appendTaggedFields();
}

function parseResponse(_correlationId: number, apiKey: number, apiVersion: number, reader: Reader) {
  reader.readInt32(); // throttle_time_ms
  const errorCode = reader.readInt16();
  const errorMessage = reader.readNullableString();
  reader.readInt8(); // endpoint_type
  const clusterId = reader.readString();
  const controllerId = reader.readInt32();
  const brokers = reader.readArray((r) => ({
    brokerId: r.readInt32(),
    host: r.readString(),
    port: r.readInt32(),
    rack: r.readNullableString(),
    isFenced: r.readBoolean(),
  }));
  const response: DescribeClusterV2Response = {
    clusterId,
    controllerId,
    brokers,
    clusterAuthorizedOperations: reader.readInt32(),
  };
  reader.readTaggedFields();
  if (errorCode !== 0) throw new ResponseError(apiKey, apiVersion, { "/": [errorCode, errorMessage] }, response);
  return response;
}

export const describeClusterV2 = createAPI<
  [includeAuthorizedOperations: boolean, includeFencedBrokers: boolean],
  DescribeClusterV2Response
>(60, 2, createRequest, parseResponse);
