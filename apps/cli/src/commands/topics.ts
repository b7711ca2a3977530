import { unwrap } from "@kcp/api-client";
import { flag, integer, keyValues, list, positional, text } from "../args.js";
import { type Context, clusterId, print } from "../context.js";
import { UsageError } from "../exit-codes.js";
import { formatBytes, table } from "../output.js";
import type { Args, CommandSpec, OptionSpec } from "../spec.js";
import { topics as listTopics } from "./reads.js";

const LIST_OPTIONS: Record<string, OptionSpec> = {
  search: { type: "string", value: "TEXT", help: "only names containing it" },
  limit: { type: "string", value: "N", help: "at most N rows (default 100)" },
};

async function list_(context: Context, args: Args) {
  await listTopics(context, positional(args, 0), {
    ...(text(args, "search") ? { search: text(args, "search") } : {}),
    ...(text(args, "limit") ? { limit: text(args, "limit") } : {}),
  });
  return undefined;
}

async function create(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const body = {
    name: positional(args, 1),
    partitions: integer(text(args, "partitions"), "--partitions") ?? 0,
    replicationFactor: integer(text(args, "replication-factor"), "--replication-factor") ?? 0,
    configs: keyValues(list(args, "config"), "--config"),
  };
  const answer = unwrap(await context.client.POST("/api/v1/clusters/{id}/topics", { params: { path: { id } }, body }));
  print(context, answer, () => `Created topic ${answer.topic} (${answer.id})`);
  return undefined;
}

async function grow(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const count = integer(text(args, "partitions"), "--partitions");
  if (count === undefined) throw new UsageError("Name the new total: --partitions N");
  const answer = unwrap(
    await context.client.POST("/api/v1/clusters/{id}/topics/{topic}/partitions", {
      params: { path: { id, topic: positional(args, 1) } },
      body: { count },
    }),
  );
  print(context, answer, () => `${answer.topic} now has ${answer.partitions} partitions`);
  return undefined;
}

async function remove(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const topic = positional(args, 1);
  // The service compares the name typed back with the topic's (422 confirmation_mismatch otherwise).
  const confirmName = text(args, "name") ?? (await context.ask(`Type the topic's name (${topic}) to delete it: `));
  if (confirmName === undefined) throw new UsageError(`Type the topic's name back: --name ${topic}`);
  const answer = unwrap(
    await context.client.DELETE("/api/v1/clusters/{id}/topics/{topic}", {
      params: { path: { id, topic } },
      body: { confirmName },
    }),
  );
  print(context, answer, () => `Deleted topic ${answer.topic} (${answer.id})`);
  return undefined;
}

async function describe(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const topic = unwrap(
    await context.client.GET("/api/v1/clusters/{id}/topics/{topic}", {
      params: { path: { id, topic: positional(args, 1) } },
    }),
  );
  print(context, topic, () =>
    [
      `${topic.name} (${topic.id}): ${topic.partitions.length} partitions, RF ${topic.replicationFactor}, min ISR ${topic.minInsyncReplicas}, ${formatBytes(topic.sizeBytes)}${topic.internal ? ", internal" : ""}`,
      ...(topic.error ? [`Error: ${topic.error}`] : []),
      `Configs set on the topic: ${
        Object.entries(topic.configs)
          .map(([k, v]) => `${k}=${v}`)
          .join(", ") || "none"
      }`,
      table(
        ["PARTITION", "LEADER", "REPLICAS", "ISR", "SIZE", "END OFFSET"],
        topic.partitions.map((p) => [
          String(p.id),
          String(p.leader),
          p.replicas.join(","),
          p.isr.join(","),
          formatBytes(p.sizeBytes),
          p.logEndOffset === undefined ? "-" : String(p.logEndOffset),
        ]),
      ),
    ].join("\n"),
  );
  return undefined;
}

type ConfigEntry = { name: string; value?: string | null; source: string; readOnly: boolean; sensitive: boolean };

function configTable(configs: readonly ConfigEntry[], all: boolean): string {
  const shown = all ? configs : configs.filter((c) => c.source !== "default");
  return [
    table(
      ["NAME", "VALUE", "SOURCE", "READ-ONLY"],
      shown.map((c) => [c.name, c.sensitive ? "(sensitive)" : (c.value ?? "-"), c.source, c.readOnly ? "yes" : "no"]),
    ),
    all
      ? `${shown.length} configs`
      : `${shown.length} of ${configs.length} configs not at their default (--all: every one)`,
  ].join("\n");
}

/** The body of a config change: KEY=VALUE pairs set, or names returned to their default. */
function configChange(args: Args, verb: "set" | "delete") {
  const words = args.positionals.slice(2);
  return verb === "set" ? { set: keyValues(words, "A config") } : { delete: words };
}

const describeChange = (target: string, answer: { set: Record<string, string>; deleted: string[] }) =>
  [
    ...Object.entries(answer.set).map(([k, v]) => `${target}: ${k} set to ${v}`),
    ...answer.deleted.map((k) => `${target}: ${k} back to its default`),
  ].join("\n");

async function topicConfigs(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const answer = unwrap(
    await context.client.GET("/api/v1/clusters/{id}/topics/{topic}/configs", {
      params: { path: { id, topic: positional(args, 1) } },
    }),
  );
  print(context, answer, () => configTable(answer.configs, flag(args, "all")));
  return undefined;
}

