import { createAPI, type Reader, ResponseError, Writer } from "@platformatic/kafka";

/**
 * DescribeCluster v2 (KIP-1073, Kafka 4.0+), which @platformatic/kafka 2.12 lacks: v1 plus IncludeFencedBrokers in
 * the request and IsFenced per broker in the response, so that a registered but fenced broker can be told apart from
 * one that is not registered.
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
}

const BROKERS_ENDPOINT_TYPE = 1;

function createRequest(includeFencedBrokers: boolean): Writer {
  return Writer.create()
    .appendBoolean(false) // include_cluster_authorized_operations
    .appendInt8(BROKERS_ENDPOINT_TYPE)
    .appendBoolean(includeFencedBrokers)
    .appendTaggedFields();
}

function parseResponse(_correlationId: number, apiKey: number, apiVersion: number, reader: Reader) {
  reader.readInt32(); // throttle_time_ms
  const errorCode = reader.readInt16();
  const errorMessage = reader.readNullableString();
  reader.readInt8(); // endpoint_type
  const response: DescribeClusterV2Response = {
    clusterId: reader.readString(),
    controllerId: reader.readInt32(),
    brokers: reader.readArray((r) => ({
      brokerId: r.readInt32(),
      host: r.readString(),
      port: r.readInt32(),
      rack: r.readNullableString(),
      isFenced: r.readBoolean(),
    })),
  };
  reader.readInt32(); // cluster_authorized_operations
  reader.readTaggedFields();
  if (errorCode !== 0) {
    throw new ResponseError(apiKey, apiVersion, { "/": [errorCode, errorMessage] }, response);
  }
  return response;
}

export const describeClusterV2 = createAPI<[includeFencedBrokers: boolean], DescribeClusterV2Response>(
  60,
  2,
  createRequest,
  parseResponse,
);
