import io.kcp.client.ApiClient;
import io.kcp.client.ApiException;
import io.kcp.client.api.AuditApi;
import io.kcp.client.api.AuthApi;
import io.kcp.client.api.ClustersApi;
import io.kcp.client.api.OperationsApi;
import io.kcp.client.auth.ApiKeyAuth;
import io.kcp.client.model.AuditEntry;
import io.kcp.client.model.ConfirmRequest;
import io.kcp.client.model.ConnectionProfile;
import io.kcp.client.model.CreateTopicRequest;
import io.kcp.client.model.LoginRequest;
import io.kcp.client.model.Operation;
import io.kcp.client.model.PlanOperationRequest;
import io.kcp.client.model.TopicSummary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Smoke test of the Java client openapi-generator generates (okhttp-gson, package io.kcp.client).
 *
 * <p>Against a running service and a real Kafka cluster, through the generated client only: log in, register the
 * cluster, create a topic and find it in the list, plan and confirm an electLeaders operation, read it until it
 * succeeds, read the audit log. The last line printed is {@code SMOKE {json}}. Told by the harness
 * (tools/test-infra/src/openapi-clients/): KCP_SMOKE_URL, _USERNAME, _PASSWORD, _BOOTSTRAP (comma-separated),
 * _CLUSTER_NAME, _TOPIC, _REPLICATION_FACTOR, _ELECT_TOPIC, _CSRF_SCHEME (the apiKey scheme of X-Service-Request, set
 * on the ApiClient's authentication of that name).
 */
public class Smoke {
  private static String env(String name) {
    return System.getenv(name);
  }

  private static String quote(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  public static void main(String[] args) throws Exception {
    try {
      run();
    } catch (ApiException e) {
      System.err.println("HTTP " + e.getCode() + ": " + e.getResponseBody());
      e.printStackTrace();
      System.exit(1);
    }
  }

  private static void run() throws Exception {
    ApiClient client = new ApiClient();
    client.setBasePath(env("KCP_SMOKE_URL"));
    ((ApiKeyAuth) client.getAuthentication(env("KCP_SMOKE_CSRF_SCHEME"))).setApiKey("1");
    AuthApi auth = new AuthApi(client);
    ClustersApi clusters = new ClustersApi(client);
    OperationsApi operations = new OperationsApi(client);
    AuditApi audit = new AuditApi(client);

    String token =
        auth.login(new LoginRequest().username(env("KCP_SMOKE_USERNAME")).password(env("KCP_SMOKE_PASSWORD")))
            .getToken();
    client.setBearerToken(token);

    String clusterId =
        clusters
            .registerCluster(
                new ConnectionProfile()
                    .name(env("KCP_SMOKE_CLUSTER_NAME"))
                    .bootstrapServers(Arrays.asList(env("KCP_SMOKE_BOOTSTRAP").split(","))))
            .getCluster()
            .getId();

    String topic = env("KCP_SMOKE_TOPIC");
    clusters.createTopic(
        clusterId,
        new CreateTopicRequest()
            .name(topic)
            .partitions(1)
            .replicationFactor(Integer.parseInt(env("KCP_SMOKE_REPLICATION_FACTOR"))));
    boolean listed = false;
    for (TopicSummary summary : clusters.listTopics(clusterId, topic, null, null, null).getTopics())
      listed |= summary.getName().equals(topic);

    // The request body is a oneOf of the operation types: built from its JSON, as a caller holding one would.
    PlanOperationRequest plan =
        PlanOperationRequest.fromJson(
            "{\"type\":\"electLeaders\",\"params\":{\"electionType\":\"preferred\",\"partitions\":[{\"topic\":"
                + quote(env("KCP_SMOKE_ELECT_TOPIC"))
                + ",\"partition\":0}]}}");
    String operationId = clusters.planOperation(clusterId, plan).getId();
    operations.confirmOperation(operationId, new ConfirmRequest());
    long deadline = System.currentTimeMillis() + 120_000;
    Operation operation = operations.getOperation(operationId);
    while (!List.of("succeeded", "failed", "cancelled").contains(operation.getStatus().getValue())
        && System.currentTimeMillis() < deadline) {
      Thread.sleep(500);
      operation = operations.getOperation(operationId);
    }

    // The worker audits the operation's end after it ends: read until the entry is there.
    List<String> entries = new ArrayList<>();
    deadline = System.currentTimeMillis() + 30_000;
    for (; ; ) {
      entries.clear();
      for (AuditEntry entry :
          audit.listAuditEntries(null, null, null, clusterId, null, null, 100, null).getEntries())
        entries.add((entry.getAction() + " " + (entry.getTarget() == null ? "" : entry.getTarget())).trim());
      if (entries.contains("operation.finish " + operationId) || System.currentTimeMillis() > deadline) break;
      Thread.sleep(500);
    }

    Map<String, String> result =
        Map.of(
            "clusterId", quote(clusterId),
            "topicListed", String.valueOf(listed),
            "operationId", quote(operationId),
            "operationStatus", quote(operation.getStatus().getValue()),
            "audit", entries.stream().map(Smoke::quote).collect(Collectors.joining(",", "[", "]")),
            "csrf", quote("configuration"));
    System.out.println(
        "SMOKE "
            + result.entrySet().stream()
                .map(e -> quote(e.getKey()) + ":" + e.getValue())
                .collect(Collectors.joining(",", "{", "}")));
  }
}
