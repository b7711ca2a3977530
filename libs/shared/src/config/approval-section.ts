import { readFileSync } from "node:fs";
import { z } from "zod";
import { type ApprovalRule, ApprovalRulesSchema } from "../schemas/approval.js";

/** Four-eyes approval: the rules that make a plan wait for a second person's confirm (docs/identity.md). */
export const approvalSection = z.object({
  /** A JSON file with a list of approval rules; unset (the default): no rule, every planner may confirm their plan. */
  APPROVAL_RULES_FILE: z.string().min(1).optional(),
});
export type ApprovalConfig = z.infer<typeof approvalSection>;

/**
 * The approval rules of APPROVAL_RULES_FILE, read once at start (none when unset). A file that cannot be read, is not
 * JSON or does not match the rules' schema stops the process with the file's name and each problem's path.
 */
export function loadApprovalRules(config: Partial<ApprovalConfig>): ApprovalRule[] {
  const path = config.APPROVAL_RULES_FILE;
  if (path === undefined) return [];
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(`APPROVAL_RULES_FILE ${path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? "error"}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`APPROVAL_RULES_FILE ${path} is not JSON: ${(error as Error).message}`);
  }
  const parsed = ApprovalRulesSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(
      `APPROVAL_RULES_FILE ${path}: ${parsed.error.issues.map((i) => `[${i.path.join(".")}] ${i.message}`).join("; ")}`,
    );
  return parsed.data;
}
