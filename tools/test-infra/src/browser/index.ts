export {
  type AxeViolation,
  describeViolations,
  launchBrowser,
  screenshot,
  seriousAccessibilityViolations,
} from "./browser.js";
export { CHROMIUM_PATH, ensureChromium } from "./chromium.js";
