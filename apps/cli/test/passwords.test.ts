import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { resolvePasswords } from "../src/commands/desired-state.js";

describe("kcp apply: the passwords a desired-state file references", () => {
  let folder: string;
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), "kcp-passwords-"));
    await writeFile(join(folder, "billing.pw"), "from-a-file\n");
  });
  after(() => rm(folder, { recursive: true, force: true }));

  const user = (name: string, password: unknown) => ({ kind: "ScramUser", name, mechanism: "SCRAM-SHA-512", password });

  it("reads an environment variable, or a file beside the desired-state file without its trailing newline", async () => {
    const files = [
      {
        path: join(folder, "team.yaml"),
        documents: [
          { kind: "Scope", scramUsers: ["orders", "billing", "plain"] },
          user("orders", { env: "ORDERS_PASSWORD" }),
          user("billing", { file: "billing.pw" }),
          { kind: "ScramUser", name: "plain", mechanism: "SCRAM-SHA-256" },
        ],
      },
    ];
    expect(await resolvePasswords(files, { ORDERS_PASSWORD: "from-env" })).to.deep.equal([
      { user: "orders", mechanism: "SCRAM-SHA-512", password: "from-env" },
      { user: "billing", mechanism: "SCRAM-SHA-512", password: "from-a-file" },
    ]);
  });

  it("refuses, naming the file, document and variable or file, when a reference cannot be read", async () => {
    const path = join(folder, "team.yaml");
    const refused = async (password: unknown) =>
      resolvePasswords([{ path, documents: [user("orders", password)] }], {}).then(
        () => "resolved",
        (error: Error) => error.message,
      );
    expect(await refused({ env: "MISSING_PASSWORD" })).to.equal(
      `${path}, document 0: the password of orders: the environment variable MISSING_PASSWORD is not set`,
    );
    expect(await refused({ file: "absent.pw" })).to.equal(
      `${path}, document 0: the password of orders: the file ${join(folder, "absent.pw")} cannot be read`,
    );
  });
});
