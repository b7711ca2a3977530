/**
 * Express's "trust proxy" from TRUST_PROXY: "false" (default: the client address is the socket's), "true" (the
 * left-most X-Forwarded-For entry), a number of proxy hops, or a comma-separated list of trusted proxy addresses or
 * CIDRs ("loopback", "10.0.0.0/8"). Login throttling keys on the address this yields.
 */
export function trustProxySetting(value: string): boolean | number | string[] {
  const text = value.trim();
  if (text === "false") return false;
  if (text === "true") return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}
