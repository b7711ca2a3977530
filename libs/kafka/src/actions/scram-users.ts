import { AppError, type ScramMechanism, type ScramUser } from "@kcp/shared";
import { alterUserScramCredentialsV0, describeUserScramCredentialsV0 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { type ExpectedKafkaErrors, toKafkaAppError } from "../errors.js";
import {
  newScramCredential,
  SCRAM_MECHANISM_CODES,
  type ScramUpsertion,
  scramMechanismOf,
} from "../rules/scram-credential.js";

/** What Kafka says about a SCRAM request's target rather than a refusal. */
const SCRAM_ERRORS: ExpectedKafkaErrors = {
  RESOURCE_NOT_FOUND: "not_found",
  UNACCEPTABLE_CREDENTIAL: "invalid_request",
  UNSUPPORTED_SASL_MECHANISM: "invalid_request",
  DUPLICATE_RESOURCE: "invalid_request",
};

/**
 * DescribeUserScramCredentials (the client library has the request, not an admin call): every user with a SCRAM
 * credential when `user` is omitted, by name; one user otherwise (404 when it has none).
 */
export async function describeScramUsers(client: KafkaClient, user?: string): Promise<ScramUser[]> {
  try {
    const response = await describeUserScramCredentialsV0.api.async(
      await client.anyConnection(),
      user === undefined ? null : [{ name: user }],
    );
    return response.results
      .map((result) => ({
        user: result.user,
        // Kafka answers them in no fixed order: by mechanism, so that an answer does not change between reads.
        credentials: result.credentialInfos
          .flatMap((info) => {
            const mechanism = scramMechanismOf(info.mechanism);
            return mechanism ? [{ mechanism, iterations: info.iterations }] : [];
          })
          .sort((a, b) => (a.mechanism < b.mechanism ? -1 : 1)),
      }))
      .sort((a, b) => (a.user < b.user ? -1 : a.user > b.user ? 1 : 0));
  } catch (error) {
    throw toKafkaAppError(
      error,
      user === undefined ? "listing SCRAM users" : `reading SCRAM user ${user}`,
      SCRAM_ERRORS,
    );
  }
}

const SETTLE_MS = 5_000;
const SETTLE_POLL_MS = 100;

/** One user's credentials; a user without any is answered with an empty list, not 404. */
async function credentialsOf(client: KafkaClient, user: string): Promise<ScramUser> {
  try {
    const [found] = await describeScramUsers(client, user);
    return found ?? { user, credentials: [] };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return { user, credentials: [] };
    throw error;
  }
}

/**
 * The user's credentials after a change. The controller commits it and the brokers learn it from the metadata log a
 * moment later, so they are read until they show the change (at most 5 s; then the last read is answered).
 */
async function credentialsAfter(
  client: KafkaClient,
  user: string,
  showsChange: (read: ScramUser) => boolean,
): Promise<ScramUser> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const read = await credentialsOf(client, user);
    if (showsChange(read) || Date.now() > deadline) return read;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

/**
 * AlterUserScramCredentials upsertion: the salt is generated here and only the salted password leaves the process.
 * The password is in no message: Kafka's answer names the user and its error, never the credential.
 */
export function upsertScramCredential(
  client: KafkaClient,
  user: string,
  mechanism: ScramMechanism,
  password: string,
  iterations: number,
): Promise<ScramUser> {
  return setSaltedScramCredential(
    client,
    user,
    mechanism,
    iterations,
    newScramCredential(mechanism, password, iterations),
  );
}

/**
 * AlterUserScramCredentials upsertion of a credential salted earlier (desired state salts at plan time, and the apply's
 * step sends it): setting the same salted credential again changes nothing.
 */
export async function setSaltedScramCredential(
  client: KafkaClient,
  user: string,
  mechanism: ScramMechanism,
  iterations: number,
  { salt, saltedPassword }: ScramUpsertion,
): Promise<ScramUser> {
  try {
    await alterUserScramCredentialsV0.api.async(
      await client.anyConnection(),
      [],
      [{ name: user, mechanism: SCRAM_MECHANISM_CODES[mechanism], iterations, salt, saltedPassword }],
    );
  } catch (error) {
    throw toKafkaAppError(error, `setting the ${mechanism} credential of ${user}`, SCRAM_ERRORS);
  }
  return credentialsAfter(client, user, (read) =>
    read.credentials.some((c) => c.mechanism === mechanism && c.iterations === iterations),
  );
}

/** AlterUserScramCredentials deletion of one mechanism's credential (404 when the user has none for it). */
export async function deleteScramCredential(
  client: KafkaClient,
  user: string,
  mechanism: ScramMechanism,
): Promise<ScramUser> {
  try {
    await alterUserScramCredentialsV0.api.async(
      await client.anyConnection(),
      [{ name: user, mechanism: SCRAM_MECHANISM_CODES[mechanism] }],
      [],
    );
  } catch (error) {
    throw toKafkaAppError(error, `deleting the ${mechanism} credential of ${user}`, SCRAM_ERRORS);
  }
  return credentialsAfter(client, user, (read) => read.credentials.every((c) => c.mechanism !== mechanism));
}
