import { describeEngine } from "./engine-suite.js";

describeEngine("embedded");
