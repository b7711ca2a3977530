import { DesiredStateBook } from "@kcp/desired-state";
import { HistoryBook } from "@kcp/history";
import { KafkaClients, kafkaClientBounds, kafkaClientSettings } from "@kcp/kafka";
import { kafkaClientCounters } from "@kcp/metrics";
import { loadProviderAccess, type ProviderAccess, type ProviderAccessConfig } from "@kcp/providers";
import {
  type AllowedHosts,
  type Component,
  httpSection,
  type LogFormat,
  type Logger,
  loadSecretBox,
  logSection,
  metricsSection,
  type QueueConfig,
  queueSection,
  type SecretBox,
  type SecretsConfig,
  type StoreConfig,
  storeSection,
} from "@kcp/shared";
import { z } from "zod";
import { type AuditEmitter, auditEmitter } from "./audit-emitter.js";
import { type Backends, openBackends, workerProcess } from "./backends.js";
import { runProcess } from "./run-process.js";
import { separateServiceConfig } from "./separate-config.js";

/**
 * What every process builds once and gives whole to each service it runs: the store, queue, metrics registry, audit
 * emitter, logger, Kafka clients, the history and desired-state books, the secret box and the node agents' access. A
 * service takes what it needs from it by name; nothing here is built a second time inside a service.
 */
export interface ServiceContext extends Backends {
  logger: Logger;
  audit: AuditEmitter;
  /**
   * The secret box of the configuration (SECRET_KEY, SECRET_KEY_FILE; the single process makes one in DATA_DIR),
   * loaded once per process on first use: a service that holds no cluster secret (audit) never asks.
   */
  secretBox(): Promise<SecretBox>;
  /**
   * The process's Kafka clients, one per cluster, shared by its services (the gateway's actions, the collector, the
   * worker's runs), checked against KAFKA_ALLOWED_HOSTS; closed after the services when the process stops.
   */
  kafkaClients: KafkaClients;
  /** Each cluster's figures over time: the collector records them, the series routes and the actions read them. */
  history: HistoryBook;
  /** Desired state's files, holds and applied records: the routes stage, the worker applies, the collector reads. */
  desiredStates: DesiredStateBook;
  /**
   * The providers' access (loadProviderAccess): how the node agents are called (signing key, pinned URLs, CA,
   * timeout), the container engines CONTAINER_ENGINES lists, the hosts KAFKA_ALLOWED_HOSTS allows; loaded once per
   * process on first use: a service that never calls an agent (the gateway, audit) never asks.
   */
  providerAccess(): Promise<ProviderAccess>;
}

/** What the process context is built from in the configuration (every part optional: each has its default). */
export type ServiceContextConfig = Partial<SecretsConfig> &
  ProviderAccessConfig & {
    KAFKA_ALLOWED_HOSTS?: AllowedHosts | undefined;
    KAFKA_CLIENTS_MAX?: number;
    KAFKA_CLIENT_IDLE_SECONDS?: number;
  };

export interface RunningService extends Component {
  /** Where it answers HTTP when it serves an API of its own (the gateway); the others get ops endpoints. */
  url?: string;
  /** Logged on the process's "listening" line. */
  facts?: Record<string, unknown>;
}

/** The sections every process reads, whatever it runs: logging, its HTTP port, metrics, the store and the queue. */
export const PROCESS_SECTIONS = [logSection, httpSection, metricsSection, storeSection, queueSection] as const;

/**
 * A service: its name, the configuration sections it reads (each a distinct zod schema; a process running several
 * services reads each section once), and how it starts in a process. `main.ts` of each service is `runService(module)`;
 * the standalone process is the list of modules.
 */
export interface ServiceModule<C extends ProcessConfig = ProcessConfig> {
  name: string;
  sections: readonly z.ZodType[];
  start(config: C, context: ServiceContext): Promise<RunningService>;
}

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The configuration the sections give: every section's values together. */
export type ConfigOf<S extends readonly z.ZodType[]> = Intersection<z.infer<S[number]>>;

