import { ClusterActions, CollectedFiguresCache } from "@kcp/cluster-actions";
import { ClusterRegistry, collectWaitMs } from "@kcp/clusters";
import { OperationService } from "@kcp/operation-service";
import type { ConfigOf, ServiceContext } from "@kcp/process";
import {
  accessSection,
  agentUrlsSection,
  approvalSection,
  authSection,
  autopilotSection,
  checkProviderIdsApart,
  collectorSection,
  kafkaApiSection,
  kafkaHostsSection,
  ldapSection,
  loadApprovalRules,
  loadConfig,
  loadLdapProviders,
  loadOidcProviders,
  oidcSection,
  type SecretBox,
  secretsSection,
} from "@kcp/shared";
import type { z } from "zod";
import { LoginFailureBudget } from "./audit/login-failures.js";
import { AccessBook } from "./auth/access-book.js";
import { type LdapLoginService, ldapLoginService } from "./auth/ldap-login.js";
import { type LoginService, loginService } from "./auth/login.js";
import { type SsoService, ssoService } from "./auth/oidc-login.js";
import { StoreBindings, versionMaxAgeMs } from "./auth/store-bindings.js";

/** The collectors' interval and timeout: how long register waits, and when a cluster's view is stale. */
const gatewayCollectorSection = collectorSection.pick({ COLLECT_INTERVAL_SECONDS: true, COLLECT_TIMEOUT_MS: true });

/** The configuration sections the gateway reads beyond every process's own (logging, HTTP, metrics, store, queue). */
export const GATEWAY_SECTIONS = [
  authSection,
  secretsSection,
  kafkaHostsSection,
  kafkaApiSection,
  agentUrlsSection,
  gatewayCollectorSection,
  autopilotSection,
  approvalSection,
  accessSection,
  ldapSection,
  oidcSection,
] as const;

/** What the gateway's sections give: every setting a route or the server reads, by its variable's name. */
export type GatewayConfig = ConfigOf<typeof GATEWAY_SECTIONS>;

/** The gateway's configuration from `env` (each setting's default when absent): tests and the OpenAPI document. */
export function gatewayConfig(env: Record<string, string | undefined> = {}): GatewayConfig {
  const [first, ...rest] = GATEWAY_SECTIONS;
  const schema = rest.reduce<z.ZodType>((all, section) => all.and(section), first);
  return loadConfig(schema, env) as GatewayConfig;
}

/**
 * The gateway's one composition object: its process's context (store, queue, metrics, logger, audit emitter, Kafka
 * clients, history and desired-state books, providers' access) with the configuration and the services built once
 * from them. The server, the application and the route table take it whole; each route group takes what it needs from
 * it by name (`Pick<GatewayContext, "actions" | "config">`), so a route that needs one more of these changes only its
 * own file.
 */
export interface GatewayContext extends ServiceContext {
  config: GatewayConfig;
  /** The service's secret key: opens cluster secrets, seals what a plan keeps until its apply. */
  box: SecretBox;
  clusters: ClusterRegistry;
  actions: ClusterActions;
  operations: OperationService;
  /** One set of last-collection figures for the topic lists and the Kafka metrics. */
  collectedFigures: CollectedFiguresCache;
  login: LoginService;
  /** Single sign-on through the OpenID providers of OIDC_PROVIDERS_FILE (read once, at the start). */
  sso: SsoService;
  /** LDAP and Active Directory login through the providers of LDAP_PROVIDERS_FILE (read once, at the start). */
  ldapLogin: LdapLoginService;
  /** The role bindings, compiled once per change: what every request's principal is decided by. */
  access: AccessBook;
  /** The store's role bindings under the access book; told of each change made through this instance. */
  bindings: StoreBindings;
  /** Which refused anonymous requests (failed logins included) get an audit entry of their own. */
  loginFailures: LoginFailureBudget;
}

/** Builds the gateway's services once over its process's context and its secret box (`context.secretBox()`). */
export function gatewayContext(config: GatewayConfig, context: ServiceContext, box: SecretBox): GatewayContext {
  const { store, queue, logger, kafkaClients } = context;
  const waitMs = collectWaitMs(config.COLLECT_TIMEOUT_MS);
  const collectedFigures = new CollectedFiguresCache(store.clusterViews);
  const ldapProviders = loadLdapProviders(config);
  // One id, one provider: the refusal stops the start (the gateway waits for the OpenID providers before it serves).
  const oidcProviders = loadOidcProviders(config).then((oidc) => {
    checkProviderIdsApart(ldapProviders, oidc);
    return oidc;
  });
  const bindings = new StoreBindings(store, versionMaxAgeMs(store));
  // Every connection of an action is checked against the allowed hosts, advertised brokers included.
  const clusters = new ClusterRegistry({
    store,
    queue,
    box,
    collectWaitMs: waitMs,
    collectIntervalSeconds: config.COLLECT_INTERVAL_SECONDS,
    collectTimeoutMs: config.COLLECT_TIMEOUT_MS,
    kafkaClients,
    ...(config.KAFKA_ALLOWED_HOSTS ? { allowedHosts: config.KAFKA_ALLOWED_HOSTS } : {}),
    providerConfig: config,
  });
  const actions = new ClusterActions({
    store,
    queue,
    box,
    logger,
    clients: kafkaClients,
    history: context.history,
    collectedFigures,
    topicMaxPartitions: config.TOPIC_MAX_PARTITIONS,
    topicListingMaxAgeMs: config.TOPIC_LIST_CACHE_MS,
    requestTimeoutMs: config.KAFKA_REQUEST_TIMEOUT_MS,
  });
  return {
    ...context,
    config,
    box,
    clusters,
    actions,
    operations: new OperationService({
      store,
      clusters,
      queue,
      providerWaitMs: waitMs,
      approvalRules: loadApprovalRules(config),
    }),
    collectedFigures,
    login: loginService(store, config),
    sso: ssoService(store, box, config, oidcProviders, logger),
    ldapLogin: ldapLoginService(store, config, ldapProviders, logger),
    access: new AccessBook(bindings),
    bindings,
    loginFailures: new LoginFailureBudget(config.LOGIN_FAILURES_AUDITED_PER_MINUTE),
  };
}
