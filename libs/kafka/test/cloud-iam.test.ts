import { createHash, createHmac } from "node:crypto";
import { expect } from "chai";
import { type ConnectionTarget, clientOptionsFor } from "../src/index.js";

const SECRET_KEY = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";

const target = (secrets: ConnectionTarget["secrets"]): ConnectionTarget => ({
  bootstrapServers: ["b-1.example:9098"],
  security: { protocol: "SASL_SSL", saslMechanism: "CLOUD_IAM", cloudRegion: "eu-west-1" },
  ...(secrets ? { secrets } : {}),
});

async function mint(secrets: ConnectionTarget["secrets"]): Promise<string> {
  const token = clientOptionsFor(target(secrets)).sasl?.token;
  if (typeof token !== "function") throw new Error("CLOUD_IAM must mint tokens per connection");
  return token();
}

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
const sha256 = (data: string) => createHash("sha256").update(data).digest("hex");
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** SigV4 of a presigned GET, computed here independently of the signer (AWS's published algorithm). */
function expectedSignature(url: URL, secretKey: string): string {
  const params = [...url.searchParams].filter(([name]) => name !== "X-Amz-Signature" && name !== "User-Agent");
  const query = params
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .sort()
    .join("&");
  const canonicalRequest = ["GET", "/", query, `host:${url.host}\n`, "host", sha256("")].join("\n");
  const date = url.searchParams.get("X-Amz-Date") ?? "";
  const scope = (url.searchParams.get("X-Amz-Credential") ?? "").split("/").slice(1).join("/");
  const toSign = ["AWS4-HMAC-SHA256", date, scope, sha256(canonicalRequest)].join("\n");
  const [day, region, service] = scope.split("/");
  let key = hmac(`AWS4${secretKey}`, day ?? "");
  for (const part of [region ?? "", service ?? "", "aws4_request"]) key = hmac(key, part);
  return hmac(key, toSign).toString("hex");
}

describe("CLOUD_IAM tokens (official IAM signer; no cloud reachable here, so the token itself is checked)", () => {
  it("is a base64url presigned kafka-cluster:Connect URL for the region, valid 15 minutes", async () => {
    const token = await mint({ cloudAccessKeyId: "AKIDEXAMPLE", cloudSecretAccessKey: SECRET_KEY });
    expect(token).to.match(/^[A-Za-z0-9_-]+$/);
    const url = new URL(Buffer.from(token, "base64url").toString());
    expect(url.origin).to.equal("https://kafka.eu-west-1.amazonaws.com");
    expect(url.searchParams.get("Action")).to.equal("kafka-cluster:Connect");
    expect(url.searchParams.get("X-Amz-Algorithm")).to.equal("AWS4-HMAC-SHA256");
    expect(url.searchParams.get("X-Amz-Expires")).to.equal("900");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).to.equal("host");
    const day = new Date().toISOString().slice(0, 10).replaceAll("-", "");
    expect(url.searchParams.get("X-Amz-Credential")).to.equal(
      `AKIDEXAMPLE/${day}/eu-west-1/kafka-cluster/aws4_request`,
    );
    expect(url.searchParams.has("X-Amz-Security-Token")).to.equal(false);
  });

  it("is signed with the secret key (the signature verifies independently) and carries the session token", async () => {
    const token = await mint({
      cloudAccessKeyId: "AKIDEXAMPLE",
      cloudSecretAccessKey: SECRET_KEY,
      cloudSessionToken: "session-token",
    });
    const url = new URL(Buffer.from(token, "base64url").toString());
    expect(url.searchParams.get("X-Amz-Security-Token")).to.equal("session-token");
    expect(url.searchParams.get("X-Amz-Signature")).to.equal(expectedSignature(url, SECRET_KEY));
    expect(url.searchParams.get("X-Amz-Signature")).not.to.equal(expectedSignature(url, `${SECRET_KEY}x`));
  });

  it("without cloud keys, uses the signer's default credential chain (here: the environment)", async () => {
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    process.env.AWS_ACCESS_KEY_ID = "AKIDFROMENV";
    process.env.AWS_SECRET_ACCESS_KEY = SECRET_KEY;
    try {
      const url = new URL(Buffer.from(await mint(undefined), "base64url").toString());
      expect(url.searchParams.get("X-Amz-Credential")).to.match(/^AKIDFROMENV\//);
      expect(url.searchParams.get("X-Amz-Signature")).to.equal(expectedSignature(url, SECRET_KEY));
    } finally {
      for (const [name, value] of [
        ["AWS_ACCESS_KEY_ID", saved.id],
        ["AWS_SECRET_ACCESS_KEY", saved.secret],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
