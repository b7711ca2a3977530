import { describeAuthSuite } from "./auth-suite.js";

describeAuthSuite("embedded");
