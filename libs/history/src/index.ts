export * from "./book.js";
export * from "./frames.js";
export * from "./query.js";
export * from "./samples.js";
export * from "./trend.js";
