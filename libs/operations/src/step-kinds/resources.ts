import { AppError } from "@kcp/shared";
import type { StepExecutor } from "../steps.js";

const isCode = (error: unknown, code: string) => error instanceof AppError && error.code === code;

/** Each topic created, in batches; one that exists already (an earlier run of this step) counts as done. */
export const createTopicsStep: StepExecutor<"createTopics"> = async ({ admin }, { topics }) =>
  admin.createTopics(topics);

/** Each topic grown to its count; one that has it already counts as done. */
export const addPartitionsStep: StepExecutor<"addPartitions"> = async ({ admin }, { topics }) => {
  let grown = 0;
  for (const topic of topics) {
    const now = (await admin.partitionReplicas([topic.name])).length;
    if (now >= topic.count) continue;
    await admin.increasePartitions(topic.name, topic.count);
    grown++;
  }
  return { grown };
};

/** Each topic's configs set and deleted (setting a value it has, or deleting one not set, changes nothing). */
export const alterTopicConfigsStep: StepExecutor<"alterTopicConfigs"> = async ({ admin }, { topics }) => {
  for (const topic of topics)
    await admin.changeConfigs({ type: "topic", name: topic.name }, { set: topic.set, delete: topic.delete });
  return { topics: topics.length };
};

/** Each ACL created (Kafka keeps one binding however often it is created). */
export const createAclsStep: StepExecutor<"createAcls"> = async ({ admin }, { bindings }) => {
  for (const binding of bindings) await admin.createAcl(binding);
  return { created: bindings.length };
};

/** Each ACL deleted; one already gone deletes nothing. */
export const deleteAclsStep: StepExecutor<"deleteAcls"> = async ({ admin }, { bindings }) => {
  let deleted = 0;
  for (const binding of bindings) deleted += (await admin.deleteAcl(binding)).deleted.length;
  return { deleted };
};

/** Each entity's quota values set and removed. */
export const alterQuotasStep: StepExecutor<"alterQuotas"> = async ({ admin }, { quotas }) => {
  for (const quota of quotas) await admin.changeQuotas(quota);
  return { quotas: quotas.length };
};

/** Each credential deleted; one already gone counts as done. */
export const deleteScramCredentialsStep: StepExecutor<"deleteScramCredentials"> = async ({ admin }, args) => {
  const gone: string[] = [];
  for (const { user, mechanism } of args.credentials) {
    try {
      await admin.deleteScramCredential(user, mechanism);
    } catch (error) {
      if (!isCode(error, "not_found")) throw error;
      gone.push(`${user} ${mechanism}`);
    }
  }
  return { deleted: args.credentials.length - gone.length, gone };
};

/** Each topic deleted; one already gone counts as done. */
export const deleteTopicsStep: StepExecutor<"deleteTopics"> = async ({ admin }, { topics }) => {
  const gone: string[] = [];
  for (const topic of topics) {
    try {
      await admin.deleteTopic(topic);
    } catch (error) {
      if (!isCode(error, "not_found")) throw error;
      gone.push(topic);
    }
  }
  return { deleted: topics.length - gone.length, gone };
};

/**
 * Each credential set from what the plan salted (the password itself never reached the worker); setting the same
 * salted credential again, after a worker died mid-step, changes nothing.
 */
export const setScramCredentialsStep: StepExecutor<"setScramCredentials"> = async (
  { admin, desiredState },
  { credentials },
) => {
  if (!desiredState) throw new AppError("internal", "This runner keeps no desired state to read credentials from");
  for (const { user, mechanism, iterations } of credentials) {
    const salted = await desiredState.saltedCredential(user, mechanism);
    if (!salted)
      throw new AppError(
        "invalid_request",
        `The ${mechanism} credential of ${user} salted at plan time is no longer kept (plans keep them a week): plan the files again`,
      );
    await admin.setSaltedScramCredential(user, mechanism, iterations, salted);
  }
  return { set: credentials.map((c) => `${c.user} ${c.mechanism}`) };
};

/** The applied files become the cluster's last applied desired state: drift is measured against them from now on. */
export const recordDesiredStateStep: StepExecutor<"recordDesiredState"> = async ({ desiredState }, { digest }) => {
  if (!desiredState) throw new AppError("internal", "This runner keeps no desired state to record the files in");
  return desiredState.record(digest);
};
