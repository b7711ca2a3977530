import { type Logger, pino } from "pino";
import pretty from "pino-pretty";

export type { Logger } from "pino";

/**
 * Field names whose values are secrets wherever they appear in a log object. Pino replaces them with "[redacted]".
 * Keep in step with the secret fields of the connection profile and the auth requests.
 */
export const SECRET_FIELDS = [
  "password",
  "newPassword",
  "token",
  "oauthToken",
  "secrets",
  "tlsClientKeyPem",
  "tlsClientCertPem",
  "cloudAccessKeyId",
  "cloudSecretAccessKey",
  "cloudSessionToken",
  "kubeconfig",
  "authorization",
  "cookie",
  "set-cookie",
  "secretKey",
] as const;

/**
 * Kafka config names whose values are secrets (Kafka's PASSWORD-type configs and the like, e.g.
 * `ssl.keystore.password`, `listener.name.x.sasl.jaas.config`): their values are redacted wherever a request body
 * that carries configs is recorded (the audit), and never echoed in a response.
 */
export const SENSITIVE_CONFIG_NAME = /password|secret|jaas\.config|keystore\.key|credential|token/i;

function redactPaths(): string[] {
  const paths: string[] = [];
  for (const field of SECRET_FIELDS) {
    const key = field.includes("-") ? `["${field}"]` : `.${field}`;
    paths.push(field.includes("-") ? `["${field}"]` : field, `*${key}`, `*.*${key}`, `req.headers${key}`);
  }
  return paths;
}

/** LOG_FORMAT: `json` (one object per line, for collectors), `pretty` (for people), `auto` (pretty on a terminal). */
export type LogFormat = "auto" | "json" | "pretty";

export interface LoggerOptions {
  level: string;
  name: string;
  /** Where log lines go; defaults to stdout. Tests pass a stream to read them back. */
  destination?: NodeJS.WritableStream;
  format?: LogFormat;
}

/** Whether lines go to a person: `pretty`, or `auto` with a terminal as the destination. */
export function isPrettyFormat(format: LogFormat, destination: NodeJS.WritableStream): boolean {
  return format === "pretty" || (format === "auto" && (destination as { isTTY?: boolean }).isTTY === true);
}

/**
 * Pino's JSON lines, or the same lines made readable (time, level, service, message, then the fields) when a person
 * reads them. Redaction happens before either, so a secret is hidden in both.
 */
export function createLogger(options: LoggerOptions): Logger {
  const destination = options.destination ?? process.stdout;
  const settings = {
    name: options.name,
    level: options.level,
    redact: { paths: redactPaths(), censor: "[redacted]" },
    base: { service: options.name },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (!isPrettyFormat(options.format ?? "auto", destination)) return pino(settings, destination);
  const readable = pretty({
    destination,
    sync: true,
    colorize: (destination as { isTTY?: boolean }).isTTY === true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,name,service",
    singleLine: true,
    messageFormat: "{service}: {msg}",
  });
  return pino(settings, readable);
}
