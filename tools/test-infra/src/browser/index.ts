export { CHROMIUM_PATH, ensureChromium } from "./chromium.js";
