import { request as httpRequest, type IncomingMessage, STATUS_CODES } from "node:http";

/** The Docker Engine API version the provider speaks (Docker 20.10+ and Podman 4+ serve it). */
const API_VERSION = "v1.41";
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * An answer of the engine that was not a success. The message says the status only ("the container engine answered
 * 404 Not Found"): capability notes and operation errors show it to every viewer, and the engine's own text (which
 * may quote images, registries, paths) is kept in `detail` for code and logs, never shown.
 */
export class EngineError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    summary = `the container engine answered ${status} ${STATUS_CODES[status] ?? "Error"}`,
  ) {
    super(summary);
    this.name = "EngineError";
  }
}

/** The engine could not be reached at all (no socket, refused, timed out). */
export class EngineUnreachable extends Error {
  constructor(engine: string, cause: Error) {
    super(`the container engine at ${engine} did not answer: ${cause.message}`, { cause });
    this.name = "EngineUnreachable";
  }
}

export interface ContainerState {
  Status: string;
  Running: boolean;
  Pid: number;
  ExitCode: number;
  StartedAt: string;
  FinishedAt: string;
  OOMKilled?: boolean;
}

/** What GET /containers/{id}/json answers, the parts the provider reads. */
export interface ContainerInspect {
  Id: string;
  Name: string;
  State: ContainerState;
  Config: { Image: string; Labels: Record<string, string> | null; Env: string[] | null; Cmd: string[] | null };
}

/** What GET /containers/json answers per container. */
export interface ContainerSummary {
  Id: string;
  Names: string[];
  State: string;
  Labels: Record<string, string> | null;
}

/** The body of POST /containers/create, the parts the provider sets. */
export interface ContainerSpec {
  Image: string;
  Cmd: string[];
  Env: string[];
  Labels: Record<string, string>;
  StopSignal: string;
  StopTimeout: number;
  ExposedPorts?: Record<string, Record<string, never>>;
  HostConfig: {
    NetworkMode: string;
    Mounts: { Type: "volume"; Source: string; Target: string }[];
    RestartPolicy: { Name: "no" };
    PortBindings?: Record<string, { HostIp: string; HostPort: string }[]>;
  };
}

interface Call {
  method: "GET" | "POST" | "PUT" | "DELETE" | "HEAD";
  path: string;
  query?: Record<string, string | number | boolean>;
  json?: unknown;
  tar?: Buffer;
  timeoutMs?: number;
}

/**
 * A client of the Docker Engine API over its unix socket or plain HTTP: the few calls the container provider makes
 * (containers, volumes, images, archives, logs). Podman's `podman system service` serves the same API.
 */
export class ContainerEngine {
  private readonly socketPath: string | undefined;
  private readonly base: URL | undefined;

