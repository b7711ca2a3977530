import { existsSync } from "node:fs";
import { aptInstall, systemInstallAllowed } from "../common/index.js";

/** Where Debian's slapd package puts the server, its modules and its schemas. */
export const SLAPD = "/usr/sbin/slapd";
export const SLAPADD = "/usr/sbin/slapadd";
export const SLAPD_MODULES = "/usr/lib/ldap";
export const SLAPD_SCHEMAS = "/etc/ldap/schema";

/**
 * Debian's `slapd` (OpenLDAP's server), installed from Debian's packages first where that is allowed (see
 * systemInstallAllowed). The package's own service is never started: the machines' policy-rc.d forbids it in
 * containers, and the harness starts its own servers in folders of their own (ldap/slapd.ts).
 */
export async function ensureSlapd(): Promise<string> {
  if (existsSync(SLAPD)) return SLAPD;
  if (!systemInstallAllowed()) {
    throw new Error(
      "slapd is not installed: install it (Debian: apt-get install slapd), " +
        "or run the tests as root with apt-get, or set KCP_ALLOW_APT=1, to let the test harness install it",
    );
  }
  await aptInstall(["slapd"]);
  if (!existsSync(SLAPD)) throw new Error(`apt-get installed slapd, but ${SLAPD} is missing`);
  return SLAPD;
}
