// Generated from the service's OpenAPI document by `npm run generate-client -w @kcp/api-gateway`. Do not edit.
export interface paths {
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OpenAPI 3.1 document of this API, made from the same schemas that validate requests
         * @description The OpenAPI 3.1 document of this API, made from the same schemas that validate requests. No session needed.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in: a session token, also set as the service_session cookie
         * @description Log in: a session token, also set as the service_session cookie. No session needed. Audited as `auth.login`.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log out: the session is revoked on every instance; a user of an OpenID provider also gets the provider's end-session URL
         * @description Log out: the session is revoked on every instance; a user of an OpenID provider also gets the provider's end-session URL. Lowest role allowed: viewer. Audited as `auth.logout`.
         */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the request carries a valid session or token: its user, or null (200 either way, so a page that asks on load logs no error)
         * @description Whether the request carries a valid session or token: its user, or null (200 either way, so a page that asks on load logs no error). No session needed.
         */
        get: operations["probeSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user of the session
         * @description The user of the session. Lowest role allowed: viewer.
         */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The identity providers one can sign in through (for the console's Sign in with … buttons)
         * @description The identity providers one can sign in through (for the console's Sign in with … buttons). No session needed.
         */
        get: operations["listAuthProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sso/{provider}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign in through an OpenID provider: a redirect to it (authorization code with PKCE S256, state and nonce); it comes back to the callback (for the command line, cli and challenge: then to its loopback listener with a one-time code)
         * @description Sign in through an OpenID provider: a redirect to it (authorization code with PKCE S256, state and nonce); it comes back to the callback (for the command line, cli and challenge: then to its loopback listener with a one-time code). No session needed.
         */
        get: operations["startSso"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sso/{provider}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the OpenID provider sends the browser back: the code exchanged, the ID token checked, the session made (service_session cookie), then a redirect to returnTo; for a sign-in of the command line, no cookie but a redirect to http://127.0.0.1:<cli>/callback with a one-time code
         * @description Where the OpenID provider sends the browser back: the code exchanged, the ID token checked, the session made (service_session cookie), then a redirect to returnTo; for a sign-in of the command line, no cookie but a redirect to http://127.0.0.1:<cli>/callback with a one-time code. No session needed. Audited as `auth.login`.
         */
        get: operations["finishSso"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sso/cli-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The command line's sign-in through an OpenID provider: its one-time code and PKCE verifier exchanged for a session token (kcp login --sso)
         * @description The command line's sign-in through an OpenID provider: its one-time code and PKCE verifier exchanged for a session token (kcp login --sso). No session needed. Audited as `auth.login`.
         */
        post: operations["exchangeSsoCliCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/ldap/{provider}/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in through an LDAP or Active Directory provider: a session token, also set as the service_session cookie
         * @description Log in through an LDAP or Active Directory provider: a session token, also set as the service_session cookie. No session needed. Audited as `auth.login`.
         */
        post: operations["ldapLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description List users. Lowest role allowed: admin.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a user
         * @description Create a user. Lowest role allowed: admin. Audited as `user.create`.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a user's role, disabled flag or password; disabling or a new password revokes their sessions, disabling also their API tokens
         * @description Change a user's role, disabled flag or password; disabling or a new password revokes their sessions, disabling also their API tokens. Lowest role allowed: admin. Audited as `user.update`.
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/api/v1/access/bindings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every role binding: the bindings file's (read-only here) and the API's
         * @description Every role binding: the bindings file's (read-only here) and the API's. Lowest role allowed: admin.
         */
        get: operations["listRoleBindings"];
        put?: never;
        /**
         * Give a role on a scope (clusters, optionally resources by pattern) to a user or a group
         * @description Give a role on a scope (clusters, optionally resources by pattern) to a user or a group. Lowest role allowed: admin. Audited as `binding.create`.
         */
        post: operations["createRoleBinding"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/access/bindings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One role binding
         * @description One role binding. Lowest role allowed: admin.
         */
        get: operations["getRoleBinding"];
        /**
         * Replace a role binding made through the API (the bindings file's are changed in the file)
         * @description Replace a role binding made through the API (the bindings file's are changed in the file). Lowest role allowed: admin. Audited as `binding.update`.
         */
        put: operations["replaceRoleBinding"];
        post?: never;
        /**
         * Delete a role binding made through the API (the bindings file's are removed from the file)
         * @description Delete a role binding made through the API (the bindings file's are removed from the file). Lowest role allowed: admin. Audited as `binding.delete`.
         */
        delete: operations["deleteRoleBinding"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/access/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The teams: each name the bindings give, with its bindings
         * @description The teams: each name the bindings give, with its bindings. Lowest role allowed: admin.
         */
        get: operations["listTeams"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/access/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's access: its local role, its groups, and the bindings that apply to it
         * @description The caller's access: its local role, its groups, and the bindings that apply to it. Lowest role allowed: viewer.
         */
        get: operations["getMyAccess"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API tokens not revoked (never their secrets): one's own, or an admin's view of everyone's
         * @description List API tokens not revoked (never their secrets): one's own, or an admin's view of everyone's. Lowest role allowed: viewer.
         */
        get: operations["listTokens"];
        put?: never;
        /**
         * Create an API token (the secret is in this answer only); role at most the creator's and the owner's
         * @description Create an API token (the secret is in this answer only); role at most the creator's and the owner's. Lowest role allowed: viewer. Audited as `token.create`.
         */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API token (one's own, or any as admin): refused at once on every instance
         * @description Revoke an API token (one's own, or any as admin): refused at once on every instance. Lowest role allowed: viewer. Audited as `token.revoke`.
         */
        delete: operations["revokeToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The registered clusters' latest views (no snapshots; no Kafka call), filtered, sorted and paged as asked: each with its freshness, with the total, the counts by health and the stale count
         * @description The registered clusters' latest views (no snapshots; no Kafka call), filtered, sorted and paged as asked: each with its freshness, with the total, the counts by health and the stale count. Lowest role allowed: viewer.
         */
        get: operations["getOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Same parameters and payload as the overview
         * @description Same parameters and payload as the overview. Lowest role allowed: viewer.
         */
        get: operations["listClusters"];
        put?: never;
        /**
         * Register a cluster (its connection is tested first unless skipTest)
         * @description Register a cluster (its connection is tested first unless skipTest). Lowest role allowed: operator. Admin only: setting or changing provider, settings.agents, settings.container, settings.kubernetes or settings.portBase. Audited as `cluster.register`.
         */
        post: operations["registerCluster"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test a connection profile without saving it (a failure is a result: ok false)
         * @description Test a connection profile without saving it (a failure is a result: ok false). Lowest role allowed: operator. Audited as `cluster.test`.
         */
        post: operations["testClusterConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One cluster's latest view with its freshness, and its snapshot unless snapshot=none
         * @description One cluster's latest view with its freshness, and its snapshot unless snapshot=none. Lowest role allowed: viewer.
         */
        get: operations["getCluster"];
        put?: never;
        post?: never;
        /**
         * Forget a cluster (its view and schedule too); the Kafka cluster itself is not touched
         * @description Forget a cluster (its view and schedule too); the Kafka cluster itself is not touched. Lowest role allowed: admin. Audited as `cluster.delete`.
         */
        delete: operations["deregisterCluster"];
        options?: never;
        head?: never;
        /**
         * Change a cluster's profile, labels or settings; secrets are replaced only when given, and given again when the reach changes
         * @description Change a cluster's profile, labels or settings; secrets are replaced only when given, and given again when the reach changes. Lowest role allowed: operator. Admin only: setting or changing provider, settings.agents, settings.container, settings.kubernetes or settings.portBase; keepSecrets; labels that an autopilot policy selects clusters by. Audited as `cluster.update`.
         */
        patch: operations["updateCluster"];
        trace?: never;
    };
    "/api/v1/clusters/{id}/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Collect a new snapshot now and return the fresh view
         * @description Collect a new snapshot now and return the fresh view. Lowest role allowed: viewer. Audited as `cluster.refresh`.
         */
        post: operations["refreshCluster"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/confirm-identity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept the Kafka cluster the bootstrap servers now reach (cluster_identity_changed) as this cluster: writes and operations resume
         * @description Accept the Kafka cluster the bootstrap servers now reach (cluster_identity_changed) as this cluster: writes and operations resume. Lowest role allowed: operator. Audited as `cluster.confirm_identity`.
         */
        post: operations["confirmClusterIdentity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/topics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of topics by name with partition count, size and partition health
         * @description A page of topics by name with partition count, size and partition health. Lowest role allowed: viewer.
         */
        get: operations["listTopics"];
        put?: never;
        /**
         * Create a topic (0 partitions or replication factor = the broker default)
         * @description Create a topic (0 partitions or replication factor = the broker default). Lowest role allowed: operator. Audited as `topic.create`.
         */
        post: operations["createTopic"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/topics/{topic}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One topic with its configs, partitions (leader, replicas, ISR) and replica sizes
         * @description One topic with its configs, partitions (leader, replicas, ISR) and replica sizes. Lowest role allowed: viewer.
         */
        get: operations["getTopic"];
        put?: never;
        post?: never;
        /**
         * Delete a topic and its data (irreversible: confirmName must repeat the topic's name; Kafka's internal topics are refused)
         * @description Delete a topic and its data (irreversible: confirmName must repeat the topic's name; Kafka's internal topics are refused). Lowest role allowed: operator. Audited as `topic.delete`.
         */
        delete: operations["deleteTopic"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/topics/{topic}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A bounded page of a topic's messages (keys, values and headers as text, JSON or base64), read without a consumer group; audited
         * @description A bounded page of a topic's messages (keys, values and headers as text, JSON or base64), read without a consumer group; audited. Lowest role allowed: operator. Audited as `topic.browse`.
         */
        get: operations["browseMessages"];
        put?: never;
        /**
         * Produce one message (partition null = Kafka's default partitioner)
         * @description Produce one message (partition null = Kafka's default partitioner). Lowest role allowed: operator. Audited as `topic.produce`.
         */
        post: operations["produceMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/topics/{topic}/partitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Increase the partition count to a new total
         * @description Increase the partition count to a new total. Lowest role allowed: operator. Audited as `topic.partitions`.
         */
        post: operations["increasePartitions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/topics/{topic}/configs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every config of a topic with its value and source (sensitive values never shown)
         * @description Every config of a topic with its value and source (sensitive values never shown). Lowest role allowed: viewer.
         */
        get: operations["getTopicConfigs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set and delete topic configs (incremental; unknown keys are refused by name)
         * @description Set and delete topic configs (incremental; unknown keys are refused by name). Lowest role allowed: operator. Audited as `topic.configs`.
         */
        patch: operations["alterTopicConfigs"];
        trace?: never;
    };
    "/api/v1/clusters/{id}/brokers/{broker}/configs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every config of a broker with its value, source and whether it is dynamic (sensitive values never shown)
         * @description Every config of a broker with its value, source and whether it is dynamic (sensitive values never shown). Lowest role allowed: viewer.
         */
        get: operations["getBrokerConfigs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set and delete dynamic broker configs (incremental; unknown and static keys are refused by name)
         * @description Set and delete dynamic broker configs (incremental; unknown and static keys are refused by name). Lowest role allowed: operator. Audited as `broker.configs`.
         */
        patch: operations["alterBrokerConfigs"];
        trace?: never;
    };
    "/api/v1/clusters/{id}/quotas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every entity with quota values set on it
         * @description Every entity with quota values set on it. Lowest role allowed: viewer.
         */
        get: operations["listQuotas"];
        /**
         * Set or remove quota values of a user, client id or ip (name null = the default entity)
         * @description Set or remove quota values of a user, client id or ip (name null = the default entity). Lowest role allowed: operator. Audited as `quota.change`.
         */
        put: operations["setQuotas"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/acls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * ACL bindings matching a filter (absent fields match anything), a page at a time
         * @description ACL bindings matching a filter (absent fields match anything), a page at a time. Lowest role allowed: viewer.
         */
        get: operations["listAcls"];
        put?: never;
        /**
         * Create an ACL binding
         * @description Create an ACL binding. Lowest role allowed: operator. Audited as `acl.create`.
         */
        post: operations["createAcls"];
        /**
         * Delete the ACL bindings equal to the body (deleting nothing is not an error)
         * @description Delete the ACL bindings equal to the body (deleting nothing is not an error). Lowest role allowed: operator. Audited as `acl.delete`.
         */
        delete: operations["deleteAcls"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/scram-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every user with a SCRAM credential, by name, with each credential's mechanism and iterations
         * @description Every user with a SCRAM credential, by name, with each credential's mechanism and iterations. Lowest role allowed: viewer.
         */
        get: operations["listScramUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/scram-users/{user}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One SCRAM user's mechanisms and iterations (404 when the user has no credential)
         * @description One SCRAM user's mechanisms and iterations (404 when the user has no credential). Lowest role allowed: viewer.
         */
        get: operations["getScramUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/scram-users/{user}/{mechanism}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Create or replace the user's credential for one mechanism (the password is write-only; the salt is generated here)
         * @description Create or replace the user's credential for one mechanism (the password is write-only; the salt is generated here). Lowest role allowed: admin. Audited as `scram.upsert`.
         */
        put: operations["setScramCredential"];
        post?: never;
        /**
         * Delete the user's credential for one mechanism (404 when there is none); answers the credentials left
         * @description Delete the user's credential for one mechanism (404 when there is none); answers the credentials left. Lowest role allowed: admin. Audited as `scram.delete`.
         */
        delete: operations["deleteScramCredential"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A page of groups of every type by id, with type, state and coordinator (members and lag: the detail)
         * @description A page of groups of every type by id, with type, state and coordinator (members and lag: the detail). Lowest role allowed: viewer.
         */
        get: operations["listGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/groups/{group}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A group of any type with per-partition committed offset, log end, lag and owning member
         * @description A group of any type with per-partition committed offset, log end, lag and owning member. Lowest role allowed: viewer.
         */
        get: operations["getGroup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/groups/{group}/reset-offsets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset the committed offsets of an empty group (dryRun previews them)
         * @description Reset the committed offsets of an empty group (dryRun previews them). Lowest role allowed: operator. Audited as `group.reset-offsets`.
         */
        post: operations["resetGroupOffsets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/series/figures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The figures whose history is kept, each with what it is of, its unit and its meaning
         * @description The figures whose history is kept, each with what it is of, its unit and its meaning. Lowest role allowed: viewer.
         */
        get: operations["listFigures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A figure's history over a range: each step's mean, min and max, from the store (each collection's values for the last 24 h, 10-minute summaries for 30 days); at most 1,000 points
         * @description A figure's history over a range: each step's mean, min and max, from the store (each collection's values for the last 24 h, 10-minute summaries for 30 days); at most 1,000 points. Lowest role allowed: viewer.
         */
        get: operations["getSeries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The cluster's operations, newest first, by status, a page at a time (before = nextCursor)
         * @description The cluster's operations, newest first, by status, a page at a time (before = nextCursor). Lowest role allowed: viewer.
         */
        get: operations["listOperations"];
        put?: never;
        /**
         * Plan an operation (a dry run from a fresh snapshot; nothing changes until it is confirmed)
         * @description Plan an operation (a dry run from a fresh snapshot; nothing changes until it is confirmed). Lowest role allowed: operator. Audited as `operation.plan`.
         */
        post: operations["planOperation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operations/{op}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One operation with its plan and steps (at most the first 1000 moves: the rest through /moves)
         * @description One operation with its plan and steps (at most the first 1000 moves: the rest through /moves). Lowest role allowed: viewer.
         */
        get: operations["getOperation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operations/{op}/moves": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The plan's moves in plan order, a page at a time (plans of any size)
         * @description The plan's moves in plan order, a page at a time (plans of any size). Lowest role allowed: viewer.
         */
        get: operations["listOperationMoves"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operations/{op}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a planned operation and start it (irreversible ones need the cluster name typed back; one a four-eyes rule holds for, another person than its planner)
         * @description Confirm a planned operation and start it (irreversible ones need the cluster name typed back; one a four-eyes rule holds for, another person than its planner). Lowest role allowed: operator. Audited as `operation.confirm`.
         */
        post: operations["confirmOperation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operations/{op}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a confirmed operation at its next step boundary
         * @description Pause a confirmed operation at its next step boundary. Lowest role allowed: operator. Audited as `operation.pause`.
         */
        post: operations["pauseOperation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operations/{op}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a paused operation (or withdraw a pause not yet honoured)
         * @description Resume a paused operation (or withdraw a pause not yet honoured). Lowest role allowed: operator. Audited as `operation.resume`.
         */
        post: operations["resumeOperation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operations/{op}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an operation: a plan at once; a confirmed one at its next step boundary, after its cleanup steps
         * @description Cancel an operation: a plan at once; a confirmed one at its next step boundary, after its cleanup steps. Lowest role allowed: operator. Audited as `operation.cancel`.
         */
        post: operations["cancelOperation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/desired-state/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Plan the files' desired state against the cluster: every change with before and after, inside each file's scope, as an applyDesiredState operation to confirm (none when nothing changes)
         * @description Plan the files' desired state against the cluster: every change with before and after, inside each file's scope, as an applyDesiredState operation to confirm (none when nothing changes). Lowest role allowed: operator. Audited as `operation.plan`.
         */
        post: operations["planDesiredState"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/desired-state/drift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How the cluster differs from its last applied desired state, read now: what applying the files again would change
         * @description How the cluster differs from its last applied desired state, read now: what applying the files again would change. Lowest role allowed: viewer.
         */
        get: operations["getDesiredStateDrift"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/desired-state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The cluster's topics, ACLs, quotas and SCRAM credentials inside a scope, as one desired-state file's documents (no password): planned unchanged, they change nothing
         * @description The cluster's topics, ACLs, quotas and SCRAM credentials inside a scope, as one desired-state file's documents (no password): planned unchanged, they change nothing. Lowest role allowed: viewer.
         */
        get: operations["exportDesiredState"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The autopilot's policies, oldest first
         * @description The autopilot's policies, oldest first. Lowest role allowed: viewer.
         */
        get: operations["listPolicies"];
        put?: never;
        /**
         * Create an autopilot policy: a trigger, the action that answers it, a mode and guard rails
         * @description Create an autopilot policy: a trigger, the action that answers it, a mode and guard rails. Lowest role allowed: admin. Audited as `policy.create`.
         */
        post: operations["createPolicy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One autopilot policy
         * @description One autopilot policy. Lowest role allowed: viewer.
         */
        get: operations["getPolicy"];
        /**
         * Replace an autopilot policy (enable, disable, change its mode or guard rails)
         * @description Replace an autopilot policy (enable, disable, change its mode or guard rails). Lowest role allowed: admin. Audited as `policy.update`.
         */
        put: operations["replacePolicy"];
        post?: never;
        /**
         * Delete an autopilot policy (its operations already planned or running are not touched)
         * @description Delete an autopilot policy (its operations already planned or running are not touched). Lowest role allowed: admin. Audited as `policy.delete`.
         */
        delete: operations["deletePolicy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/clusters/{id}/anomalies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The cluster's anomalies with their timeline (first seen, cleared, what each policy did or why not), newest first
         * @description The cluster's anomalies with their timeline (first seen, cleared, what each policy did or why not), newest first. Lowest role allowed: viewer.
         */
        get: operations["listAnomalies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/autopilot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the autopilot is enabled, and the pauses in force
         * @description Whether the autopilot is enabled, and the pauses in force. Lowest role allowed: viewer.
         */
        get: operations["getAutopilotStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/autopilot/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause the autopilot for a cluster or every cluster (a veto): nothing new starts, its operations in flight pause
         * @description Pause the autopilot for a cluster or every cluster (a veto): nothing new starts, its operations in flight pause. Lowest role allowed: admin. Audited as `autopilot.pause`.
         */
        post: operations["pauseAutopilot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/autopilot/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End a pause of the autopilot (a cluster's, or the service's): its paused operations resume once no pause covers their cluster
         * @description End a pause of the autopilot (a cluster's, or the service's): its paused operations resume once no pause covers their cluster. Lowest role allowed: admin. Audited as `autopilot.resume`.
         */
        post: operations["resumeAutopilot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log, newest first, filtered, a page at a time (before = the previous page's nextCursor)
         * @description The audit log, newest first, filtered, a page at a time (before = the previous page's nextCursor). Lowest role allowed: viewer.
         */
        get: operations["listAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every matching audit entry as NDJSON, one entry per line, newest first, streamed (admin; audited)
         * @description Every matching audit entry as NDJSON, one entry per line, newest first, streamed (admin; audited). Lowest role allowed: admin. Audited as `audit.export`.
         */
        get: operations["exportAuditEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AclBinding: {
            resourceType: components["schemas"]["AclResourceType"];
            /** @description * with LITERAL = every resource of the type */
            resourceName: string;
            patternType: components["schemas"]["AclPatternType"];
            /** @description User:<name>, or User:* for every user */
            principal: string;
            /** @description * or the client's IP address */
            host: string;
            operation: components["schemas"]["AclOperation"];
            permission: components["schemas"]["AclPermission"];
        };
        AclListResponse: {
            bindings: components["schemas"]["AclBinding"][];
            /**
             * Format: int64
             * @description Bindings matching the filter, all pages
             */
            total: number;
        };
        /** @enum {string} */
        AclOperation: "ALL" | "READ" | "WRITE" | "CREATE" | "DELETE" | "ALTER" | "DESCRIBE" | "CLUSTER_ACTION" | "DESCRIBE_CONFIGS" | "ALTER_CONFIGS" | "IDEMPOTENT_WRITE" | "CREATE_TOKENS" | "DESCRIBE_TOKENS" | "TWO_PHASE_COMMIT";
        /** @enum {string} */
        AclPatternType: "LITERAL" | "PREFIXED";
        /** @enum {string} */
        AclPermission: "ALLOW" | "DENY";
        /** @enum {string} */
        AclResourceType: "TOPIC" | "GROUP" | "CLUSTER" | "TRANSACTIONAL_ID" | "DELEGATION_TOKEN" | "USER";
        AddControllersParams: {
            /** @description Each nodeId at most once */
            controllers: {
                nodeId: components["schemas"]["BrokerId"];
                /** @description The node's metadata log directory id (base64url Uuid) */
                directoryId?: string;
                endpoints?: {
                    name: string;
                    host: string;
                    port: components["schemas"]["Port"];
                }[];
            }[];
        };
        AgentEndpoint: {
            /**
             * Format: uri
             * @description Base URL of the agent's API, e.g. https://kafka-1.internal:9700 (the API is under /v1); must be the URL the service's AGENT_URLS pins for this agent id (https:// only), else the cluster is refused (422)
             */
            url: string;
            /** @description The agent's AGENT_ID: the audience of its command tokens; the service's AGENT_URLS must pin it */
            agentId: components["schemas"]["AgentId"];
            /** @description The Kafka node ids this agent runs (at most 16: a host runs a few nodes); a node is served by one agent only. Empty only for an agent with provisioning */
            nodeIds: components["schemas"]["BrokerId"][];
            provisioning?: components["schemas"]["AgentProvisioning"];
        };
        AgentId: string;
        /** @description This agent takes new nodes (provisionNodes): where they go on its host */
        AgentProvisioning: {
            /** @description The ids new nodes on this agent may take (inclusive); the agent serves every id of the range */
            nodeIds: {
                from: components["schemas"]["BrokerId"];
                to: components["schemas"]["BrokerId"];
            };
            /** @description Ports of this host kept for new nodes' listeners (one per listener; a port any node uses is skipped) */
            ports: components["schemas"]["Port"][];
            /** @description Absolute folder on the agent's host, under one of its AGENT_DATA_ROOTS (the agent refuses others); a new node's data dirs go under <dataDir>/<node id>/ */
            dataDir: string;
            /** @description The host name new nodes advertise (default: the host of the agent's url) */
            host?: string;
            /** @description JVM options of new nodes, of the allow-list (docs/node-agent.md); default: the agent's, 1 GB of heap */
            jvmOptions?: components["schemas"]["JvmOptions"];
        };
        /** @description Which node agent serves which Kafka node ids (provider agent only, and required there): at most 64 agents, each asked at every collection. Each agentId appears once, and each node id in one agent's nodeIds or provisioning range only. */
        AgentsSetting: components["schemas"]["AgentEndpoint"][];
        Anomaly: {
            id: components["schemas"]["Id"];
            clusterId: components["schemas"]["Id"];
            /** @enum {string} */
            code: "broker_down" | "broker_fenced" | "disk_high" | "disk_imbalance" | "leader_imbalance" | "log_dir_failed" | "replicas_on_removed_broker";
            subject: string;
            brokerId?: components["schemas"]["BrokerId"];
            message: string;
            facts: components["schemas"]["AnomalyFacts"];
            firstSeenAt: components["schemas"]["DateTime"];
            lastSeenAt: components["schemas"]["DateTime"];
            /** Format: date-time */
            clearedAt?: string | null;
            events: components["schemas"]["AnomalyEvent"][];
        };
        AnomalyEvent: {
            at: components["schemas"]["DateTime"];
            policy: string;
            /** @enum {string} */
            kind: "observed" | "proposed" | "acted" | "refused";
            operationId?: components["schemas"]["Id"];
            reason?: components["schemas"]["AutopilotReason"];
        };
        AnomalyFacts: {
            [key: string]: number | string;
        };
        AnomalyListResponse: {
            anomalies: components["schemas"]["Anomaly"][];
            /** @description Present when older anomalies match: pass it as before= */
            nextCursor?: string;
        };
        ApiToken: {
            id: components["schemas"]["Id"];
            name: string;
            owner: {
                id: components["schemas"]["Id"];
                username: string;
            };
            /** @description At most the owner's role; a request is also capped at the owner's current role */
            role: components["schemas"]["Role"];
            createdAt: components["schemas"]["DateTime"];
            expiresAt: components["schemas"]["DateTime"];
            /**
             * Format: date-time
             * @description The last request made with it (to the minute), null if never used
             */
            lastUsedAt?: string | null;
        };
        ApiTokenListResponse: {
            tokens: components["schemas"]["ApiToken"][];
        };
        ApiTokenResponse: {
            token: components["schemas"]["ApiToken"];
        };
        AppliedDesiredFile: {
            path: string;
            /** @description SHA-256 of the files of the apply it came from */
            digest: string;
            /** @description The applyDesiredState operation that applied it */
            operationId: string;
            appliedAt: string;
            appliedBy: string;
        };
        ApplyDesiredStateParams: {
            /** @description SHA-256 of the files as planned (POST /clusters/{id}/desired-state/plan computes it) */
            digest: string;
            /** @description The files' paths */
            files: string[];
            /** @description The changes, in the order they are applied */
            changes: components["schemas"]["DesiredChangeInput"][];
            /**
             * Format: int64
             * @description Replication throttle while a replication factor grows, bytes per second
             */
            throttleBytesPerSec?: number;
            /**
             * Format: int32
             * @description Partition moves in flight at once
             */
            maxConcurrentMoves?: number;
        };
        ApprovalRule: {
            /** @description A name the refusals and the audit quote (else the rule's position in the file) */
            name?: string;
            clusters: components["schemas"]["ClusterScope"];
            operationTypes?: ("rebalance" | "drainBrokers" | "electLeaders" | "cordonBrokers" | "uncordonBrokers" | "unregisterBrokers" | "addControllers" | "removeVoters" | "finalizeFeatures" | "migrateQuorum" | "restartNodes" | "upgradeVersion" | "provisionNodes" | "scaleNodePools" | "applyDesiredState")[];
            /** @enum {string} */
            risk?: "typed-name" | "all";
        };
        AuditEntry: {
            id: components["schemas"]["Int64"];
            at: components["schemas"]["DateTime"];
            actor: string;
            /** @description Dotted name: auth.login, cluster.register, operation.confirm, ... */
            action: string;
            clusterId?: string;
            target?: string;
            /** @description denied = the request was refused (authentication, role, CSRF header) */
            result: components["schemas"]["AuditResult"];
            /** @description The validated request minus secrets, the client address, the user agent, a failure's error code */
            detail: {
                [key: string]: unknown;
            };
        };
        AuditListResponse: {
            entries: components["schemas"]["AuditEntry"][];
            /** @description Present when older entries match: pass it as before= for the next page (stable under new entries) */
            nextCursor?: string;
        };
        /** @enum {string} */
        AuditResult: "success" | "failure" | "denied";
        AuthProvidersResponse: {
            providers: {
                id: string;
                /** @description What the button shows */
                name: string;
                /**
                 * @description oidc: a redirect to GET /api/v1/auth/sso/{id}/start; ldap: a username and password sent to POST /api/v1/auth/ldap/{id}/login
                 * @enum {string}
                 */
                kind: "oidc" | "ldap";
            }[];
        };
        AutopilotPause: {
            /** @description Absent: paused for the whole service */
            clusterId?: components["schemas"]["Id"];
            reason: string;
            by: string;
            at: components["schemas"]["DateTime"];
            /** @description When the pause ends by itself; absent: until resumed */
            until?: components["schemas"]["DateTime"];
        };
        AutopilotReason: {
            /** @enum {string} */
            code: "observe_only" | "waiting" | "paused" | "outside_window" | "irreversible" | "cooldown" | "operation_active" | "too_few_healthy_brokers" | "excluded_broker" | "excluded_topic" | "capability_missing" | "over_action_cap" | "over_daily_cap" | "nothing_to_do" | "plan_failed" | "approval_required";
            message: string;
        };
        AutopilotStatus: {
            /** @description false when AUTOPILOT_ENABLED=false (the kill switch): nothing is found or done */
            enabled: boolean;
            /** @description Pauses in force (ended ones left out) */
            pauses: components["schemas"]["AutopilotPause"][];
        };
        AutopilotTrigger: {
            /** @enum {string} */
            code: "broker_down" | "broker_fenced" | "disk_high" | "disk_imbalance" | "leader_imbalance" | "log_dir_failed" | "replicas_on_removed_broker";
            /**
             * @description How long the anomaly persists before the policy acts
             * @default 2m
             */
            for: components["schemas"]["Duration"];
            /** @description disk_imbalance: the fullest log dir above the mean by more than this % (default 10) */
            bandPercent?: number;
            /** @description leader_imbalance: share of partitions not led by their preferred replica (default 10) */
            thresholdPercent?: number;
        };
        AutopilotTriggerInput: {
            /** @enum {string} */
            code: "broker_down" | "broker_fenced" | "disk_high" | "disk_imbalance" | "leader_imbalance" | "log_dir_failed" | "replicas_on_removed_broker";
            /**
             * @description How long the anomaly persists before the policy acts
             * @default 2m
             */
            for?: components["schemas"]["Duration"];
            /** @description disk_imbalance: the fullest log dir above the mean by more than this % (default 10) */
            bandPercent?: number;
            /** @description leader_imbalance: share of partitions not led by their preferred replica (default 10) */
            thresholdPercent?: number;
        };
        BootstrapServer: string;
        Broker: {
            id: components["schemas"]["Int32"];
            host: string;
            /** Format: int64 */
            port: number;
            rack?: string;
            fenced: boolean;
            alive: boolean;
            /** @description false: no longer registered with the cluster, known only as the holder of replicas (unregistered, gone for good); absent where Kafka cannot tell (before 4.0, DescribeCluster lists no fenced broker) */
            registered?: boolean;
            cordoned: boolean;
            logDirs?: components["schemas"]["LogDir"][] | null;
            /** @description Size of the volumes holding the broker's log dirs, each volume once (dirs reporting the same size and free space, within 64 MiB, share one) */
            diskTotalBytes?: components["schemas"]["Int64"];
            /** @description Free space on those volumes, each volume once */
            diskUsableBytes?: components["schemas"]["Int64"];
            dataBytes: components["schemas"]["Int64"];
            /** Format: int64 */
            replicas: number;
            /** Format: int64 */
            leaders: number;
            /** Format: int64 */
            preferredLeaders: number;
            /** @description Bytes appended per second to the partitions it leads (their bytesInPerSec summed); absent until measured */
            bytesInPerSec?: number;
            /** @description Messages appended per second to the partitions it leads */
            messagesInPerSec?: number;
            /** @description Bytes per second it fetches as a follower (bytesInPerSec of the partitions it follows) */
            replicationBytesInPerSec?: number;
        };
        BrokerConfigChangeResponse: {
            broker: components["schemas"]["Int32"];
            set: components["schemas"]["StringMap"];
            deleted: string[];
        };
        BrokerConfigsResponse: {
            broker: components["schemas"]["Int32"];
            configs: components["schemas"]["ConfigEntry"][];
        };
        /**
         * Format: int32
         * @description A Kafka node id
         */
        BrokerId: components["schemas"]["Int32"];
        BrowsedMessage: {
            partition: components["schemas"]["Int32"];
            offset: components["schemas"]["Int64"];
            /** @description ISO 8601 (the record's timestamp: create or log-append time per the topic) */
            timestamp: string;
            key?: components["schemas"]["ShownData"] | null;
            /** @description null: a tombstone */
            value?: components["schemas"]["ShownData"] | null;
            headers: {
                key: string;
                value?: components["schemas"]["ShownData"] | null;
            }[];
        };
        BrowsedPartition: {
            partition: components["schemas"]["Int32"];
            logStartOffset: components["schemas"]["Int64"];
            /** @description The log end readers see, when the read started */
            highWatermark: components["schemas"]["Int64"];
            /** @description The first offset read */
            from: components["schemas"]["Int64"];
            /** @description The offset after the last one read (= highWatermark: read to the end) */
            to: components["schemas"]["Int64"];
            /**
             * Format: int32
             * @description Messages read in [from, to), matching the filter or not
             */
            scanned: components["schemas"]["Int32"];
        };
        BrowseMessagesResponse: {
            topic: string;
            /** @description Oldest first (by timestamp, then partition and offset; each partition's in offset order); from=end: the newest */
            messages: components["schemas"]["BrowsedMessage"][];
            /**
             * Format: int32
             * @description Messages read to make this page: the sum of the partitions' `scanned`
             */
            scanned: components["schemas"]["Int32"];
            /**
             * @description end: every partition read to its end; limit: the page is full; bytes: the byte cap; scan: maxScan messages read; deadline: the read took too long
             * @enum {string}
             */
            stoppedBy: "end" | "limit" | "bytes" | "scan" | "deadline";
            /** @description The partitions this page read, by id (a page resumes each at its `to`): the first 1000 */
            partitions: components["schemas"]["BrowsedPartition"][];
            /**
             * Format: int32
             * @description How many partitions this page read (all of them, listed or not)
             */
            partitionsRead: components["schemas"]["Int32"];
            /** @description Partitions that could not be read (no leader, or ListOffsets refused twice): their messages are not in the page nor behind the cursor (the first 1000); usually empty */
            unavailablePartitions: components["schemas"]["Int32"][];
            /** @description Pass as `cursor` (with the same filter) to continue after this page; null: nothing left to read */
            cursor?: string | null;
        };
        Capabilities: {
            manageTopics?: boolean;
            manageConfigs?: boolean;
            manageAcls?: boolean;
            manageScram?: boolean;
            manageQuotas?: boolean;
            manageGroups?: boolean;
            browseMessages?: boolean;
            reassign?: boolean;
            electLeaders?: boolean;
            cordon?: boolean;
            unregisterBrokers?: boolean;
            describeQuorum?: boolean;
            removeVoters?: boolean;
            addControllers?: boolean;
            provisionNodes?: boolean;
            restartNodes?: boolean;
            upgradeVersion?: boolean;
            finalizeFeatures?: boolean;
            migrateQuorum?: boolean;
            scaleNodePools?: boolean;
            /** @description One per false flag, in the flags' order: why it is not offered, for code to read */
            refusals: components["schemas"]["CapabilityRefusal"][];
            /** @description The refusals as sentences for people, one per false flag in the same order ('<flag>: not offered — <why>'); code reads refusals */
            notes: string[];
            /** @description Set when the capabilities could not be derived */
            error?: string;
        };
        /** @enum {string} */
        CapabilityName: "manageTopics" | "manageConfigs" | "manageAcls" | "manageScram" | "manageQuotas" | "manageGroups" | "browseMessages" | "reassign" | "electLeaders" | "cordon" | "unregisterBrokers" | "describeQuorum" | "removeVoters" | "addControllers" | "provisionNodes" | "restartNodes" | "upgradeVersion" | "finalizeFeatures" | "migrateQuorum" | "scaleNodePools";
        CapabilityRefusal: {
            /** @description The flag that is false */
            capability: components["schemas"]["CapabilityName"];
            /** @description Why, as code reads it; permission_missing is advice (Kafka decides each request), every other code a refusal */
            code: components["schemas"]["CapabilityRefusalCode"];
            /** @description Why, for people, e.g. 'managed-b clusters do not allow configs' */
            message: string;
        };
        /** @enum {string} */
        CapabilityRefusalCode: "flavor_forbids" | "api_unsupported" | "feature_unsupported" | "feature_state" | "quorum_state" | "permission_missing" | "provider_unable";
        Cluster: {
            id: components["schemas"]["Id"];
            name: string;
            provider: components["schemas"]["Provider"];
            flavor: components["schemas"]["Flavor"];
            bootstrapServers: string[];
            security: components["schemas"]["SecurityView"];
            labels?: components["schemas"]["StringMap"];
            settings?: {
                [key: string]: unknown;
            };
            /** @description The cluster id Kafka reports */
            brokerClusterId: string;
            /** @description Which secrets are stored; their values are never returned */
            secretsSet: ("password" | "tlsClientCertPem" | "tlsClientKeyPem" | "cloudAccessKeyId" | "cloudSecretAccessKey" | "cloudSessionToken" | "oauthToken" | "kubeconfig")[];
            createdAt: components["schemas"]["DateTime"];
            updatedAt: components["schemas"]["DateTime"];
        };
        ClusterName: string;
        ClusterPatch: {
            name?: components["schemas"]["ClusterName"];
            provider?: components["schemas"]["Provider"];
            flavor?: components["schemas"]["Flavor"];
            bootstrapServers?: components["schemas"]["BootstrapServer"][];
            security?: components["schemas"]["Security"];
            secrets?: components["schemas"]["SecretsPatch"];
            labels?: components["schemas"]["Labels"];
            settings?: components["schemas"]["Settings"];
            /**
             * @description Save without testing the changed connection first
             * @default false
             */
            skipTest?: boolean;
            /**
             * @description Admin only: keep the stored secrets although the change moves where or how the cluster is reached (bootstrap servers, security, provider, settings.kubernetes.context). Refused when the change weakens how the secrets travel; no connection test runs (docs/api.md, Clusters).
             * @default false
             */
            keepSecrets?: boolean;
        } | {
            name: unknown;
        } | {
            provider: unknown;
        } | {
            flavor: unknown;
        } | {
            bootstrapServers: unknown;
        } | {
            security: unknown;
        } | {
            secrets: unknown;
        } | {
            labels: unknown;
        } | {
            settings: unknown;
        };
        ClusterScope: {
            /** @description Always true. */
            all: boolean;
        } | {
            ids: components["schemas"]["Id"][];
        } | {
            labels: components["schemas"]["Labels"];
        };
        ClusterView: {
            cluster: components["schemas"]["Cluster"];
            health: components["schemas"]["Health"];
            capabilities: components["schemas"]["Capabilities"];
            updatedAt: components["schemas"]["DateTime"];
            /** @description How old the view is against the cluster's collection interval */
            freshness?: components["schemas"]["Freshness"];
            snapshot?: components["schemas"]["Snapshot"];
        };
        ConfigChangeRequest: {
            /** @description Configs to set, name to value */
            set?: {
                [key: string]: string;
            };
            /**
             * @description Configs to return to their default; a key may not be both set and deleted
             * @default []
             */
            delete?: components["schemas"]["ConfigName"][];
        } | {
            set: unknown;
        } | {
            delete: unknown;
        };
        ConfigEntry: {
            name: string;
            /** @description null for sensitive configs (Kafka never returns them) and unset ones */
            value?: string | null;
            /** @description true: cannot be changed through the API (static broker configs) */
            readOnly: boolean;
            /** @description Where the value comes from: topic, broker, cluster, static, default, logger, client-metrics, group */
            source: string;
            sensitive: boolean;
        };
        ConfigName: string;
        ConfirmIdentityRequest: {
            /** @description The cluster id Kafka now reports, as the health issue names it */
            brokerClusterId: string;
        };
        ConfirmRequest: {
            /** @description The cluster name, required for irreversible operations */
            confirmName?: string;
        };
        ConnectionProfile: {
            name: components["schemas"]["ClusterName"];
            /** @default external */
            provider?: components["schemas"]["Provider"];
            /** @default oss */
            flavor?: components["schemas"]["Flavor"];
            bootstrapServers: components["schemas"]["BootstrapServer"][];
            /**
             * @default {
             *       "protocol": "PLAINTEXT",
             *       "saslMechanism": ""
             *     }
             */
            security?: components["schemas"]["Security"];
            secrets?: components["schemas"]["Secrets"];
            labels?: components["schemas"]["Labels"];
            settings?: components["schemas"]["Settings"];
            /**
             * @description Register without testing the connection first
             * @default false
             */
            skipTest?: boolean;
        } & (unknown & unknown & unknown & unknown & unknown & unknown & unknown & unknown);
        ConnectionTestResult: {
            ok: boolean;
            /**
             * Format: int64
             * @description How many brokers answered
             */
            brokers: number;
            clusterId?: string;
            error?: string;
        };
        /** @description Where and how the service runs a container cluster's nodes (provider container only, and required there) */
        ContainerSetting: {
            /** @description The Docker Engine API: unix:///run/podman/podman.sock (Podman's Docker-compatible service), unix:///var/run/docker.sock, or http://host:port */
            engine: string;
            /** @description Names and labels the cluster's containers (<project>-node-<id>) and volumes (<project>-node-<id>-data) */
            project: string;
            /**
             * @description The image of a Kafka version, {version} replaced: Kafka's jars under /opt/kafka/libs and java on the PATH (docs/providers.md)
             * @default kcp-kafka:{version}
             */
            image?: string;
            /**
             * @description The host name the nodes advertise (the engine's host)
             * @default 127.0.0.1
             */
            host?: string;
            /**
             * @description host: the containers share the host's network; published: each node's ports are published as they are
             * @default host
             * @enum {string}
             */
            network?: "host" | "published";
            /**
             * Format: int32
             * @description A stop waits this long for Kafka's controlled shutdown before the engine kills it
             * @default 120
             */
            stopTimeoutSeconds?: number;
        };
        CordonBrokersParams: {
            brokers: components["schemas"]["BrokerId"][];
            /** @description Only these log dirs (default: every log dir of the brokers) */
            logDirs?: string[];
        };
        CreateAclResponse: {
            binding: components["schemas"]["AclBinding"];
        };
        CreateApiTokenRequest: {
            /** @description A label, e.g. ci-deploy */
            name: string;
            /** @description Default: the owner's role (the creator's when lower); never above the creator's or the owner's */
            role?: components["schemas"]["Role"];
            /**
             * Format: int32
             * @description Lifetime in days (1-365, default 90)
             * @default 90
             */
            expiresInDays?: number;
            /** @description Admin only: the user the token acts as (default: oneself) */
            username?: components["schemas"]["Username"];
        };
        CreatedApiTokenResponse: {
            token: components["schemas"]["ApiToken"];
            /** @description Shown this once: send it as Authorization: Bearer <secret>. Only its SHA-256 is stored. */
            secret: string;
        };
        CreateTopicRequest: {
            name: components["schemas"]["TopicName"];
            /**
             * @description 0 = the broker default
             * @default 0
             */
            partitions?: components["schemas"]["Int32"];
            /**
             * @description 0 = the broker default
             * @default 0
             */
            replicationFactor?: components["schemas"]["Int16"];
            /** @description Topic configs, e.g. retention.ms */
            configs?: {
                [key: string]: string;
            };
        };
        CreateTopicResponse: {
            topic: string;
            /** @description Kafka's topic id */
            id: string;
        };
        CreateUserRequest: {
            username: components["schemas"]["Username"];
            password: components["schemas"]["Password"];
            role: components["schemas"]["Role"];
            /** @default false */
            disabled?: boolean;
        };
        /** Format: date-time */
        DateTime: string;
        DeleteAclResponse: {
            deleted: components["schemas"]["AclBinding"][];
        };
        DeleteClusterResponse: {
            deleted: {
                id: components["schemas"]["Id"];
                name: string;
            };
        };
        DeleteTopicRequest: {
            /** @description The topic's name again, exactly; anything else is refused (422) */
            confirmName: string;
        };
        DeleteTopicResponse: {
            topic: string;
            /** @description Kafka's id of the deleted topic */
            id: string;
        };
        DesiredAcl: {
            resourceType: components["schemas"]["AclResourceType"];
            /** @description * with LITERAL = every resource of the type */
            resourceName: string;
            patternType: components["schemas"]["AclPatternType"];
            /** @description User:<name>, or User:* for every user */
            principal: string;
            /** @description * or the client's IP address */
            host: string;
            operation: components["schemas"]["AclOperation"];
            permission: components["schemas"]["AclPermission"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "Acl";
            /**
             * @description true: the resource is deleted (an irreversible plan, confirmed with the cluster's name)
             * @default false
             */
            deleted: boolean;
        };
        DesiredAclInput: {
            resourceType: components["schemas"]["AclResourceType"];
            /** @description * with LITERAL = every resource of the type */
            resourceName: string;
            patternType: components["schemas"]["AclPatternType"];
            /** @description User:<name>, or User:* for every user */
            principal: string;
            /** @description * or the client's IP address */
            host: string;
            operation: components["schemas"]["AclOperation"];
            permission: components["schemas"]["AclPermission"];
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "Acl";
            /**
             * @description true: the resource is deleted (an irreversible plan, confirmed with the cluster's name)
             * @default false
             */
            deleted?: boolean;
        };
        DesiredChange: components["schemas"]["DesiredChangeCreateTopic"] | components["schemas"]["DesiredChangeAddPartitions"] | components["schemas"]["DesiredChangeChangeReplicationFactor"] | components["schemas"]["DesiredChangeAlterTopicConfigs"] | components["schemas"]["DesiredChangeDeleteTopic"] | components["schemas"]["DesiredChangeCreateAcl"] | components["schemas"]["DesiredChangeDeleteAcl"] | components["schemas"]["DesiredChangeSetQuota"] | components["schemas"]["DesiredChangeDeleteQuota"] | components["schemas"]["DesiredChangeCreateScramCredential"] | components["schemas"]["DesiredChangeRotateScramCredential"] | components["schemas"]["DesiredChangeDeleteScramCredential"];
        DesiredChangeAddPartitions: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "addPartitions";
            topic: string;
            /** Format: int64 */
            before: number;
            /** Format: int64 */
            after: number;
        };
        DesiredChangeAlterTopicConfigs: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "alterTopicConfigs";
            topic: string;
            configs: {
                name: string;
                /** @description null: not set on the topic (a broker or Kafka default applies) */
                before?: string | null;
                /** @description null: removed from the topic */
                after?: string | null;
            }[];
        };
        DesiredChangeChangeReplicationFactor: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "changeReplicationFactor";
            topic: string;
            /** Format: int64 */
            before: number;
            /** Format: int64 */
            after: number;
        };
        DesiredChangeCreateAcl: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "createAcl";
            binding: components["schemas"]["AclBinding"];
        };
        DesiredChangeCreateScramCredential: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "createScramCredential";
            user: string;
            mechanism: components["schemas"]["ScramMechanism"];
            /** Format: int64 */
            iterations: number;
        };
        DesiredChangeCreateTopic: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "createTopic";
            topic: string;
            /** Format: int64 */
            partitions: number;
            /** Format: int64 */
            replicationFactor: number;
            configs: {
                [key: string]: string;
            };
        };
        DesiredChangeDeleteAcl: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "deleteAcl";
            binding: components["schemas"]["AclBinding"];
        };
        DesiredChangeDeleteQuota: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "deleteQuota";
            entity: components["schemas"]["QuotaEntity"][];
            values: {
                /** @enum {string} */
                key: "producer_byte_rate" | "consumer_byte_rate" | "request_percentage" | "controller_mutation_rate" | "connection_creation_rate";
                before?: number | null;
                /** @description null: removed */
                after?: number | null;
            }[];
        };
        DesiredChangeDeleteScramCredential: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "deleteScramCredential";
            user: string;
            mechanism: components["schemas"]["ScramMechanism"];
        };
        DesiredChangeDeleteTopic: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "deleteTopic";
            topic: string;
            /** Format: int64 */
            partitions: number;
        };
        DesiredChangeInput: components["schemas"]["DesiredChangeInputCreateTopic"] | components["schemas"]["DesiredChangeInputAddPartitions"] | components["schemas"]["DesiredChangeInputChangeReplicationFactor"] | components["schemas"]["DesiredChangeInputAlterTopicConfigs"] | components["schemas"]["DesiredChangeInputDeleteTopic"] | components["schemas"]["DesiredChangeInputCreateAcl"] | components["schemas"]["DesiredChangeInputDeleteAcl"] | components["schemas"]["DesiredChangeInputSetQuota"] | components["schemas"]["DesiredChangeInputDeleteQuota"] | components["schemas"]["DesiredChangeInputCreateScramCredential"] | components["schemas"]["DesiredChangeInputRotateScramCredential"] | components["schemas"]["DesiredChangeInputDeleteScramCredential"];
        DesiredChangeInputAddPartitions: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "addPartitions";
            topic: string;
            /** Format: int64 */
            before: number;
            /** Format: int64 */
            after: number;
        };
        DesiredChangeInputAlterTopicConfigs: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "alterTopicConfigs";
            topic: string;
            configs: {
                name: string;
                /** @description null: not set on the topic (a broker or Kafka default applies) */
                before: string | null;
                /** @description null: removed from the topic */
                after: string | null;
            }[];
        };
        DesiredChangeInputChangeReplicationFactor: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "changeReplicationFactor";
            topic: string;
            /** Format: int64 */
            before: number;
            /** Format: int64 */
            after: number;
        };
        DesiredChangeInputCreateAcl: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "createAcl";
            binding: components["schemas"]["AclBinding"];
        };
        DesiredChangeInputCreateScramCredential: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "createScramCredential";
            user: string;
            mechanism: components["schemas"]["ScramMechanism"];
            /** Format: int64 */
            iterations: number;
        };
        DesiredChangeInputCreateTopic: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "createTopic";
            topic: string;
            /** Format: int64 */
            partitions: number;
            /** Format: int64 */
            replicationFactor: number;
            configs: {
                [key: string]: string;
            };
        };
        DesiredChangeInputDeleteAcl: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "deleteAcl";
            binding: components["schemas"]["AclBinding"];
        };
        DesiredChangeInputDeleteQuota: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "deleteQuota";
            entity: components["schemas"]["QuotaEntityInput"][];
            values: {
                /** @enum {string} */
                key: "producer_byte_rate" | "consumer_byte_rate" | "request_percentage" | "controller_mutation_rate" | "connection_creation_rate";
                before: number | null;
                /** @description null: removed */
                after: number | null;
            }[];
        };
        DesiredChangeInputDeleteScramCredential: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "deleteScramCredential";
            user: string;
            mechanism: components["schemas"]["ScramMechanism"];
        };
        DesiredChangeInputDeleteTopic: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "deleteTopic";
            topic: string;
            /** Format: int64 */
            partitions: number;
        };
        DesiredChangeInputRotateScramCredential: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "rotateScramCredential";
            user: string;
            mechanism: components["schemas"]["ScramMechanism"];
            /** Format: int64 */
            iterations: number;
            /** @description Why: the iterations or the password version changed */
            reason: string;
        };
        DesiredChangeInputSetQuota: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "setQuota";
            entity: components["schemas"]["QuotaEntityInput"][];
            values: {
                /** @enum {string} */
                key: "producer_byte_rate" | "consumer_byte_rate" | "request_percentage" | "controller_mutation_rate" | "connection_creation_rate";
                before: number | null;
                /** @description null: removed */
                after: number | null;
            }[];
        };
        DesiredChangeRotateScramCredential: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "rotateScramCredential";
            user: string;
            mechanism: components["schemas"]["ScramMechanism"];
            /** Format: int64 */
            iterations: number;
            /** @description Why: the iterations or the password version changed */
            reason: string;
        };
        DesiredChangeSetQuota: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "setQuota";
            entity: components["schemas"]["QuotaEntity"][];
            values: {
                /** @enum {string} */
                key: "producer_byte_rate" | "consumer_byte_rate" | "request_percentage" | "controller_mutation_rate" | "connection_creation_rate";
                before?: number | null;
                /** @description null: removed */
                after?: number | null;
            }[];
        };
        DesiredDocument: components["schemas"]["DesiredScope"] | components["schemas"]["DesiredTopic"] | components["schemas"]["DesiredAcl"] | components["schemas"]["DesiredQuota"] | components["schemas"]["DesiredScramUser"];
        DesiredDocumentInput: components["schemas"]["DesiredScopeInput"] | components["schemas"]["DesiredTopicInput"] | components["schemas"]["DesiredAclInput"] | components["schemas"]["DesiredQuotaInput"] | components["schemas"]["DesiredScramUserInput"];
        DesiredFile: {
            path: string;
            documents: components["schemas"]["DesiredDocumentInput"][];
        };
        DesiredProblem: {
            file: string;
            /**
             * Format: int64
             * @description The document's index in its file, from 0
             */
            document: number;
            field?: string;
            message: string;
        };
        DesiredQuota: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "Quota";
            /** @description One type, or user and client-id */
            entity: components["schemas"]["QuotaEntity"][];
            /** @description The quota's values by key */
            values: {
                [key: string]: number;
            };
            /**
             * @description true: the resource is deleted (an irreversible plan, confirmed with the cluster's name)
             * @default false
             */
            deleted: boolean;
        };
        DesiredQuotaInput: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "Quota";
            /** @description One type, or user and client-id */
            entity: components["schemas"]["QuotaEntityInput"][];
            /** @description The quota's values by key */
            values: {
                [key: string]: number;
            };
            /**
             * @description true: the resource is deleted (an irreversible plan, confirmed with the cluster's name)
             * @default false
             */
            deleted?: boolean;
        };
        DesiredScope: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "Scope";
            topics: {
                /** @default [] */
                names: components["schemas"]["TopicName"][];
                /** @default [] */
                prefixes: string[];
            };
            /**
             * @description The ACL bindings of these principals
             * @default []
             */
            aclPrincipals: string[];
            /**
             * @description Quota entities, each as in a Quota document
             * @default []
             */
            quotaEntities: components["schemas"]["QuotaEntity"][][];
            /** @default [] */
            scramUsers: components["schemas"]["ScramUserName"][];
            /**
             * @description true: what the scope covers but no file declares is deleted (topics, ACLs, quotas, SCRAM credentials), and configs and quota values set but not declared are removed
             * @default false
             */
            prune: boolean;
        };
        DesiredScopeInput: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "Scope";
            topics?: {
                /** @default [] */
                names?: components["schemas"]["TopicName"][];
                /** @default [] */
                prefixes?: string[];
            };
            /**
             * @description The ACL bindings of these principals
             * @default []
             */
            aclPrincipals?: string[];
            /**
             * @description Quota entities, each as in a Quota document
             * @default []
             */
            quotaEntities?: components["schemas"]["QuotaEntityInput"][][];
            /** @default [] */
            scramUsers?: components["schemas"]["ScramUserName"][];
            /**
             * @description true: what the scope covers but no file declares is deleted (topics, ACLs, quotas, SCRAM credentials), and configs and quota values set but not declared are removed
             * @default false
             */
            prune?: boolean;
        };
        DesiredScramUser: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "ScramUser";
            name: components["schemas"]["ScramUserName"];
            mechanism: components["schemas"]["ScramMechanism"];
            /**
             * Format: int32
             * @default 8192
             */
            iterations: components["schemas"]["Int32"];
            /** @description Where the CLI reads the password (env or file); needed to create or rotate, never sent as part of the document */
            password?: components["schemas"]["PasswordRef"];
            /** @description Changed by the team to rotate: a credential is set again when its version differs from the last applied */
            passwordVersion?: unknown;
            /**
             * @description true: the resource is deleted (an irreversible plan, confirmed with the cluster's name)
             * @default false
             */
            deleted: boolean;
        };
        DesiredScramUserInput: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "ScramUser";
            name: components["schemas"]["ScramUserName"];
            mechanism: components["schemas"]["ScramMechanism"];
            /**
             * Format: int32
             * @default 8192
             */
            iterations?: components["schemas"]["Int32"];
            /** @description Where the CLI reads the password (env or file); needed to create or rotate, never sent as part of the document */
            password?: components["schemas"]["PasswordRef"];
            /** @description Changed by the team to rotate: a credential is set again when its version differs from the last applied */
            passwordVersion?: string | number;
            /**
             * @description true: the resource is deleted (an irreversible plan, confirmed with the cluster's name)
             * @default false
             */
            deleted?: boolean;
        };
        DesiredStateDriftResponse: {
            /** @description The last applied files, by path; empty: none applied */
            applied: components["schemas"]["AppliedDesiredFile"][];
            /** @description What applying the files again would change (empty: no drift), in the order it would be applied */
            changes: components["schemas"]["DesiredChange"][];
            /** @description Changes by kind */
            counts: {
                [key: string]: number;
            };
            /** @description Differences an apply cannot undo (partitions added by hand: Kafka cannot remove them) */
            problems: components["schemas"]["DesiredProblem"][];
        };
        DesiredStateExportResponse: {
            documents: components["schemas"]["DesiredDocument"][];
        };
        DesiredStatePlanRequest: {
            files: components["schemas"]["DesiredFile"][];
            /**
             * Format: int64
             * @description Replication throttle while a replication factor grows, bytes per second
             */
            throttleBytesPerSec?: number;
            /**
             * Format: int32
             * @description Partition moves in flight at once
             */
            maxConcurrentMoves?: number;
            /**
             * @description Write-only: the passwords the files' ScramUser references name, as the CLI resolved them; used to create or rotate a credential (salted here, never stored, answered or logged)
             * @default []
             */
            passwords?: {
                user: components["schemas"]["ScramUserName"];
                mechanism: components["schemas"]["ScramMechanism"];
                password: string;
            }[];
            /**
             * @description false: the changes only (kcp diff): no operation is planned, so nothing waits for a confirm or holds the autopilot back
             * @default true
             */
            createOperation?: boolean;
        };
        DesiredStatePlanResponse: {
            /** @description SHA-256 of the files as sent */
            digest: string;
            /** @description Every change, in the order it is applied; empty: nothing to do */
            changes: components["schemas"]["DesiredChange"][];
            /** @description Changes by kind */
            counts: {
                [key: string]: number;
            };
            /** @description Deletes or shrinks something: confirmed with the cluster's name typed back */
            irreversible: boolean;
            warnings: string[];
            /** @description The planned applyDesiredState operation; absent when nothing changes */
            operation?: components["schemas"]["Operation"];
        };
        DesiredTopic: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "Topic";
            name: components["schemas"]["TopicName"];
            /**
             * Format: int32
             * @description Partitions can be added, never removed (Kafka cannot)
             */
            partitions: components["schemas"]["Int32"];
            /**
             * Format: int32
             * @description Changed by a throttled reassignment, never by re-creating the topic
             */
            replicationFactor: components["schemas"]["Int16"];
            /** @description Topic-level configs; compared only with what is set on the topic itself, never with broker defaults */
            configs: {
                [key: string]: unknown;
            };
            /**
             * @description true: the resource is deleted (an irreversible plan, confirmed with the cluster's name)
             * @default false
             */
            deleted: boolean;
        };
        DesiredTopicInput: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "Topic";
            name: components["schemas"]["TopicName"];
            /**
             * Format: int32
             * @description Partitions can be added, never removed (Kafka cannot)
             */
            partitions: components["schemas"]["Int32"];
            /**
             * Format: int32
             * @description Changed by a throttled reassignment, never by re-creating the topic
             */
            replicationFactor: components["schemas"]["Int16"];
            /** @description Topic-level configs; compared only with what is set on the topic itself, never with broker defaults */
            configs?: {
                [key: string]: string | number | boolean;
            };
            /**
             * @description true: the resource is deleted (an irreversible plan, confirmed with the cluster's name)
             * @default false
             */
            deleted?: boolean;
        };
        DrainBrokersParams: {
            /** @description Brokers to move every replica and leadership off */
            brokers: components["schemas"]["BrokerId"][];
            /** @description Disk capacity per broker id, bytes, instead of what its log dirs report (free space plus Kafka's data, per dir) */
            capacityBytes?: {
                [key: string]: number;
            };
            /** @description Capacity goal: no broker's replicas above this % of its capacity, copies in flight counted (default 80) */
            maxDiskUsePercent?: number;
        };
        /** @description A whole number and s, m, h or d, e.g. 30s, 2m, 1h */
        Duration: string;
        ElectLeadersParams: {
            /**
             * @description unclean may lose committed data: irreversible
             * @enum {string}
             */
            electionType: "preferred" | "unclean";
            /** @description Omitted = every partition */
            partitions?: {
                topic: components["schemas"]["TopicName"];
                partition: components["schemas"]["Int32"];
            }[];
        };
        ErrorEnvelope: {
            error: {
                /** @enum {string} */
                code: "bad_request" | "validation_failed" | "unauthenticated" | "invalid_credentials" | "sso_failed" | "csrf_header_required" | "forbidden" | "approval_required" | "not_found" | "already_exists" | "conflict" | "binding_from_file" | "plan_expired" | "payload_too_large" | "confirmation_mismatch" | "capability_unavailable" | "invalid_request" | "version_unavailable" | "too_many_attempts" | "cluster_unreachable" | "kafka_error" | "sso_unavailable" | "kafka_timeout" | "not_ready" | "internal";
                /** @description Human-readable; names the field for validation_failed */
                message: string;
            };
        };
        Feature: {
            name: string;
            /** Format: int64 */
            finalized: number;
            /** Format: int64 */
            supportedMin: number;
            /** Format: int64 */
            supportedMax: number;
        };
        FigureListing: {
            name: components["schemas"]["FigureName"];
            /** @enum {string} */
            entity: "cluster" | "broker" | "logDir" | "topic" | "group" | "groupTopic";
            /** @enum {string} */
            unit: "bytes/s" | "messages/s" | "bytes" | "percent" | "partitions" | "messages" | "node";
            description: string;
        };
        FigureListResponse: {
            figures: components["schemas"]["FigureListing"][];
        };
        /** @enum {string} */
        FigureName: "cluster.bytesInPerSec" | "cluster.messagesInPerSec" | "cluster.bytesOutPerSec" | "cluster.messagesOutPerSec" | "cluster.dataBytes" | "cluster.underReplicatedPartitions" | "cluster.underMinIsrPartitions" | "cluster.offlinePartitions" | "cluster.activeController" | "cluster.quorumLag" | "cluster.maxGroupLag" | "cluster.totalGroupLag" | "broker.bytesInPerSec" | "broker.messagesInPerSec" | "broker.replicationBytesInPerSec" | "broker.dataBytes" | "broker.diskUsedBytes" | "broker.diskUsedPercent" | "broker.replicas" | "broker.leaders" | "logDir.dataBytes" | "logDir.usedPercent" | "topic.bytesInPerSec" | "topic.messagesInPerSec" | "topic.bytesOutPerSec" | "topic.messagesOutPerSec" | "topic.sizeBytes" | "group.lag" | "groupTopic.lag";
        FinalizeFeaturesParams: {
            /** @description Feature name to level (default: every feature to its supported maximum) */
            features?: {
                [key: string]: components["schemas"]["Int16"];
            };
        };
        /** @enum {string} */
        Flavor: "oss" | "managed-a" | "managed-b" | "managed-c";
        Freshness: {
            /** @description When a collection last wrote the view (a cluster never collected: when registered) */
            since: components["schemas"]["DateTime"];
            /**
             * Format: int64
             * @description How often the cluster should be collected
             */
            intervalSeconds: number;
            /** @description When the view turns stale unless collected again */
            staleAfter: components["schemas"]["DateTime"];
            /** @description Stale when answered: older than twice the interval plus the collection timeout */
            stale: boolean;
        };
        Group: {
            id: string;
            type: components["schemas"]["GroupType"];
            /** @description Kafka's own state name */
            state: string;
            protocolType: string;
            /** Format: int64 */
            members: number;
            lag: components["schemas"]["Int64"];
            topics?: string[] | null;
            /** @description Lag by topic (topics with committed offsets only) */
            topicLags?: {
                [key: string]: components["schemas"]["Int64"];
            };
            /** @description Committed offsets summed by topic: what the next collection measures consumption against */
            topicCommitted?: {
                [key: string]: components["schemas"]["Int64"];
            };
            error?: string;
        };
        GroupDetail: {
            group: string;
            type?: string;
            /** @description Kafka's own state name */
            state: string;
            protocolType: string;
            /** Format: int64 */
            members: number;
            totalLag: components["schemas"]["Int64"];
            error?: string;
            partitions: {
                topic: string;
                partition: components["schemas"]["Int32"];
                committed: components["schemas"]["Int64"];
                end: components["schemas"]["Int64"];
                lag: components["schemas"]["Int64"];
                member: string;
                clientId: string;
                host: string;
            }[];
        };
        GroupListing: {
            id: string;
            type: components["schemas"]["GroupType"];
            state: string;
            protocolType: string;
            /**
             * Format: int64
             * @description The broker coordinating the group
             */
            coordinator: number;
            /**
             * Format: int64
             * @description The group's total lag at the last collection (absent for a group the last collection did not see)
             */
            lag?: number;
            /** @description Present while the lag grows: for how long and how fast, from the history of the group's lag */
            lagGrowth?: components["schemas"]["LagGrowth"];
            /** @description The group's total lag over the last hour, oldest first, at most 30 points (a sparkline) */
            lagRecent?: number[];
        };
        GroupListResponse: {
            groups: components["schemas"]["GroupListing"][];
            /** Format: int64 */
            total: number;
        };
        /** @enum {string} */
        GroupType: "consumer" | "classic" | "share" | "streams";
        GuardRails: {
            /**
             * @description When the policy may act in auto mode (outside: it only proposes); none: any time
             * @default []
             */
            windows: components["schemas"]["MaintenanceWindow"][];
            /**
             * @description An IANA time zone, e.g. Europe/Berlin
             * @default UTC
             */
            timeZone: string;
            /**
             * Format: int64
             * @description An action whose plan moves more bytes is not started
             */
            maxBytesPerAction?: number;
            /**
             * Format: int64
             * @description Bytes the policy's actions may move in any 24 hours
             */
            maxBytesPer24h?: number;
            /**
             * @description After an action, how long the policy waits before the next
             * @default 30m
             */
            cooldown: components["schemas"]["Duration"];
            /**
             * @description Brokers the policy never acts on
             * @default []
             */
            excludeBrokers: components["schemas"]["BrokerId"][];
            /**
             * @description Topics the policy's actions never move
             * @default []
             */
            excludeTopics: string[];
            /**
             * Format: int32
             * @description Below this many alive, unfenced brokers the policy touches nothing
             * @default 0
             */
            minHealthyBrokers: number;
        };
        GuardRailsInput: {
            /**
             * @description When the policy may act in auto mode (outside: it only proposes); none: any time
             * @default []
             */
            windows?: components["schemas"]["MaintenanceWindow"][];
            /**
             * @description An IANA time zone, e.g. Europe/Berlin
             * @default UTC
             */
            timeZone?: string;
            /**
             * Format: int64
             * @description An action whose plan moves more bytes is not started
             */
            maxBytesPerAction?: number;
            /**
             * Format: int64
             * @description Bytes the policy's actions may move in any 24 hours
             */
            maxBytesPer24h?: number;
            /**
             * @description After an action, how long the policy waits before the next
             * @default 30m
             */
            cooldown?: components["schemas"]["Duration"];
            /**
             * @description Brokers the policy never acts on
             * @default []
             */
            excludeBrokers?: components["schemas"]["BrokerId"][];
            /**
             * @description Topics the policy's actions never move
             * @default []
             */
            excludeTopics?: string[];
            /**
             * Format: int32
             * @description Below this many alive, unfenced brokers the policy touches nothing
             * @default 0
             */
            minHealthyBrokers?: number;
        };
        Health: {
            /** @description The worst issue's severity; unreachable or unknown when nothing answered yet */
            status: components["schemas"]["HealthStatus"];
            issues: components["schemas"]["HealthIssue"][];
            /** Format: int64 */
            brokers?: number;
            /** Format: int64 */
            brokersAlive?: number;
            /** Format: int64 */
            brokersFenced?: number;
            /** Format: int64 */
            brokersCordoned?: number;
            /** Format: int64 */
            topics?: number;
            /** Format: int64 */
            partitions?: number;
            /** Format: int64 */
            offlinePartitions?: number;
            /** Format: int64 */
            underReplicated?: number;
            /** Format: int64 */
            underMinIsr?: number;
            /** Format: int64 */
            atMinIsr?: number;
            /** Format: int64 */
            reassigning?: number;
            /**
             * Format: int64
             * @description Node id of the quorum leader
             */
            quorumLeader?: number;
            /** Format: int64 */
            voters?: number;
            /** Format: int64 */
            votersLagging?: number;
            diskUsedPercentMax?: number;
            metadataVersion?: string;
            /**
             * Format: int64
             * @description Finalized kraft.version
             */
            quorumVersion?: number;
            /**
             * Format: int64
             * @description Differences between the cluster and its last applied desired state (absent: no desired state applied)
             */
            desiredStateDrift?: number;
        };
        HealthCounts: {
            /** Format: int64 */
            ok: number;
            /** Format: int64 */
            warning: number;
            /** Format: int64 */
            critical: number;
            /** Format: int64 */
            unreachable: number;
            /** Format: int64 */
            unknown: number;
        };
        HealthIssue: {
            severity: components["schemas"]["IssueSeverity"];
            code: components["schemas"]["HealthIssueCode"];
            /** @description Names the objects, e.g. '3 partitions of orders offline: orders-0, ...' */
            message: string;
        };
        /** @enum {string} */
        HealthIssueCode: "cluster_unreachable" | "offline_partitions" | "under_min_isr" | "no_quorum_leader" | "log_dir_failed" | "disk_critical" | "broker_down" | "cluster_identity_changed" | "under_replicated" | "at_min_isr" | "broker_fenced" | "voters_lagging" | "quorum_no_fault_tolerance" | "disk_high" | "collection_incomplete" | "desired_state_drift" | "reassignment_in_progress" | "broker_cordoned" | "features_finalizable" | "disk_imbalance" | "leader_imbalance";
        /** @enum {string} */
        HealthStatus: "ok" | "warning" | "critical" | "unreachable" | "unknown";
        Id: string;
        IncreasePartitionsRequest: {
            /**
             * Format: int32
             * @description The new total number of partitions
             */
            count: components["schemas"]["Int32"];
        };
        IncreasePartitionsResponse: {
            topic: string;
            /**
             * Format: int64
             * @description The new total
             */
            partitions: number;
        };
        /** Format: int32 */
        Int16: number;
        /** Format: int32 */
        Int32: number;
        /** Format: int64 */
        Int64: number;
        /** @enum {string} */
        IssueSeverity: "critical" | "warning" | "info";
        JvmOption: string;
        /** @description JVM options of the allow-list (docs/node-agent.md): -Xms/-Xmx/-Xmn/-Xss sizes, listed -XX flags and -XX:Name=value numbers, listed -D properties */
        JvmOptions: components["schemas"]["JvmOption"][];
        /** @description Which Strimzi Kafka resource owns the cluster (provider operator-managed only, and required there) */
        KubernetesSetting: {
            /** @description The namespace of the Kafka resource and its KafkaNodePools */
            namespace: string;
            /** @description The name of the Strimzi Kafka resource (kafka.strimzi.io/v1) */
            kafka: string;
            /** @description The kubeconfig context to use (default: its current-context) */
            context?: string;
        };
        Labels: {
            [key: string]: string;
        };
        LagGrowth: {
            /**
             * Format: int32
             * @description How long the lag has grown without falling (within the last hour: 3600 means at least an hour)
             */
            growingForSeconds: components["schemas"]["Int32"];
            /** @description Messages per second the lag grew by over that time */
            perSecond: number;
        };
        Load: {
            brokers: {
                /** Format: int64 */
                id: number;
                rack?: string;
                /** Format: int64 */
                replicas: number;
                /** Format: int64 */
                leaders: number;
                dataBytes: components["schemas"]["Int64"];
                bytesInPerSec?: number;
                excluded: boolean;
            }[];
            /** Format: int64 */
            replicaSpread: number;
            /** Format: int64 */
            leaderSpread: number;
            dataSpreadBytes: components["schemas"]["Int64"];
            score: number;
        };
        LogDir: {
            path: string;
            totalBytes?: components["schemas"]["Int64"];
            usableBytes?: components["schemas"]["Int64"];
            dataBytes: components["schemas"]["Int64"];
            cordoned?: boolean;
            error?: string;
        };
        LoginRequest: {
            username: string;
            /** Format: password */
            password: string;
        };
        LogoutResponse: {
            /** @description Always true. */
            loggedOut: boolean;
            /** @description For a user of an OpenID provider that offers it: where to end the session at the provider too */
            endSessionUrl?: string;
        };
        MaintenanceWindow: {
            /** @description The days the window opens on */
            days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
            /** @description HH:MM, 24-hour */
            start: string;
            /** @description HH:MM, 24-hour */
            end: string;
        };
        MigrateQuorumParams: Record<string, never>;
        Move: {
            topic: string;
            /** Format: int64 */
            partition: number;
            from: number[];
            to: number[];
            sizeBytes: components["schemas"]["Int64"];
            /** Format: int64 */
            replicaMoves: number;
            leaderChange: boolean;
        };
        MyAccessResponse: {
            username: string;
            /** @description The local user's own role, a binding on every cluster and resource (absent for a user of an identity provider); with an API token, capped at the token's role */
            role?: components["schemas"]["Role"];
            /** @description The identity provider the user signs in through (absent: a local user) */
            source?: components["schemas"]["SourceId"];
            /** @description The user's groups as of its last sign-in or refresh, each `<source>:<group>` */
            groups: string[];
            /** @description The bindings that apply to the user: its own and its groups'; with an API token, each role capped at the token's */
            bindings: components["schemas"]["RoleBinding"][];
        };
        NodePool: {
            name: string;
            roles: ("broker" | "controller")[];
            /**
             * Format: int64
             * @description Wanted (spec.replicas)
             */
            replicas: number;
            /** @description As the operator last reconciled it (status.replicas) */
            readyReplicas?: number | null;
            /** @description The node ids the operator gave the pool's nodes (status.nodeIds) */
            nodeIds: number[];
        };
        Operation: {
            id: components["schemas"]["Id"];
            clusterId: components["schemas"]["Id"];
            type: components["schemas"]["OperationType"];
            status: components["schemas"]["OperationStatus"];
            summary: string;
            params: {
                [key: string]: unknown;
            };
            plan: components["schemas"]["Plan"];
            details: {
                [key: string]: unknown;
            };
            irreversible: boolean;
            /** Format: int64 */
            currentStep: number;
            /** @description Set by pause/resume/cancel until the worker honours it */
            requestedAction?: components["schemas"]["RequestedAction"] | null;
            error?: string | null;
            createdBy: string;
            /** @description Who confirmed it; null while planned */
            confirmedBy?: string | null;
            /** @description Planned by the autopilot: why (docs/autopilot.md) */
            explanation?: components["schemas"]["OperationExplanation"];
            /** @description Four-eyes approval: present when a rule (APPROVAL_RULES_FILE) applies — another person than its planner confirms it (docs/identity.md) */
            approval?: components["schemas"]["OperationApproval"];
            createdAt: components["schemas"]["DateTime"];
            /** @description When the plan expires if not confirmed: createdAt + 15 minutes */
            expiresAt: components["schemas"]["DateTime"];
            /** Format: date-time */
            startedAt?: string | null;
            /** Format: date-time */
            finishedAt?: string | null;
            updatedAt: components["schemas"]["DateTime"];
            steps: components["schemas"]["Step"][];
        };
        OperationApproval: {
            /** @description Always true. */
            required: boolean;
            /** @description The rule that applies (the first of APPROVAL_RULES_FILE's that does) */
            rule: components["schemas"]["ApprovalRule"];
            /** @description Planned and not confirmed yet: awaiting approval by another person */
            awaiting: boolean;
            plannedBy: string;
            /** @description Who may approve (confirm) it, in words */
            approvers: string;
            /** @description Who confirmed it (never its planner); null while awaiting */
            approvedBy?: string | null;
        };
        OperationExplanation: {
            /** @description The policy that planned it (the operation's createdBy is autopilot:<policy>) */
            policy: string;
            /** @enum {string} */
            mode: "observe" | "propose" | "auto";
            anomaly: {
                id: components["schemas"]["Id"];
                /** @enum {string} */
                code: "broker_down" | "broker_fenced" | "disk_high" | "disk_imbalance" | "leader_imbalance" | "log_dir_failed" | "replicas_on_removed_broker";
                subject: string;
                message: string;
                facts: components["schemas"]["AnomalyFacts"];
                firstSeenAt: components["schemas"]["DateTime"];
            };
            /** @description The guard rails it passed, as checked */
            admitted: string[];
            /** @description Why the policy did not confirm it itself */
            proposedBecause?: components["schemas"]["AutopilotReason"];
        };
        OperationListResponse: {
            operations: components["schemas"]["Operation"][];
            /** @description Present when older operations match: pass it as before= */
            nextCursor?: string;
        };
        OperationMovesResponse: {
            moves: components["schemas"]["Move"][];
            /**
             * Format: int64
             * @description Moves of the plan, all pages
             */
            total: number;
        };
        /** @enum {string} */
        OperationStatus: "planned" | "pending" | "running" | "paused" | "succeeded" | "failed" | "cancelled";
        /** @enum {string} */
        OperationType: "rebalance" | "drainBrokers" | "electLeaders" | "cordonBrokers" | "uncordonBrokers" | "unregisterBrokers" | "addControllers" | "removeVoters" | "finalizeFeatures" | "migrateQuorum" | "restartNodes" | "upgradeVersion" | "provisionNodes" | "scaleNodePools" | "applyDesiredState";
        OperatorCondition: {
            /** @description e.g. Kafka orders, pool brokers */
            resource: string;
            type: string;
            status: string;
            reason?: string;
            message?: string;
        };
        OperatorStatus: {
            /** @constant */
            kind: "strimzi";
            /** @description namespace/name of the Kafka resource */
            resource: string;
            /** @description Reconciled and Ready: the operator can take a change now */
            ready: boolean;
            /** @description Why it is not ready */
            reasons: string[];
            /** @description spec.kafka.version */
            kafkaVersion?: string;
            /** @description spec.kafka.metadataVersion */
            metadataVersion?: string;
            conditions: components["schemas"]["OperatorCondition"][];
            pools: components["schemas"]["NodePool"][];
        };
        OverviewResponse: {
            clusters: components["schemas"]["ClusterView"][];
            /**
             * Format: int64
             * @description Clusters matching the filters (all pages)
             */
            total?: number;
            /** @description Clusters matching every filter but health, by health status */
            counts?: components["schemas"]["HealthCounts"];
            /**
             * Format: int64
             * @description Clusters matching the filters whose view is stale
             */
            stale?: number;
            /**
             * Format: int64
             * @description Registered clusters the caller's role bindings do not cover, left out of every figure above (absent for a caller who sees every cluster)
             */
            hidden?: number;
        };
        Partition: {
            id: components["schemas"]["Int32"];
            leader: components["schemas"]["Int32"];
            leaderEpoch: components["schemas"]["Int32"];
            replicas: number[];
            isr: number[];
            offline?: number[] | null;
            sizeBytes: components["schemas"]["Int64"];
            /** @description Size of each replica by broker id */
            replicaBytes?: {
                [key: string]: components["schemas"]["Int64"];
            } | null;
            /** @description The high watermark (ListOffsets latest): in a snapshot as collected (what the next collection measures growth against); in a topic's detail as read for that answer. Absent for a partition without a leader (or whose leader moved while it was read) */
            logEndOffset?: components["schemas"]["Int64"];
            /** @description Bytes appended per second, measured between this collection and the one before (absent on the first) */
            bytesInPerSec?: number;
            /** @description Messages appended per second (log-end offset growth), measured like bytesInPerSec */
            messagesInPerSec?: number;
            /** @description The log dir holding the replica, by broker id: only brokers with several log dirs (JBOD) */
            replicaLogDirs?: {
                [key: string]: string;
            };
            /** @description By broker id: the log dir a replica is being moved to (AlterReplicaLogDirs in progress) */
            futureLogDirs?: {
                [key: string]: string;
            };
        };
        /** Format: password */
        Password: string;
        PasswordRef: {
            env: string;
        } | {
            file: string;
        };
        PauseAutopilotRequest: {
            /** @description Pause for this cluster only (default: every cluster) */
            clusterId?: components["schemas"]["Id"];
            /** @description Why: shown with every refusal it causes and in the audit log */
            reason: string;
            /** @description Resume by itself at this time (default: until resumed) */
            until?: components["schemas"]["DateTime"];
        };
        Plan: {
            summary: string;
            warnings: string[];
            irreversible: boolean;
            moves?: components["schemas"]["Move"][];
            before?: components["schemas"]["Load"];
            after?: components["schemas"]["Load"];
            dataToMoveBytes?: components["schemas"]["Int64"];
            /** @description The least data any plan must move to reach the same replica spread: how close this plan is to the best */
            dataToMoveLowerBoundBytes?: components["schemas"]["Int64"];
            /** @description Per goal, the least data any plan must move to reach it */
            lowerBounds?: {
                /** @description The least data any plan must move to reach the replica spread (as above) */
                replicas: components["schemas"]["Int64"];
                /** @description The least data any plan must move to bring every broker into the disk band */
                disk: components["schemas"]["Int64"];
            };
            /** @description Each goal, hard then soft in priority order: met, improved, unchanged or impossible */
            goals?: {
                /** @enum {string} */
                goal: "replicas" | "leaders" | "disk" | "rack" | "capacity" | "topics" | "leaderBytesIn";
                /** @enum {string} */
                kind: "hard" | "soft";
                /** @enum {string} */
                status: "met" | "improved" | "unchanged" | "impossible";
                /** @description The goal's figure before the plan (lower is better; docs/operations.md) */
                before: number;
                /** @description The goal's figure once the plan has run */
                after: number;
                /** @description Why no plan can meet it */
                why?: string;
            }[];
            /**
             * Format: int64
             * @description How long the data movement should take: the bytes each broker receives and sends at the throttle (or an assumed rate), the concurrency limit; the summary says how
             */
            etaSeconds?: number;
            /**
             * Format: int64
             * @description How many moves the plan has: `moves` lists at most the first 1000; all of them page through GET /operations/{id}/moves
             */
            movesTotal?: number;
        };
        PlanOperationRequest: components["schemas"]["PlanOperationRequestRebalance"] | components["schemas"]["PlanOperationRequestDrainBrokers"] | components["schemas"]["PlanOperationRequestElectLeaders"] | components["schemas"]["PlanOperationRequestCordonBrokers"] | components["schemas"]["PlanOperationRequestUncordonBrokers"] | components["schemas"]["PlanOperationRequestUnregisterBrokers"] | components["schemas"]["PlanOperationRequestAddControllers"] | components["schemas"]["PlanOperationRequestRemoveVoters"] | components["schemas"]["PlanOperationRequestFinalizeFeatures"] | components["schemas"]["PlanOperationRequestMigrateQuorum"] | components["schemas"]["PlanOperationRequestRestartNodes"] | components["schemas"]["PlanOperationRequestUpgradeVersion"] | components["schemas"]["PlanOperationRequestProvisionNodes"] | components["schemas"]["PlanOperationRequestScaleNodePools"] | components["schemas"]["PlanOperationRequestApplyDesiredState"];
        PlanOperationRequestAddControllers: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "addControllers";
            params?: components["schemas"]["AddControllersParams"];
        };
        PlanOperationRequestApplyDesiredState: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "applyDesiredState";
            params?: components["schemas"]["ApplyDesiredStateParams"];
        };
        PlanOperationRequestCordonBrokers: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "cordonBrokers";
            params?: components["schemas"]["CordonBrokersParams"];
        };
        PlanOperationRequestDrainBrokers: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "drainBrokers";
            params?: components["schemas"]["DrainBrokersParams"];
        };
        PlanOperationRequestElectLeaders: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "electLeaders";
            params?: components["schemas"]["ElectLeadersParams"];
        };
        PlanOperationRequestFinalizeFeatures: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "finalizeFeatures";
            params?: components["schemas"]["FinalizeFeaturesParams"];
        };
        PlanOperationRequestMigrateQuorum: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "migrateQuorum";
            params?: components["schemas"]["MigrateQuorumParams"];
        };
        PlanOperationRequestProvisionNodes: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "provisionNodes";
            params?: components["schemas"]["ProvisionNodesParams"];
        };
        PlanOperationRequestRebalance: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "rebalance";
            params?: components["schemas"]["RebalanceParams"];
        };
        PlanOperationRequestRemoveVoters: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "removeVoters";
            params?: components["schemas"]["RemoveVotersParams"];
        };
        PlanOperationRequestRestartNodes: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "restartNodes";
            params?: components["schemas"]["RestartNodesParams"];
        };
        PlanOperationRequestScaleNodePools: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "scaleNodePools";
            params?: components["schemas"]["ScaleNodePoolsParams"];
        };
        PlanOperationRequestUncordonBrokers: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "uncordonBrokers";
            params?: components["schemas"]["UncordonBrokersParams"];
        };
        PlanOperationRequestUnregisterBrokers: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "unregisterBrokers";
            params?: components["schemas"]["UnregisterBrokersParams"];
        };
        PlanOperationRequestUpgradeVersion: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "upgradeVersion";
            params?: components["schemas"]["UpgradeVersionParams"];
        };
        Policy: {
            id: components["schemas"]["Id"];
            spec: components["schemas"]["PolicySpec"];
            createdAt: components["schemas"]["DateTime"];
            updatedAt: components["schemas"]["DateTime"];
        };
        PolicyListResponse: {
            /** @description Oldest first */
            policies: components["schemas"]["Policy"][];
        };
        PolicyResponse: {
            policy: components["schemas"]["Policy"];
        };
        PolicyScope: {
            clusterId: components["schemas"]["Id"];
        } | {
            /** @description Every cluster whose labels include all of these */
            labels: components["schemas"]["Labels"];
        };
        PolicySpec: {
            /** @description Unique; the actor of its actions is autopilot:<name> */
            name: string;
            /** @default true */
            enabled: boolean;
            scope: components["schemas"]["PolicyScope"];
            trigger: components["schemas"]["AutopilotTrigger"];
            action: {
                /** @enum {string} */
                type: "restartNodes" | "rebalance" | "electLeaders" | "drainBrokers";
                /**
                 * Format: int64
                 * @description rebalance: Kafka's replication throttle while its moves run, bytes per second
                 */
                throttleBytesPerSec?: number;
                /**
                 * Format: int32
                 * @description rebalance: partition moves in flight at once
                 */
                maxConcurrentMoves?: number;
            };
            /**
             * @default observe
             * @enum {string}
             */
            mode: "observe" | "propose" | "auto";
            guardRails: components["schemas"]["GuardRails"];
        };
        PolicySpecInput: {
            /** @description Unique; the actor of its actions is autopilot:<name> */
            name: string;
            /** @default true */
            enabled?: boolean;
            scope: components["schemas"]["PolicyScope"];
            trigger: components["schemas"]["AutopilotTriggerInput"];
            action: {
                /** @enum {string} */
                type: "restartNodes" | "rebalance" | "electLeaders" | "drainBrokers";
                /**
                 * Format: int64
                 * @description rebalance: Kafka's replication throttle while its moves run, bytes per second
                 */
                throttleBytesPerSec?: number;
                /**
                 * Format: int32
                 * @description rebalance: partition moves in flight at once
                 */
                maxConcurrentMoves?: number;
            };
            /**
             * @default observe
             * @enum {string}
             */
            mode?: "observe" | "propose" | "auto";
            guardRails?: components["schemas"]["GuardRailsInput"];
        };
        /** Format: int32 */
        Port: number;
        ProduceRequest: {
            /**
             * @description null = Kafka's default partitioner (murmur2 of the key, else spread)
             * @default null
             */
            partition?: components["schemas"]["Int32"] | null;
            /** @default null */
            key?: string | null;
            value: string;
            /** @default [] */
            headers?: {
                key: string;
                value: string;
            }[];
        };
        ProduceResponse: {
            partition: components["schemas"]["Int32"];
            offset: components["schemas"]["Int64"];
        };
        /** @enum {string} */
        Provider: "external" | "agent" | "container" | "operator-managed";
        ProviderNode: {
            /** Format: int64 */
            nodeId: number;
            /** @description The Kafka version it runs; while it is stopped, the version it starts with */
            version: string;
            /** @enum {string} */
            state: "running" | "stopped" | "starting" | "stopping";
        };
        ProvisionNodesParams: {
            /** @enum {string} */
            role: "broker" | "controller";
            /** Format: int32 */
            count: number;
        };
        Quorum: {
            /** Format: int64 */
            leaderId: number;
            /** Format: int64 */
            leaderEpoch: number;
            highWatermark: components["schemas"]["Int64"];
            voters: components["schemas"]["QuorumNode"][];
            observers: components["schemas"]["QuorumNode"][];
        };
        QuorumNode: {
            /** Format: int64 */
            nodeId: number;
            directoryId?: string;
            /** @enum {string} */
            role: "leader" | "follower" | "observer";
            logEndOffset: components["schemas"]["Int64"];
            lag: components["schemas"]["Int64"];
            lastFetchTimestamp: components["schemas"]["Int64"];
            lastCaughtUpTimestamp: components["schemas"]["Int64"];
            endpoints: {
                name: string;
                host: string;
                /** Format: int64 */
                port: number;
            }[];
        };
        QuotaEntity: {
            type: components["schemas"]["QuotaEntityType"];
            /** @description null = the default entity of the type */
            name?: string | null;
        };
        QuotaEntityInput: {
            type: components["schemas"]["QuotaEntityType"];
            /** @description null = the default entity of the type */
            name: string | null;
        };
        /** @enum {string} */
        QuotaEntityType: "user" | "client-id" | "ip";
        /** @enum {string} */
        QuotaKey: "producer_byte_rate" | "consumer_byte_rate" | "request_percentage" | "controller_mutation_rate" | "connection_creation_rate";
        QuotaListResponse: {
            quotas: components["schemas"]["QuotaResponse"][];
        };
        QuotaRequest: {
            entity: components["schemas"]["QuotaEntityInput"][];
            /** @description Quota values to set */
            set?: {
                [key: string]: number;
            };
            /**
             * @description Quota keys to remove
             * @default []
             */
            remove?: components["schemas"]["QuotaKey"][];
        } & (unknown & unknown & ({
            set: unknown;
        } | {
            remove: unknown;
        }) & unknown & unknown & unknown & unknown & unknown);
        QuotaResponse: {
            entity: {
                type: components["schemas"]["QuotaEntityType"];
                name?: string | null;
            }[];
            quotas: {
                [key: string]: number;
            };
        };
        Reassignment: {
            topic: string;
            partition: components["schemas"]["Int32"];
            replicas: number[];
            adding?: number[] | null;
            removing?: number[] | null;
        };
        RebalanceParams: {
            /** @description Target brokers (default: every broker) */
            brokers?: components["schemas"]["BrokerId"][];
            /** @description Brokers that keep no replica; none of them may also be in brokers */
            excludeBrokers?: components["schemas"]["BrokerId"][];
            /** @description The goals to pursue (default: all). Priority is fixed: hard rack, capacity (always enforced), then soft disk (band), replicas, leaders, topics, leaderBytesIn */
            goals?: ("replicas" | "leaders" | "disk" | "rack" | "capacity" | "topics" | "leaderBytesIn")[];
            /** @description Disk capacity per broker id, bytes, instead of what its log dirs report (free space plus Kafka's data, per dir) */
            capacityBytes?: {
                [key: string]: number;
            };
            /** @description Capacity goal: no broker's replicas above this % of its capacity, copies in flight counted (default 80) */
            maxDiskUsePercent?: number;
            /** @description Disk goal: each broker's data within ± this % of the capacity-weighted mean (default 10) */
            diskBandPercent?: number;
            /**
             * Format: int64
             * @description Replication throttle while moving, bytes per second
             */
            throttleBytesPerSec?: number;
            /**
             * Format: int32
             * @description Partition moves in flight at once
             */
            maxConcurrentMoves?: number;
        };
        RedirectResponse: {
            location: string;
        };
        RemoveVotersParams: {
            /** @description Each nodeId at most once */
            voters: {
                nodeId: components["schemas"]["BrokerId"];
                /** @description The node's metadata log directory id (base64url Uuid) */
                directoryId: string;
            }[];
        };
        /** @enum {string} */
        RequestedAction: "pause" | "resume" | "cancel";
        ResetOffsetsRequest: {
            topic: components["schemas"]["TopicName"];
            /** @description Omitted = every partition */
            partitions?: components["schemas"]["Int32"][];
            to: components["schemas"]["ResetTarget"];
            /** @description Unix milliseconds, for to=timestamp */
            timestamp?: components["schemas"]["Int64"];
            /** @description The offset (to=offset) or the signed delta (to=shift) */
            offset?: components["schemas"]["Int64"];
            /**
             * @description Only preview the new offsets
             * @default false
             */
            dryRun?: boolean;
        } & ({
            partitions?: unknown;
        } & unknown & unknown & unknown);
        ResetOffsetsResponse: {
            dryRun: boolean;
            offsets: {
                topic: string;
                partition: components["schemas"]["Int32"];
                from: components["schemas"]["Int64"];
                to: components["schemas"]["Int64"];
            }[];
        };
        /** @enum {string} */
        ResetTarget: "earliest" | "latest" | "timestamp" | "offset" | "shift";
        ResourcePattern: string;
        ResourceScope: {
            topics?: components["schemas"]["ResourcePattern"][];
            groups?: components["schemas"]["ResourcePattern"][];
            aclPrincipals?: components["schemas"]["ResourcePattern"][];
            scramUsers?: components["schemas"]["ResourcePattern"][];
        };
        RestartNodesParams: {
            /** @description Default: every node, one at a time */
            nodes?: components["schemas"]["BrokerId"][];
            /**
             * @description Wait for the cluster to be healthy before the next node
             * @default true
             */
            waitHealthy?: boolean;
        };
        ResumeAutopilotRequest: {
            /** @description Resume for this cluster (default: the service-wide pause) */
            clusterId?: components["schemas"]["Id"];
        };
        /** @enum {string} */
        Role: "viewer" | "operator" | "admin";
        RoleBinding: {
            subject: components["schemas"]["Subject"];
            role: components["schemas"]["Role"];
            clusters: components["schemas"]["ClusterScope"];
            resources?: components["schemas"]["ResourceScope"];
            team?: components["schemas"]["TeamName"];
            id: components["schemas"]["Id"];
            /** @enum {string} */
            origin: "api" | "file";
            createdAt: components["schemas"]["DateTime"];
            updatedAt: components["schemas"]["DateTime"];
        };
        RoleBindingListResponse: {
            /** @description The file's bindings first, in the file's order, then the API's */
            bindings: components["schemas"]["RoleBinding"][];
        };
        RoleBindingResponse: {
            binding: components["schemas"]["RoleBinding"];
        };
        RoleBindingSpec: {
            subject: components["schemas"]["Subject"];
            role: components["schemas"]["Role"];
            clusters: components["schemas"]["ClusterScope"];
            resources?: components["schemas"]["ResourceScope"];
            team?: components["schemas"]["TeamName"];
        };
        /** @enum {string} */
        SaslMechanism: "" | "PLAIN" | "SCRAM-SHA-256" | "SCRAM-SHA-512" | "CLOUD_IAM" | "OAUTHBEARER";
        ScaleNodePoolsParams: {
            pool: string;
            /**
             * Format: int32
             * @description The new number of nodes; fewer than now is irreversible
             */
            replicas: number;
        };
        ScramCredentialInfo: {
            mechanism: components["schemas"]["ScramMechanism"];
            iterations: components["schemas"]["Int32"];
        };
        ScramCredentialRequest: {
            /** @description Write-only: the salted password is computed here and sent to Kafka */
            password: string;
            /**
             * Format: int32
             * @description 4096-16384, default 8192
             * @default 8192
             */
            iterations?: components["schemas"]["Int32"];
        };
        /** @enum {string} */
        ScramMechanism: "SCRAM-SHA-256" | "SCRAM-SHA-512";
        ScramUser: {
            user: string;
            /** @description One per mechanism the user has a credential for */
            credentials: components["schemas"]["ScramCredentialInfo"][];
        };
        ScramUserListResponse: {
            /** @description By name */
            users: components["schemas"]["ScramUser"][];
        };
        ScramUserName: string;
        Secrets: {
            /**
             * Format: password
             * @description SASL password of PLAIN and SCRAM
             */
            password?: string;
            /** @description Client certificate (PEM) for mutual TLS */
            tlsClientCertPem?: string;
            /** @description Private key (PEM) of the client certificate */
            tlsClientKeyPem?: string;
            /** @description CLOUD_IAM key id (default: the signer's credential chain) */
            cloudAccessKeyId?: string;
            /** Format: password */
            cloudSecretAccessKey?: string;
            /** Format: password */
            cloudSessionToken?: string;
            /**
             * Format: password
             * @description Bearer token of OAUTHBEARER
             */
            oauthToken?: string;
            /**
             * Format: password
             * @description A kubeconfig (YAML or JSON) for the Kubernetes API of an operator-managed cluster; without it, the service's own service account
             */
            kubeconfig?: string;
        } & (unknown & unknown & unknown & unknown & unknown);
        SecretsPatch: {
            password?: string | null;
            tlsClientCertPem?: string | null;
            tlsClientKeyPem?: string | null;
            cloudAccessKeyId?: string | null;
            cloudSecretAccessKey?: string | null;
            cloudSessionToken?: string | null;
            oauthToken?: string | null;
            kubeconfig?: string | null;
        };
        Security: {
            protocol: components["schemas"]["SecurityProtocol"];
            /**
             * @description "" = no SASL (PLAINTEXT and SSL)
             * @default
             */
            saslMechanism?: components["schemas"]["SaslMechanism"];
            /** @description SASL username of PLAIN and SCRAM */
            username?: string;
            /** @description Host name to verify the brokers' certificates against (SNI) */
            tlsServerName?: string;
            /** @description Do not verify the brokers' certificates (tests only) */
            tlsInsecureSkipVerify?: boolean;
            /** @description CA certificates (PEM) to trust instead of the system's */
            tlsCaCertPem?: string;
            /** @description Region of the cloud IAM signer (CLOUD_IAM) */
            cloudRegion?: string;
        } & (unknown & unknown & unknown & unknown);
        /** @enum {string} */
        SecurityProtocol: "PLAINTEXT" | "SSL" | "SASL_PLAINTEXT" | "SASL_SSL";
        SecurityView: {
            protocol: components["schemas"]["SecurityProtocol"];
            saslMechanism?: components["schemas"]["SaslMechanism"];
            /** @description SASL username of PLAIN and SCRAM */
            username?: string;
            /** @description Host name to verify the brokers' certificates against (SNI) */
            tlsServerName?: string;
            /** @description Do not verify the brokers' certificates (tests only) */
            tlsInsecureSkipVerify?: boolean;
            /** @description CA certificates (PEM) to trust instead of the system's */
            tlsCaCertPem?: string;
            /** @description Region of the cloud IAM signer (CLOUD_IAM) */
            cloudRegion?: string;
        };
        SeriesPoint: {
            /** @description Start of the point's step */
            at: components["schemas"]["DateTime"];
            /** @description Mean of the values measured in the step */
            value: number;
            min: number;
            max: number;
        };
        SeriesResponse: {
            figure: components["schemas"]["FigureName"];
            /** @enum {string} */
            unit: "bytes/s" | "messages/s" | "bytes" | "percent" | "partitions" | "messages" | "node";
            /** @description What the figure is of; empty for cluster figures */
            entity: string;
            from: components["schemas"]["DateTime"];
            to: components["schemas"]["DateTime"];
            /**
             * Format: int32
             * @description Seconds per point
             */
            step: components["schemas"]["Int32"];
            /**
             * @description What the points were computed from: each collection's values (last 24 h), 10-minute or hourly summaries (30 days)
             * @enum {string}
             */
            resolution: "collection" | "10m" | "1h";
            /** @description Oldest first; steps without a measurement are left out */
            points: components["schemas"]["SeriesPoint"][];
        };
        Session: {
            user: components["schemas"]["User"];
            token: string;
            expiresAt: components["schemas"]["DateTime"];
        };
        SessionState: {
            /** @description The user of the session or token sent; null when none was sent or it is no longer valid */
            user?: components["schemas"]["User"] | null;
        };
        Settings: {
            agents?: components["schemas"]["AgentsSetting"];
            container?: components["schemas"]["ContainerSetting"];
            kubernetes?: components["schemas"]["KubernetesSetting"];
            /** @description Broker software version (container and agent clusters) */
            version?: string;
            /**
             * Format: int32
             * @description First port of a container cluster's nodes
             */
            portBase?: components["schemas"]["Int32"];
            /**
             * Format: int32
             * @description How often the collector reads the cluster (default 30)
             */
            collectionIntervalSeconds?: number;
        } & {
            [key: string]: unknown;
        };
        ShownData: {
            /** @enum {string} */
            encoding: "text" | "json" | "base64" | "omitted";
            data: unknown;
            bytes: components["schemas"]["Int32"];
        };
        Snapshot: {
            collectedAt: components["schemas"]["DateTime"];
            /** @description When each part that changes rarely was read (it is read less often than the rest, whose time is collectedAt, and at once after a write through the service): topicConfigs, brokerConfigs, desiredStateDrift */
            partsCollectedAt?: {
                [key: string]: components["schemas"]["DateTime"];
            };
            durationMs: components["schemas"]["Int64"];
            clusterId: string;
            brokers: components["schemas"]["Broker"][];
            quorum?: components["schemas"]["Quorum"];
            features: components["schemas"]["Feature"][];
            topics: components["schemas"]["Topic"][];
            reassignments: components["schemas"]["Reassignment"][];
            groups: components["schemas"]["Group"][];
            /** @description Each node as the cluster's provider reports it (agent clusters: the agents' nodes of settings.agents, by id); absent when the provider was not asked (external clusters) or no agent answered */
            providerNodes?: components["schemas"]["ProviderNode"][];
            /** @description What the cluster's operator reports (operator-managed clusters): readiness, status conditions and node pools */
            operator?: components["schemas"]["OperatorStatus"];
            errors: string[];
        };
        SourceId: string;
        SsoCliTokenRequest: {
            /** @description The one-time code the callback sent to the command line's listener */
            code: string;
            /** @description The PKCE verifier (RFC 7636) whose S256 challenge the sign-in was started with */
            verifier: string;
        };
        Step: {
            /** Format: int64 */
            index: number;
            name: string;
            kind: string;
            args: unknown;
            alwaysRun: boolean;
            status: components["schemas"]["StepStatus"];
            detail?: unknown;
            error?: string;
            /** Format: date-time */
            startedAt?: string | null;
            /** Format: date-time */
            finishedAt?: string | null;
        };
        /** @enum {string} */
        StepStatus: "pending" | "running" | "succeeded" | "failed" | "skipped";
        StringMap: {
            [key: string]: string;
        };
        Subject: components["schemas"]["SubjectUser"] | components["schemas"]["SubjectGroup"];
        SubjectGroup: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "group";
            source: components["schemas"]["SourceId"];
            group: string;
        };
        SubjectUser: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "user";
            username: string;
        };
        Team: {
            name: components["schemas"]["TeamName"];
            bindings: components["schemas"]["RoleBinding"][];
        };
        TeamListResponse: {
            /** @description By name */
            teams: components["schemas"]["Team"][];
        };
        TeamName: string;
        Topic: {
            name: string;
            id: string;
            internal: boolean;
            /** Format: int64 */
            replicationFactor: number;
            /** Format: int64 */
            minInsyncReplicas: number;
            configs: components["schemas"]["StringMap"];
            sizeBytes: components["schemas"]["Int64"];
            partitions: components["schemas"]["Partition"][];
            /** @description Its partitions' bytesInPerSec summed; absent until measured */
            bytesInPerSec?: number;
            /** @description Its partitions' messagesInPerSec summed */
            messagesInPerSec?: number;
            error?: string;
        };
        TopicConfigChangeResponse: {
            topic: string;
            set: components["schemas"]["StringMap"];
            deleted: string[];
        };
        TopicConfigsResponse: {
            topic: string;
            configs: components["schemas"]["ConfigEntry"][];
        };
        TopicListResponse: {
            topics: components["schemas"]["TopicSummary"][];
            /**
             * Format: int64
             * @description Topics matching, all pages
             */
            total: number;
        };
        TopicName: string;
        TopicSummary: {
            name: string;
            id: string;
            internal: boolean;
            /** Format: int64 */
            partitions: number;
            /** Format: int64 */
            replicationFactor: number;
            /** Format: int64 */
            minInsyncReplicas: number;
            /** @description Sum of the partitions' sizes (the leader's replica of each) */
            sizeBytes: components["schemas"]["Int64"];
            /** Format: int64 */
            underReplicatedPartitions: number;
            /** Format: int64 */
            underMinIsrPartitions: number;
            /**
             * Format: int64
             * @description Partitions without a leader
             */
            offlinePartitions: number;
            /** @description Bytes appended per second, measured between the cluster's last two collections; absent until then */
            bytesInPerSec?: number;
            /** @description Messages appended per second, measured likewise */
            messagesInPerSec?: number;
        };
        UncordonBrokersParams: components["schemas"]["CordonBrokersParams"];
        UnregisterBrokersParams: {
            /** @description Brokers holding no replica, shut down or fenced */
            brokers: components["schemas"]["BrokerId"][];
        };
        UpdateUserRequest: {
            role?: components["schemas"]["Role"];
            disabled?: boolean;
            password?: components["schemas"]["Password"];
        };
        UpgradeVersionParams: {
            version: string;
            /**
             * @description Also finalize the new metadata version: irreversible
             * @default false
             */
            finalize?: boolean;
        };
        User: {
            id: components["schemas"]["Id"];
            username: string;
            role: components["schemas"]["Role"];
            disabled: boolean;
            createdAt: components["schemas"]["DateTime"];
            updatedAt: components["schemas"]["DateTime"];
        };
        UserListResponse: {
            users: components["schemas"]["User"][];
        };
        Username: string;
        UserResponse: {
            user: components["schemas"]["User"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document of this API, made from the same schemas that validate requests */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        openapi: string;
                        info: {
                            title: string;
                            version: string;
                        } & {
                            [key: string]: unknown;
                        };
                        paths: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description Log in: a session token, also set as the service_session cookie */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_credentials: Invalid username or password */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description too_many_attempts: Too many failed login attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Log out: the session is revoked on every instance; a user of an OpenID provider also gets the provider's end-session URL */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LogoutResponse"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    probeSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether the request carries a valid session or token: its user, or null (200 either way, so a page that asks on load logs no error) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionState"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user of the session */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listAuthProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The identity providers one can sign in through (for the console's Sign in with … buttons) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthProvidersResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    startSso: {
        parameters: {
            query?: {
                /** @description A path of this service (/…) to land on after the sign-in */
                returnTo?: string;
                /** @description A sign-in of the command line: the port (1024-65535) of its listener on 127.0.0.1, where the callback sends the one-time code (with challenge) */
                cli?: number;
                /** @description With cli: BASE64URL(SHA-256(verifier)) of the command line's PKCE verifier (RFC 7636 S256) */
                challenge?: string;
            };
            header?: never;
            path: {
                /** @description The OpenID provider's id (OIDC_PROVIDERS_FILE) */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sign in through an OpenID provider: a redirect to it (authorization code with PKCE S256, state and nonce); it comes back to the callback (for the command line, cli and challenge: then to its loopback listener with a one-time code) */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RedirectResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description too_many_attempts: Too many failed login attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description sso_unavailable: The identity provider did not answer in time */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    finishSso: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                iss?: string;
                error?: string;
                error_description?: string;
            };
            header?: never;
            path: {
                /** @description The OpenID provider's id (OIDC_PROVIDERS_FILE) */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where the OpenID provider sends the browser back: the code exchanged, the ID token checked, the session made (service_session cookie), then a redirect to returnTo; for a sign-in of the command line, no cookie but a redirect to http://127.0.0.1:<cli>/callback with a one-time code */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RedirectResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description sso_failed: The sign-in through the identity provider failed */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description sso_unavailable: The identity provider did not answer in time */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    exchangeSsoCliCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SsoCliTokenRequest"];
            };
        };
        responses: {
            /** @description The command line's sign-in through an OpenID provider: its one-time code and PKCE verifier exchanged for a session token (kcp login --sso) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description sso_failed: The sign-in through the identity provider failed */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    ldapLogin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The LDAP provider's id (LDAP_PROVIDERS_FILE) */
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            /** @description Log in through an LDAP or Active Directory provider: a session token, also set as the service_session cookie */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_credentials: Invalid username or password */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description too_many_attempts: Too many failed login attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description sso_unavailable: The identity provider did not answer in time */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List users */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserListResponse"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUserRequest"];
            };
        };
        responses: {
            /** @description Create a user */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description already_exists: Already exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserRequest"];
            };
        };
        responses: {
            /** @description Change a user's role, disabled flag or password; disabling or a new password revokes their sessions, disabling also their API tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listRoleBindings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every role binding: the bindings file's (read-only here) and the API's */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleBindingListResponse"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createRoleBinding: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleBindingSpec"];
            };
        };
        responses: {
            /** @description Give a role on a scope (clusters, optionally resources by pattern) to a user or a group */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleBindingResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getRoleBinding: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One role binding */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleBindingResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    replaceRoleBinding: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleBindingSpec"];
            };
        };
        responses: {
            /** @description Replace a role binding made through the API (the bindings file's are changed in the file) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleBindingResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description binding_from_file: The role binding comes from the bindings file: change it there */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteRoleBinding: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a role binding made through the API (the bindings file's are removed from the file) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleBindingResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description binding_from_file: The role binding comes from the bindings file: change it there */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTeams: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The teams: each name the bindings give, with its bindings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamListResponse"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMyAccess: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's access: its local role, its groups, and the bindings that apply to it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyAccessResponse"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTokens: {
        parameters: {
            query?: {
                /** @description Admin only: the tokens of this user (default: every user's) */
                username?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List API tokens not revoked (never their secrets): one's own, or an admin's view of everyone's */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiTokenListResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiTokenRequest"];
            };
        };
        responses: {
            /** @description Create an API token (the secret is in this answer only); role at most the creator's and the owner's */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiTokenResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoke an API token (one's own, or any as admin): refused at once on every instance */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiTokenResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getOverview: {
        parameters: {
            query?: {
                /** @description Label selector, Kubernetes style: comma-separated requirements, all met — key=value, key!=value, key (set), !key (not set); e.g. env=prod,team!=payments */
                labels?: string;
                /** @description Health statuses, comma-separated (ok, warning, critical, unreachable, unknown): clusters in any of them */
                health?: string;
                /** @description Providers, comma-separated (external, agent, container, operator-managed): clusters of any of them */
                provider?: string;
                /** @description Part of the cluster's name, case-insensitive: clusters whose name contains it */
                name?: string;
                /** @description true: only clusters whose view is stale (see freshness); false: only fresh ones */
                stale?: "true" | "false";
                /** @description name (default), worst (critical, unreachable, warning, unknown, ok; then by issue count), stalest (oldest view first), newest (most recently registered first) */
                sort?: "name" | "worst" | "stalest" | "newest";
                /** @description How many clusters to return (1-5000; default: all that match) */
                limit?: number;
                /** @description How many matching clusters to skip (default 0) */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The registered clusters' latest views (no snapshots; no Kafka call), filtered, sorted and paged as asked: each with its freshness, with the total, the counts by health and the stale count */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OverviewResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listClusters: {
        parameters: {
            query?: {
                /** @description Label selector, Kubernetes style: comma-separated requirements, all met — key=value, key!=value, key (set), !key (not set); e.g. env=prod,team!=payments */
                labels?: string;
                /** @description Health statuses, comma-separated (ok, warning, critical, unreachable, unknown): clusters in any of them */
                health?: string;
                /** @description Providers, comma-separated (external, agent, container, operator-managed): clusters of any of them */
                provider?: string;
                /** @description Part of the cluster's name, case-insensitive: clusters whose name contains it */
                name?: string;
                /** @description true: only clusters whose view is stale (see freshness); false: only fresh ones */
                stale?: "true" | "false";
                /** @description name (default), worst (critical, unreachable, warning, unknown, ok; then by issue count), stalest (oldest view first), newest (most recently registered first) */
                sort?: "name" | "worst" | "stalest" | "newest";
                /** @description How many clusters to return (1-5000; default: all that match) */
                limit?: number;
                /** @description How many matching clusters to skip (default 0) */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Same parameters and payload as the overview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OverviewResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    registerCluster: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectionProfile"];
            };
        };
        responses: {
            /** @description Register a cluster (its connection is tested first unless skipTest) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClusterView"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description already_exists: Already exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description too_many_attempts: Too many failed login attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    testClusterConnection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectionProfile"];
            };
        };
        responses: {
            /** @description Test a connection profile without saving it (a failure is a result: ok false) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectionTestResult"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description too_many_attempts: Too many failed login attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getCluster: {
        parameters: {
            query?: {
                /** @description full (default): the view with its latest snapshot; none: without it — health and capabilities only, a few kilobytes where a snapshot of 50,000 partitions is tens of megabytes */
                snapshot?: "full" | "none";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One cluster's latest view with its freshness, and its snapshot unless snapshot=none */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClusterView"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deregisterCluster: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Forget a cluster (its view and schedule too); the Kafka cluster itself is not touched */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteClusterResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateCluster: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClusterPatch"];
            };
        };
        responses: {
            /** @description Change a cluster's profile, labels or settings; secrets are replaced only when given, and given again when the reach changes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClusterView"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description already_exists: Already exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description too_many_attempts: Too many failed login attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    refreshCluster: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Collect a new snapshot now and return the fresh view */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClusterView"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    confirmClusterIdentity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmIdentityRequest"];
            };
        };
        responses: {
            /** @description Accept the Kafka cluster the bootstrap servers now reach (cluster_identity_changed) as this cluster: writes and operations resume */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClusterView"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_request: The request cannot be carried out; confirmation_mismatch: The confirmation does not match the cluster name */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listTopics: {
        parameters: {
            query?: {
                /** @description Only topics whose name contains this */
                search?: string;
                /** @description false: leave Kafka's internal topics out */
                internal?: "true" | "false";
                /** @description How many topics to return (1-1000, default 100) */
                limit?: number;
                /** @description How many topics to skip */
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of topics by name with partition count, size and partition health */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TopicListResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createTopic: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTopicRequest"];
            };
        };
        responses: {
            /** @description Create a topic (0 partitions or replication factor = the broker default) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateTopicResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state; already_exists: Already exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getTopic: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                topic: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One topic with its configs, partitions (leader, replicas, ISR) and replica sizes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Topic"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteTopic: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                topic: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeleteTopicRequest"];
            };
        };
        responses: {
            /** @description Delete a topic and its data (irreversible: confirmName must repeat the topic's name; Kafka's internal topics are refused) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteTopicResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out; confirmation_mismatch: The confirmation does not match the cluster name */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    browseMessages: {
        parameters: {
            query?: {
                /** @description One partition; absent = every partition of the topic */
                partition?: number;
                /** @description Where to start: beginning (log start), end (the newest `limit` messages), offset (needs `offset`), timestamp (needs `timestamp`; the first message at or after it) */
                from?: "beginning" | "end" | "offset" | "timestamp";
                /** @description from=offset: the first offset to read (with every partition: in each of them, clamped into its log) */
                offset?: number;
                /** @description from=timestamp: Unix milliseconds or an ISO 8601 date-time (e.g. 2026-11-23T10:00:00Z) */
                timestamp?: string;
                /** @description How many messages to return (1-500, default 50) */
                limit?: number;
                /** @description Cap on the shown keys, values and headers of the page, in bytes (default 1 MiB, at most 4 MiB) */
                maxBytes?: number;
                /** @description Only messages whose key or value contains this (UTF-8 bytes, case-sensitive) */
                filter?: string;
                /** @description The most messages read to fill the page (default 10,000, at most 100,000): bounds a filter's scan */
                maxScan?: number;
                /** @description `cursor` of a previous page: continue where it stopped */
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
                topic: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A bounded page of a topic's messages (keys, values and headers as text, JSON or base64), read without a consumer group; audited */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrowseMessagesResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    produceMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                topic: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProduceRequest"];
            };
        };
        responses: {
            /** @description Produce one message (partition null = Kafka's default partitioner) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProduceResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    increasePartitions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                topic: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IncreasePartitionsRequest"];
            };
        };
        responses: {
            /** @description Increase the partition count to a new total */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IncreasePartitionsResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getTopicConfigs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                topic: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every config of a topic with its value and source (sensitive values never shown) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TopicConfigsResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    alterTopicConfigs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                topic: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfigChangeRequest"];
            };
        };
        responses: {
            /** @description Set and delete topic configs (incremental; unknown keys are refused by name) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TopicConfigChangeResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBrokerConfigs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                broker: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every config of a broker with its value, source and whether it is dynamic (sensitive values never shown) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrokerConfigsResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    alterBrokerConfigs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                broker: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfigChangeRequest"];
            };
        };
        responses: {
            /** @description Set and delete dynamic broker configs (incremental; unknown and static keys are refused by name) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrokerConfigChangeResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listQuotas: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every entity with quota values set on it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuotaListResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    setQuotas: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuotaRequest"];
            };
        };
        responses: {
            /** @description Set or remove quota values of a user, client id or ip (name null = the default entity) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuotaResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listAcls: {
        parameters: {
            query?: {
                resourceType?: "TOPIC" | "GROUP" | "CLUSTER" | "TRANSACTIONAL_ID" | "DELEGATION_TOKEN" | "USER";
                resourceName?: string;
                patternType?: "LITERAL" | "PREFIXED" | "ANY" | "MATCH";
                principal?: string;
                host?: string;
                operation?: "ALL" | "READ" | "WRITE" | "CREATE" | "DELETE" | "ALTER" | "DESCRIBE" | "CLUSTER_ACTION" | "DESCRIBE_CONFIGS" | "ALTER_CONFIGS" | "IDEMPOTENT_WRITE" | "CREATE_TOKENS" | "DESCRIBE_TOKENS" | "TWO_PHASE_COMMIT";
                permission?: "ALLOW" | "DENY";
                /** @description How many bindings to return (1-1000, default 100) */
                limit?: number;
                /** @description How many bindings to skip */
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ACL bindings matching a filter (absent fields match anything), a page at a time */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AclListResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createAcls: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AclBinding"];
            };
        };
        responses: {
            /** @description Create an ACL binding */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateAclResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteAcls: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AclBinding"];
            };
        };
        responses: {
            /** @description Delete the ACL bindings equal to the body (deleting nothing is not an error) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteAclResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listScramUsers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every user with a SCRAM credential, by name, with each credential's mechanism and iterations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScramUserListResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getScramUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                user: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One SCRAM user's mechanisms and iterations (404 when the user has no credential) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScramUser"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    setScramCredential: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                user: string;
                mechanism: "SCRAM-SHA-256" | "SCRAM-SHA-512";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ScramCredentialRequest"];
            };
        };
        responses: {
            /** @description Create or replace the user's credential for one mechanism (the password is write-only; the salt is generated here) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScramUser"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteScramCredential: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                user: string;
                mechanism: "SCRAM-SHA-256" | "SCRAM-SHA-512";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete the user's credential for one mechanism (404 when there is none); answers the credentials left */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScramUser"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listGroups: {
        parameters: {
            query?: {
                /** @description Only groups whose id contains this */
                search?: string;
                type?: "consumer" | "classic" | "share" | "streams";
                /** @description Kafka's state name, e.g. Empty, Stable */
                state?: string;
                /** @description How many groups to return (1-1000, default 100) */
                limit?: number;
                /** @description How many groups to skip */
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of groups of every type by id, with type, state and coordinator (members and lag: the detail) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupListResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                group: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A group of any type with per-partition committed offset, log end, lag and owning member */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupDetail"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    resetGroupOffsets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                group: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetOffsetsRequest"];
            };
        };
        responses: {
            /** @description Reset the committed offsets of an empty group (dryRun previews them) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResetOffsetsResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered; kafka_error: Kafka refused the request */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listFigures: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures whose history is kept, each with what it is of, its unit and its meaning */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FigureListResponse"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSeries: {
        parameters: {
            query: {
                /** @description A figure of the catalogue (GET /series/figures) */
                figure: "cluster.bytesInPerSec" | "cluster.messagesInPerSec" | "cluster.bytesOutPerSec" | "cluster.messagesOutPerSec" | "cluster.dataBytes" | "cluster.underReplicatedPartitions" | "cluster.underMinIsrPartitions" | "cluster.offlinePartitions" | "cluster.activeController" | "cluster.quorumLag" | "cluster.maxGroupLag" | "cluster.totalGroupLag" | "broker.bytesInPerSec" | "broker.messagesInPerSec" | "broker.replicationBytesInPerSec" | "broker.dataBytes" | "broker.diskUsedBytes" | "broker.diskUsedPercent" | "broker.replicas" | "broker.leaders" | "logDir.dataBytes" | "logDir.usedPercent" | "topic.bytesInPerSec" | "topic.messagesInPerSec" | "topic.bytesOutPerSec" | "topic.messagesOutPerSec" | "topic.sizeBytes" | "group.lag" | "groupTopic.lag";
                /** @description What the figure is of: a broker id, `broker:path` of a log dir, a topic, a group, `group|topic`; left out for cluster figures */
                entity?: string;
                /** @description Start of the range (ISO 8601; default: an hour before `to`) */
                from?: string;
                /** @description End of the range (ISO 8601; default: now) */
                to?: string;
                /** @description Seconds per point (default: the range in 300 points, at least 10 s); raised to a multiple of 10 minutes or an hour where the range is read from summaries; at most 1,000 points per answer */
                step?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A figure's history over a range: each step's mean, min and max, from the store (each collection's values for the last 24 h, 10-minute summaries for 30 days); at most 1,000 points */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listOperations: {
        parameters: {
            query?: {
                /** @description How many entries to return, newest first (1-1000, default 100) */
                limit?: number;
                /** @description Only operations in these statuses, comma-separated (e.g. running,paused) */
                status?: string;
                /** @description The nextCursor of the previous page: the operations created before its last one */
                before?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cluster's operations, newest first, by status, a page at a time (before = nextCursor) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperationListResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    planOperation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlanOperationRequest"];
            };
        };
        responses: {
            /** @description Plan an operation (a dry run from a fresh snapshot; nothing changes until it is confirmed) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Operation"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description capability_unavailable: The action is not available for this cluster; invalid_request: The request cannot be carried out; version_unavailable: The cluster's nodes cannot obtain that version */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getOperation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                op: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One operation with its plan and steps (at most the first 1000 moves: the rest through /moves) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Operation"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listOperationMoves: {
        parameters: {
            query?: {
                /** @description How many moves to return (1-1000, default 100) */
                limit?: number;
                /** @description How many moves to skip */
                offset?: number;
            };
            header?: never;
            path: {
                op: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan's moves in plan order, a page at a time (plans of any size) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OperationMovesResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    confirmOperation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                op: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmRequest"];
            };
        };
        responses: {
            /** @description Confirm a planned operation and start it (irreversible ones need the cluster name typed back; one a four-eyes rule holds for, another person than its planner) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Operation"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1; approval_required: Another person than its planner must confirm this operation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description plan_expired: The plan has expired */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description confirmation_mismatch: The confirmation does not match the cluster name; version_unavailable: The cluster's nodes cannot obtain that version */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    pauseOperation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                op: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pause a confirmed operation at its next step boundary */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Operation"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    resumeOperation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                op: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Resume a paused operation (or withdraw a pause not yet honoured) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Operation"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelOperation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                op: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancel an operation: a plan at once; a confirmed one at its next step boundary, after its cleanup steps */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Operation"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description conflict: The request conflicts with the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    planDesiredState: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DesiredStatePlanRequest"];
            };
        };
        responses: {
            /** @description Plan the files' desired state against the cluster: every change with before and after, inside each file's scope, as an applyDesiredState operation to confirm (none when nothing changes) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DesiredStatePlanResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_request: The request cannot be carried out; capability_unavailable: The action is not available for this cluster */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description too_many_attempts: Too many failed login attempts */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getDesiredStateDrift: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How the cluster differs from its last applied desired state, read now: what applying the files again would change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DesiredStateDriftResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    exportDesiredState: {
        parameters: {
            query?: {
                /** @description Topics whose name starts with one of these */
                topicPrefixes?: string;
                /** @description Topics of these exact names */
                topics?: string;
                /** @description The ACL bindings of these principals (User:<name>) */
                aclPrincipals?: string;
                /** @description Quota entities as type=name, two parts joined by + (user=alice+client-id=app), <default> for a default */
                quotaEntities?: string;
                /** @description The SCRAM credentials of these users (never their passwords) */
                scramUsers?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cluster's topics, ACLs, quotas and SCRAM credentials inside a scope, as one desired-state file's documents (no password): planned unchanged, they change nothing */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DesiredStateExportResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description cluster_unreachable: No broker of the cluster answered */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description kafka_timeout: A Kafka request did not answer in time */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listPolicies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The autopilot's policies, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyListResponse"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PolicySpecInput"];
            };
        };
        responses: {
            /** @description Create an autopilot policy: a trigger, the action that answers it, a mode and guard rails */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description already_exists: Already exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One autopilot policy */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    replacePolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PolicySpecInput"];
            };
        };
        responses: {
            /** @description Replace an autopilot policy (enable, disable, change its mode or guard rails) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyResponse"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description already_exists: Already exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deletePolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete an autopilot policy (its operations already planned or running are not touched) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listAnomalies: {
        parameters: {
            query?: {
                /** @description How many entries to return, newest first (1-1000, default 100) */
                limit?: number;
                /** @description Only anomalies of this trigger */
                code?: "broker_down" | "broker_fenced" | "disk_high" | "disk_imbalance" | "leader_imbalance" | "log_dir_failed" | "replicas_on_removed_broker";
                /** @description Only open (still seen) or cleared anomalies */
                state?: "open" | "cleared";
                /** @description The nextCursor of the previous page: the anomalies stored before its last one */
                before?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cluster's anomalies with their timeline (first seen, cleared, what each policy did or why not), newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnomalyListResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAutopilotStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether the autopilot is enabled, and the pauses in force */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AutopilotStatus"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    pauseAutopilot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PauseAutopilotRequest"];
            };
        };
        responses: {
            /** @description Pause the autopilot for a cluster or every cluster (a veto): nothing new starts, its operations in flight pause */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AutopilotStatus"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description invalid_request: The request cannot be carried out */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    resumeAutopilot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResumeAutopilotRequest"];
            };
        };
        responses: {
            /** @description End a pause of the autopilot (a cluster's, or the service's): its paused operations resume once no pause covers their cluster */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AutopilotStatus"];
                };
            };
            /** @description bad_request: The request is malformed; validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action; csrf_header_required: Non-GET requests must carry the header X-Service-Request: 1 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_found: Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description payload_too_large: The request body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listAuditEntries: {
        parameters: {
            query?: {
                /** @description Only entries of this actor (a username, or anonymous) */
                actor?: string;
                /** @description Only this action, e.g. topic.create */
                action?: string;
                result?: "success" | "failure" | "denied";
                clusterId?: string;
                /** @description Only entries at or after this time (ISO 8601) */
                from?: string;
                /** @description Only entries before this time (ISO 8601) */
                to?: string;
                /** @description How many entries to return, newest first (1-1000, default 100) */
                limit?: number;
                /** @description The nextCursor of the previous page: the entries older than its last one */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The audit log, newest first, filtered, a page at a time (before = the previous page's nextCursor) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditListResponse"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    exportAuditEntries: {
        parameters: {
            query?: {
                /** @description Only entries of this actor (a username, or anonymous) */
                actor?: string;
                /** @description Only this action, e.g. topic.create */
                action?: string;
                result?: "success" | "failure" | "denied";
                clusterId?: string;
                /** @description Only entries at or after this time (ISO 8601) */
                from?: string;
                /** @description Only entries before this time (ISO 8601) */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every matching audit entry as NDJSON, one entry per line, newest first, streamed (admin; audited) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": components["schemas"]["AuditEntry"];
                };
            };
            /** @description validation_failed: The request does not match the schema */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description unauthenticated: Authentication required */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description forbidden: Your role does not allow this action */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description internal: Internal error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description not_ready: The service is not ready */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
