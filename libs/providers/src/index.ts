export {
  type NodeLifecycle,
  type NodeRole,
  PROVIDER_KINDS,
  type ProviderAbilities,
  type ProviderKind,
  providerAbilities,
} from "./provider.js";
