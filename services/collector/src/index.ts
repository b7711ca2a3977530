export { type CollectorDependencies, type CollectorService, createCollectorService } from "./collector.js";
