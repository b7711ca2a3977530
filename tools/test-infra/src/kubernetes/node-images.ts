import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { cacheDir, makeRunDir, repoRoot, withFileLock } from "../common/index.js";
import { debootstrapImage } from "../container/images.js";
import { podmanCli } from "../container/podman.js";
import { KUBERNETES_VERSION } from "./binaries.js";
import { host } from "./node-host.js";

const run = promisify(execFile);

/** The sandbox ("pause") image containerd starts each pod with: no registry here, so it is built from source. */
export const PAUSE_IMAGE = "localhost/kcp-test/pause:3.10";
/** A minimal Debian (debootstrap's minbase variant) the node's images are built on. */
export const NODE_BASE_IMAGE = "localhost/kcp-test/debian:minbase";
/** The control plane's image the chart and the Kustomize base are installed with (`image.repository`). */
export const CONTROL_PLANE_REPOSITORY = "localhost/kcp-test/kafka-control-plane";

const progress = (line: string) => process.stderr.write(`test-infra: ${line}\n`);

async function imageExists(image: string): Promise<boolean> {
  const podman = await podmanCli();
  return podman(["image", "exists", image]).then(
    () => true,
    () => false,
  );
}

/** Kubernetes' own build/pause/linux/pause.c, from the module the node's binaries are built from, linked statically. */
async function buildPause(dir: string): Promise<void> {
  const env = { ...process.env, GOTOOLCHAIN: "local", GOWORK: "off", GOFLAGS: "-mod=mod" };
  const { stdout } = await run("go", ["mod", "download", "-json", `k8s.io/kubernetes@${KUBERNETES_VERSION}`], { env });
  const moduleDir = (JSON.parse(stdout) as { Dir?: string }).Dir;
  if (!moduleDir)
    throw new Error(`go mod download did not return a folder for k8s.io/kubernetes@${KUBERNETES_VERSION}`);
  const source = join(moduleDir, "build", "pause", "linux", "pause.c");
  await run("gcc", [
    "-Os",
    "-Wall",
    "-Werror",
    "-static",
    `-DVERSION=${KUBERNETES_VERSION}-kcp`,
    "-o",
    join(dir, "pause"),
    source,
  ]);
}

