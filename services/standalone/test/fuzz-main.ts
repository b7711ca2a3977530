import { BUDGETS, type Budget, runFuzz } from "./fuzz-run.js";

/**
 * `npm run fuzz -- [--budget ci|nightly] [--seed N]`: the fuzz test's run outside mocha, for nightly use with the larger
 * budget (docs/testing.md, "Fuzzing"). Prints Schemathesis' report as it goes; exits 1 on any finding.
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const budget = (option("budget") ?? "nightly") as Budget;
if (!(budget in BUDGETS)) {
  process.stderr.write(`unknown budget ${budget}: ci or nightly\n`);
  process.exit(2);
}
const seed = option("seed");
const result = await runFuzz(budget, {
  ...(seed ? { seed: Number(seed) } : {}),
  onOutput: (chunk) => process.stdout.write(chunk),
});
const ok = result.code === 0 && result.logout.code === 0 && result.alive && result.healthz === 200;
process.stdout.write(
  `\nfuzz (${budget}): schemathesis exit ${result.code}, logout run exit ${result.logout.code}, ` +
    `service alive ${result.alive}, /healthz ${result.healthz}, Kafka alive ${result.kafkaAlive}, ${result.seconds} s\n`,
);
if (!ok) {
  if (!result.kafkaAlive) process.stdout.write(`--- Kafka server.log (tail) ---\n${result.kafkaLog}\n`);
  process.stdout.write(`--- service log (tail) ---\n${result.serviceLog.slice(-4000)}\n`);
}
process.exit(ok ? 0 : 1);
