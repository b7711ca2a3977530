import { describeEngine } from "./engine-suite.js";

describeEngine("distributed");
