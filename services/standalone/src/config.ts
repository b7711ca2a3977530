import { configSchemaOf } from "@kcp/process";
import type { z } from "zod";
import { STANDALONE_MODULES, type StandaloneConfig } from "./modules.js";

/** The standalone process reads every section of every service it runs, each once. */
export const standaloneConfigSchema = configSchemaOf(STANDALONE_MODULES) as z.ZodType<StandaloneConfig>;
