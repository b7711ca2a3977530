import {
  AppError,
  type ContainerSetting,
  containerNodePorts,
  imageOf,
  jvmOptionsProblem,
  parseProperties,
  redactConfig,
  renderServerProperties,
} from "@kcp/shared";
import { newNodeConfig } from "../agent/new-node-config.js";
import type { NewNodeSpec, NodeConfigChange, NodeLifecycle, NodeProvision, NodeStatus, Refusal } from "../provider.js";
import { type ContainerEngine, type ContainerInspect, EngineError, EngineUnreachable } from "./engine.js";
import {
  containerName,
  containerSpec,
  LABELS,
  NODE_DATA_DIR,
  NODE_HOME,
  nodeProperties,
  volumeName,
} from "./node-container.js";
import { nodeStatusOf } from "./node-status.js";
import { tarFiles, untarFiles } from "./tar.js";

/** A container cluster's settings: `settings.container` and the port base its nodes' ports come from. */
export interface ContainerClusterSettings {
  container: ContainerSetting;
  portBase: number;
}

const PROPERTIES_HEADER = "Written by the kcp container provider; change it with a setNodeConfig step.";
/** How long a start waits for the engine to report the container running (the node script formats first). */
const START_WAIT_MS = 60_000;

/**
 * NodeLifecycle of a `container` cluster: each node is a container of the engine (`<project>-node-<id>`) with its
 * storage and server.properties on a named volume (`<project>-node-<id>-data`) that outlives the container, so a new
 * image (upgrade) replaces the container and keeps the node's data. Errors are AppErrors naming the node.
 */
export class ContainerNodeLifecycle implements NodeLifecycle {
  /**
   * `engine` is the client of `settings.container.engine`, made by whoever checked that engine against the
   * configuration (ContainerEngines.open): this class never opens an engine itself.
   */
  constructor(
    private readonly settings: ContainerClusterSettings,
    readonly engine: ContainerEngine,
  ) {}

  private name(nodeId: number): string {
    return containerName(this.settings.container.project, nodeId);
  }

  /** The node's container (after settling a replacement a crash interrupted); not_found when the engine has none. */
  private async container(nodeId: number): Promise<ContainerInspect> {
    const inspect = () => this.guard(nodeId, () => this.engine.inspectContainer(this.name(nodeId)));
    const container = (await inspect()) ?? ((await this.settleReplacement(nodeId)) ? await inspect() : undefined);
    if (!container) throw new AppError("not_found", `node ${nodeId} has no container ${this.name(nodeId)}`);
    return container;
  }

