import { AppError } from "@kcp/shared";
import { expect } from "chai";
import { type ActionDependencies, ClusterActions } from "../src/index.js";

/** A store that knows one cluster and its capabilities, and counts reads: nothing here may reach Kafka. */
function actionsWith(capabilities: Record<string, unknown>) {
  const reads: string[] = [];
  const store = {
    clusters: {
      findById: async (id: string) => {
        reads.push(`cluster ${id}`);
        return id === "c1" ? { id: "c1", name: "prod" } : null;
      },
    },
    clusterViews: {
      getSummary: async (id: string) => {
        reads.push(`view ${id}`);
        return { capabilities };
      },
    },
  };
  const deps = { store, queue: {}, box: {}, logger: {} } as unknown as ActionDependencies;
  return { actions: new ClusterActions(deps), reads };
}

/** The AppError an action throws, synchronously or as a rejection. */
async function refusal(work: () => Promise<unknown>): Promise<AppError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("topic deletion and SCRAM gates (before Kafka is asked)", () => {
  it("refuses a deletion whose confirmName is not the topic's name, before reading anything", async () => {
    const { actions, reads } = actionsWith({ manageTopics: true, refusals: [], notes: [] });
    const error = await refusal(() => actions.deleteTopic("c1", "orders", "Orders"));
    expect(error.code).to.equal("confirmation_mismatch");
    expect(error.message).to.include("confirmName");
    expect(reads).to.deep.equal([]);
  });

  it("refuses a deletion where manageTopics is not offered, with the flag's note (422 capability_unavailable)", async () => {
    const note = "manageTopics: not offered — the brokers do not serve DeleteTopics";
    const { actions } = actionsWith({
      manageTopics: false,
      refusals: [
        { capability: "manageTopics", code: "api_unsupported", message: "the brokers do not serve DeleteTopics" },
      ],
      notes: [note],
    });
    const error = await refusal(() => actions.deleteTopic("c1", "orders", "orders"));
    expect(error.code).to.equal("capability_unavailable");
    expect(error.message).to.equal(note);
    expect((await refusal(() => actions.deleteTopic("nope", "orders", "orders"))).code).to.equal("not_found");
  });

  it("refuses every SCRAM action where manageScram is not offered, and the password is in no message", async () => {
    const note = "manageScram: not offered — managed-a clusters do not allow SCRAM users";
    const { actions } = actionsWith({
      manageScram: false,
      refusals: [
        { capability: "manageScram", code: "flavor_forbids", message: "managed-a clusters do not allow SCRAM users" },
      ],
      notes: [note],
    });
    const password = "never-in-a-message";
    const errors = [
      await refusal(() => actions.listScramUsers("c1")),
      await refusal(() => actions.describeScramUser("c1", "bob")),
      await refusal(() => actions.upsertScramCredential("c1", "bob", "SCRAM-SHA-512", { password, iterations: 8192 })),
      await refusal(() => actions.deleteScramCredential("c1", "bob", "SCRAM-SHA-256")),
    ];
    for (const error of errors) {
      expect(error.code).to.equal("capability_unavailable");
      expect(error.message).to.equal(note);
      expect(JSON.stringify({ message: error.message, stack: error.stack })).to.not.include(password);
    }
  });
});
