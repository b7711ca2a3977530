import type { QuotaEntity, QuotaKey, QuotaRequest, QuotaResponse } from "@kcp/shared";
import { ClientQuotaMatchTypes } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";

const describe = (entity: QuotaEntity[]) =>
  entity.map((e) => `${e.type} ${e.name === null ? "(default)" : e.name}`).join(" + ");

/** The quota values set on exactly this entity (DescribeClientQuotas, strict: not its parents or defaults). */
export async function readQuotas(client: KafkaClient, entity: QuotaEntity[]): Promise<QuotaResponse> {
  try {
    const entries = await client.admin.describeClientQuotas({
      strict: true,
      components: entity.map((e) =>
        e.name === null
          ? { entityType: e.type, matchType: ClientQuotaMatchTypes.DEFAULT }
          : { entityType: e.type, matchType: ClientQuotaMatchTypes.EXACT, match: e.name },
      ),
    });
    const values = entries.flatMap((entry) => entry.values);
    return { entity, quotas: Object.fromEntries(values.map((v) => [v.key, v.value])) };
  } catch (error) {
    throw toKafkaAppError(error, `reading the quotas of ${describe(entity)}`, { INVALID_REQUEST: "invalid_request" });
  }
}

const SETTLE_MS = 5_000;
const SETTLE_POLL_MS = 100;

/** Whether the values read show the change: every key set has its value, every key removed is gone. */
const showsChange = (read: QuotaResponse, request: QuotaRequest) =>
  Object.entries(request.set).every(([key, value]) => read.quotas[key] === value) &&
  request.remove.every((key) => read.quotas[key] === undefined);

/**
 * AlterClientQuotas: `set` and `remove` in one request; answers the entity's values after the change. The controller
 * applies the change and the brokers learn it from the metadata log a moment later, so the values are read until
 * they show the change (at most 5 s; then the last values read are answered).
 */
export async function changeQuotas(client: KafkaClient, request: QuotaRequest): Promise<QuotaResponse> {
  try {
    await client.admin.alterClientQuotas({
      entries: [
        {
          entities: request.entity.map((e) => ({ entityType: e.type, entityName: e.name })),
          ops: [
            ...Object.entries(request.set).map(([key, value]) => ({
              key: key as QuotaKey,
              value: value as number,
              remove: false as const,
            })),
            ...request.remove.map((key) => ({ key, remove: true as const })),
          ],
        },
      ],
    });
  } catch (error) {
    throw toKafkaAppError(error, `changing the quotas of ${describe(request.entity)}`, {
      INVALID_REQUEST: "invalid_request",
    });
  }
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const read = await readQuotas(client, request.entity);
    if (showsChange(read, request) || Date.now() > deadline) return read;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

/** Every entity with quotas set on it (DescribeClientQuotas without components), by entity. */
export async function listQuotas(client: KafkaClient): Promise<QuotaResponse[]> {
  try {
    const entries = await client.admin.describeClientQuotas({ strict: false, components: [] });
    return entries
      .map((entry) => ({
        entity: entry.entity.map((e) => ({ type: e.entityType as QuotaEntity["type"], name: e.entityName ?? null })),
        quotas: Object.fromEntries(entry.values.map((v) => [v.key, v.value])),
      }))
      .sort((a, b) => JSON.stringify(a.entity).localeCompare(JSON.stringify(b.entity)));
  } catch (error) {
    throw toKafkaAppError(error, "listing quotas");
  }
}
