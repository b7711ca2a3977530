import { AppError } from "@kcp/shared";
import { ContainerEngine } from "./engine.js";

/**
 * The Docker Engine API endpoints the service may drive: those CONTAINER_ENGINES lists, compared exactly as the
 * registry compares them. An engine runs whatever it is asked as root on its host, so an engine the list does not
 * name — a stored record changed behind the API, or an engine dropped from the list since registration — is sent
 * nothing: no client of it is made, no connection opened. Every engine the collector and the operations worker
 * contact is opened through this.
 */
export class ContainerEngines {
  /** No engine at all (CONTAINER_ENGINES unset). */
  static readonly NONE = new ContainerEngines();
  private readonly listed: ReadonlySet<string>;

  constructor(listed: Iterable<string> = []) {
    this.listed = new Set(listed);
  }

  /** The engines of a process's configuration: the one place CONTAINER_ENGINES reaches the collector and the worker. */
  static fromConfig(config: { CONTAINER_ENGINES?: ReadonlySet<string> | undefined }): ContainerEngines {
    return config.CONTAINER_ENGINES ? new ContainerEngines(config.CONTAINER_ENGINES) : ContainerEngines.NONE;
  }

  /** Why `engine` is not contacted (a sentence for capability notes and step errors); undefined when it is listed. */
  refusal(engine: string): string | undefined {
    return this.listed.has(engine)
      ? undefined
      : `container engine ${engine} is not listed in CONTAINER_ENGINES: nothing is sent to it`;
  }

  /** A client of a listed engine; one not listed is AppError `invalid_request` with the refusal, before any I/O. */
  open(engine: string, timeoutMs?: number): ContainerEngine {
    const refusal = this.refusal(engine);
    if (refusal) throw new AppError("invalid_request", refusal);
    return new ContainerEngine(engine, timeoutMs);
  }
}
