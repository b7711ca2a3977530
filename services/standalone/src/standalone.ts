import type { RunningGateway } from "@kcp/api-gateway";
import { openServiceContext, type RunningService, type ServiceModule } from "@kcp/process";
import { type Component, type Logger, loadSecretBox } from "@kcp/shared";
import type { Store } from "@kcp/store";
import { STANDALONE_MODULES, type StandaloneConfig } from "./modules.js";

export type { StandaloneConfig } from "./modules.js";

export interface Standalone {
  gateway: RunningGateway;
  /** The store every service shares (tests read and change records behind the API through it). */
  store: Store;
  /** In shutdown order: the HTTP server first (no new work), then the services, then the queue and the store. */
  components: Component[];
}

/** Opens the store and the queue, starts every service module in order (the gateway, with the HTTP server, last). */
export async function startStandalone(config: StandaloneConfig, logger: Logger): Promise<Standalone> {
  // Without a configured key, the single process makes one in DATA_DIR: `npm start` works on a fresh machine.
  const box = await loadSecretBox(config, { logger, generateIn: config.DATA_DIR });
  const context = await openServiceContext(config, logger, "standalone", { box });
  const started: RunningService[] = [];
  for (const module of STANDALONE_MODULES as readonly ServiceModule<StandaloneConfig>[])
    started.push(await module.start(config, context));
  const gateway = started.at(-1) as RunningGateway;
  const shared = [context.kafkaClients, context.queue, context.store];
  return { gateway, store: context.store, components: [...started.reverse(), ...shared] };
}
