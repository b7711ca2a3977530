import { z } from "zod";

/** An identity provider's id in its configuration: the `source` of its users and the prefix of its groups. */
export const IDENTITY_PROVIDER_ID = /^[a-z][a-z0-9-]{0,31}$/;

/** POST /api/v1/auth/ldap/{provider}/login: the LDAP provider's id (the body is a LoginRequest). */
export const LdapLoginPathSchema = z.strictObject({
  provider: z
    .string()
    .regex(IDENTITY_PROVIDER_ID)
    .meta({ description: "The LDAP provider's id (LDAP_PROVIDERS_FILE)" }),
});
export type LdapLoginPath = z.infer<typeof LdapLoginPathSchema>;
