import { createHash } from "node:crypto";
import { expect } from "chai";
import {
  newScramCredential,
  SCRAM_MECHANISM_CODES,
  scramHmac,
  scramMechanismOf,
  scramSaltedPassword,
} from "../../src/index.js";

const xor = (a: Buffer, b: Buffer) => Buffer.from(a.map((byte, i) => byte ^ (b[i] ?? 0)));

describe("SCRAM credentials (RFC 5802 SaltedPassword, as Kafka's ScramFormatter computes it)", () => {
  it("reproduces the SCRAM-SHA-256 exchange of RFC 7677 §3: the client proof and the server signature", () => {
    // RFC 7677 §3: user "user", password "pencil", salt W22ZaJ0SNY7soEsUEjb6gQ==, 4096 iterations.
    const salted = scramSaltedPassword(
      "SCRAM-SHA-256",
      "pencil",
      Buffer.from("W22ZaJ0SNY7soEsUEjb6gQ==", "base64"),
      4096,
    );
    const clientFirstBare = "n=user,r=rOprNGfwEbeRWgbNEkqO";
    const serverFirst = "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";
    const clientFinalWithoutProof = "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0";
    const authMessage = `${clientFirstBare},${serverFirst},${clientFinalWithoutProof}`;

    const clientKey = scramHmac("SCRAM-SHA-256", salted, "Client Key");
    const storedKey = createHash("sha256").update(clientKey).digest();
    const proof = xor(clientKey, scramHmac("SCRAM-SHA-256", storedKey, authMessage));
    const serverSignature = scramHmac("SCRAM-SHA-256", scramHmac("SCRAM-SHA-256", salted, "Server Key"), authMessage);

    expect(proof.toString("base64")).to.equal("dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=");
    expect(serverSignature.toString("base64")).to.equal("6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=");
  });

  it("computes SCRAM-SHA-512's Hi as PBKDF2-HMAC-SHA-512 with one 64-byte block (published PBKDF2 vectors)", () => {
    const salt = Buffer.from("salt");
    expect(scramSaltedPassword("SCRAM-SHA-512", "password", salt, 1).toString("hex")).to.equal(
      "867f70cf1ade02cff3752599a3a53dc4af34c7a669815ae5d513554e1c8cf252c02d470a285a0501bad999bfe943c08f050235d7d68b1da55e63f73b60a57fce",
    );
    expect(scramSaltedPassword("SCRAM-SHA-512", "password", salt, 4096).toString("hex")).to.equal(
      "d197b1b33db0143e018b12f3d1d1479e6cdebdcc97c5c0f87f6902e072f457b5143f30602641b3d55cd335988cb36b84376060ecd532e039b742a239434af2d5",
    );
  });

  it("salts every new credential afresh, so one password never gives the same salted password twice", () => {
    const first = newScramCredential("SCRAM-SHA-512", "same-password", 4096);
    const second = newScramCredential("SCRAM-SHA-512", "same-password", 4096);
    expect(first.salt).to.have.length(64);
    expect(first.saltedPassword).to.have.length(64);
    expect(first.salt.equals(second.salt)).to.equal(false);
    expect(first.saltedPassword.equals(second.saltedPassword)).to.equal(false);
    expect(
      first.saltedPassword.equals(scramSaltedPassword("SCRAM-SHA-512", "same-password", first.salt, 4096)),
    ).to.equal(true);
    expect(newScramCredential("SCRAM-SHA-256", "x", 4096).saltedPassword).to.have.length(32);
  });

  it("uses Kafka's wire codes of the mechanisms (1 SHA-256, 2 SHA-512) both ways", () => {
    expect(SCRAM_MECHANISM_CODES).to.deep.equal({ "SCRAM-SHA-256": 1, "SCRAM-SHA-512": 2 });
    expect([1, 2, 0].map(scramMechanismOf)).to.deep.equal(["SCRAM-SHA-256", "SCRAM-SHA-512", undefined]);
  });
});