  /** `timeoutMs`: how long a call may take when it gives no limit of its own (a stop waits for its timeout). */
  constructor(
    readonly endpoint: string,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {
    if (endpoint.startsWith("unix://")) this.socketPath = endpoint.slice("unix://".length);
    else this.base = new URL(endpoint);
  }

  /** The engine's name and version (GET /version). */
  async version(): Promise<{ name: string; version: string; apiVersion: string }> {
    const body = (await this.json({ method: "GET", path: "/version", timeoutMs: 5_000 })) as {
      Version?: string;
      ApiVersion?: string;
      Components?: { Name?: string }[];
    };
    return {
      name: body.Components?.[0]?.Name ?? "Docker Engine",
      version: body.Version ?? "?",
      apiVersion: body.ApiVersion ?? "?",
    };
  }

  /** The container, or undefined when the engine has none of that name. */
  async inspectContainer(name: string): Promise<ContainerInspect | undefined> {
    return this.orMissing(
      async () => (await this.json({ method: "GET", path: `/containers/${enc(name)}/json` })) as ContainerInspect,
    );
  }

  /** Every container (running or not) carrying all of `labels`. */
  async listContainers(labels: Record<string, string>): Promise<ContainerSummary[]> {
    const filters = JSON.stringify({ label: Object.entries(labels).map(([k, v]) => `${k}=${v}`) });
    return (await this.json({
      method: "GET",
      path: "/containers/json",
      query: { all: true, filters },
    })) as ContainerSummary[];
  }

  async createContainer(name: string, spec: ContainerSpec): Promise<string> {
    const body = await this.json({ method: "POST", path: "/containers/create", query: { name }, json: spec });
    return (body as { Id: string }).Id;
  }

  async renameContainer(name: string, newName: string): Promise<void> {
    await this.call({ method: "POST", path: `/containers/${enc(name)}/rename`, query: { name: newName } });
  }

  /** Starts the container; one running already is left as it is (304). */
  async startContainer(name: string): Promise<void> {
    await this.call({ method: "POST", path: `/containers/${enc(name)}/start` });
  }

  /** Stops the container: SIGTERM, then SIGKILL after `seconds`; one stopped already is left as it is (304). */
  async stopContainer(name: string, seconds: number): Promise<void> {
    await this.call({
      method: "POST",
      path: `/containers/${enc(name)}/stop`,
      query: { t: seconds },
      timeoutMs: (seconds + 30) * 1000,
    });
  }

  async removeContainer(name: string): Promise<void> {
    await this.orMissing(() => this.call({ method: "DELETE", path: `/containers/${enc(name)}`, query: { v: false } }));
  }

  /** Creates a named volume; one of that name already is kept as it is (the engine answers it again). */
  async createVolume(name: string, labels: Record<string, string>): Promise<void> {
    await this.json({ method: "POST", path: "/volumes/create", json: { Name: name, Labels: labels } });
  }

  async imageExists(image: string): Promise<boolean> {
    return (await this.orMissing(() => this.json({ method: "GET", path: `/images/${enc(image)}/json` }))) !== undefined;
  }

  /** Pulls the image from its registry (POST /images/create); the engine's own error when it cannot. */
  async pullImage(image: string): Promise<void> {
    const text = (
      await this.call({ method: "POST", path: "/images/create", query: { fromImage: image }, timeoutMs: 600_000 })
    ).toString("utf8");
    const failed = text
      .split("\n")
      .filter((line) => line.includes('"error"'))
      .map((line) => (JSON.parse(line) as { error?: string }).error)
      .find((error) => error);
    if (failed) throw new EngineError(500, failed, `the container engine could not pull image ${image}`);
  }

  /** Writes the files of a tar archive into the container's `path` (running or not). */
  async putArchive(name: string, path: string, tar: Buffer): Promise<void> {
    await this.call({ method: "PUT", path: `/containers/${enc(name)}/archive`, query: { path }, tar });
  }

  /** A tar archive of the container's file or folder `path`; undefined when there is no such file. */
  async getArchive(name: string, path: string): Promise<Buffer | undefined> {
    return this.orMissing(() =>
      this.call({ method: "GET", path: `/containers/${enc(name)}/archive`, query: { path } }),
    );
  }

  /** The last `lines` lines the container wrote (stdout and stderr). */
  async logs(name: string, lines: number): Promise<string> {
    const raw = await this.call({
      method: "GET",
      path: `/containers/${enc(name)}/logs`,
      query: { stdout: true, stderr: true, tail: lines },
    });
    return demultiplex(raw);
  }

  private async orMissing<T>(call: () => Promise<T>): Promise<T | undefined> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof EngineError && error.status === 404) return undefined;
      throw error;
    }
  }

  private async json(call: Call): Promise<unknown> {
    const body = await this.call(call);
    return body.length === 0 ? undefined : JSON.parse(body.toString("utf8"));
  }

  private call(call: Call): Promise<Buffer> {
    const query = new URLSearchParams(
      Object.entries(call.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const path = `/${API_VERSION}${call.path}${query.size > 0 ? `?${query}` : ""}`;
    const body = call.tar ?? (call.json === undefined ? undefined : Buffer.from(JSON.stringify(call.json)));
    const headers: Record<string, string> = body
      ? { "content-type": call.tar ? "application/x-tar" : "application/json", "content-length": String(body.length) }
      : {};
    return new Promise<Buffer>((resolve, reject) => {
      const request = httpRequest(
        {
          method: call.method,
          path,
          headers: { ...headers, host: this.base?.host ?? "engine" },
          timeout: call.timeoutMs ?? this.timeoutMs,
          ...(this.socketPath ? { socketPath: this.socketPath } : { host: this.base?.hostname, port: this.base?.port }),
        },
        (response) => collect(response).then((bytes) => answer(response, bytes, resolve, reject), reject),
      );
      request.on("timeout", () =>
        request.destroy(new Error(`no answer within ${call.timeoutMs ?? this.timeoutMs} ms`)),
      );
      request.on("error", (error) => reject(new EngineUnreachable(this.endpoint, error)));
      request.end(body);
    });
  }
}

const enc = encodeURIComponent;

async function collect(response: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function answer(response: IncomingMessage, bytes: Buffer, resolve: (b: Buffer) => void, reject: (e: Error) => void) {
  const status = response.statusCode ?? 0;
  if (status < 300 || status === 304) return resolve(status === 304 ? Buffer.alloc(0) : bytes);
  let detail = bytes.toString("utf8").trim();
  try {
    detail = (JSON.parse(detail) as { message?: string }).message ?? detail;
  } catch {
    // not JSON: the text as it came
  }
  reject(new EngineError(status, detail.slice(0, 500)));
}

/** The logs endpoint's stream without a TTY: frames of an 8-byte header (stream, size) and the bytes. */
function demultiplex(raw: Buffer): string {
  const parts: Buffer[] = [];
  let at = 0;
  while (at + 8 <= raw.length && raw[at] !== undefined && (raw[at] as number) <= 2 && raw.readUInt16BE(at + 1) === 0) {
    const size = raw.readUInt32BE(at + 4);
    parts.push(raw.subarray(at + 8, at + 8 + size));
    at += 8 + size;
  }
  return at === 0 ? raw.toString("utf8") : Buffer.concat(parts).toString("utf8");
}
