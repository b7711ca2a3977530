export {
  CHANGE_ORDER,
  type CurrentResources,
  type DesiredPlan,
  type DiffResult,
  diffDesiredState,
  type LastApplied,
} from "./diff.js";
export { aclKey, credentialKey, isInternalTopic, OwnedScope, quotaEntityKey, scopeOf } from "./scope.js";
