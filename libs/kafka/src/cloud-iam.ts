import type { CloudTokenProvider } from "./client-options.js";

/**
 * OAUTHBEARER tokens for CLOUD_IAM: a presigned `kafka-cluster:Connect` URL from the official IAM signer
 * (aws-msk-iam-sasl-signer-js), valid 15 minutes and minted per connection. With the cloud key secrets set they sign
 * the token; without them the signer's default credential chain applies (environment, profile, instance role).
 * The signer is loaded on first use: clusters without CLOUD_IAM never pay for the cloud SDK.
 */
export const cloudIamTokenProvider: CloudTokenProvider = async (target) => {
  const region = target.security.cloudRegion;
  if (!region) throw new Error("CLOUD_IAM needs cloudRegion");
  const signer = await import("aws-msk-iam-sasl-signer-js");
  const { cloudAccessKeyId, cloudSecretAccessKey, cloudSessionToken } = target.secrets ?? {};
  if (cloudAccessKeyId && cloudSecretAccessKey) {
    const credentials = {
      accessKeyId: cloudAccessKeyId,
      secretAccessKey: cloudSecretAccessKey,
      ...(cloudSessionToken ? { sessionToken: cloudSessionToken } : {}),
    };
    const { token } = await signer.generateAuthTokenFromCredentialsProvider({
      region,
      awsCredentialsProvider: async () => credentials,
    });
    return token;
  }
  const { token } = await signer.generateAuthToken({ region });
  return token;
};