  /**
   * A switchVersion interrupted (a worker killed) leaves the old container renamed aside: with no container under the
   * node's name, the newest one aside takes it back (the node as it was); with one, those aside are removed. Answers
   * whether a container was given the name back.
   */
  private async settleReplacement(nodeId: number): Promise<boolean> {
    const name = this.name(nodeId);
    const labels = { [LABELS.project]: this.settings.container.project, [LABELS.nodeId]: String(nodeId) };
    const found = await this.guard(nodeId, () => this.engine.listContainers(labels));
    const names = found.map((c) => (c.Names[0] ?? "").replace(/^\//, ""));
    const aside = names.filter((n) => n.startsWith(`${name}-replaced-`)).sort();
    if (aside.length === 0) return false;
    if (names.includes(name)) {
      for (const old of aside) await this.guard(nodeId, () => this.engine.removeContainer(old));
      return false;
    }
    await this.guard(nodeId, () => this.engine.renameContainer(aside[aside.length - 1] as string, name));
    return true;
  }

  async status(nodeId: number): Promise<NodeStatus> {
    return nodeStatusOf(await this.container(nodeId));
  }

  async stop(nodeId: number, options: { timeoutMs?: number } = {}): Promise<NodeStatus> {
    await this.container(nodeId);
    const seconds = options.timeoutMs
      ? Math.max(1, Math.round(options.timeoutMs / 1000))
      : this.settings.container.stopTimeoutSeconds;
    await this.guard(nodeId, () => this.engine.stopContainer(this.name(nodeId), seconds));
    return this.status(nodeId);
  }

  /** Starts the container and waits until the engine reports it running; one that ends at once is the error. */
  async start(nodeId: number): Promise<NodeStatus> {
    await this.container(nodeId);
    const began = Date.now();
    await this.guard(nodeId, () => this.engine.startContainer(this.name(nodeId)));
    for (;;) {
      const status = await this.status(nodeId);
      if (status.state === "running") return status;
      if (status.lastExit && Date.parse(status.lastExit.at) >= began - 1_000)
        throw await this.startFailed(nodeId, status);
      if (Date.now() - began > START_WAIT_MS)
        throw new AppError("invalid_request", `node ${nodeId}: its container is ${status.state}, not running`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  private async startFailed(nodeId: number, status: NodeStatus): Promise<AppError> {
    const tail = await this.engine.logs(this.name(nodeId), 3).catch(() => "");
    const detail = tail.trim().split("\n").slice(-3).join(" ").slice(0, 500);
    return new AppError(
      "invalid_request",
      `node ${nodeId} did not start: its container ended with exit code ${status.lastExit?.code}${detail ? `: ${detail}` : ""}`,
    );
  }

  /** The version's image is on the engine, pulled from its registry when it is not. */
  async install(version: string): Promise<void> {
    const image = imageOf(this.settings.container, version);
    if (await this.guard(undefined, () => this.engine.imageExists(image))) return;
    try {
      await this.engine.pullImage(image);
    } catch (error) {
      throw new AppError(
        "invalid_request",
        `image ${image} of Kafka ${version} is not on the container engine and could not be pulled: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }

  /**
   * The version's image is on the engine already. A plan pulls nothing (an image may be gigabytes, and a pull that
   * fails only tells at the install step): an image that is not on the engine is refused, to be pulled or loaded there
   * first.
   */
  async canObtain(version: string): Promise<Refusal | undefined> {
    const image = imageOf(this.settings.container, version);
    if (await this.guard(undefined, () => this.engine.imageExists(image))) return undefined;
    return {
      code: "version_unavailable",
      message: `image ${image} of Kafka ${version} is not on the container engine: pull or load it there, then plan again (planning pulls no image)`,
    };
  }

  /**
   * A stopped node's container replaced by one of the version's image on the same volume. The old container is
   * renamed aside first and removed once the new one exists, so a failure leaves the node as it was (and a crash in
   * between is settled by the next action on the node: settleReplacement).
   */
  async switchVersion(nodeId: number, version: string): Promise<NodeStatus> {
    await this.settleReplacement(nodeId);
    const current = await this.container(nodeId);
    const status = nodeStatusOf(current);
    if (status.state !== "stopped")
      throw new AppError("conflict", `node ${nodeId} is ${status.state}: its version is switched only while stopped`);
    if (status.configuredVersion === version) return status;
    const image = imageOf(this.settings.container, version);
    if (!(await this.guard(nodeId, () => this.engine.imageExists(image))))
      throw new AppError("invalid_request", `image ${image} of Kafka ${version} is not on the container engine`);
    // The listeners give the published ports of the new container (network "published").
    const config = await this.readConfig(nodeId);
    const provision = { ...this.provisionOf(current), config, version };
    checkJvmOptions(nodeId, provision.jvmOptions);
    const name = this.name(nodeId);
    const aside = `${name}-replaced-${Date.now()}`;
    await this.guard(nodeId, () => this.engine.renameContainer(name, aside));
    try {
      const spec = containerSpec(this.settings.container, provision, image);
      await this.guard(nodeId, () => this.engine.createContainer(name, spec));
    } catch (error) {
      await this.engine.renameContainer(aside, name).catch(() => undefined);
      throw error;
    }
    await this.guard(nodeId, () => this.engine.removeContainer(aside));
    return this.status(nodeId);
  }

  /** What a container was created with, to create its replacement alike. */
  private provisionOf(container: ContainerInspect): NodeProvision {
    const labels = container.Config.Labels ?? {};
    const env = Object.fromEntries(
      (container.Config.Env ?? []).map((e) => [e.slice(0, e.indexOf("=")), e.slice(e.indexOf("=") + 1)]),
    );
    const status = nodeStatusOf(container);
    return {
      nodeId: status.nodeId,
      roles: status.roles,
      clusterId: labels[LABELS.clusterId] ?? "",
      version: status.version,
      config: {},
      jvmOptions: (env.KCP_JVM_OPTIONS ?? "").split(" ").filter((option) => option.length > 0),
      ...formatOf(env.KCP_FORMAT_FLAGS ?? ""),
    };
  }

  /**
   * A new node: its volume, its server.properties on it, and its container (not started; its first start formats the
   * storage with its own version). The same node provisioned again is done; another node of the same id is refused.
   */
  async provision(node: NodeProvision): Promise<NodeStatus> {
    checkJvmOptions(node.nodeId, node.jvmOptions);
    const name = this.name(node.nodeId);
    const existing = await this.guard(node.nodeId, () => this.engine.inspectContainer(name));
    if (existing) {
      const status = nodeStatusOf(existing);
      if (status.clusterId === node.clusterId && status.roles.join(",") === node.roles.join(",")) return status;
      throw new AppError("conflict", `node ${node.nodeId} already has a container ${name} of another cluster or role`);
    }
    await this.install(node.version);
    const { project } = this.settings.container;
    const volumeLabels = { [LABELS.project]: project, [LABELS.nodeId]: String(node.nodeId) };
    await this.guard(node.nodeId, () => this.engine.createVolume(volumeName(project, node.nodeId), volumeLabels));
    const image = imageOf(this.settings.container, node.version);
    await this.guard(node.nodeId, () =>
      this.engine.createContainer(name, containerSpec(this.settings.container, node, image)),
    );
    await this.writeConfig(node.nodeId, nodeProperties(node, this.settings.container.network));
    return this.status(node.nodeId);
  }

  async config(nodeId: number): Promise<Record<string, string>> {
    return redactConfig(await this.readConfig(nodeId));
  }

  async setConfig(nodeId: number, change: NodeConfigChange): Promise<Record<string, string>> {
    const config = { ...(await this.readConfig(nodeId)), ...change.set };
    for (const key of change.delete ?? []) delete config[key];
    await this.writeConfig(nodeId, config);
    return redactConfig(config);
  }

  /**
   * A new node's configuration: that of `likeNodeId` on the ports the port base gives `nodeId`, advertised under the
   * settings' host, its data on its own volume; the version `likeNodeId` runs.
   */
  async newNodeSpec(nodeId: number, likeNodeId: number): Promise<NewNodeSpec> {
    const [config, status] = await Promise.all([this.config(likeNodeId), this.status(likeNodeId)]);
    const derived = newNodeConfig(config, {
      nodeId,
      host: this.settings.container.host,
      freePorts: containerNodePorts(this.settings.portBase, nodeId),
      dataDir: NODE_HOME,
    });
    return { version: status.version, config: { ...derived, "log.dirs": NODE_DATA_DIR } };
  }

  private async readConfig(nodeId: number): Promise<Record<string, string>> {
    await this.container(nodeId);
    const archive = await this.guard(nodeId, () =>
      this.engine.getArchive(this.name(nodeId), `${NODE_HOME}/server.properties`),
    );
    const text = archive ? untarFiles(archive).get("server.properties") : undefined;
    if (text === undefined) throw new AppError("not_found", `node ${nodeId} has no server.properties on its volume`);
    return parseProperties(text);
  }

  private async writeConfig(nodeId: number, config: Record<string, string>): Promise<void> {
    const tar = tarFiles([
      { name: "server.properties", content: renderServerProperties(config, PROPERTIES_HEADER), mode: 0o600 },
    ]);
    await this.guard(nodeId, () => this.engine.putArchive(this.name(nodeId), NODE_HOME, tar));
  }

  /** The engine's failures as AppErrors that name the node (never a stack, never the engine's full answer). */
  private async guard<T>(nodeId: number | undefined, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const what = nodeId === undefined ? "" : `node ${nodeId}: `;
      if (error instanceof EngineUnreachable)
        throw new AppError("capability_unavailable", `${what}${error.message}`, { cause: error });
      if (error instanceof EngineError)
        throw new AppError(error.status === 409 ? "conflict" : "invalid_request", `${what}${error.message}`, {
          cause: error,
        });
      throw error;
    }
  }
}

/**
 * A container is created only with JVM options of the allow-list (they reach the node's shell command line): one it
 * refuses is `invalid_request` naming the option, before the engine is asked anything.
 */
function checkJvmOptions(nodeId: number, options: readonly string[] | undefined): void {
  const problem = jvmOptionsProblem(options ?? []);
  if (problem) throw new AppError("invalid_request", `node ${nodeId}: ${problem}`);
}

/** The quorum mode a container's format flags say (what formatFlags wrote). */
function formatOf(flags: string): Pick<NodeProvision, "controllerMode" | "initialControllers"> {
  if (flags === "--standalone") return { controllerMode: "standalone" };
  if (flags === "--no-initial-controllers") return { controllerMode: "observer" };
  const initial = /^--initial-controllers (\S+)$/.exec(flags);
  return initial ? { controllerMode: "initial-controllers", initialControllers: initial[1] as string } : {};
}
