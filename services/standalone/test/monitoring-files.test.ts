import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runPromtool } from "@kcp/test-infra";
import { expect } from "chai";
import { parse } from "yaml";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const prometheusDir = join(root, "monitoring", "prometheus");
const read = (path: string) => readFileSync(join(root, path), "utf8");
/** Grafana's reference to the dashboard's data source variable. */
const DATASOURCE_VARIABLE = ["$", "{datasource}"].join("");

/** Every metric name the services define (libs/metrics), with the series a histogram adds. */
function exportedMetricNames(): Set<string> {
  const dir = join(root, "libs", "metrics", "src");
  const names = new Set<string>();
  for (const file of readdirSync(dir))
    for (const match of readFileSync(join(dir, file), "utf8").matchAll(/"(kcp_[a-z_]+)"/g)) {
      const name = match[1] as string;
      for (const suffix of ["", "_bucket", "_count", "_sum"]) names.add(`${name}${suffix}`);
    }
  return names;
}

describe("monitoring files: Prometheus alert rules, PrometheusRule, Grafana dashboards", function () {
  this.timeout(900_000); // promtool's first build

  it("the alert rules are valid for promtool, and their unit tests pass (promtool test rules)", async () => {
    const checked = await runPromtool(["check", "rules", "kcp-alerts.yaml"], prometheusDir);
    expect(checked).to.match(/SUCCESS: 10 rules found/);
    const tested = await runPromtool(["test", "rules", "kcp-alerts.test.yaml"], prometheusDir);
    expect(tested).to.match(/SUCCESS/);
  });

  it("the PrometheusRule holds the same rule groups as the rules file", () => {
    const rules = parse(read("monitoring/prometheus/kcp-alerts.yaml")) as { groups: unknown[] };
    const resource = parse(read("k8s/monitoring/prometheusrule.yaml")) as {
      apiVersion: string;
      kind: string;
      spec: { groups: unknown[] };
    };
    expect([resource.apiVersion, resource.kind]).to.deep.equal(["monitoring.coreos.com/v1", "PrometheusRule"]);
    expect(resource.spec.groups).to.deep.equal(rules.groups);
  });

  it("every metric the rules and dashboards ask for is one the services export", () => {
    const known = exportedMetricNames();
    const sources = [
      read("monitoring/prometheus/kcp-alerts.yaml"),
      read("monitoring/grafana/kcp-fleet.json"),
      read("monitoring/grafana/kcp-cluster.json"),
    ];
    const asked = new Set(
      sources.flatMap((text) => [...text.matchAll(/\b(kcp_[a-z_]+)\b/g)].map((m) => m[1] as string)),
    );
    expect([...asked].filter((name) => !known.has(name))).to.deep.equal([]);
    expect(asked.size).to.be.greaterThan(10);
  });

  it("the dashboards are Grafana dashboards on a Prometheus data source variable, with unique panel ids", () => {
    for (const file of ["kcp-fleet.json", "kcp-cluster.json"]) {
      const dashboard = JSON.parse(read(`monitoring/grafana/${file}`)) as {
        uid: string;
        templating: { list: { name: string; type: string }[] };
        panels: { id: number; targets: { expr: string; refId: string }[]; datasource: { uid: string } }[];
      };
      expect(
        dashboard.templating.list.map((v) => v.name),
        file,
      ).to.include("datasource");
      const ids = dashboard.panels.map((p) => p.id);
      expect(new Set(ids).size, file).to.equal(ids.length);
      for (const panel of dashboard.panels) {
        expect(panel.datasource.uid, file).to.equal(DATASOURCE_VARIABLE);
        expect(panel.targets.length, `${file} panel ${panel.id}`).to.be.greaterThan(0);
      }
    }
  });
});
