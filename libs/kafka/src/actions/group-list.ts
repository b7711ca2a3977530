import type { GroupListing, GroupListQuery, GroupListResponse } from "@kcp/shared";
import { type ConsumerGroupStateValue, listGroupsV5 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";
import { toGroupType } from "../snapshot/groups.js";

/**
 * A page of groups by id. Each broker lists the groups it coordinates (ListGroups v5, with type and state filters
 * applied by the brokers); no describe or offset request is made, so the list answers quickly at 10,000 groups.
 * Members and lag are in the group's detail. `visible` keeps the ids the caller may see (page and total alike).
 */
export async function listGroups(
  client: KafkaClient,
  query: GroupListQuery,
  visible: (id: string) => boolean = () => true,
): Promise<GroupListResponse> {
  try {
    const connections = await client.connections();
    const perBroker = await Promise.all(
      [...connections].map(async ([brokerId, connection]) => {
        const response = await listGroupsV5.api.async(
          connection,
          query.state ? [query.state as ConsumerGroupStateValue] : [],
          query.type ? [query.type] : [],
        );
        return response.groups.map(
          (g): GroupListing => ({
            id: g.groupId,
            type: toGroupType(String(g.groupType)),
            state: g.groupState,
            protocolType: g.protocolType,
            coordinator: brokerId,
          }),
        );
      }),
    );
    const matching = perBroker
      .flat()
      .filter((g) => (!query.search || g.id.includes(query.search)) && visible(g.id))
      .sort((a, b) => a.id.localeCompare(b.id));
    return { groups: matching.slice(query.offset, query.offset + query.limit), total: matching.length };
  } catch (error) {
    throw toKafkaAppError(error, "listing groups");
  }
}
