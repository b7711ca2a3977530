import { z } from "zod";

/** The `{version}` placeholder of `settings.container.image`. */
export const IMAGE_VERSION_PLACEHOLDER = "{version}";

/** How many ports each node of a container cluster gets from the port base: node n uses portBase + n·10 … + 9. */
export const PORTS_PER_CONTAINER_NODE = 10;

/**
 * `settings.container` of a cluster whose provider is `container`: the engine the service runs the cluster's nodes
 * on (the Docker Engine API, which Docker and Podman both serve), and how it names and places them. The ports come
 * from `settings.portBase`.
 */
export const ContainerSettingSchema = z
  .strictObject({
    engine: z
      .string()
      .max(2048)
      .regex(/^(unix:\/\/\/\S+|http:\/\/[^\s/]+\/?)$/, "must be unix:///path/to/engine.sock or http://host:port")
      .describe(
        "The Docker Engine API: unix:///run/podman/podman.sock (Podman's Docker-compatible service), " +
          "unix:///var/run/docker.sock, or http://host:port",
      ),
    project: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9-]{0,39}$/,
        "must be 1–40 lowercase letters, digits and dashes, starting with one of the first two",
      )
      .describe(
        "Names and labels the cluster's containers (<project>-node-<id>) and volumes (<project>-node-<id>-data)",
      ),
    image: z
      .string()
      .min(1)
      .max(512)
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/:@{}-]*$/, "must be an image reference")
      .refine((image) => image.includes(IMAGE_VERSION_PLACEHOLDER), `must hold ${IMAGE_VERSION_PLACEHOLDER}`)
      .default("kcp-kafka:{version}")
      .describe(
        "The image of a Kafka version, {version} replaced: Kafka's jars under /opt/kafka/libs and java on the PATH " +
          "(docs/providers.md)",
      ),
    host: z
      .string()
      .min(1)
      .max(253)
      .regex(/^[A-Za-z0-9.-]+$/, "must be a host name or IPv4 address")
      .default("127.0.0.1")
      .describe("The host name the nodes advertise (the engine's host)"),
    network: z
      .enum(["host", "published"])
      .default("host")
      .describe(
        "host: the containers share the host's network; published: each node's ports are published as they are",
      ),
    stopTimeoutSeconds: z
      .number()
      .int()
      .min(5)
      .max(3600)
      .default(120)
      .describe("A stop waits this long for Kafka's controlled shutdown before the engine kills it"),
  })
  .describe("Where and how the service runs a container cluster's nodes (provider container only, and required there)");
export type ContainerSetting = z.infer<typeof ContainerSettingSchema>;

/** The image of `version` for a container cluster. */
export const imageOf = (setting: Pick<ContainerSetting, "image">, version: string) =>
  setting.image.replaceAll(IMAGE_VERSION_PLACEHOLDER, version);

/** The ports node `nodeId` of a container cluster may listen on. */
export function containerNodePorts(portBase: number, nodeId: number): number[] {
  const first = portBase + nodeId * PORTS_PER_CONTAINER_NODE;
  return Array.from({ length: PORTS_PER_CONTAINER_NODE }, (_, i) => first + i);
}
