import type { paths } from "@kcp/api-client";
import { ACTIVE_OPERATION_STATUSES, OPERATION_TYPE_CAPABILITY, OPERATION_TYPES } from "@kcp/shared/lists";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "./client.js";
import type { CapabilityFlag } from "./clusters.js";

export type Operation = paths["/api/v1/operations/{op}"]["get"]["responses"][200]["content"]["application/json"];
export type PlanRequest = NonNullable<
  paths["/api/v1/clusters/{id}/operations"]["post"]["requestBody"]
>["content"]["application/json"];
export type OperationType = PlanRequest["type"];
/** The types planned from a form of params; desired state is planned from its files (its own route and the CLI). */
export type FormOperationType = Exclude<OperationType, "applyDesiredState">;

/** The type the form starts with, offered first; the others follow in the contract's order. */
export const FIRST_FORM_TYPE: FormOperationType = "electLeaders";
export const FORM_OPERATION_TYPES = [
  FIRST_FORM_TYPE,
  ...OPERATION_TYPES.filter(
    (type): type is FormOperationType => type !== FIRST_FORM_TYPE && type !== "applyDesiredState",
  ),
];

/**
 * The capability each type needs (the contract's OPERATION_TYPE_CAPABILITY). The service decides (422 when a flag is
 * false); the console only uses the flag to offer or disable the choice.
 */
export const OPERATION_CAPABILITY: Readonly<Record<FormOperationType, CapabilityFlag>> = OPERATION_TYPE_CAPABILITY;

/** Statuses in which the operation still changes on its own (active, but not paused): the page polls them. */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(
  ACTIVE_OPERATION_STATUSES.filter((status) => status !== "paused"),
);

export function useOperations(clusterId: string) {
  return useQuery({
    queryKey: ["operations", clusterId],
    queryFn: async () =>
      unwrap(await api.GET("/api/v1/clusters/{id}/operations", { params: { path: { id: clusterId } } })),
    refetchInterval: 5_000,
  });
}

export function useOperation(op: string) {
  return useQuery({
    queryKey: ["operation", op],
    queryFn: async () => unwrap(await api.GET("/api/v1/operations/{op}", { params: { path: { op } } })),
    refetchInterval: (query) => (LIVE_STATUSES.has(query.state.data?.status ?? "") ? 1_000 : false),
  });
}

export function usePlanOperation(clusterId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: PlanRequest) =>
      unwrap(
        await api.POST("/api/v1/clusters/{id}/operations", {
          params: { path: { id: clusterId } },
          body,
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ["operations", clusterId] }),
  });
}

type Action = "confirm" | "pause" | "resume" | "cancel";

/** Confirm (with the cluster name for irreversible plans), pause, resume or cancel; the answer is the operation. */
export function useOperationAction(op: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, confirmName }: { action: Action; confirmName?: string }) => {
      const params = { path: { op } };
      if (action === "confirm") {
        return unwrap(
          await api.POST("/api/v1/operations/{op}/confirm", {
            params,
            body: confirmName === undefined ? {} : { confirmName },
          }),
        );
      }
      if (action === "pause") return unwrap(await api.POST("/api/v1/operations/{op}/pause", { params }));
      if (action === "resume") return unwrap(await api.POST("/api/v1/operations/{op}/resume", { params }));
      return unwrap(await api.POST("/api/v1/operations/{op}/cancel", { params }));
    },
    onSuccess: (operation) => client.setQueryData(["operation", op], operation),
  });
}
