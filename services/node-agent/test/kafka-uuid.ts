import { randomBytes } from "node:crypto";

/** A Kafka Uuid as its tools print it (base64url of 16 random bytes), never starting with "-". */
export function kafkaUuid(): string {
  for (;;) {
    const text = randomBytes(16).toString("base64url");
    if (!text.startsWith("-")) return text;
  }
}
