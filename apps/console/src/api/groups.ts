import type { paths } from "@kcp/api-client";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "./client.js";

type ListQuery = NonNullable<paths["/api/v1/clusters/{id}/groups"]["get"]["parameters"]["query"]>;
export type GroupType = NonNullable<ListQuery["type"]>;
export type GroupRow =
  paths["/api/v1/clusters/{id}/groups"]["get"]["responses"][200]["content"]["application/json"]["groups"][number];
export type ResetRequest = NonNullable<
  paths["/api/v1/clusters/{id}/groups/{group}/reset-offsets"]["post"]["requestBody"]
>["content"]["application/json"];

const GROUP_PAGE = 1_000;

export function useGroupPages(id: string, search: string, type: GroupType | "") {
  return useInfiniteQuery({
    queryKey: ["groups", id, search, type],
    initialPageParam: 0,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.GET("/api/v1/clusters/{id}/groups", {
          params: {
            path: { id },
            query: { limit: GROUP_PAGE, offset: pageParam, ...(search ? { search } : {}), ...(type ? { type } : {}) },
          },
        }),
      ),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.groups.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

export function useGroup(id: string, group: string) {
  return useQuery({
    queryKey: ["group", id, group],
    queryFn: async () =>
      unwrap(await api.GET("/api/v1/clusters/{id}/groups/{group}", { params: { path: { id, group } } })),
    refetchInterval: 10_000,
  });
}

/** A dry run previews the new offsets; the real reset needs the group empty (409 otherwise). */
export function useResetOffsets(id: string, group: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ResetRequest) =>
      unwrap(
        await api.POST("/api/v1/clusters/{id}/groups/{group}/reset-offsets", {
          params: { path: { id, group } },
          body,
        }),
      ),
    onSuccess: (result) => {
      if (!result.dryRun) void client.invalidateQueries({ queryKey: ["group", id, group] });
    },
  });
}
