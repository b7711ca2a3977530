// Generated from the service's OpenAPI document by `npm run generate -w @kcp/console`. Do not edit.
export interface paths {
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The OpenAPI 3.1 document of this API, made from the same schemas that validate requests */
        get: {
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
        /** Log in: a session token, also set as the service_session cookie */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        username: string;
                        /** Format: password */
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Log in: a session token, also set as the service_session cookie */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: {
                                id: string;
                                username: string;
                                /** @enum {string} */
                                role: "viewer" | "operator" | "admin";
                                disabled: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                            token: string;
                            /** Format: date-time */
                            expiresAt: string;
                        };
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
        /** Log out: the session is revoked on every instance */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Log out: the session is revoked on every instance */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @constant */
                            loggedOut: true;
                        };
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
        /** The user of the session */
        get: {
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
                        "application/json": {
                            user: {
                                id: string;
                                username: string;
                                /** @enum {string} */
                                role: "viewer" | "operator" | "admin";
                                disabled: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                        };
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
        put?: never;
        post?: never;
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
        /** List users */
        get: {
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
                        "application/json": {
                            users: {
                                id: string;
                                username: string;
                                /** @enum {string} */
                                role: "viewer" | "operator" | "admin";
                                disabled: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            }[];
                        };
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
        put?: never;
        /** Create a user */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        username: string;
                        /** Format: password */
                        password: string;
                        /** @enum {string} */
                        role: "viewer" | "operator" | "admin";
                        /** @default false */
                        disabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description Create a user */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: {
                                id: string;
                                username: string;
                                /** @enum {string} */
                                role: "viewer" | "operator" | "admin";
                                disabled: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                        };
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
        /** Change a user's role, disabled flag or password; disabling or a new password revokes their sessions, disabling also their API tokens */
        patch: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        role?: "viewer" | "operator" | "admin";
                        disabled?: boolean;
                        /** Format: password */
                        password?: string;
                    };
                };
            };
            responses: {
                /** @description Change a user's role, disabled flag or password; disabling or a new password revokes their sessions, disabling also their API tokens */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: {
                                id: string;
                                username: string;
                                /** @enum {string} */
                                role: "viewer" | "operator" | "admin";
                                disabled: boolean;
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                        };
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
        trace?: never;
    };
    "/api/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API tokens not revoked (never their secrets): one's own, or an admin's view of everyone's */
        get: {
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
                        "application/json": {
                            tokens: {
                                id: string;
                                name: string;
                                owner: {
                                    id: string;
                                    username: string;
                                };
                                /**
                                 * @description At most the owner's role; a request is also capped at the owner's current role
                                 * @enum {string}
                                 */
                                role: "viewer" | "operator" | "admin";
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                expiresAt: string;
                                /** @description The last request made with it (to the minute), null if never used */
                                lastUsedAt: string | null;
                            }[];
                        };
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
        put?: never;
        /** Create an API token (the secret is in this answer only); role at most the creator's and the owner's */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description A label, e.g. ci-deploy */
                        name: string;
                        /**
                         * @description Default: the owner's role (the creator's when lower); never above the creator's or the owner's
                         * @enum {string}
                         */
                        role?: "viewer" | "operator" | "admin";
                        /**
                         * @description Lifetime in days (1-365, default 90)
                         * @default 90
                         */
                        expiresInDays?: number;
                        /** @description Admin only: the user the token acts as (default: oneself) */
                        username?: string;
                    };
                };
            };
            responses: {
                /** @description Create an API token (the secret is in this answer only); role at most the creator's and the owner's */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            token: {
                                id: string;
                                name: string;
                                owner: {
                                    id: string;
                                    username: string;
                                };
                                /**
                                 * @description At most the owner's role; a request is also capped at the owner's current role
                                 * @enum {string}
                                 */
                                role: "viewer" | "operator" | "admin";
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                expiresAt: string;
                                /** @description The last request made with it (to the minute), null if never used */
                                lastUsedAt: string | null;
                            };
                            /** @description Shown this once: send it as Authorization: Bearer <secret>. Only its SHA-256 is stored. */
                            secret: string;
                        };
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
        /** Revoke an API token (one's own, or any as admin): refused at once on every instance */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
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
                        "application/json": {
                            token: {
                                id: string;
                                name: string;
                                owner: {
                                    id: string;
                                    username: string;
                                };
                                /**
                                 * @description At most the owner's role; a request is also capped at the owner's current role
                                 * @enum {string}
                                 */
                                role: "viewer" | "operator" | "admin";
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                expiresAt: string;
                                /** @description The last request made with it (to the minute), null if never used */
                                lastUsedAt: string | null;
                            };
                        };
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
        /** Every cluster's latest view (no snapshots; no Kafka call) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Every cluster's latest view (no snapshots; no Kafka call) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            clusters: {
                                cluster: {
                                    id: string;
                                    name: string;
                                    /** @enum {string} */
                                    provider: "external" | "agent" | "container" | "operator-managed";
                                    /** @enum {string} */
                                    flavor: "oss" | "managed-a" | "managed-b" | "managed-c";
                                    bootstrapServers: string[];
                                    security: {
                                        /** @enum {string} */
                                        protocol: "PLAINTEXT" | "SSL" | "SASL_PLAINTEXT" | "SASL_SSL";
                                        /** @enum {string} */
                                        saslMechanism?: "" | "PLAIN" | "SCRAM-SHA-256" | "SCRAM-SHA-512" | "CLOUD_IAM" | "OAUTHBEARER";
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
                                    labels?: {
                                        [key: string]: string;
                                    };
                                    settings?: {
                                        [key: string]: unknown;
                                    };
                                    /** @description The cluster id Kafka reports */
                                    brokerClusterId: string;
                                    /** @description Which secrets are stored; their values are never returned */
                                    secretsSet: ("password" | "tlsClientCertPem" | "tlsClientKeyPem" | "cloudAccessKeyId" | "cloudSecretAccessKey" | "cloudSessionToken" | "oauthToken")[];
                                    /** Format: date-time */
                                    createdAt: string;
                                    /** Format: date-time */
                                    updatedAt: string;
                                };
                                health: {
                                    /**
                                     * @description The worst issue's severity; unreachable or unknown when nothing answered yet
                                     * @enum {string}
                                     */
                                    status: "ok" | "warning" | "critical" | "unreachable" | "unknown";
                                    issues: {
                                        /** @enum {string} */
                                        severity: "critical" | "warning" | "info";
                                        /** @enum {string} */
                                        code: "cluster_unreachable" | "offline_partitions" | "under_min_isr" | "no_quorum_leader" | "log_dir_failed" | "disk_critical" | "broker_down" | "cluster_identity_changed" | "under_replicated" | "at_min_isr" | "broker_fenced" | "voters_lagging" | "quorum_no_fault_tolerance" | "disk_high" | "collection_incomplete" | "reassignment_in_progress" | "broker_cordoned" | "features_finalizable";
                                        /** @description Names the objects, e.g. '3 partitions of orders offline: orders-0, ...' */
                                        message: string;
                                    }[];
                                    brokers?: number;
                                    brokersAlive?: number;
                                    brokersFenced?: number;
                                    brokersCordoned?: number;
                                    topics?: number;
                                    partitions?: number;
                                    offlinePartitions?: number;
                                    underReplicated?: number;
                                    underMinIsr?: number;
                                    atMinIsr?: number;
                                    reassigning?: number;
                                    /** @description Node id of the quorum leader */
                                    quorumLeader?: number;
                                    voters?: number;
                                    votersLagging?: number;
                                    diskUsedPercentMax?: number;
                                    metadataVersion?: string;
                                    /** @description Finalized kraft.version */
                                    quorumVersion?: number;
                                };
                                capabilities: {
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
                                    /** @description Why each flag a user might expect is false */
                                    notes: string[];
                                    /** @description Set when the capabilities could not be derived */
                                    error?: string;
                                };
                                /** Format: date-time */
                                updatedAt: string;
                                snapshot?: {
                                    /** Format: date-time */
                                    collectedAt: string;
                                    durationMs: number;
                                    clusterId: string;
                                    brokers: {
                                        id: number;
                                        host: string;
                                        port: number;
                                        rack?: string;
                                        fenced: boolean;
                                        alive: boolean;
                                        cordoned: boolean;
                                        logDirs: {
                                            path: string;
                                            totalBytes?: number;
                                            usableBytes?: number;
                                            dataBytes: number;
                                            cordoned?: boolean;
                                            error?: string;
                                        }[] | null;
                                        /** @description Size of the volumes holding the broker's log dirs, each volume once (dirs reporting the same size and free space share one) */
                                        diskTotalBytes?: number;
                                        /** @description Free space on those volumes, each volume once */
                                        diskUsableBytes?: number;
                                        dataBytes: number;
                                        replicas: number;
                                        leaders: number;
                                        preferredLeaders: number;
                                        /** @description Bytes appended per second to the partitions it leads (their bytesInPerSec summed); absent until measured */
                                        bytesInPerSec?: number;
                                        /** @description Messages appended per second to the partitions it leads */
                                        messagesInPerSec?: number;
                                        /** @description Bytes per second it fetches as a follower (bytesInPerSec of the partitions it follows) */
                                        replicationBytesInPerSec?: number;
                                    }[];
                                    quorum?: {
                                        leaderId: number;
                                        leaderEpoch: number;
                                        highWatermark: number;
                                        voters: {
                                            nodeId: number;
                                            directoryId?: string;
                                            /** @enum {string} */
                                            role: "leader" | "follower" | "observer";
                                            logEndOffset: number;
                                            lag: number;
                                            lastFetchTimestamp: number;
                                            lastCaughtUpTimestamp: number;
                                            endpoints: {
                                                name: string;
                                                host: string;
                                                port: number;
                                            }[];
                                        }[];
                                        observers: {
                                            nodeId: number;
                                            directoryId?: string;
                                            /** @enum {string} */
                                            role: "leader" | "follower" | "observer";
                                            logEndOffset: number;
                                            lag: number;
                                            lastFetchTimestamp: number;
                                            lastCaughtUpTimestamp: number;
                                            endpoints: {
                                                name: string;
                                                host: string;
                                                port: number;
                                            }[];
                                        }[];
                                    };
                                    features: {
                                        name: string;
                                        finalized: number;
                                        supportedMin: number;
                                        supportedMax: number;
                                    }[];
                                    topics: {
                                        name: string;
                                        id: string;
                                        internal: boolean;
                                        replicationFactor: number;
                                        minInsyncReplicas: number;
                                        configs: {
                                            [key: string]: string;
                                        };
                                        sizeBytes: number;
                                        partitions: {
                                            id: number;
                                            leader: number;
                                            leaderEpoch: number;
                                            replicas: number[];
                                            isr: number[];
                                            offline: number[] | null;
                                            sizeBytes: number;
                                            /** @description Size of each replica by broker id */
                                            replicaBytes: {
                                                [key: string]: number;
                                            } | null;
                                            /** @description The high watermark when collected (ListOffsets latest): what the next collection measures growth against */
                                            logEndOffset?: number;
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
                                        }[];
                                        /** @description Its partitions' bytesInPerSec summed; absent until measured */
                                        bytesInPerSec?: number;
                                        /** @description Its partitions' messagesInPerSec summed */
                                        messagesInPerSec?: number;
                                        error?: string;
                                    }[];
                                    reassignments: {
                                        topic: string;
                                        partition: number;
                                        replicas: number[];
                                        adding: number[] | null;
                                        removing: number[] | null;
                                    }[];
                                    groups: {
                                        id: string;
                                        /** @enum {string} */
                                        type: "consumer" | "classic" | "share" | "streams";
                                        /** @description Kafka's own state name */
                                        state: string;
                                        protocolType: string;
                                        members: number;
                                        lag: number;
                                        topics: string[] | null;
                                        error?: string;
                                    }[];
                                    /** @description Each node as the cluster's provider reports it (agent clusters: the agents' nodes of settings.agents, by id); absent when the provider was not asked (external clusters) or no agent answered */
                                    providerNodes?: {
                                        nodeId: number;
                                        /** @description The Kafka version it runs; while it is stopped, the version it starts with */
                                        version: string;
                                        /** @enum {string} */
                                        state: "running" | "stopped" | "starting" | "stopping";
                                    }[];
                                    errors: string[];
                                };
                            }[];
                        };
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
        /** Same payload as the overview */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Same payload as the overview */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            clusters: {
                                cluster: {
                                    id: string;
                                    name: string;
                                    /** @enum {string} */
                                    provider: "external" | "agent" | "container" | "operator-managed";
                                    /** @enum {string} */
                                    flavor: "oss" | "managed-a" | "managed-b" | "managed-c";
                                    bootstrapServers: string[];
                                    security: {
                                        /** @enum {string} */
                                        protocol: "PLAINTEXT" | "SSL" | "SASL_PLAINTEXT" | "SASL_SSL";
                                        /** @enum {string} */
                                        saslMechanism?: "" | "PLAIN" | "SCRAM-SHA-256" | "SCRAM-SHA-512" | "CLOUD_IAM" | "OAUTHBEARER";
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
                                    labels?: {
                                        [key: string]: string;
                                    };
                                    settings?: {
                                        [key: string]: unknown;
                                    };
                                    /** @description The cluster id Kafka reports */
                                    brokerClusterId: string;
                                    /** @description Which secrets are stored; their values are never returned */
                                    secretsSet: ("password" | "tlsClientCertPem" | "tlsClientKeyPem" | "cloudAccessKeyId" | "cloudSecretAccessKey" | "cloudSessionToken" | "oauthToken")[];
                                    /** Format: date-time */
                                    createdAt: string;
                                    /** Format: date-time */
                                    updatedAt: string;
                                };
                                health: {
                                    /**
                                     * @description The worst issue's severity; unreachable or unknown when nothing answered yet
                                     * @enum {string}
                                     */
                                    status: "ok" | "warning" | "critical" | "unreachable" | "unknown";
                                    issues: {
                                        /** @enum {string} */
                                        severity: "critical" | "warning" | "info";
                                        /** @enum {string} */
                                        code: "cluster_unreachable" | "offline_partitions" | "under_min_isr" | "no_quorum_leader" | "log_dir_failed" | "disk_critical" | "broker_down" | "cluster_identity_changed" | "under_replicated" | "at_min_isr" | "broker_fenced" | "voters_lagging" | "quorum_no_fault_tolerance" | "disk_high" | "collection_incomplete" | "reassignment_in_progress" | "broker_cordoned" | "features_finalizable";
                                        /** @description Names the objects, e.g. '3 partitions of orders offline: orders-0, ...' */
                                        message: string;
                                    }[];
                                    brokers?: number;
                                    brokersAlive?: number;
                                    brokersFenced?: number;
                                    brokersCordoned?: number;
                                    topics?: number;
                                    partitions?: number;
                                    offlinePartitions?: number;
                                    underReplicated?: number;
                                    underMinIsr?: number;
                                    atMinIsr?: number;
                                    reassigning?: number;
                                    /** @description Node id of the quorum leader */
                                    quorumLeader?: number;
                                    voters?: number;
                                    votersLagging?: number;
                                    diskUsedPercentMax?: number;
                                    metadataVersion?: string;
                                    /** @description Finalized kraft.version */
                                    quorumVersion?: number;
                                };
                                capabilities: {
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
                                    /** @description Why each flag a user might expect is false */
                                    notes: string[];
                                    /** @description Set when the capabilities could not be derived */
                                    error?: string;
                                };
                                /** Format: date-time */
                                updatedAt: string;
                                snapshot?: {
                                    /** Format: date-time */
                                    collectedAt: string;
                                    durationMs: number;
                                    clusterId: string;
                                    brokers: {
                                        id: number;
                                        host: string;
                                        port: number;
                                        rack?: string;
                                        fenced: boolean;
                                        alive: boolean;
                                        cordoned: boolean;
                                        logDirs: {
                                            path: string;
                                            totalBytes?: number;
                                            usableBytes?: number;
                                            dataBytes: number;
                                            cordoned?: boolean;
                                            error?: string;
                                        }[] | null;
                                        /** @description Size of the volumes holding the broker's log dirs, each volume once (dirs reporting the same size and free space share one) */
                                        diskTotalBytes?: number;
                                        /** @description Free space on those volumes, each volume once */
                                        diskUsableBytes?: number;
                                        dataBytes: number;
                                        replicas: number;
                                        leaders: number;
                                        preferredLeaders: number;
                                        /** @description Bytes appended per second to the partitions it leads (their bytesInPerSec summed); absent until measured */
                                        bytesInPerSec?: number;
                                        /** @description Messages appended per second to the partitions it leads */
                                        messagesInPerSec?: number;
                                        /** @description Bytes per second it fetches as a follower (bytesInPerSec of the partitions it follows) */
                                        replicationBytesInPerSec?: number;
                                    }[];
                                    quorum?: {
                                        leaderId: number;
                                        leaderEpoch: number;
                                        highWatermark: number;
                                        voters: {
                                            nodeId: number;
                                            directoryId?: string;
                                            /** @enum {string} */
                                            role: "leader" | "follower" | "observer";
                                            logEndOffset: number;
                                            lag: number;
                                            lastFetchTimestamp: number;
                                            lastCaughtUpTimestamp: number;
                                            endpoints: {
                                                name: string;
                                                host: string;
                                                port: number;
                                            }[];
                                        }[];
                                        observers: {
                                            nodeId: number;
                                            directoryId?: string;
                                            /** @enum {string} */
                                            role: "leader" | "follower" | "observer";
                                            logEndOffset: number;
                                            lag: number;
                                            lastFetchTimestamp: number;
                                            lastCaughtUpTimestamp: number;
                                            endpoints: {
                                                name: string;
                                                host: string;
                                                port: number;
                                            }[];
                                        }[];
                                    };
                                    features: {
                                        name: string;
                                        finalized: number;
                                        supportedMin: number;
                                        supportedMax: number;
                                    }[];
                                    topics: {
                                        name: string;
                                        id: string;
                                        internal: boolean;
                                        replicationFactor: number;
                                        minInsyncReplicas: number;
                                        configs: {
                                            [key: string]: string;
                                        };
                                        sizeBytes: number;
                                        partitions: {
                                            id: number;
                                            leader: number;
                                            leaderEpoch: number;
                                            replicas: number[];
                                            isr: number[];
                                            offline: number[] | null;
                                            sizeBytes: number;
                                            /** @description Size of each replica by broker id */
                                            replicaBytes: {
                                                [key: string]: number;
                                            } | null;
                                            /** @description The high watermark when collected (ListOffsets latest): what the next collection measures growth against */
                                            logEndOffset?: number;
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
                                        }[];
                                        /** @description Its partitions' bytesInPerSec summed; absent until measured */
                                        bytesInPerSec?: number;
                                        /** @description Its partitions' messagesInPerSec summed */
                                        messagesInPerSec?: number;
                                        error?: string;
                                    }[];
                                    reassignments: {
                                        topic: string;
                                        partition: number;
                                        replicas: number[];
                                        adding: number[] | null;
                                        removing: number[] | null;
                                    }[];
                                    groups: {
                                        id: string;
                                        /** @enum {string} */
                                        type: "consumer" | "classic" | "share" | "streams";
                                        /** @description Kafka's own state name */
                                        state: string;
                                        protocolType: string;
                                        members: number;
                                        lag: number;
                                        topics: string[] | null;
                                        error?: string;
                                    }[];
                                    /** @description Each node as the cluster's provider reports it (agent clusters: the agents' nodes of settings.agents, by id); absent when the provider was not asked (external clusters) or no agent answered */
                                    providerNodes?: {
                                        nodeId: number;
                                        /** @description The Kafka version it runs; while it is stopped, the version it starts with */
                                        version: string;
                                        /** @enum {string} */
                                        state: "running" | "stopped" | "starting" | "stopping";
                                    }[];
                                    errors: string[];
                                };
                            }[];
                        };
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
        put?: never;
        /** Register a cluster (its connection is tested first unless skipTest) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /**
                         * @default external
                         * @enum {string}
                         */
                        provider?: "external" | "agent" | "container" | "operator-managed";
                        /**
                         * @default oss
                         * @enum {string}
                         */
                        flavor?: "oss" | "managed-a" | "managed-b" | "managed-c";
                        bootstrapServers: string[];
                        /**
                         * @default {
                         *       "protocol": "PLAINTEXT",
                         *       "saslMechanism": ""
                         *     }
                         */
                        security?: {
                            /** @enum {string} */
                            protocol: "PLAINTEXT" | "SSL" | "SASL_PLAINTEXT" | "SASL_SSL";
                            /**
                             * @description "" = no SASL (PLAINTEXT and SSL)
                             * @default
                             * @enum {string}
                             */
                            saslMechanism?: "" | "PLAIN" | "SCRAM-SHA-256" | "SCRAM-SHA-512" | "CLOUD_IAM" | "OAUTHBEARER";
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
                        secrets?: {
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
                        } & (unknown & unknown & unknown & unknown & unknown);
                        /** @default {} */
                        labels?: {
                            [key: string]: string;
                        };
                        /** @default {} */
                        settings?: {
                            /** @description Which node agent serves which Kafka node ids (provider agent only, and required there). Each agentId appears once, and each node id in one agent's nodeIds or provisioning range only. */
                            agents?: {
                                /**
                                 * Format: uri
                                 * @description Base URL of the agent's API, e.g. https://kafka-1.internal:9700 (the API is under /v1)
                                 */
                                url: string;
                                /** @description The agent's AGENT_ID: the audience of its command tokens */
                                agentId: string;
                                /** @description The Kafka node ids this agent runs; a node is served by one agent only. Empty only for an agent with provisioning */
                                nodeIds: number[];
                                /** @description This agent takes new nodes (provisionNodes): where they go on its host */
                                provisioning?: {
                                    /** @description The ids new nodes on this agent may take (inclusive); the agent serves every id of the range */
                                    nodeIds: {
                                        /** @description A Kafka node id */
                                        from: number;
                                        /** @description A Kafka node id */
                                        to: number;
                                    };
                                    /** @description Ports of this host kept for new nodes' listeners (one per listener; a port any node uses is skipped) */
                                    ports: number[];
                                    /** @description Absolute folder on the agent's host; a new node's data dirs go under <dataDir>/<node id>/ */
                                    dataDir: string;
                                    /** @description The host name new nodes advertise (default: the host of the agent's url) */
                                    host?: string;
                                    /** @description JVM options of new nodes (default: the agent's, 1 GB of heap) */
                                    jvmOptions?: string[];
                                };
                            }[];
                            /** @description Broker software version (container and agent clusters) */
                            version?: string;
                            /** @description First port of a container cluster's nodes */
                            portBase?: number;
                            /** @description How often the collector reads the cluster (default 30) */
                            collectionIntervalSeconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                        /**
                         * @description Register without testing the connection first
                         * @default false
                         */
                        skipTest?: boolean;
                    } & (unknown & unknown & unknown & unknown & unknown);
                };
            };
            responses: {
                /** @description Register a cluster (its connection is tested first unless skipTest) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            cluster: {
                                id: string;
                                name: string;
                                /** @enum {string} */
                                provider: "external" | "agent" | "container" | "operator-managed";
                                /** @enum {string} */
                                flavor: "oss" | "managed-a" | "managed-b" | "managed-c";
                                bootstrapServers: string[];
                                security: {
                                    /** @enum {string} */
                                    protocol: "PLAINTEXT" | "SSL" | "SASL_PLAINTEXT" | "SASL_SSL";
                                    /** @enum {string} */
                                    saslMechanism?: "" | "PLAIN" | "SCRAM-SHA-256" | "SCRAM-SHA-512" | "CLOUD_IAM" | "OAUTHBEARER";
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
                                labels?: {
                                    [key: string]: string;
                                };
                                settings?: {
                                    [key: string]: unknown;
                                };
                                /** @description The cluster id Kafka reports */
                                brokerClusterId: string;
                                /** @description Which secrets are stored; their values are never returned */
                                secretsSet: ("password" | "tlsClientCertPem" | "tlsClientKeyPem" | "cloudAccessKeyId" | "cloudSecretAccessKey" | "cloudSessionToken" | "oauthToken")[];
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                            health: {
                                /**
                                 * @description The worst issue's severity; unreachable or unknown when nothing answered yet
                                 * @enum {string}
                                 */
                                status: "ok" | "warning" | "critical" | "unreachable" | "unknown";
                                issues: {
                                    /** @enum {string} */
                                    severity: "critical" | "warning" | "info";
                                    /** @enum {string} */
                                    code: "cluster_unreachable" | "offline_partitions" | "under_min_isr" | "no_quorum_leader" | "log_dir_failed" | "disk_critical" | "broker_down" | "cluster_identity_changed" | "under_replicated" | "at_min_isr" | "broker_fenced" | "voters_lagging" | "quorum_no_fault_tolerance" | "disk_high" | "collection_incomplete" | "reassignment_in_progress" | "broker_cordoned" | "features_finalizable";
                                    /** @description Names the objects, e.g. '3 partitions of orders offline: orders-0, ...' */
                                    message: string;
                                }[];
                                brokers?: number;
                                brokersAlive?: number;
                                brokersFenced?: number;
                                brokersCordoned?: number;
                                topics?: number;
                                partitions?: number;
                                offlinePartitions?: number;
                                underReplicated?: number;
                                underMinIsr?: number;
                                atMinIsr?: number;
                                reassigning?: number;
                                /** @description Node id of the quorum leader */
                                quorumLeader?: number;
                                voters?: number;
                                votersLagging?: number;
                                diskUsedPercentMax?: number;
                                metadataVersion?: string;
                                /** @description Finalized kraft.version */
                                quorumVersion?: number;
                            };
                            capabilities: {
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
                                /** @description Why each flag a user might expect is false */
                                notes: string[];
                                /** @description Set when the capabilities could not be derived */
                                error?: string;
                            };
                            /** Format: date-time */
                            updatedAt: string;
                            snapshot?: {
                                /** Format: date-time */
                                collectedAt: string;
                                durationMs: number;
                                clusterId: string;
                                brokers: {
                                    id: number;
                                    host: string;
                                    port: number;
                                    rack?: string;
                                    fenced: boolean;
                                    alive: boolean;
                                    cordoned: boolean;
                                    logDirs: {
                                        path: string;
                                        totalBytes?: number;
                                        usableBytes?: number;
                                        dataBytes: number;
                                        cordoned?: boolean;
                                        error?: string;
                                    }[] | null;
                                    /** @description Size of the volumes holding the broker's log dirs, each volume once (dirs reporting the same size and free space share one) */
                                    diskTotalBytes?: number;
                                    /** @description Free space on those volumes, each volume once */
                                    diskUsableBytes?: number;
                                    dataBytes: number;
                                    replicas: number;
                                    leaders: number;
                                    preferredLeaders: number;
                                    /** @description Bytes appended per second to the partitions it leads (their bytesInPerSec summed); absent until measured */
                                    bytesInPerSec?: number;
                                    /** @description Messages appended per second to the partitions it leads */
                                    messagesInPerSec?: number;
                                    /** @description Bytes per second it fetches as a follower (bytesInPerSec of the partitions it follows) */
                                    replicationBytesInPerSec?: number;
                                }[];
                                quorum?: {
                                    leaderId: number;
                                    leaderEpoch: number;
                                    highWatermark: number;
                                    voters: {
                                        nodeId: number;
                                        directoryId?: string;
                                        /** @enum {string} */
                                        role: "leader" | "follower" | "observer";
                                        logEndOffset: number;
                                        lag: number;
                                        lastFetchTimestamp: number;
                                        lastCaughtUpTimestamp: number;
                                        endpoints: {
                                            name: string;
                                            host: string;
                                            port: number;
                                        }[];
                                    }[];
                                    observers: {
                                        nodeId: number;
                                        directoryId?: string;
                                        /** @enum {string} */
                                        role: "leader" | "follower" | "observer";
                                        logEndOffset: number;
                                        lag: number;
                                        lastFetchTimestamp: number;
                                        lastCaughtUpTimestamp: number;
                                        endpoints: {
                                            name: string;
                                            host: string;
                                            port: number;
                                        }[];
                                    }[];
                                };
                                features: {
                                    name: string;
                                    finalized: number;
                                    supportedMin: number;
                                    supportedMax: number;
                                }[];
                                topics: {
                                    name: string;
                                    id: string;
                                    internal: boolean;
                                    replicationFactor: number;
                                    minInsyncReplicas: number;
                                    configs: {
                                        [key: string]: string;
                                    };
                                    sizeBytes: number;
                                    partitions: {
                                        id: number;
                                        leader: number;
                                        leaderEpoch: number;
                                        replicas: number[];
                                        isr: number[];
                                        offline: number[] | null;
                                        sizeBytes: number;
                                        /** @description Size of each replica by broker id */
                                        replicaBytes: {
                                            [key: string]: number;
                                        } | null;
                                        /** @description The high watermark when collected (ListOffsets latest): what the next collection measures growth against */
                                        logEndOffset?: number;
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
                                    }[];
                                    /** @description Its partitions' bytesInPerSec summed; absent until measured */
                                    bytesInPerSec?: number;
                                    /** @description Its partitions' messagesInPerSec summed */
                                    messagesInPerSec?: number;
                                    error?: string;
                                }[];
                                reassignments: {
                                    topic: string;
                                    partition: number;
                                    replicas: number[];
                                    adding: number[] | null;
                                    removing: number[] | null;
                                }[];
                                groups: {
                                    id: string;
                                    /** @enum {string} */
                                    type: "consumer" | "classic" | "share" | "streams";
                                    /** @description Kafka's own state name */
                                    state: string;
                                    protocolType: string;
                                    members: number;
                                    lag: number;
                                    topics: string[] | null;
                                    error?: string;
                                }[];
                                /** @description Each node as the cluster's provider reports it (agent clusters: the agents' nodes of settings.agents, by id); absent when the provider was not asked (external clusters) or no agent answered */
                                providerNodes?: {
                                    nodeId: number;
                                    /** @description The Kafka version it runs; while it is stopped, the version it starts with */
                                    version: string;
                                    /** @enum {string} */
                                    state: "running" | "stopped" | "starting" | "stopping";
                                }[];
                                errors: string[];
                            };
                        };
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
        /** Test a connection profile without saving it (a failure is a result: ok false) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /**
                         * @default external
                         * @enum {string}
                         */
                        provider?: "external" | "agent" | "container" | "operator-managed";
                        /**
                         * @default oss
                         * @enum {string}
                         */
                        flavor?: "oss" | "managed-a" | "managed-b" | "managed-c";
                        bootstrapServers: string[];
                        /**
                         * @default {
                         *       "protocol": "PLAINTEXT",
                         *       "saslMechanism": ""
                         *     }
                         */
                        security?: {
                            /** @enum {string} */
                            protocol: "PLAINTEXT" | "SSL" | "SASL_PLAINTEXT" | "SASL_SSL";
                            /**
                             * @description "" = no SASL (PLAINTEXT and SSL)
                             * @default
                             * @enum {string}
                             */
                            saslMechanism?: "" | "PLAIN" | "SCRAM-SHA-256" | "SCRAM-SHA-512" | "CLOUD_IAM" | "OAUTHBEARER";
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
                        secrets?: {
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
                        } & (unknown & unknown & unknown & unknown & unknown);
                        /** @default {} */
                        labels?: {
                            [key: string]: string;
                        };
                        /** @default {} */
                        settings?: {
                            /** @description Which node agent serves which Kafka node ids (provider agent only, and required there). Each agentId appears once, and each node id in one agent's nodeIds or provisioning range only. */
                            agents?: {
                                /**
                                 * Format: uri
                                 * @description Base URL of the agent's API, e.g. https://kafka-1.internal:9700 (the API is under /v1)
                                 */
                                url: string;
                                /** @description The agent's AGENT_ID: the audience of its command tokens */
                                agentId: string;
                                /** @description The Kafka node ids this agent runs; a node is served by one agent only. Empty only for an agent with provisioning */
                                nodeIds: number[];
                                /** @description This agent takes new nodes (provisionNodes): where they go on its host */
                                provisioning?: {
                                    /** @description The ids new nodes on this agent may take (inclusive); the agent serves every id of the range */
                                    nodeIds: {
                                        /** @description A Kafka node id */
                                        from: number;
                                        /** @description A Kafka node id */
                                        to: number;
                                    };
                                    /** @description Ports of this host kept for new nodes' listeners (one per listener; a port any node uses is skipped) */
                                    ports: number[];
                                    /** @description Absolute folder on the agent's host; a new node's data dirs go under <dataDir>/<node id>/ */
                                    dataDir: string;
                                    /** @description The host name new nodes advertise (default: the host of the agent's url) */
                                    host?: string;
                                    /** @description JVM options of new nodes (default: the agent's, 1 GB of heap) */
                                    jvmOptions?: string[];
                                };
                            }[];
                            /** @description Broker software version (container and agent clusters) */
                            version?: string;
                            /** @description First port of a container cluster's nodes */
                            portBase?: number;
                            /** @description How often the collector reads the cluster (default 30) */
                            collectionIntervalSeconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                        /**
                         * @description Register without testing the connection first
                         * @default false
                         */
                        skipTest?: boolean;
                    } & (unknown & unknown & unknown & unknown & unknown);
                };
            };
            responses: {
                /** @description Test a connection profile without saving it (a failure is a result: ok false) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok: boolean;
                            /** @description How many brokers answered */
                            brokers: number;
                            clusterId?: string;
                            error?: string;
                        };
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
        /** One cluster's latest view, with its snapshot unless snapshot=none */
        get: {
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
                /** @description One cluster's latest view, with its snapshot unless snapshot=none */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            cluster: {
                                id: string;
                                name: string;
                                /** @enum {string} */
                                provider: "external" | "agent" | "container" | "operator-managed";
                                /** @enum {string} */
                                flavor: "oss" | "managed-a" | "managed-b" | "managed-c";
                                bootstrapServers: string[];
                                security: {
                                    /** @enum {string} */
                                    protocol: "PLAINTEXT" | "SSL" | "SASL_PLAINTEXT" | "SASL_SSL";
                                    /** @enum {string} */
                                    saslMechanism?: "" | "PLAIN" | "SCRAM-SHA-256" | "SCRAM-SHA-512" | "CLOUD_IAM" | "OAUTHBEARER";
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
                                labels?: {
                                    [key: string]: string;
                                };
                                settings?: {
                                    [key: string]: unknown;
                                };
                                /** @description The cluster id Kafka reports */
                                brokerClusterId: string;
                                /** @description Which secrets are stored; their values are never returned */
                                secretsSet: ("password" | "tlsClientCertPem" | "tlsClientKeyPem" | "cloudAccessKeyId" | "cloudSecretAccessKey" | "cloudSessionToken" | "oauthToken")[];
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                            health: {
                                /**
                                 * @description The worst issue's severity; unreachable or unknown when nothing answered yet
                                 * @enum {string}
                                 */
                                status: "ok" | "warning" | "critical" | "unreachable" | "unknown";
                                issues: {
                                    /** @enum {string} */
                                    severity: "critical" | "warning" | "info";
                                    /** @enum {string} */
                                    code: "cluster_unreachable" | "offline_partitions" | "under_min_isr" | "no_quorum_leader" | "log_dir_failed" | "disk_critical" | "broker_down" | "cluster_identity_changed" | "under_replicated" | "at_min_isr" | "broker_fenced" | "voters_lagging" | "quorum_no_fault_tolerance" | "disk_high" | "collection_incomplete" | "reassignment_in_progress" | "broker_cordoned" | "features_finalizable";
                                    /** @description Names the objects, e.g. '3 partitions of orders offline: orders-0, ...' */
                                    message: string;
                                }[];
                                brokers?: number;
                                brokersAlive?: number;
                                brokersFenced?: number;
                                brokersCordoned?: number;
                                topics?: number;
                                partitions?: number;
                                offlinePartitions?: number;
                                underReplicated?: number;
                                underMinIsr?: number;
                                atMinIsr?: number;
                                reassigning?: number;
                                /** @description Node id of the quorum leader */
                                quorumLeader?: number;
                                voters?: number;
                                votersLagging?: number;
                                diskUsedPercentMax?: number;
                                metadataVersion?: string;
                                /** @description Finalized kraft.version */
                                quorumVersion?: number;
                            };
                            capabilities: {
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
                                /** @description Why each flag a user might expect is false */
                                notes: string[];
                                /** @description Set when the capabilities could not be derived */
                                error?: string;
                            };
                            /** Format: date-time */
                            updatedAt: string;
                            snapshot?: {
                                /** Format: date-time */
                                collectedAt: string;
                                durationMs: number;
                                clusterId: string;
                                brokers: {
                                    id: number;
                                    host: string;
                                    port: number;
                                    rack?: string;
                                    fenced: boolean;
                                    alive: boolean;
                                    cordoned: boolean;
                                    logDirs: {
                                        path: string;
                                        totalBytes?: number;
                                        usableBytes?: number;
                                        dataBytes: number;
                                        cordoned?: boolean;
                                        error?: string;
                                    }[] | null;
                                    /** @description Size of the volumes holding the broker's log dirs, each volume once (dirs reporting the same size and free space share one) */
                                    diskTotalBytes?: number;
                                    /** @description Free space on those volumes, each volume once */
                                    diskUsableBytes?: number;
                                    dataBytes: number;
                                    replicas: number;
                                    leaders: number;
                                    preferredLeaders: number;
                                    /** @description Bytes appended per second to the partitions it leads (their bytesInPerSec summed); absent until measured */
                                    bytesInPerSec?: number;
                                    /** @description Messages appended per second to the partitions it leads */
                                    messagesInPerSec?: number;
                                    /** @description Bytes per second it fetches as a follower (bytesInPerSec of the partitions it follows) */
                                    replicationBytesInPerSec?: number;
                                }[];
                                quorum?: {
                                    leaderId: number;
                                    leaderEpoch: number;
                                    highWatermark: number;
                                    voters: {
                                        nodeId: number;
                                        directoryId?: string;
                                        /** @enum {string} */
                                        role: "leader" | "follower" | "observer";
                                        logEndOffset: number;
                                        lag: number;
                                        lastFetchTimestamp: number;
                                        lastCaughtUpTimestamp: number;
                                        endpoints: {
                                            name: string;
                                            host: string;
                                            port: number;
                                        }[];
                                    }[];
                                    observers: {
                                        nodeId: number;
                                        directoryId?: string;
                                        /** @enum {string} */
                                        role: "leader" | "follower" | "observer";
                                        logEndOffset: number;
                                        lag: number;
                                        lastFetchTimestamp: number;
                                        lastCaughtUpTimestamp: number;
                                        endpoints: {
                                            name: string;
                                            host: string;
                                            port: number;
                                        }[];
                                    }[];
                                };
                                features: {
                                    name: string;
                                    finalized: number;
                                    supportedMin: number;
                                    supportedMax: number;
                                }[];
                                topics: {
                                    name: string;
                                    id: string;
                                    internal: boolean;
                                    replicationFactor: number;
                                    minInsyncReplicas: number;
                                    configs: {
                                        [key: string]: string;
                                    };
                                    sizeBytes: number;
                                    partitions: {
                                        id: number;
                                        leader: number;
                                        leaderEpoch: number;
                                        replicas: number[];
                                        isr: number[];
                                        offline: number[] | null;
                                        sizeBytes: number;
                                        /** @description Size of each replica by broker id */
                                        replicaBytes: {
                                            [key: string]: number;
                                        } | null;
                                        /** @description The high watermark when collected (ListOffsets latest): what the next collection measures growth against */
                                        logEndOffset?: number;
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
                                    }[];
                                    /** @description Its partitions' bytesInPerSec summed; absent until measured */
                                    bytesInPerSec?: number;
                                    /** @description Its partitions' messagesInPerSec summed */
                                    messagesInPerSec?: number;
                                    error?: string;
                                }[];
                                reassignments: {
                                    topic: string;
                                    partition: number;
                                    replicas: number[];
                                    adding: number[] | null;
                                    removing: number[] | null;
                                }[];
                                groups: {
                                    id: string;
                                    /** @enum {string} */
                                    type: "consumer" | "classic" | "share" | "streams";
                                    /** @description Kafka's own state name */
                                    state: string;
                                    protocolType: string;
                                    members: number;
                                    lag: number;
                                    topics: string[] | null;
                                    error?: string;
                                }[];
                                /** @description Each node as the cluster's provider reports it (agent clusters: the agents' nodes of settings.agents, by id); absent when the provider was not asked (external clusters) or no agent answered */
                                providerNodes?: {
                                    nodeId: number;
                                    /** @description The Kafka version it runs; while it is stopped, the version it starts with */
                                    version: string;
                                    /** @enum {string} */
                                    state: "running" | "stopped" | "starting" | "stopping";
                                }[];
                                errors: string[];
                            };
                        };
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
        put?: never;
        post?: never;
        /** Forget a cluster (its view and schedule too); the Kafka cluster itself is not touched */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
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
                        "application/json": {
                            deleted: {
                                id: string;
                                name: string;
                            };
                        };
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
        options?: never;
        head?: never;
        /** Change a cluster's profile, labels or settings; secrets are replaced only when given */
        patch: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        /** @enum {string} */
                        provider?: "external" | "agent" | "container" | "operator-managed";
                        /** @enum {string} */
                        flavor?: "oss" | "managed-a" | "managed-b" | "managed-c";
                        bootstrapServers?: string[];
                        security?: {
                            /** @enum {string} */
                            protocol: "PLAINTEXT" | "SSL" | "SASL_PLAINTEXT" | "SASL_SSL";
                            /**
                             * @description "" = no SASL (PLAINTEXT and SSL)
                             * @default
                             * @enum {string}
                             */
                            saslMechanism?: "" | "PLAIN" | "SCRAM-SHA-256" | "SCRAM-SHA-512" | "CLOUD_IAM" | "OAUTHBEARER";
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
                        secrets?: {
                            password?: string | null;
                            tlsClientCertPem?: string | null;
                            tlsClientKeyPem?: string | null;
                            cloudAccessKeyId?: string | null;
                            cloudSecretAccessKey?: string | null;
                            cloudSessionToken?: string | null;
                            oauthToken?: string | null;
                        };
                        labels?: {
                            [key: string]: string;
                        };
                        settings?: {
                            /** @description Which node agent serves which Kafka node ids (provider agent only, and required there). Each agentId appears once, and each node id in one agent's nodeIds or provisioning range only. */
                            agents?: {
                                /**
                                 * Format: uri
                                 * @description Base URL of the agent's API, e.g. https://kafka-1.internal:9700 (the API is under /v1)
                                 */
                                url: string;
                                /** @description The agent's AGENT_ID: the audience of its command tokens */
                                agentId: string;
                                /** @description The Kafka node ids this agent runs; a node is served by one agent only. Empty only for an agent with provisioning */
                                nodeIds: number[];
                                /** @description This agent takes new nodes (provisionNodes): where they go on its host */
                                provisioning?: {
                                    /** @description The ids new nodes on this agent may take (inclusive); the agent serves every id of the range */
                                    nodeIds: {
                                        /** @description A Kafka node id */
                                        from: number;
                                        /** @description A Kafka node id */
                                        to: number;
                                    };
                                    /** @description Ports of this host kept for new nodes' listeners (one per listener; a port any node uses is skipped) */
                                    ports: number[];
                                    /** @description Absolute folder on the agent's host; a new node's data dirs go under <dataDir>/<node id>/ */
                                    dataDir: string;
                                    /** @description The host name new nodes advertise (default: the host of the agent's url) */
                                    host?: string;
                                    /** @description JVM options of new nodes (default: the agent's, 1 GB of heap) */
                                    jvmOptions?: string[];
                                };
                            }[];
                            /** @description Broker software version (container and agent clusters) */
                            version?: string;
                            /** @description First port of a container cluster's nodes */
                            portBase?: number;
                            /** @description How often the collector reads the cluster (default 30) */
                            collectionIntervalSeconds?: number;
                        } & {
                            [key: string]: unknown;
                        };
                        /**
                         * @description Save without testing the changed connection first
                         * @default false
                         */
                        skipTest?: boolean;
                    } | unknown | unknown | unknown | unknown | unknown | unknown | unknown | unknown;
                };
            };
            responses: {
                /** @description Change a cluster's profile, labels or settings; secrets are replaced only when given */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            cluster: {
                                id: string;
                                name: string;
                                /** @enum {string} */
                                provider: "external" | "agent" | "container" | "operator-managed";
                                /** @enum {string} */
                                flavor: "oss" | "managed-a" | "managed-b" | "managed-c";
                                bootstrapServers: string[];
                                security: {
                                    /** @enum {string} */
                                    protocol: "PLAINTEXT" | "SSL" | "SASL_PLAINTEXT" | "SASL_SSL";
                                    /** @enum {string} */
                                    saslMechanism?: "" | "PLAIN" | "SCRAM-SHA-256" | "SCRAM-SHA-512" | "CLOUD_IAM" | "OAUTHBEARER";
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
                                labels?: {
                                    [key: string]: string;
                                };
                                settings?: {
                                    [key: string]: unknown;
                                };
                                /** @description The cluster id Kafka reports */
                                brokerClusterId: string;
                                /** @description Which secrets are stored; their values are never returned */
                                secretsSet: ("password" | "tlsClientCertPem" | "tlsClientKeyPem" | "cloudAccessKeyId" | "cloudSecretAccessKey" | "cloudSessionToken" | "oauthToken")[];
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                            health: {
                                /**
                                 * @description The worst issue's severity; unreachable or unknown when nothing answered yet
                                 * @enum {string}
                                 */
                                status: "ok" | "warning" | "critical" | "unreachable" | "unknown";
                                issues: {
                                    /** @enum {string} */
                                    severity: "critical" | "warning" | "info";
                                    /** @enum {string} */
                                    code: "cluster_unreachable" | "offline_partitions" | "under_min_isr" | "no_quorum_leader" | "log_dir_failed" | "disk_critical" | "broker_down" | "cluster_identity_changed" | "under_replicated" | "at_min_isr" | "broker_fenced" | "voters_lagging" | "quorum_no_fault_tolerance" | "disk_high" | "collection_incomplete" | "reassignment_in_progress" | "broker_cordoned" | "features_finalizable";
                                    /** @description Names the objects, e.g. '3 partitions of orders offline: orders-0, ...' */
                                    message: string;
                                }[];
                                brokers?: number;
                                brokersAlive?: number;
                                brokersFenced?: number;
                                brokersCordoned?: number;
                                topics?: number;
                                partitions?: number;
                                offlinePartitions?: number;
                                underReplicated?: number;
                                underMinIsr?: number;
                                atMinIsr?: number;
                                reassigning?: number;
                                /** @description Node id of the quorum leader */
                                quorumLeader?: number;
                                voters?: number;
                                votersLagging?: number;
                                diskUsedPercentMax?: number;
                                metadataVersion?: string;
                                /** @description Finalized kraft.version */
                                quorumVersion?: number;
                            };
                            capabilities: {
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
                                /** @description Why each flag a user might expect is false */
                                notes: string[];
                                /** @description Set when the capabilities could not be derived */
                                error?: string;
                            };
                            /** Format: date-time */
                            updatedAt: string;
                            snapshot?: {
                                /** Format: date-time */
                                collectedAt: string;
                                durationMs: number;
                                clusterId: string;
                                brokers: {
                                    id: number;
                                    host: string;
                                    port: number;
                                    rack?: string;
                                    fenced: boolean;
                                    alive: boolean;
                                    cordoned: boolean;
                                    logDirs: {
                                        path: string;
                                        totalBytes?: number;
                                        usableBytes?: number;
                                        dataBytes: number;
                                        cordoned?: boolean;
                                        error?: string;
                                    }[] | null;
                                    /** @description Size of the volumes holding the broker's log dirs, each volume once (dirs reporting the same size and free space share one) */
                                    diskTotalBytes?: number;
                                    /** @description Free space on those volumes, each volume once */
                                    diskUsableBytes?: number;
                                    dataBytes: number;
                                    replicas: number;
                                    leaders: number;
                                    preferredLeaders: number;
                                    /** @description Bytes appended per second to the partitions it leads (their bytesInPerSec summed); absent until measured */
                                    bytesInPerSec?: number;
                                    /** @description Messages appended per second to the partitions it leads */
                                    messagesInPerSec?: number;
                                    /** @description Bytes per second it fetches as a follower (bytesInPerSec of the partitions it follows) */
                                    replicationBytesInPerSec?: number;
                                }[];
                                quorum?: {
                                    leaderId: number;
                                    leaderEpoch: number;
                                    highWatermark: number;
                                    voters: {
                                        nodeId: number;
                                        directoryId?: string;
                                        /** @enum {string} */
                                        role: "leader" | "follower" | "observer";
                                        logEndOffset: number;
                                        lag: number;
                                        lastFetchTimestamp: number;
                                        lastCaughtUpTimestamp: number;
                                        endpoints: {
                                            name: string;
                                            host: string;
                                            port: number;
                                        }[];
                                    }[];
                                    observers: {
                                        nodeId: number;
                                        directoryId?: string;
                                        /** @enum {string} */
                                        role: "leader" | "follower" | "observer";
                                        logEndOffset: number;
                                        lag: number;
                                        lastFetchTimestamp: number;
                                        lastCaughtUpTimestamp: number;
                                        endpoints: {
                                            name: string;
                                            host: string;
                                            port: number;
                                        }[];
                                    }[];
                                };
                                features: {
                                    name: string;
                                    finalized: number;
                                    supportedMin: number;
                                    supportedMax: number;
                                }[];
                                topics: {
                                    name: string;
                                    id: string;
                                    internal: boolean;
                                    replicationFactor: number;
                                    minInsyncReplicas: number;
                                    configs: {
                                        [key: string]: string;
                                    };
                                    sizeBytes: number;
                                    partitions: {
                                        id: number;
                                        leader: number;
                                        leaderEpoch: number;
                                        replicas: number[];
                                        isr: number[];
                                        offline: number[] | null;
                                        sizeBytes: number;
                                        /** @description Size of each replica by broker id */
                                        replicaBytes: {
                                            [key: string]: number;
                                        } | null;
                                        /** @description The high watermark when collected (ListOffsets latest): what the next collection measures growth against */
                                        logEndOffset?: number;
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
                                    }[];
                                    /** @description Its partitions' bytesInPerSec summed; absent until measured */
                                    bytesInPerSec?: number;
                                    /** @description Its partitions' messagesInPerSec summed */
                                    messagesInPerSec?: number;
                                    error?: string;
                                }[];
                                reassignments: {
                                    topic: string;
                                    partition: number;
                                    replicas: number[];
                                    adding: number[] | null;
                                    removing: number[] | null;
                                }[];
                                groups: {
                                    id: string;
                                    /** @enum {string} */
                                    type: "consumer" | "classic" | "share" | "streams";
                                    /** @description Kafka's own state name */
                                    state: string;
                                    protocolType: string;
                                    members: number;
                                    lag: number;
                                    topics: string[] | null;
                                    error?: string;
                                }[];
                                /** @description Each node as the cluster's provider reports it (agent clusters: the agents' nodes of settings.agents, by id); absent when the provider was not asked (external clusters) or no agent answered */
                                providerNodes?: {
                                    nodeId: number;
                                    /** @description The Kafka version it runs; while it is stopped, the version it starts with */
                                    version: string;
                                    /** @enum {string} */
                                    state: "running" | "stopped" | "starting" | "stopping";
                                }[];
                                errors: string[];
                            };
                        };
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
        /** Collect a new snapshot now and return the fresh view */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
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
                        "application/json": {
                            cluster: {
                                id: string;
                                name: string;
                                /** @enum {string} */
                                provider: "external" | "agent" | "container" | "operator-managed";
                                /** @enum {string} */
                                flavor: "oss" | "managed-a" | "managed-b" | "managed-c";
                                bootstrapServers: string[];
                                security: {
                                    /** @enum {string} */
                                    protocol: "PLAINTEXT" | "SSL" | "SASL_PLAINTEXT" | "SASL_SSL";
                                    /** @enum {string} */
                                    saslMechanism?: "" | "PLAIN" | "SCRAM-SHA-256" | "SCRAM-SHA-512" | "CLOUD_IAM" | "OAUTHBEARER";
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
                                labels?: {
                                    [key: string]: string;
                                };
                                settings?: {
                                    [key: string]: unknown;
                                };
                                /** @description The cluster id Kafka reports */
                                brokerClusterId: string;
                                /** @description Which secrets are stored; their values are never returned */
                                secretsSet: ("password" | "tlsClientCertPem" | "tlsClientKeyPem" | "cloudAccessKeyId" | "cloudSecretAccessKey" | "cloudSessionToken" | "oauthToken")[];
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                            health: {
                                /**
                                 * @description The worst issue's severity; unreachable or unknown when nothing answered yet
                                 * @enum {string}
                                 */
                                status: "ok" | "warning" | "critical" | "unreachable" | "unknown";
                                issues: {
                                    /** @enum {string} */
                                    severity: "critical" | "warning" | "info";
                                    /** @enum {string} */
                                    code: "cluster_unreachable" | "offline_partitions" | "under_min_isr" | "no_quorum_leader" | "log_dir_failed" | "disk_critical" | "broker_down" | "cluster_identity_changed" | "under_replicated" | "at_min_isr" | "broker_fenced" | "voters_lagging" | "quorum_no_fault_tolerance" | "disk_high" | "collection_incomplete" | "reassignment_in_progress" | "broker_cordoned" | "features_finalizable";
                                    /** @description Names the objects, e.g. '3 partitions of orders offline: orders-0, ...' */
                                    message: string;
                                }[];
                                brokers?: number;
                                brokersAlive?: number;
                                brokersFenced?: number;
                                brokersCordoned?: number;
                                topics?: number;
                                partitions?: number;
                                offlinePartitions?: number;
                                underReplicated?: number;
                                underMinIsr?: number;
                                atMinIsr?: number;
                                reassigning?: number;
                                /** @description Node id of the quorum leader */
                                quorumLeader?: number;
                                voters?: number;
                                votersLagging?: number;
                                diskUsedPercentMax?: number;
                                metadataVersion?: string;
                                /** @description Finalized kraft.version */
                                quorumVersion?: number;
                            };
                            capabilities: {
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
                                /** @description Why each flag a user might expect is false */
                                notes: string[];
                                /** @description Set when the capabilities could not be derived */
                                error?: string;
                            };
                            /** Format: date-time */
                            updatedAt: string;
                            snapshot?: {
                                /** Format: date-time */
                                collectedAt: string;
                                durationMs: number;
                                clusterId: string;
                                brokers: {
                                    id: number;
                                    host: string;
                                    port: number;
                                    rack?: string;
                                    fenced: boolean;
                                    alive: boolean;
                                    cordoned: boolean;
                                    logDirs: {
                                        path: string;
                                        totalBytes?: number;
                                        usableBytes?: number;
                                        dataBytes: number;
                                        cordoned?: boolean;
                                        error?: string;
                                    }[] | null;
                                    /** @description Size of the volumes holding the broker's log dirs, each volume once (dirs reporting the same size and free space share one) */
                                    diskTotalBytes?: number;
                                    /** @description Free space on those volumes, each volume once */
                                    diskUsableBytes?: number;
                                    dataBytes: number;
                                    replicas: number;
                                    leaders: number;
                                    preferredLeaders: number;
                                    /** @description Bytes appended per second to the partitions it leads (their bytesInPerSec summed); absent until measured */
                                    bytesInPerSec?: number;
                                    /** @description Messages appended per second to the partitions it leads */
                                    messagesInPerSec?: number;
                                    /** @description Bytes per second it fetches as a follower (bytesInPerSec of the partitions it follows) */
                                    replicationBytesInPerSec?: number;
                                }[];
                                quorum?: {
                                    leaderId: number;
                                    leaderEpoch: number;
                                    highWatermark: number;
                                    voters: {
                                        nodeId: number;
                                        directoryId?: string;
                                        /** @enum {string} */
                                        role: "leader" | "follower" | "observer";
                                        logEndOffset: number;
                                        lag: number;
                                        lastFetchTimestamp: number;
                                        lastCaughtUpTimestamp: number;
                                        endpoints: {
                                            name: string;
                                            host: string;
                                            port: number;
                                        }[];
                                    }[];
                                    observers: {
                                        nodeId: number;
                                        directoryId?: string;
                                        /** @enum {string} */
                                        role: "leader" | "follower" | "observer";
                                        logEndOffset: number;
                                        lag: number;
                                        lastFetchTimestamp: number;
                                        lastCaughtUpTimestamp: number;
                                        endpoints: {
                                            name: string;
                                            host: string;
                                            port: number;
                                        }[];
                                    }[];
                                };
                                features: {
                                    name: string;
                                    finalized: number;
                                    supportedMin: number;
                                    supportedMax: number;
                                }[];
                                topics: {
                                    name: string;
                                    id: string;
                                    internal: boolean;
                                    replicationFactor: number;
                                    minInsyncReplicas: number;
                                    configs: {
                                        [key: string]: string;
                                    };
                                    sizeBytes: number;
                                    partitions: {
                                        id: number;
                                        leader: number;
                                        leaderEpoch: number;
                                        replicas: number[];
                                        isr: number[];
                                        offline: number[] | null;
                                        sizeBytes: number;
                                        /** @description Size of each replica by broker id */
                                        replicaBytes: {
                                            [key: string]: number;
                                        } | null;
                                        /** @description The high watermark when collected (ListOffsets latest): what the next collection measures growth against */
                                        logEndOffset?: number;
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
                                    }[];
                                    /** @description Its partitions' bytesInPerSec summed; absent until measured */
                                    bytesInPerSec?: number;
                                    /** @description Its partitions' messagesInPerSec summed */
                                    messagesInPerSec?: number;
                                    error?: string;
                                }[];
                                reassignments: {
                                    topic: string;
                                    partition: number;
                                    replicas: number[];
                                    adding: number[] | null;
                                    removing: number[] | null;
                                }[];
                                groups: {
                                    id: string;
                                    /** @enum {string} */
                                    type: "consumer" | "classic" | "share" | "streams";
                                    /** @description Kafka's own state name */
                                    state: string;
                                    protocolType: string;
                                    members: number;
                                    lag: number;
                                    topics: string[] | null;
                                    error?: string;
                                }[];
                                /** @description Each node as the cluster's provider reports it (agent clusters: the agents' nodes of settings.agents, by id); absent when the provider was not asked (external clusters) or no agent answered */
                                providerNodes?: {
                                    nodeId: number;
                                    /** @description The Kafka version it runs; while it is stopped, the version it starts with */
                                    version: string;
                                    /** @enum {string} */
                                    state: "running" | "stopped" | "starting" | "stopping";
                                }[];
                                errors: string[];
                            };
                        };
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
        /** Accept the Kafka cluster the bootstrap servers now reach (cluster_identity_changed) as this cluster: writes and operations resume */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The cluster id Kafka now reports, as the health issue names it */
                        brokerClusterId: string;
                    };
                };
            };
            responses: {
                /** @description Accept the Kafka cluster the bootstrap servers now reach (cluster_identity_changed) as this cluster: writes and operations resume */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            cluster: {
                                id: string;
                                name: string;
                                /** @enum {string} */
                                provider: "external" | "agent" | "container" | "operator-managed";
                                /** @enum {string} */
                                flavor: "oss" | "managed-a" | "managed-b" | "managed-c";
                                bootstrapServers: string[];
                                security: {
                                    /** @enum {string} */
                                    protocol: "PLAINTEXT" | "SSL" | "SASL_PLAINTEXT" | "SASL_SSL";
                                    /** @enum {string} */
                                    saslMechanism?: "" | "PLAIN" | "SCRAM-SHA-256" | "SCRAM-SHA-512" | "CLOUD_IAM" | "OAUTHBEARER";
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
                                labels?: {
                                    [key: string]: string;
                                };
                                settings?: {
                                    [key: string]: unknown;
                                };
                                /** @description The cluster id Kafka reports */
                                brokerClusterId: string;
                                /** @description Which secrets are stored; their values are never returned */
                                secretsSet: ("password" | "tlsClientCertPem" | "tlsClientKeyPem" | "cloudAccessKeyId" | "cloudSecretAccessKey" | "cloudSessionToken" | "oauthToken")[];
                                /** Format: date-time */
                                createdAt: string;
                                /** Format: date-time */
                                updatedAt: string;
                            };
                            health: {
                                /**
                                 * @description The worst issue's severity; unreachable or unknown when nothing answered yet
                                 * @enum {string}
                                 */
                                status: "ok" | "warning" | "critical" | "unreachable" | "unknown";
                                issues: {
                                    /** @enum {string} */
                                    severity: "critical" | "warning" | "info";
                                    /** @enum {string} */
                                    code: "cluster_unreachable" | "offline_partitions" | "under_min_isr" | "no_quorum_leader" | "log_dir_failed" | "disk_critical" | "broker_down" | "cluster_identity_changed" | "under_replicated" | "at_min_isr" | "broker_fenced" | "voters_lagging" | "quorum_no_fault_tolerance" | "disk_high" | "collection_incomplete" | "reassignment_in_progress" | "broker_cordoned" | "features_finalizable";
                                    /** @description Names the objects, e.g. '3 partitions of orders offline: orders-0, ...' */
                                    message: string;
                                }[];
                                brokers?: number;
                                brokersAlive?: number;
                                brokersFenced?: number;
                                brokersCordoned?: number;
                                topics?: number;
                                partitions?: number;
                                offlinePartitions?: number;
                                underReplicated?: number;
                                underMinIsr?: number;
                                atMinIsr?: number;
                                reassigning?: number;
                                /** @description Node id of the quorum leader */
                                quorumLeader?: number;
                                voters?: number;
                                votersLagging?: number;
                                diskUsedPercentMax?: number;
                                metadataVersion?: string;
                                /** @description Finalized kraft.version */
                                quorumVersion?: number;
                            };
                            capabilities: {
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
                                /** @description Why each flag a user might expect is false */
                                notes: string[];
                                /** @description Set when the capabilities could not be derived */
                                error?: string;
                            };
                            /** Format: date-time */
                            updatedAt: string;
                            snapshot?: {
                                /** Format: date-time */
                                collectedAt: string;
                                durationMs: number;
                                clusterId: string;
                                brokers: {
                                    id: number;
                                    host: string;
                                    port: number;
                                    rack?: string;
                                    fenced: boolean;
                                    alive: boolean;
                                    cordoned: boolean;
                                    logDirs: {
                                        path: string;
                                        totalBytes?: number;
                                        usableBytes?: number;
                                        dataBytes: number;
                                        cordoned?: boolean;
                                        error?: string;
                                    }[] | null;
                                    /** @description Size of the volumes holding the broker's log dirs, each volume once (dirs reporting the same size and free space share one) */
                                    diskTotalBytes?: number;
                                    /** @description Free space on those volumes, each volume once */
                                    diskUsableBytes?: number;
                                    dataBytes: number;
                                    replicas: number;
                                    leaders: number;
                                    preferredLeaders: number;
                                    /** @description Bytes appended per second to the partitions it leads (their bytesInPerSec summed); absent until measured */
                                    bytesInPerSec?: number;
                                    /** @description Messages appended per second to the partitions it leads */
                                    messagesInPerSec?: number;
                                    /** @description Bytes per second it fetches as a follower (bytesInPerSec of the partitions it follows) */
                                    replicationBytesInPerSec?: number;
                                }[];
                                quorum?: {
                                    leaderId: number;
                                    leaderEpoch: number;
                                    highWatermark: number;
                                    voters: {
                                        nodeId: number;
                                        directoryId?: string;
                                        /** @enum {string} */
                                        role: "leader" | "follower" | "observer";
                                        logEndOffset: number;
                                        lag: number;
                                        lastFetchTimestamp: number;
                                        lastCaughtUpTimestamp: number;
                                        endpoints: {
                                            name: string;
                                            host: string;
                                            port: number;
                                        }[];
                                    }[];
                                    observers: {
                                        nodeId: number;
                                        directoryId?: string;
                                        /** @enum {string} */
                                        role: "leader" | "follower" | "observer";
                                        logEndOffset: number;
                                        lag: number;
                                        lastFetchTimestamp: number;
                                        lastCaughtUpTimestamp: number;
                                        endpoints: {
                                            name: string;
                                            host: string;
                                            port: number;
                                        }[];
                                    }[];
                                };
                                features: {
                                    name: string;
                                    finalized: number;
                                    supportedMin: number;
                                    supportedMax: number;
                                }[];
                                topics: {
                                    name: string;
                                    id: string;
                                    internal: boolean;
                                    replicationFactor: number;
                                    minInsyncReplicas: number;
                                    configs: {
                                        [key: string]: string;
                                    };
                                    sizeBytes: number;
                                    partitions: {
                                        id: number;
                                        leader: number;
                                        leaderEpoch: number;
                                        replicas: number[];
                                        isr: number[];
                                        offline: number[] | null;
                                        sizeBytes: number;
                                        /** @description Size of each replica by broker id */
                                        replicaBytes: {
                                            [key: string]: number;
                                        } | null;
                                        /** @description The high watermark when collected (ListOffsets latest): what the next collection measures growth against */
                                        logEndOffset?: number;
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
                                    }[];
                                    /** @description Its partitions' bytesInPerSec summed; absent until measured */
                                    bytesInPerSec?: number;
                                    /** @description Its partitions' messagesInPerSec summed */
                                    messagesInPerSec?: number;
                                    error?: string;
                                }[];
                                reassignments: {
                                    topic: string;
                                    partition: number;
                                    replicas: number[];
                                    adding: number[] | null;
                                    removing: number[] | null;
                                }[];
                                groups: {
                                    id: string;
                                    /** @enum {string} */
                                    type: "consumer" | "classic" | "share" | "streams";
                                    /** @description Kafka's own state name */
                                    state: string;
                                    protocolType: string;
                                    members: number;
                                    lag: number;
                                    topics: string[] | null;
                                    error?: string;
                                }[];
                                /** @description Each node as the cluster's provider reports it (agent clusters: the agents' nodes of settings.agents, by id); absent when the provider was not asked (external clusters) or no agent answered */
                                providerNodes?: {
                                    nodeId: number;
                                    /** @description The Kafka version it runs; while it is stopped, the version it starts with */
                                    version: string;
                                    /** @enum {string} */
                                    state: "running" | "stopped" | "starting" | "stopping";
                                }[];
                                errors: string[];
                            };
                        };
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
        /** A page of topics by name with partition count, size and partition health */
        get: {
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
                        "application/json": {
                            topics: {
                                name: string;
                                id: string;
                                internal: boolean;
                                partitions: number;
                                replicationFactor: number;
                                minInsyncReplicas: number;
                                /** @description Sum of the partitions' sizes (the leader's replica of each) */
                                sizeBytes: number;
                                underReplicatedPartitions: number;
                                underMinIsrPartitions: number;
                                /** @description Partitions without a leader */
                                offlinePartitions: number;
                                /** @description Bytes appended per second, measured between the cluster's last two collections; absent until then */
                                bytesInPerSec?: number;
                                /** @description Messages appended per second, measured likewise */
                                messagesInPerSec?: number;
                            }[];
                            /** @description Topics matching, all pages */
                            total: number;
                        };
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
            };
        };
        put?: never;
        /** Create a topic (0 partitions or replication factor = the broker default) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /**
                         * @description 0 = the broker default
                         * @default 0
                         */
                        partitions?: number;
                        /**
                         * @description 0 = the broker default
                         * @default 0
                         */
                        replicationFactor?: number;
                        /**
                         * @description Topic configs, e.g. retention.ms
                         * @default {}
                         */
                        configs?: {
                            [key: string]: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Create a topic (0 partitions or replication factor = the broker default) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            topic: string;
                            /** @description Kafka's topic id */
                            id: string;
                        };
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
            };
        };
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
        /** One topic with its configs, partitions (leader, replicas, ISR) and replica sizes */
        get: {
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
                        "application/json": {
                            name: string;
                            id: string;
                            internal: boolean;
                            replicationFactor: number;
                            minInsyncReplicas: number;
                            configs: {
                                [key: string]: string;
                            };
                            sizeBytes: number;
                            partitions: {
                                id: number;
                                leader: number;
                                leaderEpoch: number;
                                replicas: number[];
                                isr: number[];
                                offline: number[] | null;
                                sizeBytes: number;
                                /** @description Size of each replica by broker id */
                                replicaBytes: {
                                    [key: string]: number;
                                } | null;
                                /** @description The high watermark when collected (ListOffsets latest): what the next collection measures growth against */
                                logEndOffset?: number;
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
                            }[];
                            /** @description Its partitions' bytesInPerSec summed; absent until measured */
                            bytesInPerSec?: number;
                            /** @description Its partitions' messagesInPerSec summed */
                            messagesInPerSec?: number;
                            error?: string;
                        };
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
            };
        };
        put?: never;
        post?: never;
        /** Delete a topic and its data (irreversible: confirmName must repeat the topic's name; Kafka's internal topics are refused) */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path: {
                    id: string;
                    topic: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The topic's name again, exactly; anything else is refused (422) */
                        confirmName: string;
                    };
                };
            };
            responses: {
                /** @description Delete a topic and its data (irreversible: confirmName must repeat the topic's name; Kafka's internal topics are refused) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            topic: string;
                            /** @description Kafka's id of the deleted topic */
                            id: string;
                        };
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
            };
        };
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
        /** A bounded page of a topic's messages (keys, values and headers as text, JSON or base64), read without a consumer group; audited */
        get: {
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
                        "application/json": {
                            topic: string;
                            /** @description Oldest first (by timestamp, then partition and offset; each partition's in offset order); from=end: the newest */
                            messages: {
                                partition: number;
                                offset: number;
                                /** @description ISO 8601 (the record's timestamp: create or log-append time per the topic) */
                                timestamp: string;
                                key: {
                                    /** @enum {string} */
                                    encoding: "text" | "json" | "base64" | "omitted";
                                    data: unknown;
                                    bytes: number;
                                } | null;
                                /** @description null: a tombstone */
                                value: {
                                    /** @enum {string} */
                                    encoding: "text" | "json" | "base64" | "omitted";
                                    data: unknown;
                                    bytes: number;
                                } | null;
                                headers: {
                                    key: string;
                                    value: {
                                        /** @enum {string} */
                                        encoding: "text" | "json" | "base64" | "omitted";
                                        data: unknown;
                                        bytes: number;
                                    } | null;
                                }[];
                            }[];
                            /** @description Messages read to make this page: the sum of the partitions' `scanned` */
                            scanned: number;
                            /**
                             * @description end: every partition read to its end; limit: the page is full; bytes: the byte cap; scan: maxScan messages read; deadline: the read took too long
                             * @enum {string}
                             */
                            stoppedBy: "end" | "limit" | "bytes" | "scan" | "deadline";
                            /** @description The partitions this page read, by id (a page resumes each at its `to`): the first 1000 */
                            partitions: {
                                partition: number;
                                logStartOffset: number;
                                /** @description The log end readers see, when the read started */
                                highWatermark: number;
                                /** @description The first offset read */
                                from: number;
                                /** @description The offset after the last one read (= highWatermark: read to the end) */
                                to: number;
                                /** @description Messages read in [from, to), matching the filter or not */
                                scanned: number;
                            }[];
                            /** @description How many partitions this page read (all of them, listed or not) */
                            partitionsRead: number;
                            /** @description Partitions that could not be read (no leader, or ListOffsets refused twice): their messages are not in the page nor behind the cursor (the first 1000); usually empty */
                            unavailablePartitions: number[];
                            /** @description Pass as `cursor` (with the same filter) to continue after this page; null: nothing left to read */
                            cursor: string | null;
                        };
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
            };
        };
        put?: never;
        /** Produce one message (partition null = Kafka's default partitioner) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path: {
                    id: string;
                    topic: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description null = Kafka's default partitioner (murmur2 of the key, else spread)
                         * @default null
                         */
                        partition?: number | null;
                        /** @default null */
                        key?: string | null;
                        value: string;
                        /** @default [] */
                        headers?: {
                            key: string;
                            value: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Produce one message (partition null = Kafka's default partitioner) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            partition: number;
                            offset: number;
                        };
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
            };
        };
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
        /** Increase the partition count to a new total */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path: {
                    id: string;
                    topic: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The new total number of partitions */
                        count: number;
                    };
                };
            };
            responses: {
                /** @description Increase the partition count to a new total */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            topic: string;
                            /** @description The new total */
                            partitions: number;
                        };
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
            };
        };
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
        /** Every config of a topic with its value and source (sensitive values never shown) */
        get: {
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
                        "application/json": {
                            topic: string;
                            configs: {
                                name: string;
                                /** @description null for sensitive configs (Kafka never returns them) and unset ones */
                                value: string | null;
                                /** @description true: cannot be changed through the API (static broker configs) */
                                readOnly: boolean;
                                /** @description Where the value comes from: topic, broker, cluster, static, default, logger, client-metrics, group */
                                source: string;
                                sensitive: boolean;
                            }[];
                        };
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
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set and delete topic configs (incremental; unknown keys are refused by name) */
        patch: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path: {
                    id: string;
                    topic: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Configs to set, name to value
                         * @default {}
                         */
                        set?: {
                            [key: string]: string;
                        };
                        /**
                         * @description Configs to return to their default; a key may not be both set and deleted
                         * @default []
                         */
                        delete?: string[];
                    } | {
                        set: unknown;
                    } | {
                        delete: unknown;
                    };
                };
            };
            responses: {
                /** @description Set and delete topic configs (incremental; unknown keys are refused by name) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            topic: string;
                            set: {
                                [key: string]: string;
                            };
                            deleted: string[];
                        };
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
            };
        };
        trace?: never;
    };
    "/api/v1/clusters/{id}/brokers/{broker}/configs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every config of a broker with its value, source and whether it is dynamic (sensitive values never shown) */
        get: {
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
                        "application/json": {
                            broker: number;
                            configs: {
                                name: string;
                                /** @description null for sensitive configs (Kafka never returns them) and unset ones */
                                value: string | null;
                                /** @description true: cannot be changed through the API (static broker configs) */
                                readOnly: boolean;
                                /** @description Where the value comes from: topic, broker, cluster, static, default, logger, client-metrics, group */
                                source: string;
                                sensitive: boolean;
                            }[];
                        };
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
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set and delete dynamic broker configs (incremental; unknown and static keys are refused by name) */
        patch: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path: {
                    id: string;
                    broker: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Configs to set, name to value
                         * @default {}
                         */
                        set?: {
                            [key: string]: string;
                        };
                        /**
                         * @description Configs to return to their default; a key may not be both set and deleted
                         * @default []
                         */
                        delete?: string[];
                    } | {
                        set: unknown;
                    } | {
                        delete: unknown;
                    };
                };
            };
            responses: {
                /** @description Set and delete dynamic broker configs (incremental; unknown and static keys are refused by name) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            broker: number;
                            set: {
                                [key: string]: string;
                            };
                            deleted: string[];
                        };
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
            };
        };
        trace?: never;
    };
    "/api/v1/clusters/{id}/quotas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every entity with quota values set on it */
        get: {
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
                        "application/json": {
                            quotas: {
                                entity: {
                                    /** @enum {string} */
                                    type: "user" | "client-id" | "ip";
                                    name: string | null;
                                }[];
                                quotas: {
                                    [key: string]: number;
                                };
                            }[];
                        };
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
            };
        };
        /** Set or remove quota values of a user, client id or ip (name null = the default entity) */
        put: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        entity: {
                            /** @enum {string} */
                            type: "user" | "client-id" | "ip";
                            /** @description null = the default entity of the type */
                            name: string | null;
                        }[];
                        /**
                         * @description Quota values to set
                         * @default {}
                         */
                        set?: {
                            [key: string]: number;
                        };
                        /**
                         * @description Quota keys to remove
                         * @default []
                         */
                        remove?: ("producer_byte_rate" | "consumer_byte_rate" | "request_percentage" | "controller_mutation_rate" | "connection_creation_rate")[];
                    } & ({
                        entity: unknown | (unknown & unknown);
                    } & unknown & ({
                        set: unknown;
                    } | {
                        remove: unknown;
                    }) & unknown & unknown & unknown & unknown & unknown);
                };
            };
            responses: {
                /** @description Set or remove quota values of a user, client id or ip (name null = the default entity) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            entity: {
                                /** @enum {string} */
                                type: "user" | "client-id" | "ip";
                                name: string | null;
                            }[];
                            quotas: {
                                [key: string]: number;
                            };
                        };
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
            };
        };
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
        /** ACL bindings matching a filter (absent fields match anything), a page at a time */
        get: {
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
                        "application/json": {
                            bindings: {
                                /** @enum {string} */
                                resourceType: "TOPIC" | "GROUP" | "CLUSTER" | "TRANSACTIONAL_ID" | "DELEGATION_TOKEN" | "USER";
                                /** @description * with LITERAL = every resource of the type */
                                resourceName: string;
                                /** @enum {string} */
                                patternType: "LITERAL" | "PREFIXED";
                                /** @description User:<name>, or User:* for every user */
                                principal: string;
                                /** @description * or the client's IP address */
                                host: string | "*" | unknown | unknown;
                                /** @enum {string} */
                                operation: "ALL" | "READ" | "WRITE" | "CREATE" | "DELETE" | "ALTER" | "DESCRIBE" | "CLUSTER_ACTION" | "DESCRIBE_CONFIGS" | "ALTER_CONFIGS" | "IDEMPOTENT_WRITE" | "CREATE_TOKENS" | "DESCRIBE_TOKENS" | "TWO_PHASE_COMMIT";
                                /** @enum {string} */
                                permission: "ALLOW" | "DENY";
                            }[];
                            /** @description Bindings matching the filter, all pages */
                            total: number;
                        };
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
            };
        };
        put?: never;
        /** Create an ACL binding */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        resourceType: "TOPIC" | "GROUP" | "CLUSTER" | "TRANSACTIONAL_ID" | "DELEGATION_TOKEN" | "USER";
                        /** @description * with LITERAL = every resource of the type */
                        resourceName: string;
                        /** @enum {string} */
                        patternType: "LITERAL" | "PREFIXED";
                        /** @description User:<name>, or User:* for every user */
                        principal: string;
                        /** @description * or the client's IP address */
                        host: string | "*" | unknown | unknown;
                        /** @enum {string} */
                        operation: "ALL" | "READ" | "WRITE" | "CREATE" | "DELETE" | "ALTER" | "DESCRIBE" | "CLUSTER_ACTION" | "DESCRIBE_CONFIGS" | "ALTER_CONFIGS" | "IDEMPOTENT_WRITE" | "CREATE_TOKENS" | "DESCRIBE_TOKENS" | "TWO_PHASE_COMMIT";
                        /** @enum {string} */
                        permission: "ALLOW" | "DENY";
                    };
                };
            };
            responses: {
                /** @description Create an ACL binding */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            binding: {
                                /** @enum {string} */
                                resourceType: "TOPIC" | "GROUP" | "CLUSTER" | "TRANSACTIONAL_ID" | "DELEGATION_TOKEN" | "USER";
                                /** @description * with LITERAL = every resource of the type */
                                resourceName: string;
                                /** @enum {string} */
                                patternType: "LITERAL" | "PREFIXED";
                                /** @description User:<name>, or User:* for every user */
                                principal: string;
                                /** @description * or the client's IP address */
                                host: string | "*" | unknown | unknown;
                                /** @enum {string} */
                                operation: "ALL" | "READ" | "WRITE" | "CREATE" | "DELETE" | "ALTER" | "DESCRIBE" | "CLUSTER_ACTION" | "DESCRIBE_CONFIGS" | "ALTER_CONFIGS" | "IDEMPOTENT_WRITE" | "CREATE_TOKENS" | "DESCRIBE_TOKENS" | "TWO_PHASE_COMMIT";
                                /** @enum {string} */
                                permission: "ALLOW" | "DENY";
                            };
                        };
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
            };
        };
        /** Delete the ACL bindings equal to the body (deleting nothing is not an error) */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        resourceType: "TOPIC" | "GROUP" | "CLUSTER" | "TRANSACTIONAL_ID" | "DELEGATION_TOKEN" | "USER";
                        /** @description * with LITERAL = every resource of the type */
                        resourceName: string;
                        /** @enum {string} */
                        patternType: "LITERAL" | "PREFIXED";
                        /** @description User:<name>, or User:* for every user */
                        principal: string;
                        /** @description * or the client's IP address */
                        host: string | "*" | unknown | unknown;
                        /** @enum {string} */
                        operation: "ALL" | "READ" | "WRITE" | "CREATE" | "DELETE" | "ALTER" | "DESCRIBE" | "CLUSTER_ACTION" | "DESCRIBE_CONFIGS" | "ALTER_CONFIGS" | "IDEMPOTENT_WRITE" | "CREATE_TOKENS" | "DESCRIBE_TOKENS" | "TWO_PHASE_COMMIT";
                        /** @enum {string} */
                        permission: "ALLOW" | "DENY";
                    };
                };
            };
            responses: {
                /** @description Delete the ACL bindings equal to the body (deleting nothing is not an error) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                /** @enum {string} */
                                resourceType: "TOPIC" | "GROUP" | "CLUSTER" | "TRANSACTIONAL_ID" | "DELEGATION_TOKEN" | "USER";
                                /** @description * with LITERAL = every resource of the type */
                                resourceName: string;
                                /** @enum {string} */
                                patternType: "LITERAL" | "PREFIXED";
                                /** @description User:<name>, or User:* for every user */
                                principal: string;
                                /** @description * or the client's IP address */
                                host: string | "*" | unknown | unknown;
                                /** @enum {string} */
                                operation: "ALL" | "READ" | "WRITE" | "CREATE" | "DELETE" | "ALTER" | "DESCRIBE" | "CLUSTER_ACTION" | "DESCRIBE_CONFIGS" | "ALTER_CONFIGS" | "IDEMPOTENT_WRITE" | "CREATE_TOKENS" | "DESCRIBE_TOKENS" | "TWO_PHASE_COMMIT";
                                /** @enum {string} */
                                permission: "ALLOW" | "DENY";
                            }[];
                        };
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
            };
        };
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
        /** Every user with a SCRAM credential, by name, with each credential's mechanism and iterations */
        get: {
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
                        "application/json": {
                            /** @description By name */
                            users: {
                                user: string;
                                /** @description One per mechanism the user has a credential for */
                                credentials: {
                                    /** @enum {string} */
                                    mechanism: "SCRAM-SHA-256" | "SCRAM-SHA-512";
                                    iterations: number;
                                }[];
                            }[];
                        };
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
            };
        };
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
        /** One SCRAM user's mechanisms and iterations (404 when the user has no credential) */
        get: {
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
                        "application/json": {
                            user: string;
                            /** @description One per mechanism the user has a credential for */
                            credentials: {
                                /** @enum {string} */
                                mechanism: "SCRAM-SHA-256" | "SCRAM-SHA-512";
                                iterations: number;
                            }[];
                        };
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
            };
        };
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
        /** Create or replace the user's credential for one mechanism (the password is write-only; the salt is generated here) */
        put: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path: {
                    id: string;
                    user: string;
                    mechanism: "SCRAM-SHA-256" | "SCRAM-SHA-512";
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Write-only: the salted password is computed here and sent to Kafka */
                        password: string;
                        /**
                         * @description 4096-16384, default 8192
                         * @default 8192
                         */
                        iterations?: number;
                    };
                };
            };
            responses: {
                /** @description Create or replace the user's credential for one mechanism (the password is write-only; the salt is generated here) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: string;
                            /** @description One per mechanism the user has a credential for */
                            credentials: {
                                /** @enum {string} */
                                mechanism: "SCRAM-SHA-256" | "SCRAM-SHA-512";
                                iterations: number;
                            }[];
                        };
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
            };
        };
        post?: never;
        /** Delete the user's credential for one mechanism (404 when there is none); answers the credentials left */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
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
                        "application/json": {
                            user: string;
                            /** @description One per mechanism the user has a credential for */
                            credentials: {
                                /** @enum {string} */
                                mechanism: "SCRAM-SHA-256" | "SCRAM-SHA-512";
                                iterations: number;
                            }[];
                        };
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
            };
        };
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
        /** A page of groups of every type by id, with type, state and coordinator (members and lag: the detail) */
        get: {
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
                        "application/json": {
                            groups: {
                                id: string;
                                /** @enum {string} */
                                type: "consumer" | "classic" | "share" | "streams";
                                state: string;
                                protocolType: string;
                                /** @description The broker coordinating the group */
                                coordinator: number;
                                /** @description The group's total lag at the last collection (absent for a group the last collection did not see) */
                                lag?: number;
                            }[];
                            total: number;
                        };
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
            };
        };
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
        /** A group of any type with per-partition committed offset, log end, lag and owning member */
        get: {
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
                        "application/json": {
                            group: string;
                            type?: string;
                            /** @description Kafka's own state name */
                            state: string;
                            protocolType: string;
                            members: number;
                            totalLag: number;
                            error?: string;
                            partitions: {
                                topic: string;
                                partition: number;
                                committed: number;
                                end: number;
                                lag: number;
                                member: string;
                                clientId: string;
                                host: string;
                            }[];
                        };
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
            };
        };
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
        /** Reset the committed offsets of an empty group (dryRun previews them) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path: {
                    id: string;
                    group: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        topic: string;
                        /** @description Omitted = every partition */
                        partitions?: number[];
                        /** @enum {string} */
                        to: "earliest" | "latest" | "timestamp" | "offset" | "shift";
                        /** @description Unix milliseconds, for to=timestamp */
                        timestamp?: number;
                        /** @description The offset (to=offset) or the signed delta (to=shift) */
                        offset?: number;
                        /**
                         * @description Only preview the new offsets
                         * @default false
                         */
                        dryRun?: boolean;
                    } & ({
                        partitions?: unknown;
                    } & unknown & unknown & unknown);
                };
            };
            responses: {
                /** @description Reset the committed offsets of an empty group (dryRun previews them) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            dryRun: boolean;
                            offsets: {
                                topic: string;
                                partition: number;
                                from: number;
                                to: number;
                            }[];
                        };
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
            };
        };
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
        /** The cluster's operations, newest first, by status, a page at a time (before = nextCursor) */
        get: {
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
                        "application/json": {
                            operations: {
                                id: string;
                                clusterId: string;
                                /** @enum {string} */
                                type: "rebalance" | "drainBrokers" | "electLeaders" | "cordonBrokers" | "uncordonBrokers" | "unregisterBrokers" | "addControllers" | "removeVoters" | "finalizeFeatures" | "migrateQuorum" | "restartNodes" | "upgradeVersion" | "provisionNodes" | "scaleNodePools";
                                /** @enum {string} */
                                status: "planned" | "pending" | "running" | "paused" | "succeeded" | "failed" | "cancelled";
                                summary: string;
                                params: {
                                    [key: string]: unknown;
                                };
                                plan: {
                                    summary: string;
                                    warnings: string[];
                                    irreversible: boolean;
                                    moves?: {
                                        topic: string;
                                        partition: number;
                                        from: number[];
                                        to: number[];
                                        sizeBytes: number;
                                        replicaMoves: number;
                                        leaderChange: boolean;
                                    }[];
                                    before?: {
                                        brokers: {
                                            id: number;
                                            rack?: string;
                                            replicas: number;
                                            leaders: number;
                                            dataBytes: number;
                                            bytesInPerSec?: number;
                                            excluded: boolean;
                                        }[];
                                        replicaSpread: number;
                                        leaderSpread: number;
                                        dataSpreadBytes: number;
                                        score: number;
                                    };
                                    after?: {
                                        brokers: {
                                            id: number;
                                            rack?: string;
                                            replicas: number;
                                            leaders: number;
                                            dataBytes: number;
                                            bytesInPerSec?: number;
                                            excluded: boolean;
                                        }[];
                                        replicaSpread: number;
                                        leaderSpread: number;
                                        dataSpreadBytes: number;
                                        score: number;
                                    };
                                    dataToMoveBytes?: number;
                                    /** @description The least data any plan must move to reach the same replica spread: how close this plan is to the best */
                                    dataToMoveLowerBoundBytes?: number;
                                    /** @description Per goal, the least data any plan must move to reach it */
                                    lowerBounds?: {
                                        /** @description The least data any plan must move to reach the replica spread (as above) */
                                        replicas: number;
                                        /** @description The least data any plan must move to bring every broker into the disk band */
                                        disk: number;
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
                                    /** @description How long the data movement should take: the bytes each broker receives and sends at the throttle (or an assumed rate), the concurrency limit; the summary says how */
                                    etaSeconds?: number;
                                    /** @description How many moves the plan has: `moves` lists at most the first 1000; all of them page through GET /operations/{id}/moves */
                                    movesTotal?: number;
                                };
                                details: {
                                    [key: string]: unknown;
                                };
                                irreversible: boolean;
                                currentStep: number;
                                /** @description Set by pause/resume/cancel until the worker honours it */
                                requestedAction: ("pause" | "resume" | "cancel") | null;
                                error: string | null;
                                createdBy: string;
                                /** @description Who confirmed it; null while planned */
                                confirmedBy: string | null;
                                /** Format: date-time */
                                createdAt: string;
                                /**
                                 * Format: date-time
                                 * @description When the plan expires if not confirmed: createdAt + 15 minutes
                                 */
                                expiresAt: string;
                                startedAt: string | null;
                                finishedAt: string | null;
                                /** Format: date-time */
                                updatedAt: string;
                                steps: {
                                    index: number;
                                    name: string;
                                    kind: string;
                                    args: unknown;
                                    alwaysRun: boolean;
                                    /** @enum {string} */
                                    status: "pending" | "running" | "succeeded" | "failed" | "skipped";
                                    detail?: unknown;
                                    error?: string;
                                    startedAt: string | null;
                                    finishedAt: string | null;
                                }[];
                            }[];
                            /** @description Present when older operations match: pass it as before= */
                            nextCursor?: string;
                        };
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
        put?: never;
        /** Plan an operation (a dry run from a fresh snapshot; nothing changes until it is confirmed) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @constant */
                        type: "rebalance";
                        /** @default {} */
                        params?: {
                            /** @description Target brokers (default: every broker) */
                            brokers?: number[];
                            /** @description Brokers that keep no replica; none of them may also be in brokers */
                            excludeBrokers?: number[];
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
                            /** @description Replication throttle while moving, bytes per second */
                            throttleBytesPerSec?: number;
                            /** @description Partition moves in flight at once */
                            maxConcurrentMoves?: number;
                        };
                    } | {
                        /** @constant */
                        type: "drainBrokers";
                        /** @default {} */
                        params?: {
                            /** @description Brokers to move every replica and leadership off */
                            brokers: number[];
                            /** @description Disk capacity per broker id, bytes, instead of what its log dirs report (free space plus Kafka's data, per dir) */
                            capacityBytes?: {
                                [key: string]: number;
                            };
                            /** @description Capacity goal: no broker's replicas above this % of its capacity, copies in flight counted (default 80) */
                            maxDiskUsePercent?: number;
                        };
                    } | {
                        /** @constant */
                        type: "electLeaders";
                        /** @default {} */
                        params?: {
                            /**
                             * @description unclean may lose committed data: irreversible
                             * @enum {string}
                             */
                            electionType: "preferred" | "unclean";
                            /** @description Omitted = every partition */
                            partitions?: {
                                topic: string;
                                partition: number;
                            }[];
                        };
                    } | {
                        /** @constant */
                        type: "cordonBrokers";
                        /** @default {} */
                        params?: {
                            brokers: number[];
                            /** @description Only these log dirs (default: every log dir of the brokers) */
                            logDirs?: string[];
                        };
                    } | {
                        /** @constant */
                        type: "uncordonBrokers";
                        /** @default {} */
                        params?: {
                            brokers: number[];
                            /** @description Only these log dirs (default: every log dir of the brokers) */
                            logDirs?: string[];
                        };
                    } | {
                        /** @constant */
                        type: "unregisterBrokers";
                        /** @default {} */
                        params?: {
                            /** @description Brokers holding no replica, shut down or fenced */
                            brokers: number[];
                        };
                    } | {
                        /** @constant */
                        type: "addControllers";
                        /** @default {} */
                        params?: {
                            /** @description Each nodeId at most once */
                            controllers: {
                                /** @description A Kafka node id */
                                nodeId: number;
                                /** @description The node's metadata log directory id (base64url Uuid) */
                                directoryId?: string;
                                endpoints?: {
                                    name: string;
                                    host: string;
                                    port: number;
                                }[];
                            }[];
                        };
                    } | {
                        /** @constant */
                        type: "removeVoters";
                        /** @default {} */
                        params?: {
                            /** @description Each nodeId at most once */
                            voters: {
                                /** @description A Kafka node id */
                                nodeId: number;
                                /** @description The node's metadata log directory id (base64url Uuid) */
                                directoryId: string;
                            }[];
                        };
                    } | {
                        /** @constant */
                        type: "finalizeFeatures";
                        /** @default {} */
                        params?: {
                            /** @description Feature name to level (default: every feature to its supported maximum) */
                            features?: {
                                [key: string]: number;
                            };
                        };
                    } | {
                        /** @constant */
                        type: "migrateQuorum";
                        /** @default {} */
                        params?: Record<string, never>;
                    } | {
                        /** @constant */
                        type: "restartNodes";
                        /** @default {} */
                        params?: {
                            /** @description Default: every node, one at a time */
                            nodes?: number[];
                            /**
                             * @description Wait for the cluster to be healthy before the next node
                             * @default true
                             */
                            waitHealthy?: boolean;
                        };
                    } | {
                        /** @constant */
                        type: "upgradeVersion";
                        /** @default {} */
                        params?: {
                            version: string;
                            /**
                             * @description Also finalize the new metadata version: irreversible
                             * @default false
                             */
                            finalize?: boolean;
                        };
                    } | {
                        /** @constant */
                        type: "provisionNodes";
                        /** @default {} */
                        params?: {
                            /** @enum {string} */
                            role: "broker" | "controller";
                            count: number;
                        };
                    } | {
                        /** @constant */
                        type: "scaleNodePools";
                        /** @default {} */
                        params?: {
                            pool: string;
                            /** @description The new number of nodes; fewer than now is irreversible */
                            replicas: number;
                        };
                    };
                };
            };
            responses: {
                /** @description Plan an operation (a dry run from a fresh snapshot; nothing changes until it is confirmed) */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            clusterId: string;
                            /** @enum {string} */
                            type: "rebalance" | "drainBrokers" | "electLeaders" | "cordonBrokers" | "uncordonBrokers" | "unregisterBrokers" | "addControllers" | "removeVoters" | "finalizeFeatures" | "migrateQuorum" | "restartNodes" | "upgradeVersion" | "provisionNodes" | "scaleNodePools";
                            /** @enum {string} */
                            status: "planned" | "pending" | "running" | "paused" | "succeeded" | "failed" | "cancelled";
                            summary: string;
                            params: {
                                [key: string]: unknown;
                            };
                            plan: {
                                summary: string;
                                warnings: string[];
                                irreversible: boolean;
                                moves?: {
                                    topic: string;
                                    partition: number;
                                    from: number[];
                                    to: number[];
                                    sizeBytes: number;
                                    replicaMoves: number;
                                    leaderChange: boolean;
                                }[];
                                before?: {
                                    brokers: {
                                        id: number;
                                        rack?: string;
                                        replicas: number;
                                        leaders: number;
                                        dataBytes: number;
                                        bytesInPerSec?: number;
                                        excluded: boolean;
                                    }[];
                                    replicaSpread: number;
                                    leaderSpread: number;
                                    dataSpreadBytes: number;
                                    score: number;
                                };
                                after?: {
                                    brokers: {
                                        id: number;
                                        rack?: string;
                                        replicas: number;
                                        leaders: number;
                                        dataBytes: number;
                                        bytesInPerSec?: number;
                                        excluded: boolean;
                                    }[];
                                    replicaSpread: number;
                                    leaderSpread: number;
                                    dataSpreadBytes: number;
                                    score: number;
                                };
                                dataToMoveBytes?: number;
                                /** @description The least data any plan must move to reach the same replica spread: how close this plan is to the best */
                                dataToMoveLowerBoundBytes?: number;
                                /** @description Per goal, the least data any plan must move to reach it */
                                lowerBounds?: {
                                    /** @description The least data any plan must move to reach the replica spread (as above) */
                                    replicas: number;
                                    /** @description The least data any plan must move to bring every broker into the disk band */
                                    disk: number;
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
                                /** @description How long the data movement should take: the bytes each broker receives and sends at the throttle (or an assumed rate), the concurrency limit; the summary says how */
                                etaSeconds?: number;
                                /** @description How many moves the plan has: `moves` lists at most the first 1000; all of them page through GET /operations/{id}/moves */
                                movesTotal?: number;
                            };
                            details: {
                                [key: string]: unknown;
                            };
                            irreversible: boolean;
                            currentStep: number;
                            /** @description Set by pause/resume/cancel until the worker honours it */
                            requestedAction: ("pause" | "resume" | "cancel") | null;
                            error: string | null;
                            createdBy: string;
                            /** @description Who confirmed it; null while planned */
                            confirmedBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description When the plan expires if not confirmed: createdAt + 15 minutes
                             */
                            expiresAt: string;
                            startedAt: string | null;
                            finishedAt: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                            steps: {
                                index: number;
                                name: string;
                                kind: string;
                                args: unknown;
                                alwaysRun: boolean;
                                /** @enum {string} */
                                status: "pending" | "running" | "succeeded" | "failed" | "skipped";
                                detail?: unknown;
                                error?: string;
                                startedAt: string | null;
                                finishedAt: string | null;
                            }[];
                        };
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
        /** One operation with its plan and steps (at most the first 1000 moves: the rest through /moves) */
        get: {
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
                        "application/json": {
                            id: string;
                            clusterId: string;
                            /** @enum {string} */
                            type: "rebalance" | "drainBrokers" | "electLeaders" | "cordonBrokers" | "uncordonBrokers" | "unregisterBrokers" | "addControllers" | "removeVoters" | "finalizeFeatures" | "migrateQuorum" | "restartNodes" | "upgradeVersion" | "provisionNodes" | "scaleNodePools";
                            /** @enum {string} */
                            status: "planned" | "pending" | "running" | "paused" | "succeeded" | "failed" | "cancelled";
                            summary: string;
                            params: {
                                [key: string]: unknown;
                            };
                            plan: {
                                summary: string;
                                warnings: string[];
                                irreversible: boolean;
                                moves?: {
                                    topic: string;
                                    partition: number;
                                    from: number[];
                                    to: number[];
                                    sizeBytes: number;
                                    replicaMoves: number;
                                    leaderChange: boolean;
                                }[];
                                before?: {
                                    brokers: {
                                        id: number;
                                        rack?: string;
                                        replicas: number;
                                        leaders: number;
                                        dataBytes: number;
                                        bytesInPerSec?: number;
                                        excluded: boolean;
                                    }[];
                                    replicaSpread: number;
                                    leaderSpread: number;
                                    dataSpreadBytes: number;
                                    score: number;
                                };
                                after?: {
                                    brokers: {
                                        id: number;
                                        rack?: string;
                                        replicas: number;
                                        leaders: number;
                                        dataBytes: number;
                                        bytesInPerSec?: number;
                                        excluded: boolean;
                                    }[];
                                    replicaSpread: number;
                                    leaderSpread: number;
                                    dataSpreadBytes: number;
                                    score: number;
                                };
                                dataToMoveBytes?: number;
                                /** @description The least data any plan must move to reach the same replica spread: how close this plan is to the best */
                                dataToMoveLowerBoundBytes?: number;
                                /** @description Per goal, the least data any plan must move to reach it */
                                lowerBounds?: {
                                    /** @description The least data any plan must move to reach the replica spread (as above) */
                                    replicas: number;
                                    /** @description The least data any plan must move to bring every broker into the disk band */
                                    disk: number;
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
                                /** @description How long the data movement should take: the bytes each broker receives and sends at the throttle (or an assumed rate), the concurrency limit; the summary says how */
                                etaSeconds?: number;
                                /** @description How many moves the plan has: `moves` lists at most the first 1000; all of them page through GET /operations/{id}/moves */
                                movesTotal?: number;
                            };
                            details: {
                                [key: string]: unknown;
                            };
                            irreversible: boolean;
                            currentStep: number;
                            /** @description Set by pause/resume/cancel until the worker honours it */
                            requestedAction: ("pause" | "resume" | "cancel") | null;
                            error: string | null;
                            createdBy: string;
                            /** @description Who confirmed it; null while planned */
                            confirmedBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description When the plan expires if not confirmed: createdAt + 15 minutes
                             */
                            expiresAt: string;
                            startedAt: string | null;
                            finishedAt: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                            steps: {
                                index: number;
                                name: string;
                                kind: string;
                                args: unknown;
                                alwaysRun: boolean;
                                /** @enum {string} */
                                status: "pending" | "running" | "succeeded" | "failed" | "skipped";
                                detail?: unknown;
                                error?: string;
                                startedAt: string | null;
                                finishedAt: string | null;
                            }[];
                        };
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
        /** The plan's moves in plan order, a page at a time (plans of any size) */
        get: {
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
                        "application/json": {
                            moves: {
                                topic: string;
                                partition: number;
                                from: number[];
                                to: number[];
                                sizeBytes: number;
                                replicaMoves: number;
                                leaderChange: boolean;
                            }[];
                            /** @description Moves of the plan, all pages */
                            total: number;
                        };
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
        /** Confirm a planned operation and start it (irreversible ones need the cluster name typed back) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
                path: {
                    op: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The cluster name, required for irreversible operations */
                        confirmName?: string;
                    };
                };
            };
            responses: {
                /** @description Confirm a planned operation and start it (irreversible ones need the cluster name typed back) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            clusterId: string;
                            /** @enum {string} */
                            type: "rebalance" | "drainBrokers" | "electLeaders" | "cordonBrokers" | "uncordonBrokers" | "unregisterBrokers" | "addControllers" | "removeVoters" | "finalizeFeatures" | "migrateQuorum" | "restartNodes" | "upgradeVersion" | "provisionNodes" | "scaleNodePools";
                            /** @enum {string} */
                            status: "planned" | "pending" | "running" | "paused" | "succeeded" | "failed" | "cancelled";
                            summary: string;
                            params: {
                                [key: string]: unknown;
                            };
                            plan: {
                                summary: string;
                                warnings: string[];
                                irreversible: boolean;
                                moves?: {
                                    topic: string;
                                    partition: number;
                                    from: number[];
                                    to: number[];
                                    sizeBytes: number;
                                    replicaMoves: number;
                                    leaderChange: boolean;
                                }[];
                                before?: {
                                    brokers: {
                                        id: number;
                                        rack?: string;
                                        replicas: number;
                                        leaders: number;
                                        dataBytes: number;
                                        bytesInPerSec?: number;
                                        excluded: boolean;
                                    }[];
                                    replicaSpread: number;
                                    leaderSpread: number;
                                    dataSpreadBytes: number;
                                    score: number;
                                };
                                after?: {
                                    brokers: {
                                        id: number;
                                        rack?: string;
                                        replicas: number;
                                        leaders: number;
                                        dataBytes: number;
                                        bytesInPerSec?: number;
                                        excluded: boolean;
                                    }[];
                                    replicaSpread: number;
                                    leaderSpread: number;
                                    dataSpreadBytes: number;
                                    score: number;
                                };
                                dataToMoveBytes?: number;
                                /** @description The least data any plan must move to reach the same replica spread: how close this plan is to the best */
                                dataToMoveLowerBoundBytes?: number;
                                /** @description Per goal, the least data any plan must move to reach it */
                                lowerBounds?: {
                                    /** @description The least data any plan must move to reach the replica spread (as above) */
                                    replicas: number;
                                    /** @description The least data any plan must move to bring every broker into the disk band */
                                    disk: number;
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
                                /** @description How long the data movement should take: the bytes each broker receives and sends at the throttle (or an assumed rate), the concurrency limit; the summary says how */
                                etaSeconds?: number;
                                /** @description How many moves the plan has: `moves` lists at most the first 1000; all of them page through GET /operations/{id}/moves */
                                movesTotal?: number;
                            };
                            details: {
                                [key: string]: unknown;
                            };
                            irreversible: boolean;
                            currentStep: number;
                            /** @description Set by pause/resume/cancel until the worker honours it */
                            requestedAction: ("pause" | "resume" | "cancel") | null;
                            error: string | null;
                            createdBy: string;
                            /** @description Who confirmed it; null while planned */
                            confirmedBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description When the plan expires if not confirmed: createdAt + 15 minutes
                             */
                            expiresAt: string;
                            startedAt: string | null;
                            finishedAt: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                            steps: {
                                index: number;
                                name: string;
                                kind: string;
                                args: unknown;
                                alwaysRun: boolean;
                                /** @enum {string} */
                                status: "pending" | "running" | "succeeded" | "failed" | "skipped";
                                detail?: unknown;
                                error?: string;
                                startedAt: string | null;
                                finishedAt: string | null;
                            }[];
                        };
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
                /** @description confirmation_mismatch: The confirmation does not match the cluster name */
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
        /** Pause a confirmed operation at its next step boundary */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
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
                        "application/json": {
                            id: string;
                            clusterId: string;
                            /** @enum {string} */
                            type: "rebalance" | "drainBrokers" | "electLeaders" | "cordonBrokers" | "uncordonBrokers" | "unregisterBrokers" | "addControllers" | "removeVoters" | "finalizeFeatures" | "migrateQuorum" | "restartNodes" | "upgradeVersion" | "provisionNodes" | "scaleNodePools";
                            /** @enum {string} */
                            status: "planned" | "pending" | "running" | "paused" | "succeeded" | "failed" | "cancelled";
                            summary: string;
                            params: {
                                [key: string]: unknown;
                            };
                            plan: {
                                summary: string;
                                warnings: string[];
                                irreversible: boolean;
                                moves?: {
                                    topic: string;
                                    partition: number;
                                    from: number[];
                                    to: number[];
                                    sizeBytes: number;
                                    replicaMoves: number;
                                    leaderChange: boolean;
                                }[];
                                before?: {
                                    brokers: {
                                        id: number;
                                        rack?: string;
                                        replicas: number;
                                        leaders: number;
                                        dataBytes: number;
                                        bytesInPerSec?: number;
                                        excluded: boolean;
                                    }[];
                                    replicaSpread: number;
                                    leaderSpread: number;
                                    dataSpreadBytes: number;
                                    score: number;
                                };
                                after?: {
                                    brokers: {
                                        id: number;
                                        rack?: string;
                                        replicas: number;
                                        leaders: number;
                                        dataBytes: number;
                                        bytesInPerSec?: number;
                                        excluded: boolean;
                                    }[];
                                    replicaSpread: number;
                                    leaderSpread: number;
                                    dataSpreadBytes: number;
                                    score: number;
                                };
                                dataToMoveBytes?: number;
                                /** @description The least data any plan must move to reach the same replica spread: how close this plan is to the best */
                                dataToMoveLowerBoundBytes?: number;
                                /** @description Per goal, the least data any plan must move to reach it */
                                lowerBounds?: {
                                    /** @description The least data any plan must move to reach the replica spread (as above) */
                                    replicas: number;
                                    /** @description The least data any plan must move to bring every broker into the disk band */
                                    disk: number;
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
                                /** @description How long the data movement should take: the bytes each broker receives and sends at the throttle (or an assumed rate), the concurrency limit; the summary says how */
                                etaSeconds?: number;
                                /** @description How many moves the plan has: `moves` lists at most the first 1000; all of them page through GET /operations/{id}/moves */
                                movesTotal?: number;
                            };
                            details: {
                                [key: string]: unknown;
                            };
                            irreversible: boolean;
                            currentStep: number;
                            /** @description Set by pause/resume/cancel until the worker honours it */
                            requestedAction: ("pause" | "resume" | "cancel") | null;
                            error: string | null;
                            createdBy: string;
                            /** @description Who confirmed it; null while planned */
                            confirmedBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description When the plan expires if not confirmed: createdAt + 15 minutes
                             */
                            expiresAt: string;
                            startedAt: string | null;
                            finishedAt: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                            steps: {
                                index: number;
                                name: string;
                                kind: string;
                                args: unknown;
                                alwaysRun: boolean;
                                /** @enum {string} */
                                status: "pending" | "running" | "succeeded" | "failed" | "skipped";
                                detail?: unknown;
                                error?: string;
                                startedAt: string | null;
                                finishedAt: string | null;
                            }[];
                        };
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
        /** Resume a paused operation (or withdraw a pause not yet honoured) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
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
                        "application/json": {
                            id: string;
                            clusterId: string;
                            /** @enum {string} */
                            type: "rebalance" | "drainBrokers" | "electLeaders" | "cordonBrokers" | "uncordonBrokers" | "unregisterBrokers" | "addControllers" | "removeVoters" | "finalizeFeatures" | "migrateQuorum" | "restartNodes" | "upgradeVersion" | "provisionNodes" | "scaleNodePools";
                            /** @enum {string} */
                            status: "planned" | "pending" | "running" | "paused" | "succeeded" | "failed" | "cancelled";
                            summary: string;
                            params: {
                                [key: string]: unknown;
                            };
                            plan: {
                                summary: string;
                                warnings: string[];
                                irreversible: boolean;
                                moves?: {
                                    topic: string;
                                    partition: number;
                                    from: number[];
                                    to: number[];
                                    sizeBytes: number;
                                    replicaMoves: number;
                                    leaderChange: boolean;
                                }[];
                                before?: {
                                    brokers: {
                                        id: number;
                                        rack?: string;
                                        replicas: number;
                                        leaders: number;
                                        dataBytes: number;
                                        bytesInPerSec?: number;
                                        excluded: boolean;
                                    }[];
                                    replicaSpread: number;
                                    leaderSpread: number;
                                    dataSpreadBytes: number;
                                    score: number;
                                };
                                after?: {
                                    brokers: {
                                        id: number;
                                        rack?: string;
                                        replicas: number;
                                        leaders: number;
                                        dataBytes: number;
                                        bytesInPerSec?: number;
                                        excluded: boolean;
                                    }[];
                                    replicaSpread: number;
                                    leaderSpread: number;
                                    dataSpreadBytes: number;
                                    score: number;
                                };
                                dataToMoveBytes?: number;
                                /** @description The least data any plan must move to reach the same replica spread: how close this plan is to the best */
                                dataToMoveLowerBoundBytes?: number;
                                /** @description Per goal, the least data any plan must move to reach it */
                                lowerBounds?: {
                                    /** @description The least data any plan must move to reach the replica spread (as above) */
                                    replicas: number;
                                    /** @description The least data any plan must move to bring every broker into the disk band */
                                    disk: number;
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
                                /** @description How long the data movement should take: the bytes each broker receives and sends at the throttle (or an assumed rate), the concurrency limit; the summary says how */
                                etaSeconds?: number;
                                /** @description How many moves the plan has: `moves` lists at most the first 1000; all of them page through GET /operations/{id}/moves */
                                movesTotal?: number;
                            };
                            details: {
                                [key: string]: unknown;
                            };
                            irreversible: boolean;
                            currentStep: number;
                            /** @description Set by pause/resume/cancel until the worker honours it */
                            requestedAction: ("pause" | "resume" | "cancel") | null;
                            error: string | null;
                            createdBy: string;
                            /** @description Who confirmed it; null while planned */
                            confirmedBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description When the plan expires if not confirmed: createdAt + 15 minutes
                             */
                            expiresAt: string;
                            startedAt: string | null;
                            finishedAt: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                            steps: {
                                index: number;
                                name: string;
                                kind: string;
                                args: unknown;
                                alwaysRun: boolean;
                                /** @enum {string} */
                                status: "pending" | "running" | "succeeded" | "failed" | "skipped";
                                detail?: unknown;
                                error?: string;
                                startedAt: string | null;
                                finishedAt: string | null;
                            }[];
                        };
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
        /** Cancel an operation: a plan at once; a confirmed one at its next step boundary, after its cleanup steps */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description CSRF guard */
                    "X-Service-Request": "1";
                };
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
                        "application/json": {
                            id: string;
                            clusterId: string;
                            /** @enum {string} */
                            type: "rebalance" | "drainBrokers" | "electLeaders" | "cordonBrokers" | "uncordonBrokers" | "unregisterBrokers" | "addControllers" | "removeVoters" | "finalizeFeatures" | "migrateQuorum" | "restartNodes" | "upgradeVersion" | "provisionNodes" | "scaleNodePools";
                            /** @enum {string} */
                            status: "planned" | "pending" | "running" | "paused" | "succeeded" | "failed" | "cancelled";
                            summary: string;
                            params: {
                                [key: string]: unknown;
                            };
                            plan: {
                                summary: string;
                                warnings: string[];
                                irreversible: boolean;
                                moves?: {
                                    topic: string;
                                    partition: number;
                                    from: number[];
                                    to: number[];
                                    sizeBytes: number;
                                    replicaMoves: number;
                                    leaderChange: boolean;
                                }[];
                                before?: {
                                    brokers: {
                                        id: number;
                                        rack?: string;
                                        replicas: number;
                                        leaders: number;
                                        dataBytes: number;
                                        bytesInPerSec?: number;
                                        excluded: boolean;
                                    }[];
                                    replicaSpread: number;
                                    leaderSpread: number;
                                    dataSpreadBytes: number;
                                    score: number;
                                };
                                after?: {
                                    brokers: {
                                        id: number;
                                        rack?: string;
                                        replicas: number;
                                        leaders: number;
                                        dataBytes: number;
                                        bytesInPerSec?: number;
                                        excluded: boolean;
                                    }[];
                                    replicaSpread: number;
                                    leaderSpread: number;
                                    dataSpreadBytes: number;
                                    score: number;
                                };
                                dataToMoveBytes?: number;
                                /** @description The least data any plan must move to reach the same replica spread: how close this plan is to the best */
                                dataToMoveLowerBoundBytes?: number;
                                /** @description Per goal, the least data any plan must move to reach it */
                                lowerBounds?: {
                                    /** @description The least data any plan must move to reach the replica spread (as above) */
                                    replicas: number;
                                    /** @description The least data any plan must move to bring every broker into the disk band */
                                    disk: number;
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
                                /** @description How long the data movement should take: the bytes each broker receives and sends at the throttle (or an assumed rate), the concurrency limit; the summary says how */
                                etaSeconds?: number;
                                /** @description How many moves the plan has: `moves` lists at most the first 1000; all of them page through GET /operations/{id}/moves */
                                movesTotal?: number;
                            };
                            details: {
                                [key: string]: unknown;
                            };
                            irreversible: boolean;
                            currentStep: number;
                            /** @description Set by pause/resume/cancel until the worker honours it */
                            requestedAction: ("pause" | "resume" | "cancel") | null;
                            error: string | null;
                            createdBy: string;
                            /** @description Who confirmed it; null while planned */
                            confirmedBy: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description When the plan expires if not confirmed: createdAt + 15 minutes
                             */
                            expiresAt: string;
                            startedAt: string | null;
                            finishedAt: string | null;
                            /** Format: date-time */
                            updatedAt: string;
                            steps: {
                                index: number;
                                name: string;
                                kind: string;
                                args: unknown;
                                alwaysRun: boolean;
                                /** @enum {string} */
                                status: "pending" | "running" | "succeeded" | "failed" | "skipped";
                                detail?: unknown;
                                error?: string;
                                startedAt: string | null;
                                finishedAt: string | null;
                            }[];
                        };
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
        /** The audit log, newest first, filtered, a page at a time (before = the previous page's nextCursor) */
        get: {
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
                        "application/json": {
                            entries: {
                                id: number;
                                /** Format: date-time */
                                at: string;
                                actor: string;
                                /** @description Dotted name: auth.login, cluster.register, operation.confirm, ... */
                                action: string;
                                clusterId?: string;
                                target?: string;
                                /**
                                 * @description denied = the request was refused (authentication, role, CSRF header)
                                 * @enum {string}
                                 */
                                result: "success" | "failure" | "denied";
                                /** @description The validated request minus secrets, the client address, the user agent, a failure's error code */
                                detail: {
                                    [key: string]: unknown;
                                };
                            }[];
                            /** @description Present when older entries match: pass it as before= for the next page (stable under new entries) */
                            nextCursor?: string;
                        };
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
        /** Every matching audit entry as NDJSON, one entry per line, newest first, streamed (admin; audited) */
        get: {
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
                        "application/x-ndjson": {
                            id: number;
                            /** Format: date-time */
                            at: string;
                            actor: string;
                            /** @description Dotted name: auth.login, cluster.register, operation.confirm, ... */
                            action: string;
                            clusterId?: string;
                            target?: string;
                            /**
                             * @description denied = the request was refused (authentication, role, CSRF header)
                             * @enum {string}
                             */
                            result: "success" | "failure" | "denied";
                            /** @description The validated request minus secrets, the client address, the user agent, a failure's error code */
                            detail: {
                                [key: string]: unknown;
                            };
                        };
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
        ErrorEnvelope: {
            error: {
                /** @enum {string} */
                code: "bad_request" | "validation_failed" | "unauthenticated" | "invalid_credentials" | "csrf_header_required" | "forbidden" | "not_found" | "already_exists" | "conflict" | "plan_expired" | "payload_too_large" | "confirmation_mismatch" | "capability_unavailable" | "invalid_request" | "too_many_attempts" | "cluster_unreachable" | "kafka_error" | "not_ready" | "internal";
                /** @description Human-readable; names the field for validation_failed */
                message: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
