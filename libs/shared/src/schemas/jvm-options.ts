import { z } from "zod";

/**
 * The JVM options a Kafka node may be given through the API (a cluster's `settings.agents[].provisioning.jvmOptions`,
 * the node agent's provision body, a container's `KCP_JVM_OPTIONS`): an allow-list of shapes, nothing else. Accepted:
 * heap and stack sizes, a fixed set of `-XX:+Flag`/`-XX:-Flag` booleans, a fixed set of `-XX:Name=value` with numeric
 * or size values in bounds, and `-D` properties of a fixed list with the value shape each takes. Refused: everything
 * else, in particular whatever names a command, a file or code to load (`-XX:OnOutOfMemoryError`, `-XX:OnError`,
 * `-XX:HeapDumpPath`, `-XX:ErrorFile`, `-Xlog`, `-agentlib`, `-agentpath`, `-javaagent`, `-cp`, `--add-*`, `@argfiles`,
 * `-Dlog4j*`, `-Djava.security.*`, JMX's `-Dcom.sun.management.*`). The values accepted hold no space and no shell
 * character, so an accepted list joined with spaces reads back as the same options.
 */

const K = 1024;
const M = K * K;
const G = K * M;
const T = K * G;

/** A size as the JVM reads it: digits with an optional unit k, m, g or t (either case). */
const SIZE = /^(\d{1,13})([kKmMgGtT]?)$/;
const UNITS: Record<string, number> = { "": 1, k: K, m: M, g: G, t: T };

/** The bytes a JVM size stands for; undefined when it is not a size. */
export function jvmSizeBytes(text: string): number | undefined {
  const match = SIZE.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * (UNITS[(match[2] as string).toLowerCase()] as number);
}

type Bound =
  | { kind: "size"; min: number; max: number }
  | { kind: "int"; min: number; max: number }
  | { kind: "percent" };

const size = (min: number, max: number): Bound => ({ kind: "size", min, max });
const int = (min: number, max: number): Bound => ({ kind: "int", min, max });
const PERCENT: Bound = { kind: "percent" };

/** `-Xms`, `-Xmx`, `-Xmn` and `-Xss` with their bounds. */
const SIZE_OPTIONS: Readonly<Record<string, Bound>> = {
  "-Xms": size(M, 4 * T),
  "-Xmx": size(M, 4 * T),
  "-Xmn": size(M, 4 * T),
  "-Xss": size(64 * K, G),
};

/** `-XX:+Name` / `-XX:-Name`: collectors and switches that name no file, no command and no code. */
export const JVM_BOOLEAN_FLAGS: ReadonlySet<string> = new Set([
  "UseG1GC",
  "UseParallelGC",
  "UseSerialGC",
  "UseZGC",
  "ZGenerational",
  "UseShenandoahGC",
  "AlwaysPreTouch",
  "DisableExplicitGC",
  "ExplicitGCInvokesConcurrent",
  "UseContainerSupport",
  "UsePerfData",
  "PerfDisableSharedMem",
  "ExitOnOutOfMemoryError",
  "ParallelRefProcEnabled",
  "UseStringDeduplication",
  "UseCompressedOops",
  "UseCompressedClassPointers",
  "UseNUMA",
  "UseLargePages",
  "UseTransparentHugePages",
  "OmitStackTraceInFastThrow",
  "G1UseAdaptiveIHOP",
  "UseAdaptiveSizePolicy",
  "UseTLAB",
  "ResizeTLAB",
  "ClassUnloading",
  "UseCondCardMark",
]);

/** `-XX:Name=value`: numbers and sizes within bounds. */
export const JVM_VALUE_FLAGS: Readonly<Record<string, Bound>> = {
  MaxGCPauseMillis: int(1, 3_600_000),
  GCPauseIntervalMillis: int(1, 3_600_000),
  InitiatingHeapOccupancyPercent: int(0, 100),
  G1HeapRegionSize: size(M, 512 * M),
  G1ReservePercent: int(0, 50),
  G1HeapWastePercent: int(0, 100),
  G1MixedGCCountTarget: int(1, 1000),
  MaxDirectMemorySize: size(0, 4 * T),
  MetaspaceSize: size(M, 64 * G),
  MaxMetaspaceSize: size(M, 64 * G),
  CompressedClassSpaceSize: size(M, 4 * G),
  ReservedCodeCacheSize: size(M, 2 * G),
  InitialCodeCacheSize: size(K, 2 * G),
  SoftMaxHeapSize: size(M, 4 * T),
  MaxRAMPercentage: PERCENT,
  InitialRAMPercentage: PERCENT,
  MinRAMPercentage: PERCENT,
  ParallelGCThreads: int(1, 1024),
  ConcGCThreads: int(1, 1024),
  ActiveProcessorCount: int(1, 4096),
  TieredStopAtLevel: int(0, 4),
  MaxInlineLevel: int(0, 100),
  MaxTenuringThreshold: int(0, 15),
  NewRatio: int(1, 100),
  SurvivorRatio: int(1, 100),
};

/** `-Dname=value`: the system properties a node may be given, each with the shape of its value. */
export const JVM_SYSTEM_PROPERTIES: Readonly<Record<string, RegExp>> = {
  "java.awt.headless": /^(true|false)$/,
  "java.net.preferIPv4Stack": /^(true|false)$/,
  "java.net.preferIPv6Addresses": /^(true|false|system)$/,
  "file.encoding": /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/,
  "sun.jnu.encoding": /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/,
  "user.timezone": /^[A-Za-z][A-Za-z0-9_+-]{0,31}(\/[A-Za-z0-9_+-]{1,32}){0,2}$/,
  "user.language": /^[a-z]{2,3}$/,
  "user.country": /^[A-Z]{2}$/,
  "sun.net.inetaddr.ttl": /^(-1|\d{1,9})$/,
  "sun.net.inetaddr.negative.ttl": /^(-1|\d{1,9})$/,
  "jdk.nio.maxCachedBufferSize": /^\d{1,12}$/,
};

