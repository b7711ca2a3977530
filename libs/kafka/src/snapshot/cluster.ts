import type { Feature } from "@kcp/shared";
import { apiVersionsV3, apiVersionsV4, type Connection, describeClusterV1 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { decodeAuthorizedOperations } from "../protocol/acl-operations.js";
import { describeClusterV2 } from "../protocol/describe-cluster-v2.js";

export type ApiVersionRanges = Map<number, { min: number; max: number }>;

export interface BrokerVersions {
  apis: ApiVersionRanges;
  supported: Map<string, { min: number; max: number }>;
  finalized: Map<string, number>;
}

export interface ClusterDescription {
  clusterId: string;
  controllerId: number;
  /** Registered brokers; on Kafka before 4.0 only the unfenced ones (DescribeCluster v2 is needed for fenced). */
  brokers: { id: number; host: string; port: number; rack: string | null; fenced: boolean }[];
  /** Whether `brokers` includes fenced brokers (DescribeCluster v2). */
  includesFenced: boolean;
  authorizedOperations: string[] | null;
}

const CLIENT_SOFTWARE = ["kafka-control-plane", "0.1.0"] as const;
const DESCRIBE_CLUSTER = 60;

const API_VERSIONS = 18;

/**
 * ApiVersions of one broker: the API ranges it serves and its supported and finalized features. Below v4, brokers
 * leave out every feature whose supported range starts at 0 (kraft.version, group.version, ...), so the features are
 * read with v4 where the broker serves it (Kafka 3.9+).
 */
export async function brokerVersions(connection: Connection): Promise<BrokerVersions> {
  let response: apiVersionsV3.ApiVersionsResponse | apiVersionsV4.ApiVersionsResponse = await apiVersionsV3.api.async(
    connection,
    ...CLIENT_SOFTWARE,
  );
  const servesV4 = response.apiKeys.some((api) => api.apiKey === API_VERSIONS && api.maxVersion >= 4);
  if (servesV4) response = await apiVersionsV4.api.async(connection, ...CLIENT_SOFTWARE);
  return {
    apis: new Map(response.apiKeys.map((api) => [api.apiKey, { min: api.minVersion, max: api.maxVersion }])),
    supported: new Map(
      (response.supportedFeatures ?? []).map((f) => [f.name, { min: f.minVersion, max: f.maxVersion }]),
    ),
    finalized: new Map((response.finalizedFeatures ?? []).map((f) => [f.name, f.maxVersionLevel])),
  };
}

/** The API ranges every broker serves (the intersection), so a capability holds whichever broker is asked. */
export function commonApiVersions(all: BrokerVersions[]): ApiVersionRanges {
  const [first, ...rest] = all;
  if (!first) return new Map();
  const common: ApiVersionRanges = new Map();
  for (const [key, range] of first.apis) {
    const others = rest.map((b) => b.apis.get(key));
    if (others.some((o) => o === undefined)) continue;
    const min = Math.max(range.min, ...others.map((o) => o?.min ?? 0));
    const max = Math.min(range.max, ...others.map((o) => o?.max ?? 0));
    if (min <= max) common.set(key, { min, max });
  }
  return common;
}

/**
 * Features as the cluster sees them: finalized levels (the same on every broker once propagated; the highest seen is
 * the newest) and the range every node supports (the intersection). A feature no longer finalized counts as level 0.
 */
export function clusterFeatures(all: BrokerVersions[]): Feature[] {
  const names = new Set(all.flatMap((b) => [...b.supported.keys(), ...b.finalized.keys()]));
  return [...names].sort().map((name) => {
    const supported = all.map((b) => b.supported.get(name));
    return {
      name,
      finalized: Math.max(0, ...all.map((b) => b.finalized.get(name) ?? 0)),
      supportedMin: Math.max(...supported.map((s) => s?.min ?? 0)),
      supportedMax: Math.min(...supported.map((s) => s?.max ?? 0)),
    };
  });
}

/** DescribeCluster with the principal's cluster permissions: v2 (fenced brokers too) where served, else v1. */
export async function describeCluster(client: KafkaClient, apis: ApiVersionRanges): Promise<ClusterDescription> {
  const connection = await client.anyConnection();
  if ((apis.get(DESCRIBE_CLUSTER)?.max ?? 0) >= 2) {
    const response = await describeClusterV2.async(connection, true, true);
    return {
      clusterId: response.clusterId,
      controllerId: response.controllerId,
      brokers: response.brokers.map((b) => ({
        id: b.brokerId,
        host: b.host,
        port: b.port,
        rack: b.rack ?? null,
        fenced: b.isFenced,
      })),
      includesFenced: true,
      authorizedOperations: decodeAuthorizedOperations(response.clusterAuthorizedOperations),
    };
  }
  const response = await describeClusterV1.api.async(connection, true, 1);
  return {
    clusterId: response.clusterId,
    controllerId: response.controllerId,
    brokers: response.brokers.map((b) => ({
      id: b.brokerId,
      host: b.host,
      port: b.port,
      rack: b.rack ?? null,
      fenced: false,
    })),
    includesFenced: false,
    authorizedOperations: decodeAuthorizedOperations(response.clusterAuthorizedOperations),
  };
}