/** The pause image in the harness's Podman storage (made once). */
export async function ensurePauseImage(): Promise<void> {
  if (await imageExists(PAUSE_IMAGE)) return;
  await withFileLock(join(cacheDir, "locks", "pause-image"), async () => {
    if (await imageExists(PAUSE_IMAGE)) return;
    const dir = await makeRunDir("pause-image");
    try {
      progress(`building ${PAUSE_IMAGE} from Kubernetes' pause.c`);
      await buildPause(dir);
      await writeFile(
        join(dir, "Containerfile"),
        'FROM scratch\nCOPY pause /pause\nUSER 65535:65535\nENTRYPOINT ["/pause"]\n',
      );
      const podman = await podmanCli();
      await podman(["build", "--quiet", "--tag", PAUSE_IMAGE, "--file", join(dir, "Containerfile"), dir]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

/** Copies `image` from the harness's Podman storage into the containerd of `socket` (namespace k8s.io). */
export async function importImage(socket: string, image: string): Promise<void> {
  const dir = await makeRunDir("image-import");
  try {
    const tarball = join(dir, "image.tar");
    const podman = await podmanCli();
    await podman(["save", "--format", "docker-archive", "--output", tarball, image]);
    await host("ctr", ["-a", socket, "-n", "k8s.io", "images", "import", tarball]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** debootstrap's minbase without documentation, package caches or locales: what the node's images are built on. */
async function ensureNodeBaseImage(): Promise<void> {
  if (await imageExists(NODE_BASE_IMAGE)) return;
  await withFileLock(join(cacheDir, "locks", "node-base-image"), async () => {
    if (await imageExists(NODE_BASE_IMAGE)) return;
    await debootstrapImage(await podmanCli(), NODE_BASE_IMAGE, {
      include: [],
      remove: ["var/cache/apt/archives", "var/lib/apt/lists", "usr/share/doc", "usr/share/man", "usr/share/locale"],
    });
  });
}

/** The package manifests an install reads: the lock file and every workspace's package.json. */
async function manifests(): Promise<string[]> {
  const { stdout } = await run("git", ["ls-files", "package.json", "package-lock.json", "*/package.json"], {
    cwd: repoRoot,
  });
  return stdout.split("\n").filter(Boolean).sort();
}

/**
 * The base, Node.js (the one running the harness: the toolchain's Node 24) and the production dependencies
 * (`npm ci --omit=dev` from the lock file, as the Dockerfile's last stage keeps them): an image per lock file, so a
 * code change rebuilds only the layer of the built code.
 */
async function ensureDependenciesImage(): Promise<string> {
  const files = await manifests();
  const hash = createHash("sha256").update(process.version);
  for (const file of files) hash.update(file).update(await readFile(join(repoRoot, file)));
  const image = `localhost/kcp-test/kafka-control-plane-deps:${hash.digest("hex").slice(0, 16)}`;
  if (await imageExists(image)) return image;
  await ensureNodeBaseImage();
  const dir = await makeRunDir("deps-image");
  try {
    progress(`building ${image} (npm ci --omit=dev)`);
    for (const file of files) {
      await mkdir(join(dir, "app", file, ".."), { recursive: true });
      await cp(join(repoRoot, file), join(dir, "app", file));
    }
    await run("npm", ["ci", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: join(dir, "app"),
      maxBuffer: 64 * 1024 * 1024,
    });
    await cp(process.execPath, join(dir, "node"));
    await writeFile(
      join(dir, "Containerfile"),
      [
        `FROM ${NODE_BASE_IMAGE}`,
        "COPY node /usr/local/bin/node",
        "COPY --chown=1000:1000 app/node_modules /app/node_modules",
        "",
      ].join("\n"),
    );
    const podman = await podmanCli();
    await podman(["build", "--quiet", "--tag", image, "--file", join(dir, "Containerfile"), dir]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return image;
}

/**
 * The control plane's image as the Dockerfile's last stage makes it (same folders under /app, same environment, user
 * 1000 `node`, port 8080), from the checkout's built code (`npm run build` first: the tests' build does it): the
 * registry's node image and an install inside the build are what this machine cannot do. Tagged `tag` (several tags
 * of one build make an upgrade to test).
 */
export async function ensureControlPlaneImage(tags: string[]): Promise<string[]> {
  const deps = await ensureDependenciesImage();
  const dir = await makeRunDir("control-plane-image");
  const images = tags.map((tag) => `${CONTROL_PLANE_REPOSITORY}:${tag}`);
  try {
    progress(`building ${images.join(", ")}`);
    await run(
      "sh",
      [
        "-c",
        'tar -C "$0" -cf - --exclude=node_modules --exclude=.turbo --exclude=test --exclude=src libs services apps/console/dist package.json | tar -C "$1" -xf -',
        repoRoot,
        dir,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    await writeFile(
      join(dir, "Containerfile"),
      [
        `FROM ${deps}`,
        "COPY --chown=1000:1000 package.json /app/package.json",
        "COPY --chown=1000:1000 libs /app/libs",
        "COPY --chown=1000:1000 services /app/services",
        "COPY --chown=1000:1000 apps /app/apps",
        "ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080",
        "WORKDIR /app",
        "USER 1000:1000",
        "EXPOSE 8080",
        'CMD ["node", "services/standalone/dist/main.js"]',
        "",
      ].join("\n"),
    );
    const podman = await podmanCli();
    const tagArgs = images.flatMap((image) => ["--tag", image]);
    await podman(["build", "--quiet", ...tagArgs, "--file", join(dir, "Containerfile"), dir]);
    // The build the tags named before is left untagged: removed, so the storage does not grow run after run.
    await podman(["image", "prune", "--force"]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return images;
}
