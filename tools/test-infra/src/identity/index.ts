export type { OidcServerConfig, OidcTestAccount, OidcTestClient, TamperMode } from "./oidc-config.js";
export {
  defaultOidcAccounts,
  type OidcProviderOptions,
  type OidcTestProvider,
  startOidcProvider,
  TEST_OIDC_PASSWORD,
} from "./oidc-provider.js";
