import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { acquire } from "../common/budget.js";
import { ensureChromium } from "./chromium.js";

const require = createRequire(import.meta.url);

/**
 * Debian's Chromium, headless, driven by playwright-core (root in CI: no sandbox); it holds its share of the machine's
 * budget (common/budget.ts) until it closes.
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = await ensureChromium();
  const lease = await acquire("chromium", "Chromium");
  try {
    const browser = await chromium.launch({ executablePath, headless: true, args: ["--no-sandbox"] });
    browser.once("disconnected", () => void lease.release());
    await lease.started();
    return browser;
  } catch (error) {
    await lease.release();
    throw error;
  }
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's serious and critical findings on the page as it is. Its source is evaluated through the DevTools protocol,
 * which the page's Content-Security-Policy does not apply to: the console's policy stays as strict as in production.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  const source = await import("node:fs").then((fs) => fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8"));
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** A readable line per violation, for the assertion message. */
export const describeViolations = (violations: AxeViolation[]) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);

const SCREENSHOTS = fileURLToPath(new URL("../../../../docs/screenshots/", import.meta.url));

/** With KCP_SCREENSHOTS=1 the run refreshes the screenshots the README and docs show (1280×800). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.KCP_SCREENSHOTS !== "1") return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png` });
}
