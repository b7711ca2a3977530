import { type Reader, ResponseError } from "@platformatic/kafka";

/** AddRaftVoter and RemoveRaftVoter answer alike: throttle_time_ms error_code error_message TAG_BUFFER. */
export interface RaftVoterResponse {
  throttleTimeMs: number;
  errorCode: number;
  errorMessage: string | null;
}

export function parseRaftVoterResponse(_correlationId: number, apiKey: number, apiVersion: number, reader: Reader) {
  const response: RaftVoterResponse = {
    throttleTimeMs: reader.readInt32(),
    errorCode: reader.readInt16(),
    errorMessage: reader.readNullableString(),
  };
  reader.readTaggedFields();
  if (response.errorCode !== 0)
    throw new ResponseError(apiKey, apiVersion, { "/": [response.errorCode, response.errorMessage] }, response);
  return response;
}
