import { AppError, type RoleBindingSpec } from "@kcp/shared";
import { expect } from "chai";
import type { Store } from "../src/index.js";
import type { StoreFixture } from "./store-contract.js";

const payments: RoleBindingSpec = {
  subject: { kind: "group", source: "corp", group: "payments" },
  role: "operator",
  clusters: { labels: { env: "prod" } },
  resources: { topics: ["payments.*"], groups: ["payments-*"] },
  team: "payments",
};
const alice: RoleBindingSpec = {
  subject: { kind: "user", username: "alice" },
  role: "viewer",
  clusters: { all: true },
};
const spec = ({ id: _id, origin: _o, createdAt: _c, updatedAt: _u, ...rest }: Record<string, unknown>) => rest;

async function errorOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** Role bindings, on every adapter: the API's, the file's, and the version every gateway instance caches by. */
export function describeRoleBindingsContract(label: string, fixture: () => StoreFixture): void {
  describe(`store contract (role bindings): ${label}`, function () {
    this.timeout(120_000);
    let f: StoreFixture;
    let store: Store;

    beforeEach(async () => {
      f = fixture();
      store = await f.open();
    });
    afterEach(() => store.stop());

    it("bindings are created, read, listed oldest first, replaced and deleted; each change gives a new version", async () => {
      const versions = [await store.roleBindings.version()];
      const a = await store.roleBindings.create(payments);
      versions.push(await store.roleBindings.version());
      const b = await store.roleBindings.create(alice);
      versions.push(await store.roleBindings.version());
      expect(a.origin).to.equal("api");
      expect(spec(a)).to.deep.equal(payments);
      expect(await store.roleBindings.get(a.id)).to.deep.equal(a);
      expect((await store.roleBindings.list()).map((x) => x.id)).to.deep.equal([a.id, b.id]);

      const changed = await store.roleBindings.update(a.id, { ...payments, role: "admin", team: undefined });
      versions.push(await store.roleBindings.version());
      expect(changed.role).to.equal("admin");
      expect(changed.team).to.equal(undefined);
      expect(changed.createdAt).to.deep.equal(a.createdAt);
      expect(changed.updatedAt.getTime()).to.be.at.least(a.updatedAt.getTime());
      expect(await store.roleBindings.get(a.id)).to.deep.equal(changed);

      expect(await store.roleBindings.remove(b.id)).to.equal(true);
      versions.push(await store.roleBindings.version());
      expect(await store.roleBindings.remove(b.id)).to.equal(false);
      expect(await store.roleBindings.get(b.id)).to.equal(undefined);
      expect(new Set(versions).size, versions.join(" ")).to.equal(versions.length);
      // Nothing changed, nothing new.
      expect(await store.roleBindings.version()).to.equal(versions.at(-1));

      const missing = await errorOf(() => store.roleBindings.update("nope", alice));
      expect(missing).to.be.instanceOf(AppError);
      expect((missing as AppError).code).to.equal("not_found");

      const again = await f.reopen();
      try {
        expect(await again.roleBindings.list()).to.deep.equal([changed]);
        expect(await again.roleBindings.version()).to.equal(versions.at(-1));
      } finally {
        await again.stop();
      }
    });

    it("the file's bindings replace the file's bindings only, keep their ids and creation from one start to the next, and are read-only", async () => {
      const made = await store.roleBindings.create(alice);
      const before = await store.roleBindings.version();
      const first = await store.roleBindings.replaceFileBindings([payments, alice]);
      expect(first.map((x) => x.origin)).to.deep.equal(["file", "file"]);
      expect(first.map(spec)).to.deep.equal([payments, alice]);
      expect(await store.roleBindings.version()).to.not.equal(before);
      expect((await store.roleBindings.list()).map((x) => x.id)).to.deep.equal([first[0]?.id, first[1]?.id, made.id]);

      const viewer: RoleBindingSpec = { ...payments, role: "viewer" };
      const second = await store.roleBindings.replaceFileBindings([viewer, alice]);
      // The unchanged entry keeps its id and its creation; the changed one is a new binding.
      expect(second[1]?.id).to.equal(first[1]?.id);
      expect(second[1]?.createdAt).to.deep.equal(first[1]?.createdAt);
      expect(second[0]?.id).to.not.equal(first[0]?.id);
      expect(await store.roleBindings.get(first[0]?.id as string)).to.equal(undefined);
      expect(await store.roleBindings.get(second[0]?.id as string)).to.deep.equal(second[0]);
      expect((await store.roleBindings.list()).map(spec)).to.deep.equal([viewer, alice, alice]);

      for (const attempt of [
        () => store.roleBindings.update(second[0]?.id as string, alice),
        () => store.roleBindings.remove(second[0]?.id as string),
      ]) {
        const error = await errorOf(attempt);
        expect(error).to.be.instanceOf(AppError);
        expect((error as AppError).code).to.equal("binding_from_file");
      }
      expect(await store.roleBindings.replaceFileBindings([])).to.deep.equal([]);
      expect((await store.roleBindings.list()).map((x) => x.id)).to.deep.equal([made.id]);
    });

    it("a change made through one instance gives a version the other instance reads, under concurrent writers", async () => {
      const other = await f.reopen();
      try {
        const seen = await other.roleBindings.version();
        const made = await Promise.all(
          Array.from({ length: 8 }, (_, n) =>
            (n % 2 === 0 ? store : other).roleBindings.create({
              ...alice,
              subject: { kind: "user", username: `u${n}` },
            }),
          ),
        );
        const after = await other.roleBindings.version();
        expect(after).to.not.equal(seen);
        expect(await store.roleBindings.version()).to.equal(after);
        expect((await other.roleBindings.list()).length).to.equal(made.length);
        await Promise.all(made.map((binding, n) => (n % 2 === 0 ? other : store).roleBindings.remove(binding.id)));
        const emptied = await store.roleBindings.version();
        expect(emptied).to.not.equal(after);
        expect(await other.roleBindings.version()).to.equal(emptied);
        expect(await other.roleBindings.list()).to.deep.equal([]);
      } finally {
        await other.stop();
      }
    });
  });
}
