"""Smoke test of the Python client openapi-generator generates (package kcp_client, on PYTHONPATH).

Against a running service and a real Kafka cluster, through the generated client only: log in, register the cluster,
create a topic and find it in the list, plan and confirm an electLeaders operation, read it until it succeeds, read
the audit log. The last line printed is `SMOKE {json}`. Told by the harness (tools/test-infra/src/openapi-clients/):
KCP_SMOKE_URL, _USERNAME, _PASSWORD, _BOOTSTRAP (comma-separated), _CLUSTER_NAME, _TOPIC, _REPLICATION_FACTOR,
_ELECT_TOPIC, _CSRF_SCHEME (the apiKey scheme of X-Service-Request, set in the configuration; empty: the header is a
parameter of each operation, passed as the argument x_service_request).
"""

import json
import os
import time

import kcp_client
from kcp_client.api.audit_api import AuditApi
from kcp_client.api.auth_api import AuthApi
from kcp_client.api.clusters_api import ClustersApi
from kcp_client.api.operations_api import OperationsApi
from kcp_client.models.confirm_request import ConfirmRequest
from kcp_client.models.connection_profile import ConnectionProfile
from kcp_client.models.create_topic_request import CreateTopicRequest
from kcp_client.models.login_request import LoginRequest
from kcp_client.models.plan_operation_request import PlanOperationRequest

env = os.environ
configuration = kcp_client.Configuration(host=env["KCP_SMOKE_URL"])
scheme = env.get("KCP_SMOKE_CSRF_SCHEME", "")
if scheme:
    configuration.api_key[scheme] = "1"
csrf = {} if scheme else {"x_service_request": "1"}
client = kcp_client.ApiClient(configuration)
auth, clusters, operations, audit = AuthApi(client), ClustersApi(client), OperationsApi(client), AuditApi(client)

session = auth.login(login_request=LoginRequest(username=env["KCP_SMOKE_USERNAME"], password=env["KCP_SMOKE_PASSWORD"]), **csrf)
configuration.access_token = session.token

view = clusters.register_cluster(
    connection_profile=ConnectionProfile(
        name=env["KCP_SMOKE_CLUSTER_NAME"], bootstrap_servers=env["KCP_SMOKE_BOOTSTRAP"].split(",")
    ),
    **csrf,
)
cluster_id = view.cluster.id

topic = env["KCP_SMOKE_TOPIC"]
clusters.create_topic(
    id=cluster_id,
    create_topic_request=CreateTopicRequest(
        name=topic, partitions=1, replication_factor=int(env["KCP_SMOKE_REPLICATION_FACTOR"])
    ),
    **csrf,
)
listed = [t.name for t in clusters.list_topics(id=cluster_id, search=topic).topics]

planned = clusters.plan_operation(
    id=cluster_id,
    plan_operation_request=PlanOperationRequest.from_dict(
        {
            "type": "electLeaders",
            "params": {"electionType": "preferred", "partitions": [{"topic": env["KCP_SMOKE_ELECT_TOPIC"], "partition": 0}]},
        }
    ),
    **csrf,
)
operations.confirm_operation(op=planned.id, confirm_request=ConfirmRequest(), **csrf)
deadline = time.monotonic() + 120
operation = operations.get_operation(op=planned.id)
while operation.status not in ("succeeded", "failed", "cancelled") and time.monotonic() < deadline:
    time.sleep(0.5)
    operation = operations.get_operation(op=planned.id)

# The worker audits the operation's end after it ends: read until the entry is there.
deadline = time.monotonic() + 30
entries = audit.list_audit_entries(cluster_id=cluster_id, limit=100).entries
while not any(e.action == "operation.finish" and e.target == planned.id for e in entries) and time.monotonic() < deadline:
    time.sleep(0.5)
    entries = audit.list_audit_entries(cluster_id=cluster_id, limit=100).entries
print(
    "SMOKE "
    + json.dumps(
        {
            "clusterId": cluster_id,
            "topicListed": topic in listed,
            "operationId": planned.id,
            "operationStatus": str(operation.status.value if hasattr(operation.status, "value") else operation.status),
            "audit": [f"{e.action} {e.target or ''}".strip() for e in entries],
            "csrf": "configuration" if scheme else "argument",
        }
    )
)
