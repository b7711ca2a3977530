/** Kafka's AclOperation codes (org.apache.kafka.common.acl.AclOperation), as authorized-operation bit fields use them. */
const ACL_OPERATIONS: Readonly<Record<number, string>> = {
  2: "ALL",
  3: "READ",
  4: "WRITE",
  5: "CREATE",
  6: "DELETE",
  7: "ALTER",
  8: "DESCRIBE",
  9: "CLUSTER_ACTION",
  10: "DESCRIBE_CONFIGS",
  11: "ALTER_CONFIGS",
  12: "IDEMPOTENT_WRITE",
  13: "CREATE_TOKENS",
  14: "DESCRIBE_TOKENS",
};

/** Kafka sends INT32_MIN when authorized operations were not requested or are unknown. */
const NOT_PROVIDED = -2147483648;

/** The operation names set in an authorized-operations bit field; null when the broker did not say. */
export function decodeAuthorizedOperations(bits: number): string[] | null {
  if (bits === NOT_PROVIDED) return null;
  return Object.entries(ACL_OPERATIONS)
    .filter(([code]) => (bits & (1 << Number(code))) !== 0)
    .map(([, name]) => name);
}
