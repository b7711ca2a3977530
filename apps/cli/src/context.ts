import { type ApiClient, createApiClient, unwrap } from "@kcp/api-client";
import type { StoredLogin } from "./config-store.js";
import { UsageError } from "./exit-codes.js";

/** What every command runs with: the client, where to write, and the choices of the command line. */
export interface Context {
  client: ApiClient;
  /** The service's URL (from --url, $KCP_URL or the saved login). */
  url: string;
  configPath: string;
  login: StoredLogin | undefined;
  json: boolean;
  out: (text: string) => void;
  /** Waits between polls (`watch`); replaced in tests. */
  sleep: (ms: number) => Promise<void>;
  stdin: () => Promise<string>;
  env: NodeJS.ProcessEnv;
}

export function contextClient(url: string, token: string | undefined): ApiClient {
  return createApiClient({ baseUrl: url, ...(token ? { token } : {}) });
}

/** A cluster named on the command line by its name or its id. */
export async function clusterId(context: Context, nameOrId: string | undefined): Promise<string> {
  if (!nameOrId) throw new UsageError("Name the cluster (its name or id)");
  const { clusters } = unwrap(await context.client.GET("/api/v1/clusters"));
  const found = clusters.find((view) => view.cluster.id === nameOrId || view.cluster.name === nameOrId);
  if (!found) throw new UsageError(`No cluster named ${nameOrId} (kcp clusters lists them)`);
  return found.cluster.id;
}

/** Writes `value` as JSON (--json) or the text made for people. */
export function print(context: Context, value: unknown, forPeople: () => string): void {
  context.out(context.json ? JSON.stringify(value, null, 2) : forPeople());
}

/** The header every write sends (the service's CSRF rule). */
export const WRITE = { "X-Service-Request": "1" } as const;
