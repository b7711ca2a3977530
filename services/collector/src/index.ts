export {
  type CollectorDependencies,
  type CollectorService,
  createCollectorService,
  healthThresholds,
  intervalOf,
} from "./collector.js";
