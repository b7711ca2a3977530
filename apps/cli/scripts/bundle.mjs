// Bundles kcp and everything it imports (the workspace's @kcp/api-client, openapi-fetch, yaml) into one file,
// dist/kcp.mjs, the package's bin: `npm pack` of apps/cli then installs and runs without the monorepo or a registry.
import { build } from "esbuild";

await build({
  entryPoints: [new URL("../src/main.ts", import.meta.url).pathname],
  outfile: new URL("../dist/kcp.mjs", import.meta.url).pathname,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  // The workspace packages' TypeScript sources: the bundle needs no prior build of them.
  conditions: ["source"],
  // A CommonJS dependency (yaml's node build) requires Node's built-ins: give the ES module a require.
  banner: {
    js: 'import { createRequire as __kcpRequire } from "node:module";\nconst require = __kcpRequire(import.meta.url);',
  },
  logLevel: "warning",
});
