import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EmbeddedStore } from "../src/index.js";
import { describeStoreContract } from "./store-contract.js";

describeStoreContract("embedded (node:sqlite)", () => {
  const dir = mkdtempSync(join(tmpdir(), "kcp-store-"));
  return { open: async () => new EmbeddedStore(dir), reopen: async () => new EmbeddedStore(dir) };
});
