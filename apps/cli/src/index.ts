export { bashCompletion, zshCompletion } from "./completion.js";
export { EXIT } from "./exit-codes.js";
export { formatBytes, progressBar, table } from "./output.js";
export { run, USAGE } from "./run.js";
export { COMMANDS } from "./table.js";
