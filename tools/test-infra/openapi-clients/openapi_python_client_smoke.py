"""Smoke test of the client openapi-python-client generates (package kcp_opc, on PYTHONPATH).

Against a running service and a real Kafka cluster, through the generated client only: log in, register the cluster,
create a topic and find it in the list, plan and confirm an electLeaders operation, read it until it succeeds, read
the audit log. The last line printed is `SMOKE {json}`. Told by the harness (tools/test-infra/src/openapi-clients/):
KCP_SMOKE_URL, _USERNAME, _PASSWORD, _BOOTSTRAP (comma-separated), _CLUSTER_NAME, _TOPIC, _REPLICATION_FACTOR,
_ELECT_TOPIC. openapi-python-client generates nothing for apiKey security schemes: X-Service-Request is one of the
client's headers (its configuration); where an operation still declares it as a parameter, it is passed as one.
"""

import inspect
import json
import os
import time
import typing

from kcp_opc import AuthenticatedClient, Client
from kcp_opc.api.audit import list_audit_entries
from kcp_opc.api.auth import login
from kcp_opc.api.clusters import create_topic, list_topics, plan_operation, register_cluster
from kcp_opc.api.operations import confirm_operation, get_operation
from kcp_opc.models import ConfirmRequest, ConnectionProfile, CreateTopicRequest, LoginRequest

env = os.environ
CSRF = {"X-Service-Request": "1"}
as_argument = False


def call(module, client, **kwargs):
    """The operation's parsed answer; stops the script with the answer when it is not a success."""
    global as_argument
    if "x_service_request" in inspect.signature(module.sync_detailed).parameters:
        kwargs["x_service_request"] = "1"
        as_argument = True
    response = module.sync_detailed(client=client, **kwargs)
    if response.status_code >= 300:
        raise SystemExit(f"{module.__name__}: HTTP {response.status_code}: {response.content.decode()}")
    return response.parsed


def body_of(module, data):
    """The member of the operation's body union that `data` is (the union's members are named by position)."""
    hint = typing.get_type_hints(module.sync_detailed)["body"]
    for member in typing.get_args(hint) or (hint,):
        try:
            candidate = member.from_dict(data)
        except (KeyError, TypeError, ValueError):
            continue
        if candidate.to_dict() == data:
            return candidate
    raise SystemExit(f"no member of {hint} accepts {data}")


def value(x):
    return getattr(x, "value", x)


anonymous = Client(base_url=env["KCP_SMOKE_URL"], headers=CSRF, raise_on_unexpected_status=True)
session = call(
    login, anonymous, body=LoginRequest(username=env["KCP_SMOKE_USERNAME"], password=env["KCP_SMOKE_PASSWORD"])
)
client = AuthenticatedClient(
    base_url=env["KCP_SMOKE_URL"], token=session.token, headers=CSRF, raise_on_unexpected_status=True
)

view = call(
    register_cluster,
    client,
    body=ConnectionProfile(name=env["KCP_SMOKE_CLUSTER_NAME"], bootstrap_servers=env["KCP_SMOKE_BOOTSTRAP"].split(",")),
)
cluster_id = view.cluster.id

topic = env["KCP_SMOKE_TOPIC"]
call(
    create_topic,
    client,
    id=cluster_id,
    body=CreateTopicRequest(name=topic, partitions=1, replication_factor=int(env["KCP_SMOKE_REPLICATION_FACTOR"])),
)
listed = [t.name for t in call(list_topics, client, id=cluster_id, search=topic).topics]

plan = {
    "type": "electLeaders",
    "params": {"electionType": "preferred", "partitions": [{"topic": env["KCP_SMOKE_ELECT_TOPIC"], "partition": 0}]},
}
planned = call(plan_operation, client, id=cluster_id, body=body_of(plan_operation, plan))
call(confirm_operation, client, op=planned.id, body=ConfirmRequest())
deadline = time.monotonic() + 120
operation = call(get_operation, client, op=planned.id)
while value(operation.status) not in ("succeeded", "failed", "cancelled") and time.monotonic() < deadline:
    time.sleep(0.5)
    operation = call(get_operation, client, op=planned.id)

# The worker audits the operation's end after it ends: read until the entry is there.
deadline = time.monotonic() + 30
while True:
    entries = call(list_audit_entries, client, cluster_id=cluster_id, limit=100).entries
    audit = [f"{e.action} {e.target if isinstance(e.target, str) else ''}".strip() for e in entries]
    if f"operation.finish {planned.id}" in audit or time.monotonic() > deadline:
        break
    time.sleep(0.5)

print(
    "SMOKE "
    + json.dumps(
        {
            "clusterId": cluster_id,
            "topicListed": topic in listed,
            "operationId": planned.id,
            "operationStatus": value(operation.status),
            "audit": audit,
            "csrf": "argument" if as_argument else "headers",
        }
    )
)
