export {
  type CollectorDependencies,
  type CollectorService,
  createCollectorService,
  healthThresholds,
  intervalOf,
  keptParts,
} from "./collector.js";
export { collectorModule } from "./module.js";
