import { AppError } from "@kcp/shared";

/** What the agent answers in place of a secret value (docs/node-agent.md, GET /v1/nodes/{id}/config). */
const REDACTED = "[redacted]";

/** Bind addresses that listen on every interface: a new node keeps them. */
const WILDCARD_HOSTS = new Set(["", "0.0.0.0", "::", "[::]"]);

interface Listener {
  name: string;
  host: string;
  port: number;
}

function parseListeners(key: string, value: string): Listener[] {
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry) => {
      const match = /^([A-Za-z0-9_]+):\/\/(.*):(\d+)$/.exec(entry);
      if (!match) throw new AppError("invalid_request", `${key} entry "${entry}" is not NAME://host:port`);
      return { name: match[1] as string, host: match[2] as string, port: Number(match[3]) };
    });
}

/** Every port a node's configuration listens on or advertises (`listeners`, `advertised.listeners`). */
export function listenerPorts(config: Record<string, string>): number[] {
  return ["listeners", "advertised.listeners"].flatMap((key) =>
    config[key] ? parseListeners(key, config[key]).map((l) => l.port) : [],
  );
}

export interface NewNodePlace {
  nodeId: number;
  /** The host name the new node advertises. */
  host: string;
  /** Ports of its host free for its listeners, in the order they are taken. */
  freePorts: number[];
  /** Its data dirs go under `<dataDir>/<nodeId>/`. */
  dataDir: string;
}

/**
 * Pure: the `server.properties` of a new node, derived from an existing node of the same role (`template`, as its
 * agent keeps it): the same settings, its listeners on free ports of the new node's host (a wildcard bind address
 * stays), advertised under that host, its data dirs under the folder kept for new nodes; `node.id` and
 * `process.roles` left to the agent. A template with secret values (which the agent does not reveal) is refused.
 */
export function newNodeConfig(template: Record<string, string>, place: NewNodePlace): Record<string, string> {
  const secret = Object.keys(template).filter((key) => template[key] === REDACTED);
  if (secret.length > 0)
    throw new AppError(
      "invalid_request",
      `the configuration to copy holds secret values the agent does not reveal (${secret.join(", ")}): provision such a node by hand`,
    );
  const config: Record<string, string> = { ...template };
  for (const key of ["node.id", "broker.id", "process.roles"]) delete config[key];
  const listeners = parseListeners("listeners", template.listeners ?? "");
  if (listeners.length === 0) throw new AppError("invalid_request", "the configuration to copy has no listeners");
  if (listeners.length > place.freePorts.length)
    throw new AppError(
      "invalid_request",
      `node ${place.nodeId} needs ${listeners.length} port(s) for its listeners; ${place.freePorts.length} of the ports kept for new nodes are free`,
    );
  const portOf = new Map(listeners.map((l, i) => [l.name, place.freePorts[i] as number]));
  config.listeners = listeners
    .map((l) => `${l.name}://${WILDCARD_HOSTS.has(l.host) ? l.host : place.host}:${portOf.get(l.name)}`)
    .join(",");
  if (template["advertised.listeners"] !== undefined)
    config["advertised.listeners"] = parseListeners("advertised.listeners", template["advertised.listeners"])
      .map((l) => {
        const port = portOf.get(l.name);
        if (port === undefined)
          throw new AppError("invalid_request", `advertised listener ${l.name} is not among the listeners`);
        return `${l.name}://${place.host}:${port}`;
      })
      .join(",");
  const home = `${place.dataDir.replace(/\/+$/, "")}/${place.nodeId}`;
  for (const key of ["log.dirs", "log.dir"]) {
    const dirs = template[key]?.split(",").filter((d) => d.trim().length > 0);
    if (!dirs || dirs.length === 0) continue;
    config[key] = dirs.map((_, i) => (dirs.length === 1 ? `${home}/data` : `${home}/data-${i}`)).join(",");
  }
  if (template["metadata.log.dir"] !== undefined) config["metadata.log.dir"] = `${home}/metadata`;
  return config;
}