/** At most this long: an option of the allow-list is far shorter. */
const MAX_OPTION_LENGTH = 256;

/**
 * How a refusal names an option: up to its `=` (or the `:` of `-agentlib:`, `-Xlog:` …), never its value (which could
 * be a secret: `-Djavax.net.ssl.keyStorePassword=…`), in printable characters, at most 64 of them.
 */
export function jvmOptionName(option: string): string {
  const key = option.split("=", 1)[0] as string;
  const name = key.startsWith("-XX:") ? key : (key.split(":", 1)[0] as string);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  const printable = name.replace(/[\u0000-\u001f\u007f]/g, "?");
  return printable.length > 64 ? `${printable.slice(0, 64)}…` : printable;
}

function boundProblem(name: string, value: string, bound: Bound): string | undefined {
  if (bound.kind === "percent") {
    const ok = /^\d{1,3}(\.\d{1,4})?$/.test(value) && Number(value) <= 100;
    return ok ? undefined : `${name} takes a percentage from 0 to 100`;
  }
  if (bound.kind === "int") {
    const ok = /^\d{1,10}$/.test(value) && Number(value) >= bound.min && Number(value) <= bound.max;
    return ok ? undefined : `${name} takes a whole number from ${bound.min} to ${bound.max}`;
  }
  const bytes = jvmSizeBytes(value);
  return bytes !== undefined && bytes >= bound.min && bytes <= bound.max
    ? undefined
    : `${name} takes a size (digits with k, m or g) from ${sizeText(bound.min)} to ${sizeText(bound.max)}`;
}

function sizeText(bytes: number): string {
  for (const [unit, factor] of [
    ["t", T],
    ["g", G],
    ["m", M],
    ["k", K],
  ] as const)
    if (bytes >= factor && bytes % factor === 0) return `${bytes / factor}${unit}`;
  return String(bytes);
}

const notAllowed = (option: string) =>
  `${jvmOptionName(option)} is not an allowed JVM option (allowed: -Xms, -Xmx, -Xmn, -Xss, listed -XX flags and -D properties; docs/node-agent.md)`;

/** Why `option` is refused (naming it, never its value); undefined when the allow-list accepts it. */
export function jvmOptionProblem(option: string): string | undefined {
  if (option.length === 0 || option.length > MAX_OPTION_LENGTH) return "a JVM option is 1-256 characters";
  for (const [prefix, bound] of Object.entries(SIZE_OPTIONS))
    if (option.startsWith(prefix)) return boundProblem(prefix, option.slice(prefix.length), bound);
  const flag = /^-XX:([+-])([A-Za-z0-9]+)$/.exec(option);
  if (flag) return JVM_BOOLEAN_FLAGS.has(flag[2] as string) ? undefined : notAllowed(option);
  const valued = /^-XX:([A-Za-z0-9]+)=(.*)$/.exec(option);
  if (valued) {
    const bound = JVM_VALUE_FLAGS[valued[1] as string];
    return bound ? boundProblem(`-XX:${valued[1]}`, valued[2] as string, bound) : notAllowed(option);
  }
  const property = /^-D([A-Za-z0-9._-]+)=(.*)$/.exec(option);
  if (property) {
    const shape = Object.hasOwn(JVM_SYSTEM_PROPERTIES, property[1] as string)
      ? JVM_SYSTEM_PROPERTIES[property[1] as string]
      : undefined;
    if (!shape) return notAllowed(option);
    return shape.test(property[2] as string) ? undefined : `-D${property[1]} has a value of the wrong shape`;
  }
  return notAllowed(option);
}

/** The first refused option of a list and why; undefined when every option is accepted. */
export function jvmOptionsProblem(options: readonly string[]): string | undefined {
  for (const option of options) {
    const problem = jvmOptionProblem(option);
    if (problem) return problem;
  }
  return undefined;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const source = (pattern: RegExp) => pattern.source.replace(/^\^/, "").replace(/\$$/, "");

/** The allow-list's shapes as one pattern, for the OpenAPI document (the bounds are checked by the validator). */
const JVM_OPTION_PATTERN = `^(-X(ms|mx|mn|ss)\\d{1,13}[kKmMgGtT]?|-XX:[+-](${[...JVM_BOOLEAN_FLAGS].join("|")})|-XX:(${Object.keys(
  JVM_VALUE_FLAGS,
).join("|")})=[0-9.]{1,14}[kKmMgGtT]?|-D(${Object.entries(JVM_SYSTEM_PROPERTIES)
  .map(([name, shape]) => `${escapeRegex(name)}=(${source(shape)})`)
  .join("|")}))$`;

/** One JVM option of the allow-list; a refusal names the option (never its value). */
export const JvmOptionSchema = z
  .string()
  .superRefine((option, ctx) => {
    const problem = jvmOptionProblem(option);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .meta({ pattern: JVM_OPTION_PATTERN, maxLength: MAX_OPTION_LENGTH });

/** A node's JVM options: at most 64, each of the allow-list. */
export const JvmOptionsSchema = z
  .array(JvmOptionSchema)
  .max(64)
  .describe(
    "JVM options of the allow-list (docs/node-agent.md): -Xms/-Xmx/-Xmn/-Xss sizes, listed -XX flags and -XX:Name=value numbers, listed -D properties",
  );
