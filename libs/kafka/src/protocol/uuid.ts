/**
 * Kafka shows Uuids (topic ids, directory ids) as 22 characters of base64url; @platformatic/kafka reads them as
 * hyphenated hex. The zero Uuid means "none".
 */
export function toKafkaUuid(hyphenatedHex: string): string | undefined {
  const hex = hyphenatedHex.replaceAll("-", "");
  if (/^0+$/.test(hex)) return undefined;
  return Buffer.from(hex, "hex").toString("base64url");
}

export function fromKafkaUuid(base64url: string): string {
  const hex = Buffer.from(base64url, "base64url").toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
