// Smoke test of the Go client openapi-generator generates (module github.com/kcp/kcp-go, package kcp).
//
// Against a running service and a real Kafka cluster, through the generated client only: log in, register the
// cluster, create a topic and find it in the list, plan and confirm an electLeaders operation, read it until it
// succeeds, read the audit log. The last line printed is `SMOKE {json}`. Told by the harness
// (tools/test-infra/src/openapi-clients/): KCP_SMOKE_URL, _USERNAME, _PASSWORD, _BOOTSTRAP (comma-separated),
// _CLUSTER_NAME, _TOPIC, _REPLICATION_FACTOR, _ELECT_TOPIC, _CSRF_SCHEME (the apiKey scheme of X-Service-Request,
// set through the context's API keys as the client's configuration).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	kcp "github.com/kcp/kcp-go"
)

// must stops the script naming the step, with the service's answer when there is one.
func must(step string, err error) {
	if err == nil {
		return
	}
	var apiError *kcp.GenericOpenAPIError
	if errors.As(err, &apiError) {
		body := apiError.Body()
		if len(body) > 2000 {
			body = append(body[:2000:2000], "…"...)
		}
		fmt.Fprintf(os.Stderr, "%s: %v\nthe answer: %s\n", step, err, body)
	} else {
		fmt.Fprintf(os.Stderr, "%s: %v\n", step, err)
	}
	os.Exit(1)
}

func main() {
	env := os.Getenv
	configuration := kcp.NewConfiguration()
	configuration.Servers = kcp.ServerConfigurations{{URL: env("KCP_SMOKE_URL")}}
	client := kcp.NewAPIClient(configuration)
	ctx := context.WithValue(context.Background(), kcp.ContextAPIKeys, map[string]kcp.APIKey{
		env("KCP_SMOKE_CSRF_SCHEME"): {Key: "1"},
	})

	session, _, err := client.AuthAPI.Login(ctx).
		LoginRequest(*kcp.NewLoginRequest(env("KCP_SMOKE_USERNAME"), env("KCP_SMOKE_PASSWORD"))).
		Execute()
	must("login", err)
	ctx = context.WithValue(ctx, kcp.ContextAccessToken, session.GetToken())

	view, _, err := client.ClustersAPI.RegisterCluster(ctx).
		ConnectionProfile(*kcp.NewConnectionProfile(env("KCP_SMOKE_CLUSTER_NAME"), strings.Split(env("KCP_SMOKE_BOOTSTRAP"), ","))).
		Execute()
	must("registerCluster", err)
	clusterID := view.Cluster.GetId()

	topic := env("KCP_SMOKE_TOPIC")
	replicationFactor, err := strconv.Atoi(env("KCP_SMOKE_REPLICATION_FACTOR"))
	must("KCP_SMOKE_REPLICATION_FACTOR", err)
	create := kcp.NewCreateTopicRequest(topic)
	create.SetPartitions(1)
	create.SetReplicationFactor(int32(replicationFactor))
	_, _, err = client.ClustersAPI.CreateTopic(ctx, clusterID).CreateTopicRequest(*create).Execute()
	must("createTopic", err)
	list, _, err := client.ClustersAPI.ListTopics(ctx, clusterID).Search(topic).Execute()
	must("listTopics", err)
	listed := slices.ContainsFunc(list.GetTopics(), func(t kcp.TopicSummary) bool { return t.GetName() == topic })

	// The request body is a oneOf of the operation types: one of them, wrapped. (Unmarshalling the body's JSON into
	// PlanOperationRequest would need the generator's useOneOfDiscriminatorLookup: without it every type whose fields
	// the JSON fits matches, and more than one match is an error.)
	params := kcp.NewElectLeadersParams("preferred")
	params.SetPartitions([]kcp.ElectLeadersParamsPartitionsInner{
		*kcp.NewElectLeadersParamsPartitionsInner(env("KCP_SMOKE_ELECT_TOPIC"), 0),
	})
	elect := kcp.NewPlanOperationRequestElectLeaders("electLeaders")
	elect.SetParams(*params)
	plan := kcp.PlanOperationRequestElectLeadersAsPlanOperationRequest(elect)
	planned, _, err := client.ClustersAPI.PlanOperation(ctx, clusterID).PlanOperationRequest(plan).Execute()
	must("planOperation", err)
	_, _, err = client.OperationsAPI.ConfirmOperation(ctx, planned.GetId()).ConfirmRequest(*kcp.NewConfirmRequest()).Execute()
	must("confirmOperation", err)
	deadline := time.Now().Add(2 * time.Minute)
	operation, _, err := client.OperationsAPI.GetOperation(ctx, planned.GetId()).Execute()
	must("getOperation", err)
	for !slices.Contains([]string{"succeeded", "failed", "cancelled"}, string(operation.GetStatus())) && time.Now().Before(deadline) {
		time.Sleep(500 * time.Millisecond)
		operation, _, err = client.OperationsAPI.GetOperation(ctx, planned.GetId()).Execute()
		must("getOperation", err)
	}

	// The worker audits the operation's end after it ends: read until the entry is there.
	audit := []string{}
	deadline = time.Now().Add(30 * time.Second)
	for {
		entries, _, err := client.AuditAPI.ListAuditEntries(ctx).ClusterId(clusterID).Limit(100).Execute()
		must("listAuditEntries", err)
		audit = audit[:0]
		for _, entry := range entries.GetEntries() {
			audit = append(audit, strings.TrimSpace(entry.GetAction()+" "+entry.GetTarget()))
		}
		if slices.Contains(audit, "operation.finish "+planned.GetId()) || time.Now().After(deadline) {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}

	result, _ := json.Marshal(map[string]any{
		"clusterId":       clusterID,
		"topicListed":     listed,
		"operationId":     planned.GetId(),
		"operationStatus": string(operation.GetStatus()),
		"audit":           audit,
		"csrf":            "configuration",
	})
	fmt.Printf("SMOKE %s\n", result)
}
