import { z } from "zod";

/**
 * Opaque paging cursors: `before=<cursor>` continues a list after the last entry of the page that gave it. The text is
 * base64url of a kind and a number; clients never build one, and a malformed one is a 400 naming `before`.
 */
export function encodeCursor(kind: string, position: number): string {
  return Buffer.from(`${kind}:${position}`, "utf8").toString("base64url");
}

export function cursorQuery(kind: string, description: string) {
  return z
    .string()
    .min(1)
    .max(64)
    .transform((text, context) => {
      const decoded = Buffer.from(text, "base64url").toString("utf8");
      const match = /^([a-z]+):(\d{1,16})$/.exec(decoded);
      const position = match ? Number(match[2]) : Number.NaN;
      if (match?.[1] !== kind || !Number.isSafeInteger(position)) {
        context.addIssue({ code: "custom", message: "is not a cursor this list gave" });
        return z.NEVER;
      }
      return position;
    })
    .optional()
    .describe(description);
}
