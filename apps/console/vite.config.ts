import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** `npm run dev` proxies the API to a running `npm start` (KCP_URL, default http://127.0.0.1:8080). */
const service = process.env.KCP_URL ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true },
  server: { proxy: { "/api": service, "/admin": service } },
});
