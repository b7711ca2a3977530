import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "@kcp/test-infra";
import { expect } from "chai";
import { isDependencyOutage } from "../src/index.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/leaking-process.ts", import.meta.url));

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", FIXTURE, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

describe("a process and the rejections its dependencies' clients leak", function () {
  this.timeout(60_000);

  it("goes on after ioredis gives up a command nobody observed (Redis away), and still ends on any other unobserved rejection", async () => {
    const { code, output } = await run([String(await freePort())]);
    expect(output).to.include("ALIVE after the leaked Redis rejection");
    expect(output).to.include("a call to an unreachable dependency failed unobserved; the process goes on");
    expect(output).to.include("MaxRetriesPerRequestError");
    expect(output).to.include("unhandled promise rejection: exiting");
    expect(output).to.include("a bug nobody caught");
    expect(output).to.not.include("STILL RUNNING");
    expect(code).to.equal(1);
  });

  it("counts unreachable Redis and store errors as outages, and nothing else", () => {
    const named = (name: string, message = "x") => Object.assign(new Error(message), { name });
    expect(isDependencyOutage(named("MaxRetriesPerRequestError"))).to.equal(true);
    expect(isDependencyOutage(new Error("Connection is closed."))).to.equal(true);
    expect(isDependencyOutage(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).to.equal(true);
    expect(isDependencyOutage(named("MongoNetworkError"))).to.equal(true);
    expect(isDependencyOutage(new Error("wrapped", { cause: named("MongoServerSelectionError") }))).to.equal(true);
    expect(isDependencyOutage(new TypeError("Cannot read properties of undefined"))).to.equal(false);
    expect(isDependencyOutage("a string")).to.equal(false);
    expect(isDependencyOutage(undefined)).to.equal(false);
  });
});