function changeTopicConfigs(verb: "set" | "delete") {
  return async (context: Context, args: Args) => {
    const id = await clusterId(context, positional(args, 0));
    const answer = unwrap(
      await context.client.PATCH("/api/v1/clusters/{id}/topics/{topic}/configs", {
        params: { path: { id, topic: positional(args, 1) } },
        body: configChange(args, verb),
      }),
    );
    print(context, answer, () => describeChange(answer.topic, answer));
    return undefined;
  };
}

function brokerId(args: Args): number {
  return integer(positional(args, 1), "BROKER") ?? -1;
}

async function brokerConfigs(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const answer = unwrap(
    await context.client.GET("/api/v1/clusters/{id}/brokers/{broker}/configs", {
      params: { path: { id, broker: brokerId(args) } },
    }),
  );
  print(context, answer, () => configTable(answer.configs, flag(args, "all")));
  return undefined;
}

function changeBrokerConfigs(verb: "set" | "delete") {
  return async (context: Context, args: Args) => {
    const id = await clusterId(context, positional(args, 0));
    const answer = unwrap(
      await context.client.PATCH("/api/v1/clusters/{id}/brokers/{broker}/configs", {
        params: { path: { id, broker: brokerId(args) } },
        body: configChange(args, verb),
      }),
    );
    print(context, answer, () => describeChange(`broker ${answer.broker}`, answer));
    return undefined;
  };
}

const ALL: Record<string, OptionSpec> = { all: { type: "boolean", help: "every config, defaults too" } };

export const topicCommands: CommandSpec[] = [
  {
    path: ["topics"],
    positionals: ["CLUSTER"],
    options: LIST_OPTIONS,
    summary: "topics with partitions, replication, size and health",
    examples: ["kcp topics prod --search orders"],
    run: list_,
  },
  {
    path: ["topics", "list"],
    positionals: ["CLUSTER"],
    options: LIST_OPTIONS,
    summary: "topics (as kcp topics CLUSTER)",
    examples: ["kcp topics list prod --limit 20"],
    run: list_,
  },
  {
    path: ["topics", "describe"],
    positionals: ["CLUSTER", "TOPIC"],
    options: {},
    summary: "one topic: its configs set, and each partition's leader, replicas, ISR and size",
    examples: ["kcp topics describe prod orders"],
    run: describe,
  },
  {
    path: ["topics", "create"],
    positionals: ["CLUSTER", "TOPIC"],
    options: {
      partitions: { type: "string", value: "N", help: "partitions (default: the broker's)" },
      "replication-factor": { type: "string", value: "N", help: "replicas of each partition (default: the broker's)" },
      config: { type: "string", multiple: true, value: "K=V", help: "a topic config" },
    },
    summary: "creates a topic",
    examples: ["kcp topics create prod orders --partitions 6 --replication-factor 3 --config retention.ms=86400000"],
    run: create,
  },
  {
    path: ["topics", "grow"],
    positionals: ["CLUSTER", "TOPIC"],
    options: { partitions: { type: "string", value: "N", help: "the new total (more than now)" } },
    summary: "increases a topic's partitions (Kafka cannot decrease them)",
    examples: ["kcp topics grow prod orders --partitions 12"],
    run: grow,
  },
  {
    path: ["topics", "delete"],
    positionals: ["CLUSTER", "TOPIC"],
    options: { name: { type: "string", value: "TOPIC", help: "the topic's name typed back" } },
    summary: "deletes a topic and its data; its name typed back (the service refuses another)",
    details: ["Without --name, the name is asked at a terminal; a script names it with --name."],
    examples: ["kcp topics delete prod orders-old --name orders-old"],
    run: remove,
  },
  {
    path: ["topics", "configs", "get"],
    positionals: ["CLUSTER", "TOPIC"],
    options: ALL,
    summary: "a topic's configs not at their default (--all: every one)",
    examples: ["kcp topics configs get prod orders", "kcp topics configs get prod orders --all --json"],
    run: topicConfigs,
  },
  {
    path: ["topics", "configs", "set"],
    positionals: ["CLUSTER", "TOPIC", "KEY=VALUE..."],
    options: {},
    summary: "sets topic configs (the others stay)",
    examples: ["kcp topics configs set prod orders retention.ms=3600000 cleanup.policy=compact"],
    run: changeTopicConfigs("set"),
  },
  {
    path: ["topics", "configs", "delete"],
    positionals: ["CLUSTER", "TOPIC", "KEY..."],
    options: {},
    summary: "returns topic configs to their default",
    examples: ["kcp topics configs delete prod orders retention.ms"],
    run: changeTopicConfigs("delete"),
  },
  {
    path: ["brokers", "configs", "get"],
    positionals: ["CLUSTER", "BROKER"],
    options: ALL,
    summary: "a broker's configs not at their default (--all: every one)",
    examples: ["kcp brokers configs get prod 1"],
    run: brokerConfigs,
  },
  {
    path: ["brokers", "configs", "set"],
    positionals: ["CLUSTER", "BROKER", "KEY=VALUE..."],
    options: {},
    summary: "sets a broker's dynamic configs",
    examples: ["kcp brokers configs set prod 1 log.cleaner.threads=2"],
    run: changeBrokerConfigs("set"),
  },
  {
    path: ["brokers", "configs", "delete"],
    positionals: ["CLUSTER", "BROKER", "KEY..."],
    options: {},
    summary: "returns a broker's dynamic configs to their default",
    examples: ["kcp brokers configs delete prod 1 log.cleaner.threads"],
    run: changeBrokerConfigs("delete"),
  },
];
