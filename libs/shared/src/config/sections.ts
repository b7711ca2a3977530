import { z } from "zod";
import { AllowedHosts } from "./allowed-hosts.js";

/**
 * Configuration comes from environment variables. Each section is one zod object of the variables one concern needs,
 * so a service parses only the sections it uses. Defaults make `npm start` work on a laptop.
 */

const port = z.coerce.number().int().min(0).max(65535);
const positiveMs = z.coerce.number().int().positive();

/**
 * The defaults that code outside the configuration falls back on when a caller gives no value (a library used on its
 * own, a test): each lives here once, and its section's `.default()` uses it.
 */
export const CONFIG_DEFAULTS = {
  TOPIC_MAX_PARTITIONS: 10_000,
  TOPIC_LIST_CACHE_MS: 5_000,
  METRICS_GROUP_LAG_LIMIT: 500,
  AGENT_REQUEST_TIMEOUT_MS: 5_000,
  KAFKA_REQUEST_TIMEOUT_MS: 30_000,
} as const;

export const logSection = z.object({
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** `auto`: readable lines on a terminal, JSON lines otherwise (a file, a pipe, a container's log collector). */
  LOG_FORMAT: z.enum(["auto", "json", "pretty"]).default("auto"),
});

export const httpSection = z
  .object({
    PORT: port.default(8080),
    HOST: z.string().min(1).default("127.0.0.1"),
    /** How long a graceful shutdown waits for in-flight requests before closing their connections. */
    SHUTDOWN_TIMEOUT_MS: positiveMs.default(10_000),
    /**
     * How long an idle keep-alive connection stays open. Above the 60 s idle timeout of common load balancers (AWS ALB,
     * GCP, nginx's upstream keep-alive), so the balancer, not the server, closes an idle connection: a server closing
     * first races the balancer's next request on it, which the client sees as a reset (Node's default is 5 s).
     */
    HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveMs.default(65_000),
    /** How long a client may take to send a request's headers; above the keep-alive timeout, as Node requires. */
    HTTP_HEADERS_TIMEOUT_MS: positiveMs.default(66_000),
    /** The built web console the gateway serves at `/`; default: apps/console/dist of this checkout. */
    CONSOLE_DIR: z.string().min(1).optional(),
  })
  .refine((c) => c.HTTP_HEADERS_TIMEOUT_MS > c.HTTP_KEEP_ALIVE_TIMEOUT_MS, {
    path: ["HTTP_HEADERS_TIMEOUT_MS"],
    message: "must be above HTTP_KEEP_ALIVE_TIMEOUT_MS",
  });

export const storeSection = z
  .object({
    STORE: z.enum(["embedded", "mongo"]).default("embedded"),
    DATA_DIR: z.string().min(1).default("./data"),
    MONGO_URL: z.url({ protocol: /^mongodb(\+srv)?$/ }).optional(),
  })
  .refine((c) => c.STORE !== "mongo" || c.MONGO_URL !== undefined, {
    path: ["MONGO_URL"],
    message: "is required when STORE=mongo",
  });

export const queueSection = z
  .object({
    QUEUE: z.enum(["inprocess", "bullmq"]).default("inprocess"),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    /** Key prefix of the queues in Redis, so several deployments can share one Redis. */
    QUEUE_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .default("kcp"),
  })
  .refine((c) => c.QUEUE !== "bullmq" || c.REDIS_URL !== undefined, {
    path: ["REDIS_URL"],
    message: "is required when QUEUE=bullmq",
  });

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

export const authSection = z.object({
  /** Session lifetime: 12 h by default. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  /** Sets the Secure flag on the session cookie: turn on when the service is reached over HTTPS. */
  COOKIE_SECURE: booleanFlag.default(false),
  /**
   * Which proxies to trust for the client address (Express "trust proxy"): "false" (the socket's address), "true",
   * a hop count, or a comma-separated list of addresses/CIDRs ("loopback", "10.0.0.0/8").
   */
  TRUST_PROXY: z.string().min(1).default("false"),
  /** The first admin, created when there is no user yet; without a password one is generated and logged once. */
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/)
    .default("admin"),
  ADMIN_PASSWORD: z.string().min(12).max(1024).regex(/\S/, "must not be only spaces").optional(),
  /**
   * Who may sign in with a local password: `all` local users (the default), or only `admins` — the break-glass
   * accounts, once people sign in through an identity provider. A refused local login answers as a wrong password does.
   */
  LOCAL_LOGIN: z.enum(["all", "admins"]).default("all"),
  /** Login attempts one client address may make per minute (per gateway instance), beyond the per-user throttle. */
  LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Logins one client address may have running or waiting for a password check at once; more are refused (429). */
  LOGIN_CONCURRENT_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(2),
  /**
   * Password checks running at once in a gateway instance, whoever asks; more wait their turn (fairly by address).
   * About the cores the gateway has: more at once only makes each take longer, and a login waiting for its turn too.
   */
  LOGIN_CONCURRENT_HASHES: z.coerce.number().int().min(1).max(1000).default(2),
  /** Logins waiting for a password check in a gateway instance, whoever asks; more are refused at once (429). */
  LOGIN_QUEUE_LENGTH: z.coerce.number().int().min(0).max(10_000).default(64),
  /** How long a login may wait for a password check before it is refused (429, Retry-After: 1). */
  LOGIN_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(500),
  /** Failed logins of one client address audited one by one per minute; the rest are counted into one summary entry. */
  LOGIN_FAILURES_AUDITED_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(10),
  /** Connection tests (test, register, change of a profile) one user may have running at once. */
  CONNECTION_TESTS_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  /**
   * The desired-state files that one user's plans on a cluster keep while they are not applied (planned or running),
   * stored once per distinct set of files: past it a plan is refused (429). A plan's body is at most 16 MiB.
   */
  DESIRED_STATE_STAGED_MIB_PER_USER: z.coerce.number().int().min(1).max(100_000).default(64),
  /** The same for every user's plans on one cluster together. */
  DESIRED_STATE_STAGED_MIB_PER_CLUSTER: z.coerce.number().int().min(1).max(1_000_000).default(256),
  /**
   * The lowest role that may read messages (GET .../topics/{topic}/messages): records can hold personal or secret
   * data, so operators and admins by default; "viewer" opens it to everyone, "admin" closes it to operators.
   */
  BROWSE_MESSAGES_ROLE: z.enum(["viewer", "operator", "admin"]).default("operator"),
});

