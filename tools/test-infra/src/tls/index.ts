export { type IssuedCertificate, TestCertificateAuthority } from "./authority.js";
export { type HttpsAnswer, type HttpsRequestOptions, httpsRequest } from "./https-request.js";
export { type RecordedRequest, RecordingServer, type RecordingServerOptions } from "./recording-server.js";
