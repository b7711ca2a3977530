import type { AclBinding, AclFilter } from "@kcp/shared";
import {
  type Acl,
  AclOperations,
  AclPermissionTypes,
  type AclFilter as KafkaAclFilter,
  ResourcePatternTypes,
  ResourceTypes,
} from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { type ExpectedKafkaErrors, toKafkaAppError } from "../errors.js";

type Labels<T extends Record<string, number>> = Record<number, keyof T>;
const labels = <T extends Record<string, number>>(values: T): Labels<T> =>
  Object.fromEntries(Object.entries(values).map(([label, value]) => [value, label])) as Labels<T>;

const RESOURCE_TYPE_LABELS = labels(ResourceTypes);
const PATTERN_TYPE_LABELS = labels(ResourcePatternTypes);
const OPERATION_LABELS = labels(AclOperations);
const PERMISSION_LABELS = labels(AclPermissionTypes);

/** Kafka answers SECURITY_DISABLED when its brokers run without an authorizer: there are no ACLs to manage. */
const ACL_ERRORS: ExpectedKafkaErrors = {
  SECURITY_DISABLED: "capability_unavailable",
  INVALID_REQUEST: "invalid_request",
};

function toKafkaAcl(binding: AclBinding): Acl {
  return {
    resourceType: ResourceTypes[binding.resourceType],
    resourceName: binding.resourceName,
    resourcePatternType: ResourcePatternTypes[binding.patternType],
    principal: binding.principal,
    host: binding.host,
    operation: AclOperations[binding.operation],
    permissionType: AclPermissionTypes[binding.permission],
  };
}

function toBinding(acl: Acl): AclBinding {
  return {
    resourceType: RESOURCE_TYPE_LABELS[acl.resourceType] as AclBinding["resourceType"],
    resourceName: acl.resourceName,
    patternType: PATTERN_TYPE_LABELS[acl.resourcePatternType] as AclBinding["patternType"],
    principal: acl.principal,
    host: acl.host,
    operation: OPERATION_LABELS[acl.operation] as AclBinding["operation"],
    permission: PERMISSION_LABELS[acl.permissionType] as AclBinding["permission"],
  };
}

const describe = (b: AclBinding) =>
  `the ACL ${b.permission} ${b.principal} ${b.operation} on ${b.resourceType} ${b.patternType} ${b.resourceName} from ${b.host}`;

/** CreateAcls of one binding; creating a binding that exists already is not an error for Kafka (nor here). */
export async function createAcl(client: KafkaClient, binding: AclBinding): Promise<{ binding: AclBinding }> {
  try {
    await client.admin.createAcls({ creations: [toKafkaAcl(binding)] });
    return { binding };
  } catch (error) {
    throw toKafkaAppError(error, `creating ${describe(binding)}`, ACL_ERRORS);
  }
}

/** DeleteAcls with the binding itself as the filter: removes exactly that binding; nothing removed is not an error. */
export async function deleteAcl(client: KafkaClient, binding: AclBinding): Promise<{ deleted: AclBinding[] }> {
  try {
    const deleted = await client.admin.deleteAcls({ filters: [toKafkaAcl(binding)] });
    return { deleted: deleted.map(toBinding) };
  } catch (error) {
    throw toKafkaAppError(error, `deleting ${describe(binding)}`, ACL_ERRORS);
  }
}

/** DescribeAcls: the bindings matching the filter (absent fields match anything), in a stable order. */
export async function listAcls(client: KafkaClient, filter: AclFilter): Promise<AclBinding[]> {
  const kafkaFilter: KafkaAclFilter = {
    resourceType: ResourceTypes[filter.resourceType ?? "ANY"],
    resourceName: filter.resourceName ?? null,
    resourcePatternType: ResourcePatternTypes[filter.patternType ?? "ANY"],
    principal: filter.principal ?? null,
    host: filter.host ?? null,
    operation: AclOperations[filter.operation ?? "ANY"],
    permissionType: AclPermissionTypes[filter.permission ?? "ANY"],
  };
  try {
    const resources = await client.admin.describeAcls({ filter: kafkaFilter });
    return resources
      .flatMap((resource) => resource.acls.map((acl) => toBinding({ ...resource, ...acl })))
      .sort((a, b) => JSON.stringify(Object.values(a)).localeCompare(JSON.stringify(Object.values(b))));
  } catch (error) {
    throw toKafkaAppError(error, "listing ACLs", ACL_ERRORS);
  }
}
