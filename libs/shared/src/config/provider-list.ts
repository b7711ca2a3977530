import { z } from "zod";

/**
 * A providers file's list: at most 50 providers, each id once (a repeated id is named by its place in the file). One
 * rule for every kind of identity provider.
 */
export function providerListSchema<T extends z.ZodType<{ id: string }>>(provider: T) {
  return z
    .array(provider)
    .max(50)
    .superRefine((providers, ctx) => {
      const seen = new Set<string>();
      for (const [index, p] of providers.entries()) {
        if (seen.has(p.id)) ctx.addIssue({ code: "custom", path: [index, "id"], message: `${p.id} is listed twice` });
        seen.add(p.id);
      }
    });
}
