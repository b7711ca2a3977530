export {
  type CollectorDependencies,
  type CollectorService,
  createCollectorService,
  healthThresholds,
  intervalOf,
} from "./collector.js";
export { collectorModule } from "./module.js";