export const secretsSection = z.object({
  /** The AES-256 key that seals cluster secrets: 64 hex digits or base64 of 32 bytes. */
  SECRET_KEY: z.string().min(1).optional(),
  /** A file holding the key instead (a mounted Kubernetes secret). */
  SECRET_KEY_FILE: z.string().min(1).optional(),
  /** Comma-separated older keys that still open secrets sealed before a rotation. */
  SECRET_KEYS_PREVIOUS: z.string().min(1).optional(),
});

/** Where the service may connect for a cluster (checked on register, connection test and update). */
export const kafkaHostsSection = z.object({
  /** Comma-separated host names, `.domain` suffixes, IP literals and CIDRs; unset = any host. See AllowedHosts. */
  KAFKA_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      try {
        return AllowedHosts.parse(text);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * Comma-separated Docker Engine API endpoints (`unix:///run/podman/podman.sock`, `http://host:2375`) that `container`
   * clusters may name in `settings.container.engine`. Unset: none, so no container cluster can be registered. An
   * engine runs whatever it is told as root on its host: which ones the service may drive is the deployment's choice.
   */
  CONTAINER_ENGINES: z
    .string()
    .optional()
    .transform(
      (text) =>
        new Set(
          (text ?? "")
            .split(",")
            .map((e) => e.trim())
            .filter((e) => e.length > 0),
        ),
    ),
  /**
   * The most Kafka clients (one per cluster, each with a connection per broker and lane) a process keeps open between
   * calls; past it the least recently used idle one is closed. Collections spread over every collector replica, so
   * each replica ends up with a client of every cluster: keep this at least the number of registered clusters.
   */
  KAFKA_CLIENTS_MAX: z.coerce.number().int().min(1).max(100_000).default(2000),
  /** A cluster's client unused for this long is closed (its connections with it). */
  KAFKA_CLIENT_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
});

/** Bounds and caches of the gateway's Kafka requests. */
export const kafkaApiSection = z.object({
  /**
   * The most partitions a topic may have after a create or an increase through the API. Kafka refuses more than
   * 10,000 new partitions in one CreateTopics request, but not in CreatePartitions, where a huge count makes the
   * controller run out of heap and stop: this bound keeps one request from taking a cluster down.
   */
  TOPIC_MAX_PARTITIONS: z.coerce.number().int().min(1).max(1_000_000).default(CONFIG_DEFAULTS.TOPIC_MAX_PARTITIONS),
  /** How long a topic list reuses the layouts and sizes another list read (a write through the process drops them). */
  TOPIC_LIST_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(CONFIG_DEFAULTS.TOPIC_LIST_CACHE_MS),
  /**
   * How long an API request may wait for Kafka (every call of a route on a cluster's Kafka, retries included): past it
   * the request answers 504 kafka_timeout naming the Kafka request that did not answer, and the connections it waited
   * on are dropped. Kafka's client gives up a single request after 30 s; this bounds the whole call.
   */
  KAFKA_REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(CONFIG_DEFAULTS.KAFKA_REQUEST_TIMEOUT_MS),
  /** Consumer groups per cluster with a lag series on /metrics (those with the largest lags): bounds cardinality. */
  METRICS_GROUP_LAG_LIMIT: z.coerce.number().int().min(0).max(100_000).default(CONFIG_DEFAULTS.METRICS_GROUP_LAG_LIMIT),
});

/** Both Kafka sections: what a process that reads all of them (the gateway, the standalone process) knows. */
export const kafkaSection = z.object({ ...kafkaHostsSection.shape, ...kafkaApiSection.shape });

const percent = z.coerce.number().min(1).max(100);

export const collectorSection = z.object({
  /** How often each cluster is collected unless its settings say otherwise (contract: 30 s). */
  COLLECT_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  /** A collection that takes longer is abandoned; the cluster's view says so. */
  COLLECT_TIMEOUT_MS: positiveMs.default(20_000),
  /** Collections one collector process runs at once (a slow cluster holds one slot, not the others). */
  COLLECT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * The parts of a snapshot that change rarely (SNAPSHOT_SLOW_PARTS: configs, a desired state's drift) are read again
   * when older than this; at once after a write through the service. 0: at every collection.
   */
  COLLECT_SLOW_PARTS_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  HEALTH_DISK_HIGH_PERCENT: percent.default(80),
  HEALTH_DISK_CRITICAL_PERCENT: percent.default(90),
  /** A voter further behind the quorum leader's log end than this many offsets lags. */
  HEALTH_VOTER_LAG_OFFSETS: z.coerce.number().int().min(1).default(1000),
  /** A voter that has not caught up with the leader for this long lags. */
  HEALTH_VOTER_CAUGHT_UP_MS: positiveMs.default(30_000),
  /** disk_imbalance: the fullest log dir more than this many points of disk use above the mean of all dirs. */
  HEALTH_DISK_IMBALANCE_PERCENT: percent.default(10),
  /** leader_imbalance: more than this % of replicated partitions not led by their preferred replica. */
  HEALTH_LEADER_IMBALANCE_PERCENT: percent.default(10),
});

/** How long a collection may take: what the gateway's register and refresh wait for. */
export const collectTimeoutSection = collectorSection.pick({ COLLECT_TIMEOUT_MS: true });

export const operationsSection = z.object({
  /** A worker holds an operation for this long and renews it at a third of it; a dead worker's is taken over after. */
  OPERATIONS_LEASE_MS: positiveMs.default(30_000),
  /** How often a worker expires unconfirmed plans and looks for operations no worker holds. */
  OPERATIONS_SWEEP_INTERVAL_MS: positiveMs.default(1_000),
  /** Operations one worker process runs at once (on different clusters: one per cluster at a time). */
  OPERATIONS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** A pause before each step, for drills: makes each step observable (and a worker killable mid-operation). */
  OPERATIONS_STEP_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /** How long a rolling restart waits for a node to be safe to stop (re-checking every 2 s) before it pauses itself. */
  OPERATIONS_ROLL_SAFETY_WAIT_MS: positiveMs.default(300_000),
  /** How long a rolling restart waits for a started node to be healthy again before it pauses itself. */
  OPERATIONS_NODE_HEALTHY_WAIT_MS: positiveMs.default(600_000),
});

/**
 * The node agents' command tokens (docs/node-agent.md): the private key the control plane signs them with, and the CA
 * the agents' TLS certificates must chain to. Read by the processes that talk to agents (collector, operations worker,
 * standalone), with the agents' pinned URLs (agentUrlsSection); the key's public half goes to every agent as
 * AGENT_PUBLIC_KEY. Without the key or the CA, `agent` clusters offer no node-lifecycle action.
 */
export const agentSection = z.object({
  /** PEM private key (EC P-256 → ES256, or Ed25519 → EdDSA); `\n` escapes stand for line breaks. */
  AGENT_SIGNING_KEY: z
    .string()
    .transform((text) => text.replaceAll("\\n", "\n"))
    .pipe(z.string().regex(/-----BEGIN [A-Z ]*PRIVATE KEY-----/, "must be a private key in PEM form"))
    .optional(),
  /** A file holding the key instead (a mounted Kubernetes secret). */
  AGENT_SIGNING_KEY_FILE: z.string().min(1).optional(),
  /** How long a request to an agent may take before it counts as unanswered (status, health; not commands). */
  AGENT_REQUEST_TIMEOUT_MS: positiveMs.default(CONFIG_DEFAULTS.AGENT_REQUEST_TIMEOUT_MS),
  /**
   * The CA (PEM) the agents' TLS certificates must chain to: the only trust for agents (not the system store). Without
   * it (or AGENT_CA_FILE) nothing is sent to any agent. `\n` escapes stand for line breaks.
   */
  AGENT_CA: z
    .string()
    .transform((text) => text.replaceAll("\\n", "\n"))
    .pipe(z.string().regex(/-----BEGIN CERTIFICATE-----/, "must be one or more certificates in PEM form"))
    .optional(),
  /** A file holding that CA instead. */
  AGENT_CA_FILE: z.string().min(1).optional(),
});

export type LogConfig = z.infer<typeof logSection>;
export type HttpConfig = z.infer<typeof httpSection>;
export type StoreConfig = z.infer<typeof storeSection>;
export type QueueConfig = z.infer<typeof queueSection>;
export type AuthConfig = z.infer<typeof authSection>;
export type SecretsConfig = z.infer<typeof secretsSection>;
export type CollectorConfig = z.infer<typeof collectorSection>;
export type KafkaConfig = z.infer<typeof kafkaSection>;
export type KafkaHostsConfig = z.infer<typeof kafkaHostsSection>;
export type KafkaApiConfig = z.infer<typeof kafkaApiSection>;
export type OperationsConfig = z.infer<typeof operationsSection>;

/** The autopilot (docs/autopilot.md). */
export const autopilotSection = z.object({
  /**
   * The kill switch: false and no anomaly is recorded and no policy acts, whatever the policies say (read by the
   * collector, which asks for evaluations, and the operations worker, which runs them).
   */
  AUTOPILOT_ENABLED: booleanFlag.default(true),
});
export type AutopilotConfig = z.infer<typeof autopilotSection>;
export type AgentConfig = z.infer<typeof agentSection>;
