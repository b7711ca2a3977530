export { type DirectoryUser, sshaPassword, TEST_BASE_DN, type TestDirectory, testDirectory } from "./directory.js";
export { type SlapdOptions, type SlapdServer, startSlapd } from "./slapd.js";
export { ensureSlapd } from "./slapd-binary.js";
