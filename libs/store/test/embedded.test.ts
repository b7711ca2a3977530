import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EmbeddedStore } from "../src/index.js";
import { describeAutopilotContract } from "./autopilot-contract.js";
import { describeDesiredStateContract } from "./desired-state-contract.js";
import { describeFederationContract } from "./federation-contract.js";
import { describeRoleBindingsContract } from "./role-bindings-contract.js";
import { describeSeriesContract } from "./series-contract.js";
import { describeStoreContract, type StoreFixture } from "./store-contract.js";
import { describeTokensAuditContract } from "./tokens-audit-contract.js";

const fixture = (): StoreFixture => {
  const dir = mkdtempSync(join(tmpdir(), "kcp-store-"));
  return { open: async () => new EmbeddedStore(dir), reopen: async () => new EmbeddedStore(dir) };
};
describeStoreContract("embedded (node:sqlite)", fixture);
describeTokensAuditContract("embedded (node:sqlite)", fixture);
describeAutopilotContract("embedded (node:sqlite)", fixture);
describeDesiredStateContract("embedded (node:sqlite)", fixture);
describeSeriesContract("embedded (node:sqlite)", fixture);
describeFederationContract("embedded (node:sqlite)", fixture);
describeRoleBindingsContract("embedded (node:sqlite)", fixture);