/** The configuration every process reads. */
type ProcessConfig = ConfigOf<typeof PROCESS_SECTIONS> & { LOG_FORMAT: LogFormat };

/**
 * A module whose configuration type is what its sections give (they cannot drift apart); the process sections
 * (PROCESS_SECTIONS) come first without being listed.
 */
export function serviceModule<const S extends readonly z.ZodType[]>(module: {
  name: string;
  sections: S;
  start(config: ConfigOf<S> & ProcessConfig, context: ServiceContext): Promise<RunningService>;
}): ServiceModule<ConfigOf<S> & ProcessConfig> {
  return {
    ...module,
    sections: [...PROCESS_SECTIONS, ...module.sections],
  } as unknown as ServiceModule<ConfigOf<S> & ProcessConfig>;
}

/** The schema of several modules' sections, each section once (a section's values are parsed one time). */
export function configSchemaOf(modules: readonly ServiceModule<never>[]): z.ZodType {
  const sections = [...new Set(modules.flatMap((module) => module.sections))];
  const [first, ...rest] = sections;
  if (!first) return z.object({});
  return rest.reduce<z.ZodType>((schema, section) => schema.and(section), first);
}

/**
 * The context of one process over backends already open (what openServiceContext does after opening them; tests build
 * it over an embedded store and an in-process queue). The secret box is `box` when the caller loaded it already (the
 * standalone process, which may generate one), else loaded from the configuration on first use.
 */
export function serviceContext(
  backends: Backends,
  logger: Logger,
  config: ServiceContextConfig,
  options: { box?: SecretBox } = {},
): ServiceContext {
  let box: Promise<SecretBox> | undefined = options.box ? Promise.resolve(options.box) : undefined;
  let providerAccess: Promise<ProviderAccess> | undefined;
  return {
    ...backends,
    logger,
    audit: auditEmitter(backends.queue, backends.store, logger),
    kafkaClients: new KafkaClients({
      settings: kafkaClientSettings(config),
      ...kafkaClientBounds(config),
      ...kafkaClientCounters(backends.metrics),
    }),
    history: new HistoryBook(backends.store.series),
    desiredStates: new DesiredStateBook(backends.store.desiredStates),
    secretBox: () => {
      box ??= loadSecretBox(config as SecretsConfig, { logger });
      return box;
    },
    providerAccess: () => {
      providerAccess ??= loadProviderAccess(config);
      return providerAccess;
    },
  };
}

/** The context of one process: its backends opened from the configuration, then serviceContext over them. */
export async function openServiceContext(
  config: StoreConfig & QueueConfig & ServiceContextConfig,
  logger: Logger,
  service: string,
  options: { box?: SecretBox } = {},
): Promise<ServiceContext> {
  return serviceContext(await openBackends(config, logger, service), logger, config, options);
}

/**
 * The main of a service deployed on its own: its configuration (MongoDB and BullMQ required: it shares its work with
 * other processes), its context, the service started; a service without an HTTP API of its own gets the ops
 * endpoints (/healthz, /readyz, /metrics). Stops in order on SIGTERM/SIGINT.
 */
export function runService<C extends ProcessConfig>(module: ServiceModule<C>): void {
  const schema = separateServiceConfig(configSchemaOf([module as ServiceModule<never>]) as z.ZodType<C>);
  runProcess(module.name, schema, async (config, logger) => {
    const context = await openServiceContext(config, logger, module.name);
    const service = await module.start(config as C, context);
    const facts = service.facts ?? {};
    const kafkaClients = context.kafkaClients;
    if (service.url)
      return { url: service.url, components: [service, kafkaClients, context.queue, context.store], facts };
    const started = await workerProcess(config as C, context, service);
    // The Kafka clients close after the service stops taking work, before the queue and the store.
    const components = started.components.flatMap((c) => (c === context.queue ? [kafkaClients, c] : [c]));
    return { url: started.url, components, facts };
  });
}
