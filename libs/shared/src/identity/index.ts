export {
  CLAIM_PATH,
  federatedUsername,
  groupsFromClaims,
  MAX_FEDERATED_GROUPS,
  MAX_GROUP_NAME,
  sameOriginPath,
} from "./federation.js";
