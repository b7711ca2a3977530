import { expect } from "chai";
import { z } from "zod";
import * as schemas from "../src/index.js";
import { ERROR_CODES } from "../src/index.js";

const requestBodies = {
  LoginRequestSchema: schemas.LoginRequestSchema,
  CreateUserRequestSchema: schemas.CreateUserRequestSchema,
  UpdateUserRequestSchema: schemas.UpdateUserRequestSchema,
  ConnectionProfileSchema: schemas.ConnectionProfileSchema,
  ClusterPatchSchema: schemas.ClusterPatchSchema,
  CreateTopicRequestSchema: schemas.CreateTopicRequestSchema,
  IncreasePartitionsRequestSchema: schemas.IncreasePartitionsRequestSchema,
  ConfigChangeRequestSchema: schemas.ConfigChangeRequestSchema,
  ProduceRequestSchema: schemas.ProduceRequestSchema,
  AclBindingSchema: schemas.AclBindingSchema,
  QuotaRequestSchema: schemas.QuotaRequestSchema,
  ResetOffsetsRequestSchema: schemas.ResetOffsetsRequestSchema,
  PlanOperationRequestSchema: schemas.PlanOperationRequestSchema,
  ConfirmRequestSchema: schemas.ConfirmRequestSchema,
};
const queriesAndPaths = {
  AuditQuerySchema: schemas.AuditQuerySchema,
  ListQuerySchema: schemas.ListQuerySchema,
  ClusterPathSchema: schemas.ClusterPathSchema,
  TopicPathSchema: schemas.TopicPathSchema,
  BrokerPathSchema: schemas.BrokerPathSchema,
  GroupPathSchema: schemas.GroupPathSchema,
  OperationPathSchema: schemas.OperationPathSchema,
  UserPathSchema: schemas.UserPathSchema,
};
const responses = {
  SessionSchema: schemas.SessionSchema,
  UserResponseSchema: schemas.UserResponseSchema,
  UserListResponseSchema: schemas.UserListResponseSchema,
  LogoutResponseSchema: schemas.LogoutResponseSchema,
  OverviewResponseSchema: schemas.OverviewResponseSchema,
  ClusterViewSchema: schemas.ClusterViewSchema,
  ConnectionTestResultSchema: schemas.ConnectionTestResultSchema,
  CreateTopicResponseSchema: schemas.CreateTopicResponseSchema,
  IncreasePartitionsResponseSchema: schemas.IncreasePartitionsResponseSchema,
  TopicConfigChangeResponseSchema: schemas.TopicConfigChangeResponseSchema,
  BrokerConfigChangeResponseSchema: schemas.BrokerConfigChangeResponseSchema,
  ProduceResponseSchema: schemas.ProduceResponseSchema,
  CreateAclResponseSchema: schemas.CreateAclResponseSchema,
  DeleteAclResponseSchema: schemas.DeleteAclResponseSchema,
  QuotaResponseSchema: schemas.QuotaResponseSchema,
  GroupDetailSchema: schemas.GroupDetailSchema,
  ResetOffsetsResponseSchema: schemas.ResetOffsetsResponseSchema,
  OperationSchema: schemas.OperationSchema,
  OperationListResponseSchema: schemas.OperationListResponseSchema,
  AuditListResponseSchema: schemas.AuditListResponseSchema,
  ErrorEnvelopeSchema: schemas.ErrorEnvelopeSchema,
};

type Json = { type?: string; additionalProperties?: unknown; oneOf?: Json[] };

describe("schemas as JSON Schema (the OpenAPI document is generated from them)", () => {
  for (const [name, schema] of Object.entries({ ...requestBodies, ...queriesAndPaths })) {
    it(`converts ${name} (input)`, () => {
      const json = z.toJSONSchema(schema as z.ZodType, { io: "input" }) as Json;
      expect(json.type === "object" || Array.isArray(json.oneOf), JSON.stringify(json).slice(0, 200)).to.equal(true);
    });
  }
  for (const [name, schema] of Object.entries(responses)) {
    it(`converts ${name} (output)`, () => {
      expect(() => z.toJSONSchema(schema as z.ZodType, { io: "output" })).not.to.throw();
    });
  }
  it("marks request bodies as closed (unknown fields are refused)", () => {
    for (const [name, schema] of Object.entries(requestBodies)) {
      const json = z.toJSONSchema(schema as z.ZodType, { io: "input" }) as Json;
      for (const variant of json.oneOf ?? [json]) expect(variant.additionalProperties, name).to.equal(false);
    }
  });
});

describe("schemas: shared tables", () => {
  it("lists the 20 capability flags in the interface's order", () => {
    expect(schemas.CAPABILITY_NAMES).to.have.lengthOf(20);
    expect(schemas.CAPABILITY_NAMES[0]).to.equal("manageTopics");
    expect(schemas.CAPABILITY_NAMES[19]).to.equal("scaleNodePools");
  });
  it("gives every health issue code its severity", () => {
    expect(Object.keys(schemas.HEALTH_ISSUE_SEVERITY)).to.deep.equal([...schemas.HEALTH_ISSUE_CODES]);
    const count = (severity: string) =>
      Object.values(schemas.HEALTH_ISSUE_SEVERITY).filter((s) => s === severity).length;
    // 7 critical codes plus cluster_identity_changed (docs/health-and-capabilities.md), 7 warnings plus
    // desired_state_drift, 5 infos.
    expect([count("critical"), count("warning"), count("info")]).to.deep.equal([8, 8, 5]);
  });
  it("accepts every error code of the catalog in the envelope, and nothing else", () => {
    for (const code of ERROR_CODES) {
      expect(schemas.ErrorEnvelopeSchema.safeParse({ error: { code, message: "m" } }).success, code).to.equal(true);
    }
    expect(schemas.ErrorEnvelopeSchema.safeParse({ error: { code: "oops", message: "m" } }).success).to.equal(false);
  });
  it("describes a cluster by the names of its secrets, never their values", () => {
    const cluster = {
      id: "c1",
      name: "prod-eu",
      provider: "external",
      flavor: "oss",
      bootstrapServers: ["kafka-1:9092"],
      security: { protocol: "SASL_SSL", saslMechanism: "SCRAM-SHA-512", username: "admin" },
      brokerClusterId: "MkU3OEVBNTcwNTJENDM2Qk",
      secretsSet: ["password"],
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    };
    expect(schemas.ClusterSchema.safeParse(cluster).success).to.equal(true);
    expect(schemas.ClusterSchema.safeParse({ ...cluster, secretsSet: ["apiKey"] }).success).to.equal(false);
    expect(Object.keys(schemas.ClusterSchema.parse({ ...cluster, secrets: { password: "x" } }))).not.to.include(
      "secrets",
    );
  });
});
