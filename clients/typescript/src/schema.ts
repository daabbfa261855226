/**
 * The /v2 API's types for the typed client (openapi-fetch), generated from the service's
 * OpenAPI document by openapi-typescript. Do not edit: run `npm run web:types`
 * (test/typed-client.e2e.test.ts fails when this is stale).
 */

export interface paths {
    "/docs/errors/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The page an error's docs_url points to
         * @description No authentication. One HTML page per error code: its status and meaning.
         */
        get: operations["getErrorPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health of the service and its dependencies
         * @description No authentication. Checks that the database answers, that the run queue answers and that the database schema has every migration of this version, each within 1.5 s. Served by both listeners.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account, its plan, limits and usage, the scopes of the API key, and its MCP address
         * @description Any valid key or session may call it: a cheap way to check a key.
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/account/signing-secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new secret for signing the account's outgoing webhooks (enables signing)
         * @description The previous secret stops being used at once. The new one is shown only in this answer.
         *
         *     Dashboard session of an account **owner** only: API keys and members get 403.
         */
        post: operations["rotateSigningSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/account/signing-secret": {
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
         * Stop signing the account's outgoing webhooks (the secret is forgotten)
         * @description Dashboard session of an account **owner** only: API keys and members get 403.
         */
        delete: operations["disableSigning"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's API keys, newest first
         * @description Dashboard session of an account **owner** only: API keys and members get 403.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key (the key is shown only in this answer)
         * @description Dashboard session of an account **owner** only: API keys and members get 403.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/api-keys/{id}": {
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
         * Revoke an API key (requests with it get 401 from now on)
         * @description Dashboard session of an account **owner** only: API keys and members get 403.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the agents of the account
         * @description Ordered by `created_at`, then `id`.
         *
         *     Requires the `agents:read` scope.
         */
        get: operations["listAgents"];
        put?: never;
        /**
         * Create an agent
         * @description An unknown `kind`, or a `config` the kind refuses, is 400 naming the field. A `config` that references `{{secrets.NAME}}` needs the `secrets:use` scope (a dashboard session: the owner role): else 403 `forbidden` with `field` the path of the reference.
         *
         *     Requires the `agents:write` scope.
         */
        post: operations["createAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one agent (detailed record)
         * @description Requires the `agents:read` scope.
         */
        get: operations["getAgent"];
        put?: never;
        post?: never;
        /**
         * Delete an agent
         * @description Its webhook URL answers 404 from then on; its executions stay readable by id.
         *
         *     Requires the `agents:write` scope.
         */
        delete: operations["deleteAgent"];
        options?: never;
        head?: never;
        /**
         * Pause or resume an agent, rename it, change its webhook auth or timeout
         * @description At least one field; an empty body or an unknown field is 400. A `config` that references `{{secrets.NAME}}` needs the `secrets:use` scope (a dashboard session: the owner role): else 403 `forbidden` with `field` the path of the reference.
         *
         *     Requires the `agents:write` scope.
         */
        patch: operations["updateAgent"];
        trace?: never;
    };
    "/v2/agents/{id}/webhook-credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create the webhook API key or signing secret of an agent
         * @description Replaces any previous credential of that type and sets `webhook_auth` to it. The secret is shown only in this response.
         *
         *     Requires the `agents:write` scope.
         */
        post: operations["createWebhookCredential"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agents/{id}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One version of an agent's config
         * @description Every change of `config` makes a new version; an execution runs the version current when it was created (`agent_version`).
         *
         *     Requires the `agents:read` scope.
         */
        get: operations["getAgentVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agents/{id}/webhook-url/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give an agent a new webhook URL
         * @description The old URL answers 404 from then on.
         *
         *     Requires the `agents:write` scope.
         */
        post: operations["rotateWebhookUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agent-kinds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The registered agent kinds and the schema of their config
         * @description Requires the `agents:read` scope.
         */
        get: operations["listAgentKinds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily created, completed and failed executions of all the account's agents
         * @description From the daily counters (UTC days, today included): oldest first, one item per day, zeros where nothing happened.
         *
         *     Requires the `agents:read` scope.
         */
        get: operations["getAccountStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agents/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily created, completed and failed executions of an agent
         * @description From the daily counters (UTC days, today included): oldest first, one item per day, zeros where nothing happened.
         *
         *     Requires the `agents:read` scope.
         */
        get: operations["getAgentStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agents/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a config on an input at once, without creating an execution
         * @description Runs `config` (default: the agent's current one) on `input`, bounded by the agent's `timeout_ms`. An invalid `config` is 400 as on create. Workflow agents: `mocks` replace the outputs of the steps they name, and nothing is checkpointed. Other kinds run once (`steps: []`). When the agent's config or the one given references `{{secrets.NAME}}`, the route needs the `secrets:use` scope (a dashboard session: the owner role): else 403 `forbidden` with `field` the path of the reference. A test run is a run: counted against the rate limits, and past the plan's runs at once in flight it is 429 `rate_limited`.
         *
         *     Requires the `agents:write` scope.
         */
        post: operations["testAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agents/{id}/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trigger an agent with input data
         * @description Creates an execution. Synchronous by default: waits up to SYNC_WAIT_MS and answers 200 with the result, or 202 `running` if it is not done by then. With `options.async: true`, answers 202 `queued` at once. A paused agent is 409 `agent_paused` and nothing is created. With `options.callback_url`, the result is POSTed there when the execution finishes (headers `X-Webhook-Id`, `X-Webhook-Timestamp` and, when the account has a signing secret, `X-Signature` and the Standard Webhooks headers), retried with backoff up to 6 attempts.
         *
         *     Requires the `agents:trigger` scope.
         */
        post: operations["triggerAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agents/{id}/executions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An agent's execution history
         * @description Newest first (`created_at`, then `id`); items have no `logs`. Pages with `cursor`. A page also ends early, after at least one item, once its items pass 4 MiB of JSON: `has_more` is then true and `next_cursor` fetches the rest.
         *
         *     Requires the `executions:read` scope.
         */
        get: operations["listExecutions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/executions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's executions across all its agents
         * @description Newest first (`created_at`, then `id`); items have no `logs`. The same filters and paging as an agent's list. A page also ends early, after at least one item, once its items pass 4 MiB of JSON: `has_more` is then true and `next_cursor` fetches the rest.
         *
         *     Requires the `executions:read` scope.
         */
        get: operations["listAccountExecutions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/executions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one execution, with its input, output and logs
         * @description Requires the `executions:read` scope.
         */
        get: operations["getExecution"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/executions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a queued or running execution
         * @description A running run is aborted. A finished execution is 409 `conflict`.
         *
         *     Requires the `agents:trigger` scope.
         */
        post: operations["cancelExecution"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/executions/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a finished execution again
         * @description Creates a new execution with the same input, `source: "retry"` and `retry_of` set, on the current version. Only finished executions: otherwise 409 `conflict`. With `{"resume": true}` (failed `workflow` executions only; other kinds 400, other statuses 409) it starts from the failed step and reuses the outputs of the steps that had completed.
         *
         *     Requires the `agents:trigger` scope.
         */
        post: operations["retryExecution"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/wait-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account’s wait tokens
         * @description Requires the `executions:read` scope.
         */
        get: operations["listWaitTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/wait-tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one wait token
         * @description Requires the `executions:read` scope.
         */
        get: operations["getWaitToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/wait-tokens/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a waiting token
         * @description The first completion wins: a token that is not `waiting` is 409 `conflict` and nothing changes. The execution waiting on it resumes within a second.
         *
         *     Requires the `agents:trigger` scope.
         */
        post: operations["completeWaitToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/wait-tokens/{id}/callback/{secret}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The callback URL’s page: the token and one button per choice; completes nothing */
        get: operations["waitTokenPage"];
        put?: never;
        /**
         * Complete a token through its callback URL (no API key)
         * @description A JSON object body completes the token with `data` = the body and `choice` = its `choice` field; the page’s form (`application/x-www-form-urlencoded`, `choice`) is answered with a page. A token that is not `waiting` is 409 `conflict`; a wrong secret 404.
         */
        post: operations["completeWaitTokenByLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agents/{id}/flow/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Running and queued executions per key of the agent's flow control
         * @description The keys with executions `running` or `queued` (those held by flow control included), the most queued first; keys with neither are not listed. Executions created while the agent had no `flow` have no key and are not counted.
         *
         *     Requires the `agents:read` scope.
         */
        get: operations["listFlowKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/executions/bulk-retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry every execution that matches a filter
         * @description Matches the account’s `failed` and/or `cancelled` executions (by agent, `created_at` range, `error.code`, tags), oldest first, at most `limit`, and answers 202 with the new bulk action; its runner retries each match as `POST /v2/executions/:id/retry` would (with `resume`), in the background, and `GET /v2/bulk-actions/:id` shows the progress. An execution one bulk action matched is never matched by a later one. With `dry_run: true`: 200 `{matched}`, nothing retried.
         *
         *     Requires the `agents:trigger` scope.
         */
        post: operations["bulkRetryExecutions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/bulk-actions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A bulk action’s progress
         * @description `running` while matches remain to be handled, then `completed`.
         *
         *     Requires the `executions:read` scope.
         */
        get: operations["getBulkAction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agents/{id}/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The agent's schedules, oldest first
         * @description Requires the `agents:read` scope.
         */
        get: operations["listSchedules"];
        put?: never;
        /**
         * Add a schedule to an agent
         * @description An invalid `cron` or an unknown `timezone` is 400 naming the field. A 51st schedule of the agent, or an `external_id` that another schedule of the agent has, is 409 `conflict`.
         *
         *     Requires the `agents:write` scope.
         */
        post: operations["createSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/schedules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one schedule
         * @description Requires the `agents:read` scope.
         */
        get: operations["getSchedule"];
        put?: never;
        post?: never;
        /**
         * Delete a schedule
         * @description Requires the `agents:write` scope.
         */
        delete: operations["deleteSchedule"];
        options?: never;
        head?: never;
        /**
         * Change a schedule
         * @description At least one field, with the rules of create. A new `cron` or `timezone` applies from the next fire time; a schedule enabled again starts from the next time to come (nothing is caught up).
         *
         *     Requires the `agents:write` scope.
         */
        patch: operations["updateSchedule"];
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics of the process
         * @description No API key. When the deployment sets `METRICS_TOKEN`, send `Authorization: Bearer <METRICS_TOKEN>` (401 `unauthorized` otherwise). Prometheus text format: HTTP requests and latencies by route template and status, executions by agent kind and status, run durations, queue depth, callback delivery attempts, rate-limit rejections and the Node.js process metrics (all prefixed `aas_`).
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/executions/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Callback delivery attempts of an execution
         * @description Every attempt to POST the result to `options.callback_url`, newest first. Empty when the execution had no callback.
         *
         *     Requires the `executions:read` scope.
         */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/agents/{id}/test-webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a sample payload through the agent's webhook
         * @description Queues an execution exactly as a webhook delivery would (`source: "webhook"`), with the given input or a sample lead. A paused agent is 409 `agent_paused`.
         *
         *     Requires the `agents:trigger` scope.
         */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user, their account and the CSRF token
         * @description Dashboard session only: API keys get 403.
         */
        get: operations["getSession"];
        put?: never;
        /**
         * Sign in to the dashboard
         * @description Sets the `aas_session` cookie (HttpOnly, SameSite=Lax, Secure over https). A wrong address and a wrong password get the same 401. Attempts are limited per address and per client IP (429 with `Retry-After`). From a browser, `Origin` must be the API's own.
         */
        post: operations["signIn"];
        /**
         * Sign out (ends the dashboard session)
         * @description Dashboard session only: API keys get 403.
         */
        delete: operations["signOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/session/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the signed-in user's password
         * @description Needs the current password (400 `current_password` when wrong); the new one has at least 12 characters. Each attempt counts against the sign-in limits of the user's address and of the client IP (429 with `Retry-After` past them). Every session of the user ends, this one included; the answer sets the cookie of a new session (with its own CSRF token) for the requester.
         *
         *     Dashboard session only: API keys get 403.
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/password-setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a password with a one-time setup link, and sign in
         * @description The token of a link made by `user:create`, `seed:demo` or an owner's invitation (valid 24 h, once). A bad, used or expired token is 400 `token`; a password under 12 characters 400 `password`. Ends any other session of the user.
         */
        post: operations["setUpPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's dashboard users
         * @description Dashboard session of an account **owner** only: API keys and members get 403.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Invite a user: answers the one-time link (24 h) where they set a password
         * @description No mail is sent: pass `setup_url` on to the user. An address that already has a user in this account is 409 `conflict`; users of other accounts play no part (an address may have a user in several accounts).
         *
         *     Dashboard session of an account **owner** only: API keys and members get 403.
         */
        post: operations["inviteUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/{id}/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A one-time link (24 h) with which a user sets a new password
         * @description For a user who forgot their password (or lost their invitation link). No mail is sent: pass `setup_url` on to the user. Their current password keeps working until the link is used; then every session of theirs ends.
         *
         *     Dashboard session of an account **owner** only: API keys and members get 403.
         */
        post: operations["resetUserPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/users/{id}": {
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
         * Remove a user (their sessions end)
         * @description Removing the last owner of the account is 409 `conflict`.
         *
         *     Dashboard session of an account **owner** only: API keys and members get 403.
         */
        delete: operations["removeUser"];
        options?: never;
        head?: never;
        /**
         * Change a user's role
         * @description Demoting the last owner of the account is 409 `conflict`.
         *
         *     Dashboard session of an account **owner** only: API keys and members get 403.
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/v2/secrets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's secrets (names only)
         * @description An API key with the scope below, or the dashboard session of an account **owner** (members get 403).
         *
         *     Requires the `secrets:read` scope.
         */
        get: operations["listSecrets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/secrets/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Create or replace a secret (its value is never returned)
         * @description An API key with the scope below, or the dashboard session of an account **owner** (members get 403).
         *
         *     Requires the `secrets:write` scope.
         */
        put: operations["putSecret"];
        post?: never;
        /**
         * Delete a secret
         * @description An API key with the scope below, or the dashboard session of an account **owner** (members get 403).
         *
         *     Requires the `secrets:write` scope.
         */
        delete: operations["deleteSecret"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's model tokens by UTC day and model, and this month's allowance
         * @description Tokens of `llm` steps (executions and test runs), prompt and completion, by day and model; `allowance` is the current calendar month (UTC) against the plan's monthly allowance. Default range: this month. Calls are written within about a second.
         *
         *     Requires the `executions:read` scope.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The webhook endpoints
         * @description An API key with the scope below, or the dashboard session of an account **owner** (members get 403).
         *
         *     Requires the `endpoints:read` scope.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint (its secret is shown only in this answer)
         * @description An API key with the scope below, or the dashboard session of an account **owner** (members get 403).
         *
         *     Requires the `endpoints:write` scope.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one webhook endpoint
         * @description An API key with the scope below, or the dashboard session of an account **owner** (members get 403).
         *
         *     Requires the `endpoints:read` scope.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description An API key with the scope below, or the dashboard session of an account **owner** (members get 403).
         *
         *     Requires the `endpoints:write` scope.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description An API key with the scope below, or the dashboard session of an account **owner** (members get 403).
         *
         *     Requires the `endpoints:write` scope.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/v2/webhook-endpoints/{id}/secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new signing secret (shown only here); the old one keeps signing for 24 hours
         * @description An API key with the scope below, or the dashboard session of an account **owner** (members get 403).
         *
         *     Requires the `endpoints:write` scope.
         */
        post: operations["rotateWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a `ping` event to it
         * @description An API key with the scope below, or the dashboard session of an account **owner** (members get 403).
         *
         *     Requires the `endpoints:write` scope.
         */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The events sent to it, newest first, with every attempt
         * @description An API key with the scope below, or the dashboard session of an account **owner** (members get 403).
         *
         *     Requires the `endpoints:read` scope.
         */
        get: operations["listWebhookEndpointDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhook-endpoints/{id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery’s event again (a new delivery, same event id)
         * @description An API key with the scope below, or the dashboard session of an account **owner** (members get 403).
         *
         *     Requires the `endpoints:write` scope.
         */
        post: operations["redeliverWebhookEndpointDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Model Context Protocol server (Streamable HTTP, stateless)
         * @description A JSON-RPC 2.0 message of the Model Context Protocol (protocol versions 2025-06-18 and 2025-11-25, and older ones the SDK supports): `initialize`, `tools/list` (the account's active agents with `mcp.enabled`, oldest first, and `get_execution`), `tools/call` (needs `agents:trigger`, else a result with `isError: true`; waits up to 25 s, then answers `{execution_id, status}`). No session id is issued or needed. Answers are JSON (`application/json`). See docs/mcp.md
         *
         *     Requires the `agents:read` scope.
         */
        post: operations["mcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trigger the agent that owns the webhook
         * @description Starts an execution of the agent with the body (a JSON object or a form) as its `input`, exactly as received, and answers once it is durably queued; the run is asynchronous. The URL itself is a secret: without webhook authentication anyone holding it can trigger the agent. With `webhook_auth: "api_key"` send `X-API-Key`; with `"signature"` send `X-Signature` (or GitHub's name for it, `X-Hub-Signature-256`) or the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`, or Svix's names `svix-id`, `svix-timestamp`, `svix-signature`): a provider can point at the URL directly. Standard Webhooks headers decide whenever one of them is present: each family with a header present must be complete (families are never combined), at most 5 minutes off and verify, else 401 whatever else the request carries (no fallback to `X-Signature`). Without them, `X-Signature` or `X-Hub-Signature-256` must verify, unless the agent's `webhook_signature_formats` is `["standard_webhooks"]`, which refuses them (401). Counted against the owner account's rate limit. A repeated delivery id (the first of `Idempotency-Key`, `webhook-id`, `svix-id` or `X-GitHub-Delivery` present) for the same agent within 24 h answers 200 with the first `executionId` and starts nothing. A request with a valid Standard Webhooks signature is named by its signed id (`webhook-id`, else `svix-id`), whatever `Idempotency-Key` it also carries.
         */
        post: operations["receiveWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI document
         * @description No authentication. The OpenAPI 3.1 description of every route.
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
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API reference, rendered (Swagger UI)
         * @description No authentication. Renders this document; all assets are served locally.
         */
        get: operations["getApiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The webhook listener's OpenAPI document
         * @description No authentication. The OpenAPI 3.1 description of the webhook listener.
         */
        get: operations["getWebhookOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "execution.queued": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * execution.queued: An execution was created (queued)
         * @description POSTed to every enabled webhook endpoint subscribed to this type (or to `*`), signed with the endpoint secret. Any 2xx acknowledges it; anything else, a timeout (10 s) or a network error is retried with backoff (6 attempts at most), each attempt recorded in `GET /v2/webhook-endpoints/{id}/deliveries`.
         */
        post: operations["eventExecutionQueued"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "execution.started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * execution.started: A worker started running it
         * @description POSTed to every enabled webhook endpoint subscribed to this type (or to `*`), signed with the endpoint secret. Any 2xx acknowledges it; anything else, a timeout (10 s) or a network error is retried with backoff (6 attempts at most), each attempt recorded in `GET /v2/webhook-endpoints/{id}/deliveries`.
         */
        post: operations["eventExecutionStarted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "execution.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * execution.completed: It completed
         * @description POSTed to every enabled webhook endpoint subscribed to this type (or to `*`), signed with the endpoint secret. Any 2xx acknowledges it; anything else, a timeout (10 s) or a network error is retried with backoff (6 attempts at most), each attempt recorded in `GET /v2/webhook-endpoints/{id}/deliveries`.
         */
        post: operations["eventExecutionCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "execution.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * execution.failed: It failed
         * @description POSTed to every enabled webhook endpoint subscribed to this type (or to `*`), signed with the endpoint secret. Any 2xx acknowledges it; anything else, a timeout (10 s) or a network error is retried with backoff (6 attempts at most), each attempt recorded in `GET /v2/webhook-endpoints/{id}/deliveries`.
         */
        post: operations["eventExecutionFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "execution.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * execution.cancelled: It was cancelled
         * @description POSTed to every enabled webhook endpoint subscribed to this type (or to `*`), signed with the endpoint secret. Any 2xx acknowledges it; anything else, a timeout (10 s) or a network error is retried with backoff (6 attempts at most), each attempt recorded in `GET /v2/webhook-endpoints/{id}/deliveries`.
         */
        post: operations["eventExecutionCancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "execution.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * execution.canceled: Deprecated alias of `execution.cancelled`, sent under this name to an endpoint subscribed by it (and not by `execution.cancelled`, nor to `*`)
         * @deprecated
         * @description POSTed to every enabled webhook endpoint subscribed to this type (or to `*`), signed with the endpoint secret. Any 2xx acknowledges it; anything else, a timeout (10 s) or a network error is retried with backoff (6 attempts at most), each attempt recorded in `GET /v2/webhook-endpoints/{id}/deliveries`.
         */
        post: operations["eventExecutionCanceled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "execution.waiting": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * execution.waiting: Its run paused at a `wait` step (`waiting` says what for)
         * @description POSTed to every enabled webhook endpoint subscribed to this type (or to `*`), signed with the endpoint secret. Any 2xx acknowledges it; anything else, a timeout (10 s) or a network error is retried with backoff (6 attempts at most), each attempt recorded in `GET /v2/webhook-endpoints/{id}/deliveries`.
         */
        post: operations["eventExecutionWaiting"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "agent.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * agent.created: An agent was created
         * @description POSTed to every enabled webhook endpoint subscribed to this type (or to `*`), signed with the endpoint secret. Any 2xx acknowledges it; anything else, a timeout (10 s) or a network error is retried with backoff (6 attempts at most), each attempt recorded in `GET /v2/webhook-endpoints/{id}/deliveries`.
         */
        post: operations["eventAgentCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "agent.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * agent.updated: Its name, config, webhook auth, timeout or webhook URL changed
         * @description POSTed to every enabled webhook endpoint subscribed to this type (or to `*`), signed with the endpoint secret. Any 2xx acknowledges it; anything else, a timeout (10 s) or a network error is retried with backoff (6 attempts at most), each attempt recorded in `GET /v2/webhook-endpoints/{id}/deliveries`.
         */
        post: operations["eventAgentUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "agent.paused": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * agent.paused: It was paused
         * @description POSTed to every enabled webhook endpoint subscribed to this type (or to `*`), signed with the endpoint secret. Any 2xx acknowledges it; anything else, a timeout (10 s) or a network error is retried with backoff (6 attempts at most), each attempt recorded in `GET /v2/webhook-endpoints/{id}/deliveries`.
         */
        post: operations["eventAgentPaused"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "agent.resumed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * agent.resumed: It was resumed
         * @description POSTed to every enabled webhook endpoint subscribed to this type (or to `*`), signed with the endpoint secret. Any 2xx acknowledges it; anything else, a timeout (10 s) or a network error is retried with backoff (6 attempts at most), each attempt recorded in `GET /v2/webhook-endpoints/{id}/deliveries`.
         */
        post: operations["eventAgentResumed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "agent.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * agent.deleted: It was deleted (shown as it was)
         * @description POSTed to every enabled webhook endpoint subscribed to this type (or to `*`), signed with the endpoint secret. Any 2xx acknowledges it; anything else, a timeout (10 s) or a network error is retried with backoff (6 attempts at most), each attempt recorded in `GET /v2/webhook-endpoints/{id}/deliveries`.
         */
        post: operations["eventAgentDeleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    ping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * ping: Sent by `POST /v2/webhook-endpoints/{id}/test`
         * @description POSTed to every enabled webhook endpoint subscribed to this type (or to `*`), signed with the endpoint secret. Any 2xx acknowledges it; anything else, a timeout (10 s) or a network error is retried with backoff (6 attempts at most), each attempt recorded in `GET /v2/webhook-endpoints/{id}/deliveries`.
         */
        post: operations["eventPing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        HealthChecks: {
            /**
             * @description The database answered `SELECT 1`
             * @enum {string}
             */
            database: "up" | "down";
            /**
             * @description The run queue answered (embedded: its table; with Redis: `PING`)
             * @enum {string}
             */
            queue: "up" | "down";
            /**
             * @description The database schema: `up` when every migration of this version is applied, `behind` when some are pending (run `npm run migrate`), `down` when it could not be read
             * @enum {string}
             */
            schema: "up" | "behind" | "down";
        };
        HealthResponse: {
            /**
             * @example ok
             * @enum {string}
             */
            status: "ok" | "error";
            /**
             * @example {
             *       "database": "up",
             *       "queue": "up",
             *       "schema": "up"
             *     }
             */
            checks: components["schemas"]["HealthChecks"];
        };
        AccountApiKey: {
            /** @example key_01jd8z0a2b4c6d8e0f2g4h6j8k */
            id: string;
            /**
             * @example [
             *       "agents:read",
             *       "agents:write",
             *       "agents:trigger",
             *       "executions:read",
             *       "secrets:read",
             *       "secrets:write",
             *       "secrets:use",
             *       "endpoints:read",
             *       "endpoints:write"
             *     ]
             */
            scopes: ("agents:read" | "agents:write" | "agents:trigger" | "executions:read" | "secrets:read" | "secrets:write" | "secrets:use" | "endpoints:read" | "endpoints:write")[];
        };
        AccountLimits: {
            /**
             * @description Requests per hour
             * @example 1000
             */
            per_hour: number;
            /**
             * @description Requests per second
             * @example 50
             */
            per_second: number;
        };
        AccountUsage: {
            /** @description Executions created in the last 60 minutes */
            this_hour: number;
            /** @description Executions created since 00:00 UTC */
            today: number;
        };
        AccountSigning: {
            /** @description Whether outgoing webhooks (callbacks) are signed with the account secret */
            enabled: boolean;
        };
        AccountResponse: {
            /** @example acc_01jd8yzz0a2b4c6d8e0f2g4h6j */
            id: string;
            /** @example Acme */
            name: string;
            /**
             * @example pro
             * @enum {string}
             */
            plan: "free_trial" | "pro" | "enterprise";
            /** @description The key this request was made with; null with a dashboard session */
            api_key: components["schemas"]["AccountApiKey"] | null;
            /** @description The plan's rate limits; null when unlimited (enterprise) */
            limits: components["schemas"]["AccountLimits"] | null;
            usage: components["schemas"]["AccountUsage"];
            signing: components["schemas"]["AccountSigning"];
            /**
             * @description The address of the account's MCP server (`{BASE_URL}/mcp`), for an MCP client with an API key (docs/mcp.md)
             * @example https://api.example.com/v2/mcp
             */
            mcp_url: string;
        };
        SigningSecretResponse: {
            /**
             * @description The new `whsec_…` secret: shown only in this answer, stored encrypted. Callbacks are signed with it from now on.
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            signing_secret: string;
        };
        ApiKeyResponse: {
            /** @example key_01jd8z0a2b4c6d8e0f2g4h6j8k */
            id: string;
            /** @example Zapier integration */
            name: string | null;
            /**
             * @description The first characters of the key, to recognise it
             * @example aas_Xk3pQ9sd
             */
            prefix: string;
            /**
             * @example [
             *       "agents:read",
             *       "agents:write",
             *       "agents:trigger",
             *       "executions:read",
             *       "secrets:read",
             *       "secrets:write",
             *       "secrets:use",
             *       "endpoints:read",
             *       "endpoints:write"
             *     ]
             */
            scopes: ("agents:read" | "agents:write" | "agents:trigger" | "executions:read" | "secrets:read" | "secrets:write" | "secrets:use" | "endpoints:read" | "endpoints:write")[];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_used_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
        };
        ApiKeyListResponse: {
            data: components["schemas"]["ApiKeyResponse"][];
        };
        CreateApiKeyDto: {
            /** @example Zapier integration */
            name: string;
            /**
             * @description Scopes of the key; all of them when omitted
             * @example [
             *       "agents:read",
             *       "agents:trigger"
             *     ]
             */
            scopes?: ("agents:read" | "agents:write" | "agents:trigger" | "executions:read" | "secrets:read" | "secrets:write" | "secrets:use" | "endpoints:read" | "endpoints:write")[];
        };
        CreatedApiKeyResponse: {
            /** @example key_01jd8z0a2b4c6d8e0f2g4h6j8k */
            id: string;
            /** @example Zapier integration */
            name: string | null;
            /** @example aas_Xk3pQ9sd */
            prefix: string;
            /**
             * @example [
             *       "agents:read",
             *       "agents:write",
             *       "agents:trigger",
             *       "executions:read",
             *       "secrets:read",
             *       "secrets:write",
             *       "secrets:use",
             *       "endpoints:read",
             *       "endpoints:write"
             *     ]
             */
            scopes: ("agents:read" | "agents:write" | "agents:trigger" | "executions:read" | "secrets:read" | "secrets:write" | "secrets:use" | "endpoints:read" | "endpoints:write")[];
            /** Format: date-time */
            created_at: string;
            /**
             * @description The key itself: shown only in this answer, stored as a hash
             * @example aas_Xk3pQ9sdLr…
             */
            key: string;
        };
        AgentListItem: {
            /** @example agt_01jd8z2c4v6b8n0m2k4j6h8g0f */
            id: string;
            /** @example Inbound leads */
            name: string;
            /**
             * @example active
             * @enum {string}
             */
            status: "active" | "paused";
            /**
             * Format: uri
             * @description `{WEBHOOK_BASE_URL}/webhook/<webhook_id>`; a secret: it triggers the agent
             * @example http://localhost:3001/webhook/3q2-7gD0m4J1xYkQ9sVbW5nR8tLc6fHe
             */
            webhook_url: string;
            /**
             * @description Executions created since 00:00 UTC
             * @example 12
             */
            executions_today: number;
            /**
             * @description completed ÷ (completed + failed) × 100 over executions finished in the last 30 days, one decimal; 0 when none
             * @example 91.7
             */
            success_rate: number;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            created_at: string;
        };
        AgentListMeta: {
            /** @example 1 */
            total: number;
            /** @example 1 */
            page: number;
            /** @example 20 */
            per_page: number;
        };
        AgentList: {
            data: components["schemas"]["AgentListItem"][];
            meta: components["schemas"]["AgentListMeta"];
        };
        AgentMcp: {
            /** @description Listed by the MCP server (while the agent is active) */
            enabled: boolean;
            /**
             * @description The tool name: the one set, or derived from the agent name
             * @example inbound_leads
             */
            name: string;
            /**
             * @description The tool description; null: a default naming the agent
             * @example Scores an inbound lead
             */
            description: string | null;
        };
        AgentDetail: {
            /** @example agt_01jd8z2c4v6b8n0m2k4j6h8g0f */
            id: string;
            /** @example Inbound leads */
            name: string;
            /**
             * @example active
             * @enum {string}
             */
            status: "active" | "paused";
            /**
             * Format: uri
             * @description `{WEBHOOK_BASE_URL}/webhook/<webhook_id>`; a secret: it triggers the agent
             * @example http://localhost:3001/webhook/3q2-7gD0m4J1xYkQ9sVbW5nR8tLc6fHe
             */
            webhook_url: string;
            /**
             * @description Executions created since 00:00 UTC
             * @example 12
             */
            executions_today: number;
            /**
             * @description completed ÷ (completed + failed) × 100 over executions finished in the last 30 days, one decimal; 0 when none
             * @example 91.7
             */
            success_rate: number;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            created_at: string;
            /** @example lead-qualification */
            kind: string;
            /**
             * @description The kind's configuration
             * @example {
             *       "threshold": 60
             *     }
             */
            config: {
                [key: string]: unknown;
            };
            /**
             * @example none
             * @enum {string}
             */
            webhook_auth: "none" | "api_key" | "signature";
            /**
             * @description Signature forms the webhook accepts with `webhook_auth: "signature"`; `["standard_webhooks"]` refuses the untimestamped `X-Signature` form (replay protection)
             * @example [
             *       "sha256",
             *       "standard_webhooks"
             *     ]
             */
            webhook_signature_formats: ("sha256" | "standard_webhooks")[];
            /**
             * @description How long one run may take
             * @example 30000
             */
            timeout_ms: number;
            /**
             * @description Flow control (docs: Flow control): `concurrency`, `throttle`, `debounce`, each with an optional `key`, a value over `$input` (`"{% $input.customer_id %}"`); null removes it
             * @example {
             *       "concurrency": {
             *         "limit": 1,
             *         "key": "{% $input.customer_id %}"
             *       }
             *     }
             */
            flow: {
                /** @description At most `limit` executions running at once, per key (waiting ones do not count) */
                concurrency?: {
                    limit: number;
                    /** @description A value over `$input`; failing or null: the null key */
                    key?: unknown;
                };
                /** @description At most `limit` executions start in any `period_ms` window, per key */
                throttle?: {
                    limit: number;
                    period_ms: number;
                    /** @description A value over `$input`; failing or null: the null key */
                    key?: unknown;
                };
                /** @description One pending execution per key: a trigger within `period_ms` replaces its input and restarts the period; it starts `period_ms` after the last trigger, or `max_wait_ms` after the first */
                debounce?: {
                    period_ms: number;
                    /** @description A value over `$input`; failing or null: the null key */
                    key?: unknown;
                    max_wait_ms?: number;
                };
            } | null;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            updated_at: string;
            /**
             * @description 1 on create; every change of `config` adds one (`GET /v2/agents/{id}/versions/{version}`)
             * @example 1
             */
            version: number;
            /**
             * @description The JSON Schema every input must satisfy (trigger, webhook, MCP); null: any object
             * @example {
             *       "type": "object",
             *       "properties": {
             *         "email": {
             *           "type": "string"
             *         }
             *       },
             *       "required": [
             *         "email"
             *       ]
             *     }
             */
            input_schema: {
                [key: string]: unknown;
            } | null;
            mcp: components["schemas"]["AgentMcp"];
        };
        /** @description An agent: `kind` one of the registered kinds (`GET /v2/agent-kinds`), default `lead-qualification`, and `config` the schema of that kind */
        CreateAgentDto: components["schemas"]["CreateHttpRequestAgent"] | components["schemas"]["CreateLeadQualificationAgent"] | components["schemas"]["CreateWorkflowAgent"];
        UpdateAgentDto: {
            /**
             * @description `paused` stops triggers (409 `agent_paused`); pausing a paused agent is a no-op
             * @example paused
             * @enum {string}
             */
            status?: "active" | "paused";
            /**
             * @description Surrounding white space is trimmed
             * @example Inbound leads (EU)
             */
            name?: string;
            /** @description The kind's configuration, replaced as a whole and checked by the kind (the schema of the agent's kind) */
            config?: components["schemas"]["HttpRequestConfig"] | components["schemas"]["LeadQualificationConfig"] | components["schemas"]["WorkflowConfig"];
            /**
             * @description Create the credential with `POST /v2/agents/{id}/webhook-credentials`
             * @enum {string}
             */
            webhook_auth?: "none" | "api_key" | "signature";
            /**
             * @description Signature forms the webhook accepts with `webhook_auth: "signature"`: `["sha256", "standard_webhooks"]` (both), or `["standard_webhooks"]` alone, which refuses `X-Signature` and `X-Hub-Signature-256` (their requests carry no timestamp, so a captured one can be replayed) with 401. Either order; stored and shown in the order `sha256`, `standard_webhooks`
             * @example [
             *       "standard_webhooks"
             *     ]
             */
            webhook_signature_formats?: [
                "sha256",
                "standard_webhooks"
            ] | [
                "standard_webhooks",
                "sha256"
            ] | [
                "standard_webhooks"
            ];
            timeout_ms?: number;
            /**
             * @description Flow control (docs: Flow control): `concurrency`, `throttle`, `debounce`, each with an optional `key`, a value over `$input` (`"{% $input.customer_id %}"`); null removes it
             * @example {
             *       "concurrency": {
             *         "limit": 1,
             *         "key": "{% $input.customer_id %}"
             *       }
             *     }
             */
            flow?: {
                /** @description At most `limit` executions running at once, per key (waiting ones do not count) */
                concurrency?: {
                    limit: number;
                    /** @description A value over `$input`; failing or null: the null key */
                    key?: unknown;
                };
                /** @description At most `limit` executions start in any `period_ms` window, per key */
                throttle?: {
                    limit: number;
                    period_ms: number;
                    /** @description A value over `$input`; failing or null: the null key */
                    key?: unknown;
                };
                /** @description One pending execution per key: a trigger within `period_ms` replaces its input and restarts the period; it starts `period_ms` after the last trigger, or `max_wait_ms` after the first */
                debounce?: {
                    period_ms: number;
                    /** @description A value over `$input`; failing or null: the null key */
                    key?: unknown;
                    max_wait_ms?: number;
                };
            } | null;
            /**
             * @description The JSON Schema inputs must satisfy; null removes it
             * @example {
             *       "type": "object",
             *       "properties": {
             *         "email": {
             *           "type": "string"
             *         }
             *       },
             *       "required": [
             *         "email"
             *       ]
             *     }
             */
            input_schema?: ({
                /** @enum {string} */
                type: "object";
            } & {
                [key: string]: unknown;
            }) | null;
            /**
             * @description The given keys replace: `name: null` goes back to the name derived from the agent name, `description: null` clears it
             * @example {
             *       "enabled": true,
             *       "name": "qualify_lead",
             *       "description": "Scores an inbound lead"
             *     }
             */
            mcp?: {
                /** @default false */
                enabled?: boolean;
                /** @description The tool name; null or absent: derived from the agent name */
                name?: string | null;
                description?: string | null;
            };
        };
        CreateWebhookCredentialDto: {
            /**
             * @description `api_key`: a key for `X-API-Key`; `signature`: a `whsec_…` signing secret. Sets `webhook_auth` to this type
             * @enum {string}
             */
            type: "api_key" | "signature";
        };
        WebhookCredentialResponse: {
            /**
             * @example signature
             * @enum {string}
             */
            type: "api_key" | "signature";
            /**
             * @description The webhook API key, or the `whsec_…` signing secret; never shown again
             * @example whsec_MfKQ9r8GKYqrTBI7o5ZPRvTAlc0lRpv1ywXnH7xNdPs=
             */
            secret: string;
        };
        AgentVersionResponse: {
            /** @example 2 */
            version: number;
            /**
             * @description The config of this version
             * @example {
             *       "threshold": 60
             *     }
             */
            config: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            created_at: string;
        };
        AgentKindResponse: {
            /** @example lead-qualification */
            kind: string;
            /** @example Scores a lead and says whether it qualifies. */
            description: string;
            /** @description JSON Schema (2020-12) of the agent `config`, from the kind's config class (also in this document's `components.schemas`, under the class's name); the API validates the config with the same class on create and update. It stands alone: the schemas it refers to are in its own `$defs`, referred to as `#/$defs/<Name>` */
            config_schema: {
                [key: string]: unknown;
            };
        };
        AgentKindListResponse: {
            data: components["schemas"]["AgentKindResponse"][];
        };
        DailyStatsItem: {
            /**
             * @description UTC day
             * @example 2026-11-24
             */
            day: string;
            /** @description Executions created that day */
            created: number;
            /** @description Executions that completed that day */
            completed: number;
            /** @description Executions that failed that day */
            failed: number;
        };
        DailyStatsResponse: {
            /** @description Oldest first, every day present */
            data: components["schemas"]["DailyStatsItem"][];
        };
        TestAgentDto: {
            /**
             * @description The input of the test run
             * @example {
             *       "email": "jane@acme.io",
             *       "company": "Acme",
             *       "message": "Pricing?"
             *     }
             */
            input: {
                [key: string]: unknown;
            };
            /** @description A config to run instead of the agent's (checked as on create: 400 at its field) (the schema of the agent's kind) */
            config?: components["schemas"]["HttpRequestConfig"] | components["schemas"]["LeadQualificationConfig"] | components["schemas"]["WorkflowConfig"];
            /**
             * @description Workflow agents: `{<step id>: output}`; a mocked step is not run and yields it
             * @example {
             *       "post_to_crm": {
             *         "status_code": 201,
             *         "headers": {},
             *         "body": {
             *           "id": "crm_1"
             *         }
             *       }
             *     }
             */
            mocks?: {
                [key: string]: unknown;
            };
        };
        FailedAnswerItem: {
            /** @example 500 */
            status_code: number;
            /**
             * @example {
             *       "content-type": "application/json"
             *     }
             */
            headers: {
                [key: string]: string;
            };
            /**
             * @description JSON when the answer says so, is whole and parses; otherwise text, cut at 64 KiB. Secrets of the run are redacted
             * @example {
             *       "error": "database unavailable"
             *     }
             */
            body: {
                [key: string]: unknown;
            } | unknown[] | string | number | boolean | null;
            /**
             * @description The body was cut at 64 KiB
             * @example false
             */
            truncated: boolean;
        };
        ExecutionErrorItem: {
            /**
             * @description `invalid_input`, `timeout`, `agent_error`, `http_error`, `network_error`, `interrupted`; `llm` steps: `invalid_llm_output`, `llm_refused`, `llm_error`, `mcp_error`, `max_turns_exceeded`, `budget_exceeded`; …
             * @example invalid_input
             */
            code: string;
            /** @example No valid email address in the input */
            message: string;
            /**
             * @description Workflow executions: the id of the step that failed (`q[3]` inside a foreach)
             * @example post_to_crm
             */
            step?: string;
            /** @description `http_error` of an `http-request` agent or of the failing step: the answer (status, headers, body cut at 64 KiB) */
            response?: components["schemas"]["FailedAnswerItem"];
        };
        StepErrorItem: {
            /** @example http_error */
            code: string;
            /** @example POST https://crm.example.com/api/leads answered HTTP 500 after 3 attempts; last after 4 ms */
            message: string;
            /** @description `http_error` of an `http` step or an `http-request` step: the answer of the last attempt */
            response?: components["schemas"]["FailedAnswerItem"];
        };
        StepUsageItem: {
            prompt_tokens: number;
            completion_tokens: number;
        };
        LlmToolCallItem: {
            /** @example call_1 */
            id: string;
            /** @example lookup_customer */
            name: string;
            /** @description The arguments (the raw text when not a JSON object) */
            arguments: Record<string, never>;
            /** @enum {string} */
            status: "pending" | "completed" | "failed";
            /** @description The tool's HTTP status */
            status_code?: number;
            duration_ms: number | null;
            /** @description What went back to the model as the `tool` message */
            result?: string;
        };
        LlmCallItem: {
            /** @description 1-based turn of the conversation */
            turn: number;
            /** @example gpt-4o-mini */
            model: string;
            prompt_tokens: number;
            completion_tokens: number;
            latency_ms: number;
            /** @example stop */
            finish_reason: string | null;
            /** @description The refusal text, when the model refused */
            refusal?: string;
            /** @description Made by the failed execution a resumed retry continues (not counted in this usage) */
            reused?: boolean;
            tool_calls?: components["schemas"]["LlmToolCallItem"][];
        };
        LlmStepDetail: {
            /** @description Each model call, in order */
            calls: components["schemas"]["LlmCallItem"][];
        };
        ExecutionStepItem: {
            /**
             * @description The step id; `id[index]` inside a foreach
             * @example qualify
             */
            id: string;
            /**
             * @description The step type
             * @example lead-qualification
             */
            type: string;
            /**
             * @example completed
             * @enum {string}
             */
            status: "running" | "waiting" | "completed" | "failed" | "skipped";
            /** @example 1 */
            attempts: number;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.051Z
             */
            started_at: string;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.052Z
             */
            completed_at: string | null;
            /** @example 1 */
            duration_ms: number | null;
            /**
             * @description The step output (any JSON; null until completed); secrets are `[redacted]`
             * @example {
             *       "qualified": true,
             *       "score": 80
             *     }
             */
            output: Record<string, never> | null;
            /** @example null */
            error: components["schemas"]["StepErrorItem"] | null;
            /** @description `llm` steps: tokens summed over its model calls */
            usage?: components["schemas"]["StepUsageItem"];
            /** @description `llm` steps: each model call (turn, tokens, latency) and its tool calls */
            llm?: components["schemas"]["LlmStepDetail"];
            /**
             * @description `agent` steps: the child execution this step started
             * @example exe_01jd8z2c4v6b8n0m2k4j6h8g0f
             */
            child_execution_id?: string;
            /**
             * @description Copied from the failed execution a resumed retry continues
             * @example true
             */
            reused?: boolean;
        };
        AgentTestResponse: {
            /**
             * @example completed
             * @enum {string}
             */
            status: "completed" | "failed";
            /**
             * @example {
             *       "qualified": true,
             *       "score": 80
             *     }
             */
            output: {
                [key: string]: unknown;
            } | null;
            /** @example null */
            error: components["schemas"]["ExecutionErrorItem"] | null;
            /** @description The steps of a workflow, in the order they started; `[]` for other kinds */
            steps: components["schemas"]["ExecutionStepItem"][];
        };
        ExecutionWaitingItem: {
            /**
             * @description The id of the `wait` step (`q[3]` inside a foreach)
             * @example hold
             */
            step: string;
            /**
             * Format: date-time
             * @description A wait for a time: when it ends
             * @example 2026-11-24T09:00:00.000Z
             */
            until?: string;
            /**
             * @description A wait for a token: its id
             * @example wtk_01jd8z6q8r0s2t4u6v8w0x2y4z
             */
            token_id?: string;
        };
        ExecutionRecord: {
            /** @example exe_01jd8z4k9m2x7q3r5t6v8w0y1a */
            id: string;
            /** @example agt_01jd8z2c4v6b8n0m2k4j6h8g0f */
            agent_id: string;
            /**
             * @example completed
             * @enum {string}
             */
            status: "queued" | "running" | "waiting" | "completed" | "failed" | "cancelled";
            /**
             * @example api
             * @enum {string}
             */
            source: "api" | "webhook" | "retry" | "schedule" | "mcp" | "agent";
            /**
             * @description The execution this one retries
             * @example null
             */
            retry_of: string | null;
            /**
             * @description `source: "schedule"`: the schedule that started it; null for other sources
             * @example null
             */
            schedule_id: string | null;
            /**
             * Format: date-time
             * @description `source: "schedule"`: the nominal fire time (without jitter); null for other sources
             * @example null
             */
            scheduled_for: string | null;
            /**
             * @description `source: "agent"`: the execution whose `agent` step started it; null for other sources
             * @example null
             */
            parent_execution_id: string | null;
            /**
             * @description `source: "agent"`: the first execution of its chain of `agent` steps; null for other sources
             * @example null
             */
            root_execution_id: string | null;
            /**
             * @description The agent's `version` whose config this execution runs (current when it was created)
             * @example 1
             */
            agent_version: number;
            /**
             * @description The input exactly as received
             * @example {
             *       "email": "jane@acme.io",
             *       "company": "Acme",
             *       "message": "Pricing for 50 seats?"
             *     }
             */
            input: {
                [key: string]: unknown;
            };
            /**
             * @description Defined by the agent kind; null until completed
             * @example {
             *       "qualified": true,
             *       "score": 80,
             *       "tier": "hot",
             *       "reasons": [
             *         "business_email",
             *         "company",
             *         "buying_intent"
             *       ]
             *     }
             */
            output: {
                [key: string]: unknown;
            } | null;
            /** @example null */
            error: components["schemas"]["ExecutionErrorItem"] | null;
            /**
             * @description While `waiting`: what the run waits for; null otherwise
             * @example null
             */
            waiting: components["schemas"]["ExecutionWaitingItem"] | null;
            /**
             * @description While `queued` and held back by the agent's flow control: the control that holds it; null otherwise
             * @example null
             * @enum {string|null}
             */
            held: "concurrency" | "throttle" | "debounce" | null;
            /** @description Workflow executions only: their steps in the order they started; absent for other kinds */
            steps?: components["schemas"]["ExecutionStepItem"][];
            /**
             * @description Tokens of the model calls of its `llm` steps, summed; null when no model was called. In `GET /v2/executions` and `GET /v2/executions/:id` (not in callbacks)
             * @example null
             */
            usage?: components["schemas"]["StepUsageItem"] | null;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.050Z
             */
            started_at: string | null;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.130Z
             */
            completed_at: string | null;
            /** @example 80 */
            duration_ms: number | null;
            /**
             * @description The tags given when it was triggered (`options.tags`, `X-Tags`); a retry keeps them
             * @example [
             *       "campaign:black-friday"
             *     ]
             */
            tags: string[];
            /**
             * @description The OpenTelemetry trace id of its spans (32 hex digits): the trigger request’s trace, or the caller’s from its `traceparent`; null when tracing is off
             * @example null
             */
            trace_id: string | null;
        };
        CallbackPayload: {
            /**
             * @description The delivery id; also `X-Webhook-Id`, the same on every retry
             * @example dlv_01jd8z6q8r0s2t4u6v8w0x2y4z
             */
            id: string;
            /**
             * @example execution.completed
             * @enum {string}
             */
            type: "execution.completed" | "execution.failed" | "execution.cancelled";
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.140Z
             */
            created_at: string;
            data: components["schemas"]["ExecutionRecord"];
        };
        TriggerOptionsDto: {
            /**
             * @description false: wait up to SYNC_WAIT_MS for the result (200 when finished, else 202 `running`); true: answer 202 `queued` at once
             * @default false
             */
            async?: boolean;
            /**
             * Format: uri
             * @description http(s) URL the result is POSTed to when the execution finishes (see the callback of this operation)
             * @example https://example.com/hooks/agents
             */
            callback_url?: string;
            /**
             * @description Tags kept on the execution (`tags`) to find it with the `tag=` filter of the executions lists; a repeated tag counts once
             * @example [
             *       "campaign:black-friday",
             *       "crm"
             *     ]
             */
            tags?: string[];
        };
        TriggerAgentDto: {
            /**
             * @description The input of the run, any JSON object (lead-qualification reads email, name, company, phone, message)
             * @example {
             *       "email": "jane@acme.io",
             *       "name": "Jane Doe",
             *       "company": "Acme",
             *       "message": "Pricing?"
             *     }
             */
            input: {
                [key: string]: unknown;
            };
            options?: components["schemas"]["TriggerOptionsDto"];
        };
        TriggerResultResponse: {
            /** @example exe_01jd8z4k9m2x7q3r5t6v8w0y1a */
            execution_id: string;
            /**
             * @example completed
             * @enum {string}
             */
            status: "queued" | "running" | "waiting" | "completed" | "failed" | "cancelled";
            /**
             * @example {
             *       "qualified": true,
             *       "score": 80,
             *       "tier": "hot"
             *     }
             */
            output: {
                [key: string]: unknown;
            } | null;
            /**
             * @description The execution's error: null unless `status` is `failed`
             * @example null
             */
            error: components["schemas"]["ExecutionErrorItem"] | null;
            /** @example 80 */
            duration_ms: number | null;
        };
        PageMeta: {
            /** @example 20 */
            limit: number;
            /** @example true */
            has_more: boolean;
            /**
             * @description Pass as `cursor` for the next page (same filters); null on the last page
             * @example eyJjIjoiMjAyNi0xMS0yMlQxMDowMDowMC4wMDBaIiwiaSI6ImV4ZV8wMWpkIn0
             */
            next_cursor: string | null;
        };
        ExecutionListResponse: {
            /** @description Newest first */
            data: components["schemas"]["ExecutionRecord"][];
            meta: components["schemas"]["PageMeta"];
        };
        LogEntryItem: {
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.120Z
             */
            timestamp: string;
            /**
             * @example info
             * @enum {string}
             */
            level: "debug" | "info" | "warn" | "error";
            /** @example Scored 80 (hot) */
            message: string;
        };
        ExecutionDetail: {
            /** @example exe_01jd8z4k9m2x7q3r5t6v8w0y1a */
            id: string;
            /** @example agt_01jd8z2c4v6b8n0m2k4j6h8g0f */
            agent_id: string;
            /**
             * @example completed
             * @enum {string}
             */
            status: "queued" | "running" | "waiting" | "completed" | "failed" | "cancelled";
            /**
             * @example api
             * @enum {string}
             */
            source: "api" | "webhook" | "retry" | "schedule" | "mcp" | "agent";
            /**
             * @description The execution this one retries
             * @example null
             */
            retry_of: string | null;
            /**
             * @description `source: "schedule"`: the schedule that started it; null for other sources
             * @example null
             */
            schedule_id: string | null;
            /**
             * Format: date-time
             * @description `source: "schedule"`: the nominal fire time (without jitter); null for other sources
             * @example null
             */
            scheduled_for: string | null;
            /**
             * @description `source: "agent"`: the execution whose `agent` step started it; null for other sources
             * @example null
             */
            parent_execution_id: string | null;
            /**
             * @description `source: "agent"`: the first execution of its chain of `agent` steps; null for other sources
             * @example null
             */
            root_execution_id: string | null;
            /**
             * @description The agent's `version` whose config this execution runs (current when it was created)
             * @example 1
             */
            agent_version: number;
            /**
             * @description The input exactly as received
             * @example {
             *       "email": "jane@acme.io",
             *       "company": "Acme",
             *       "message": "Pricing for 50 seats?"
             *     }
             */
            input: {
                [key: string]: unknown;
            };
            /**
             * @description Defined by the agent kind; null until completed
             * @example {
             *       "qualified": true,
             *       "score": 80,
             *       "tier": "hot",
             *       "reasons": [
             *         "business_email",
             *         "company",
             *         "buying_intent"
             *       ]
             *     }
             */
            output: {
                [key: string]: unknown;
            } | null;
            /** @example null */
            error: components["schemas"]["ExecutionErrorItem"] | null;
            /**
             * @description While `waiting`: what the run waits for; null otherwise
             * @example null
             */
            waiting: components["schemas"]["ExecutionWaitingItem"] | null;
            /**
             * @description While `queued` and held back by the agent's flow control: the control that holds it; null otherwise
             * @example null
             * @enum {string|null}
             */
            held: "concurrency" | "throttle" | "debounce" | null;
            /** @description Workflow executions only: their steps in the order they started; absent for other kinds */
            steps?: components["schemas"]["ExecutionStepItem"][];
            /**
             * @description Tokens of the model calls of its `llm` steps, summed; null when no model was called. In `GET /v2/executions` and `GET /v2/executions/:id` (not in callbacks)
             * @example null
             */
            usage?: components["schemas"]["StepUsageItem"] | null;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.050Z
             */
            started_at: string | null;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:00.130Z
             */
            completed_at: string | null;
            /** @example 80 */
            duration_ms: number | null;
            /**
             * @description The tags given when it was triggered (`options.tags`, `X-Tags`); a retry keeps them
             * @example [
             *       "campaign:black-friday"
             *     ]
             */
            tags: string[];
            /**
             * @description The OpenTelemetry trace id of its spans (32 hex digits): the trigger request’s trace, or the caller’s from its `traceparent`; null when tracing is off
             * @example null
             */
            trace_id: string | null;
            logs: components["schemas"]["LogEntryItem"][];
        };
        RetryExecutionDto: {
            /**
             * @description Failed `workflow` executions only: start from the failed step, reusing the outputs of the steps that had completed (their `steps` entries are copied with `reused: true`)
             * @default false
             */
            resume?: boolean;
        };
        CompletedByItem: {
            /** @enum {string} */
            type: "api_key" | "user" | "link";
            /** @description The API key’s or the user’s id */
            id?: string;
            /** @description The user’s email */
            email?: string;
        };
        WaitTokenRecord: {
            /** @example wtk_01jd8z6q8r0s2t4u6v8w0x2y4z */
            id: string;
            /** @example exe_01jd8z4k9m2x7q3r5t6v8w0y1a */
            execution_id: string;
            /** @example agt_01jd8z2c4v6b8n0m2k4j6h8g0f */
            agent_id: string;
            /** @description The `create_token` step (`t[2]` inside a foreach) */
            step_id: string;
            /** @enum {string} */
            status: "waiting" | "completed" | "expired" | "cancelled";
            title: string | null;
            description: string | null;
            /**
             * @example [
             *       "approve",
             *       "reject"
             *     ]
             */
            choices: string[] | null;
            choice: string | null;
            data: {
                [key: string]: unknown;
            } | null;
            /** Format: date-time */
            completed_at: string | null;
            completed_by: components["schemas"]["CompletedByItem"] | null;
            /** Format: date-time */
            expires_at: string;
            /** Format: date-time */
            created_at: string;
        };
        WaitTokenListResponse: {
            /** @description Newest first */
            data: components["schemas"]["WaitTokenRecord"][];
            meta: components["schemas"]["PageMeta"];
        };
        CompleteWaitTokenDto: {
            /**
             * @description One of the token’s `choices` (required when it has some)
             * @example approve
             */
            choice?: string;
            /** @description Any JSON object, given to the waiting step as `data` */
            data?: {
                [key: string]: unknown;
            };
        };
        FlowKeyItem: {
            /**
             * @description The key as flow control compares it: the JSON text of its value (`null` for the null key), `sha256:<hex>` for one longer than 200 characters
             * @example "acme"
             */
            key: string;
            /** @description Executions of the key `running` */
            running: number;
            /** @description Executions of the key `queued`, those held by flow control included */
            queued: number;
            /** @description Of the queued ones, those flow control holds back (the others wait for a worker) */
            held: number;
        };
        FlowKeysMeta: {
            /** @description Keys with executions running or queued */
            total: number;
            /** @description The `limit` applied */
            limit: number;
        };
        FlowKeysResponse: {
            /** @description The most queued first, then the most running, then by key */
            data: components["schemas"]["FlowKeyItem"][];
            meta: components["schemas"]["FlowKeysMeta"];
        };
        BulkRetryPreview: {
            /** @description Executions the request would match now */
            matched: number;
        };
        BulkRetryDto: {
            /** @description Only the executions of this agent (`agt_…`); one of another account matches none */
            agent_id?: string;
            /**
             * @description The statuses to retry: `failed`, `cancelled`, or both (an array, or a comma list as the executions lists take it)
             * @example [
             *       "failed"
             *     ]
             */
            status: string | ("failed" | "cancelled")[];
            /**
             * @description `created_at` from: a date (the whole UTC day, inclusive) or a timestamp. After `to`: nothing matches
             * @example 2026-12-01T09:00:00.000Z
             */
            from?: string;
            /**
             * @description `created_at` up to: a date (the whole UTC day, inclusive) or a timestamp
             * @example 2026-12-01T10:00:00.000Z
             */
            to?: string;
            /**
             * @description Only the executions whose `error.code` is this one
             * @example http_error
             */
            error_code?: string;
            /**
             * @description Only the executions carrying this tag (an array: all of them)
             * @example campaign:black-friday
             */
            tag?: string | string[];
            /**
             * @description Retry as `POST /v2/executions/:id/retry` with `{"resume": true}`: failed `workflow` executions start from the failed step; any other match counts as `failed`
             * @default false
             */
            resume?: boolean;
            /**
             * @description At most this many executions are matched, oldest first
             * @default 1000
             */
            limit?: number;
            /**
             * @description Count only: answers 200 `{matched}`, how many executions the same request would retry now, and retries nothing
             * @default false
             */
            dry_run?: boolean;
        };
        BulkActionResponse: {
            /** @example blk_01jd8z6q8r0s2t4u6v8w0x2y4z */
            id: string;
            /**
             * @description `running` until every match is handled, then `completed`
             * @example running
             * @enum {string}
             */
            status: "running" | "completed";
            /** @description Executions matched (at most `limit`) */
            matched: number;
            /** @description Matches retried so far */
            retried: number;
            /** @description Matches that could not be retried (their agent deleted or paused; `resume` on an execution that cannot resume) */
            failed: number;
        };
        CreateScheduleDto: {
            /**
             * @description Five fields (minute precision), six with a seconds field first, or `@hourly`, `@daily`, `@weekly`, `@monthly`, `@yearly`; names, ranges, lists and steps as in crontab(5)
             * @example 0 9 * * MON-FRI
             */
            cron: string;
            /**
             * @description An IANA zone name; fire times follow its wall clock (a local time that a DST change skips does not run that day; one that occurs twice runs once)
             * @default UTC
             * @example Europe/Berlin
             */
            timezone?: string;
            /**
             * @description The input of every execution this schedule starts
             * @default {}
             * @example {
             *       "report": "weekly"
             *     }
             */
            input?: {
                [key: string]: unknown;
            };
            /**
             * @description `skip`: a fire while the previous execution of this schedule is still queued, running or waiting starts nothing; `allow`: it starts anyway
             * @default skip
             * @enum {string}
             */
            overlap?: "skip" | "allow";
            /**
             * @description Fire times missed (no worker ran, or more than 60 s late): `none` drops them, `last` runs the most recent once, `all` runs every one of the last 24 h, oldest first, at most 100
             * @default last
             * @enum {string}
             */
            catch_up?: "none" | "last" | "all";
            /**
             * @description Each fire is delayed by a random amount in [0, jitter_ms]
             * @default 0
             */
            jitter_ms?: number;
            /**
             * @description A disabled schedule fires nothing; times that pass meanwhile are not caught up
             * @default true
             */
            enabled?: boolean;
            /**
             * @description The caller's own key (one schedule per customer of theirs): unique among the agent's schedules
             * @example customer-4711
             */
            external_id?: string;
        };
        ScheduleResponse: {
            /** @example sch_01jd8z6q8r0s2t4u6v8w0x2y4z */
            id: string;
            /** @example agt_01jd8z2c4v6b8n0m2k4j6h8g0f */
            agent_id: string;
            /**
             * @description Five fields (minute precision), six with a seconds field first, or `@hourly`, `@daily`, `@weekly`, `@monthly`, `@yearly`; names, ranges, lists and steps as in crontab(5)
             * @example 0 9 * * MON-FRI
             */
            cron: string;
            /**
             * @description An IANA zone name; fire times follow its wall clock (a local time that a DST change skips does not run that day; one that occurs twice runs once)
             * @example Europe/Berlin
             */
            timezone: string;
            /** @description The input of every execution this schedule starts */
            input: {
                [key: string]: unknown;
            };
            /**
             * @description `skip`: a fire while the previous execution of this schedule is still queued, running or waiting starts nothing; `allow`: it starts anyway
             * @enum {string}
             */
            overlap: "skip" | "allow";
            /**
             * @description Fire times missed (no worker ran, or more than 60 s late): `none` drops them, `last` runs the most recent once, `all` runs every one of the last 24 h, oldest first, at most 100
             * @enum {string}
             */
            catch_up: "none" | "last" | "all";
            jitter_ms: number;
            /** @description A disabled schedule fires nothing; times that pass meanwhile are not caught up */
            enabled: boolean;
            /** @description The caller's own key (one schedule per customer of theirs): unique among the agent's schedules */
            external_id: string | null;
            /** @description The next 5 nominal fire times (without jitter); empty while the schedule is disabled or its agent paused */
            next_runs: string[];
            /**
             * Format: date-time
             * @description When it last started an execution
             */
            last_fired_at: string | null;
            /** @description The last execution it started */
            last_execution_id: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ScheduleList: {
            /** @description Oldest first */
            data: components["schemas"]["ScheduleResponse"][];
        };
        UpdateScheduleDto: {
            /** @description Five fields (minute precision), six with a seconds field first, or `@hourly`, `@daily`, `@weekly`, `@monthly`, `@yearly`; names, ranges, lists and steps as in crontab(5). Applies from the next fire time */
            cron?: string;
            /** @description An IANA zone name; fire times follow its wall clock (a local time that a DST change skips does not run that day; one that occurs twice runs once). Applies from the next fire time */
            timezone?: string;
            /** @description The input of every execution this schedule starts */
            input?: {
                [key: string]: unknown;
            };
            /**
             * @description `skip`: a fire while the previous execution of this schedule is still queued, running or waiting starts nothing; `allow`: it starts anyway
             * @enum {string}
             */
            overlap?: "skip" | "allow";
            /**
             * @description Fire times missed (no worker ran, or more than 60 s late): `none` drops them, `last` runs the most recent once, `all` runs every one of the last 24 h, oldest first, at most 100
             * @enum {string}
             */
            catch_up?: "none" | "last" | "all";
            /** @description Each fire is delayed by a random amount in [0, jitter_ms] */
            jitter_ms?: number;
            /** @description A disabled schedule fires nothing; times that pass meanwhile are not caught up */
            enabled?: boolean;
            /** @description The caller's own key (one schedule per customer of theirs): unique among the agent's schedules; null clears it */
            external_id?: string | null;
        };
        DeliveryAttemptItem: {
            /**
             * @description The delivery id: payload `id` and `X-Webhook-Id`, the same on every retry
             * @example dlv_01jd8z6q8r0s2t4u6v8w0x2y4z
             */
            id: string;
            /**
             * Format: uri
             * @example https://example.com/hooks/agents
             */
            url: string;
            /**
             * @example execution.completed
             * @enum {string}
             */
            event: "execution.completed" | "execution.failed" | "execution.cancelled";
            /** @example 1 */
            attempt: number;
            /**
             * @description The receiver's HTTP status; null when no answer came
             * @example 200
             */
            status_code: number | null;
            /**
             * @description Why the attempt failed (`timeout`, `address_not_allowed`, …); null on success
             * @example null
             */
            error: string | null;
            /** @example 84 */
            duration_ms: number | null;
            /**
             * Format: date-time
             * @example 2026-11-22T10:00:01.250Z
             */
            created_at: string;
        };
        DeliveryAttemptList: {
            /** @description Newest first */
            data: components["schemas"]["DeliveryAttemptItem"][];
        };
        TestWebhookDto: {
            /**
             * @description The payload to send; a sample lead when absent
             * @example {
             *       "email": "jane@acme.io",
             *       "name": "Jane Doe",
             *       "company": "Acme",
             *       "message": "Interested in pricing for 50 seats"
             *     }
             */
            input?: {
                [key: string]: unknown;
            };
        };
        TestWebhookResult: {
            /** @example exe_01jd8z2c4v6b8n0m2k4j6h8g0f */
            execution_id: string;
            /** @example queued */
            status: string;
        };
        SignInDto: {
            /** @example ada@example.com */
            email: string;
            /** @example correct horse battery staple */
            password: string;
        };
        UserResponse: {
            /** @example usr_01jd8z0a2b4c6d8e0f2g4h6j8k */
            id: string;
            /** @example ada@example.com */
            email: string;
            /**
             * @example owner
             * @enum {string}
             */
            role: "owner" | "member";
            /** Format: date-time */
            created_at: string;
        };
        SessionAccount: {
            /** @example acc_01jd8yzz0a2b4c6d8e0f2g4h6j */
            id: string;
            /** @example Acme */
            name: string;
            /**
             * @example pro
             * @enum {string}
             */
            plan: "free_trial" | "pro" | "enterprise";
        };
        SessionResponse: {
            user: components["schemas"]["UserResponse"];
            account: components["schemas"]["SessionAccount"];
            /** @description Send it as `X-CSRF-Token` on every POST, PATCH, PUT and DELETE made with the session cookie */
            csrf_token: string;
        };
        ChangePasswordDto: {
            current_password: string;
            /** @description At least 12 characters */
            new_password: string;
        };
        PasswordSetupDto: {
            /** @description The `token` of the one-time setup link */
            token: string;
            /** @description At least 12 characters */
            password: string;
        };
        UserListItem: {
            /** @example usr_01jd8z0a2b4c6d8e0f2g4h6j8k */
            id: string;
            /** @example ada@example.com */
            email: string;
            /**
             * @example owner
             * @enum {string}
             */
            role: "owner" | "member";
            /** Format: date-time */
            created_at: string;
            /**
             * @description `invited` until the user sets a password with their link
             * @enum {string}
             */
            status: "active" | "invited";
            /** Format: date-time */
            last_sign_in_at: string | null;
        };
        UserListResponse: {
            data: components["schemas"]["UserListItem"][];
        };
        InviteUserDto: {
            /**
             * @description An email address (`local@domain.tld`; compared lower-cased, surrounding spaces ignored)
             * @example lin@example.com
             */
            email: string;
            /**
             * @example member
             * @enum {string}
             */
            role: "owner" | "member";
        };
        InvitedUserResponse: {
            user: components["schemas"]["UserResponse"];
            /**
             * Format: uri
             * @description The one-time link (24 h) where the user sets a password; shown only here, to pass on to them
             * @example http://localhost:3000/dashboard/setup-password?token=…
             */
            setup_url: string;
        };
        PasswordResetResponse: {
            user: components["schemas"]["UserResponse"];
            /**
             * Format: uri
             * @description The one-time link (24 h) where the user sets a new password and signs in; shown only here, to pass on to them. Their current password works until the link is used; an earlier unused link no longer does.
             * @example http://localhost:3000/dashboard/setup-password?token=…
             */
            setup_url: string;
            /** Format: date-time */
            expires_at: string;
        };
        UpdateUserDto: {
            /**
             * @example owner
             * @enum {string}
             */
            role: "owner" | "member";
        };
        SecretResponse: {
            /** @example CRM_TOKEN */
            name: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        SecretListResponse: {
            data: components["schemas"]["SecretResponse"][];
        };
        PutSecretDto: {
            /**
             * @description The secret value: at least 16 characters (a shorter one could be found by a run whose output lists guesses, since outputs are redacted), at most 8 KiB of UTF-8; stored encrypted, never shown again
             * @example sk_live_…
             */
            value: string;
        };
        UsageAllowance: {
            /**
             * @description The UTC calendar month it applies to (now)
             * @example 2026-11
             */
            month: string;
            /**
             * @description Tokens (prompt + completion) the account's plan allows per month; null: unlimited (PLAN_MONTHLY_TOKENS)
             * @example 1000000
             */
            monthly_tokens: number | null;
            /** @description Tokens used this month */
            used: number;
            /** @description Tokens left this month (0 once used up); null: unlimited */
            remaining: number | null;
            /**
             * @description The UTC day the allowance renews
             * @example 2026-12-01
             */
            renews_on: string;
        };
        UsageTotals: {
            prompt_tokens: number;
            completion_tokens: number;
            /** @description prompt_tokens + completion_tokens */
            total_tokens: number;
            /** @description Model calls, answered or not */
            calls: number;
            /** @description Calls the provider did not answer */
            errors: number;
        };
        UsageItem: {
            prompt_tokens: number;
            completion_tokens: number;
            /** @description prompt_tokens + completion_tokens */
            total_tokens: number;
            /** @description Model calls, answered or not */
            calls: number;
            /** @description Calls the provider did not answer */
            errors: number;
            /**
             * @description UTC day
             * @example 2026-11-24
             */
            day: string;
            /**
             * @description The model the calls named
             * @example gpt-4o-mini
             */
            model: string;
        };
        UsageResponse: {
            /**
             * @description First UTC day, included
             * @example 2026-11-01
             */
            from: string;
            /**
             * @description Last UTC day, included
             * @example 2026-11-30
             */
            to: string;
            /** @description This month's allowance and use */
            allowance: components["schemas"]["UsageAllowance"];
            /** @description Sums of `data` */
            totals: components["schemas"]["UsageTotals"];
            /** @description One item per day and model with calls, by day then model (no empty days) */
            data: components["schemas"]["UsageItem"][];
        };
        CreateWebhookEndpointDto: {
            /**
             * Format: uri
             * @description http(s) URL the events are POSTed to (outbound policy: no private addresses)
             * @example https://example.com/hooks/agents
             */
            url: string;
            /**
             * @description The event types to receive; `["*"]` for all of them. Deprecated: `execution.canceled`, the old spelling of `execution.cancelled`, is still accepted; an endpoint subscribed by that name (and not by the new one, nor to `*`) receives the event with `type: "execution.canceled"`.
             * @example [
             *       "execution.completed",
             *       "execution.failed"
             *     ]
             */
            events: ("*" | "execution.queued" | "execution.started" | "execution.completed" | "execution.failed" | "execution.cancelled" | "execution.waiting" | "agent.created" | "agent.updated" | "agent.paused" | "agent.resumed" | "agent.deleted" | "execution.canceled")[];
            /** @example CRM sync */
            description?: string;
            /**
             * @description A disabled endpoint receives nothing
             * @default true
             */
            enabled?: boolean;
        };
        WebhookEndpointWithSecret: {
            /** @example wep_01jd8z6q8r0s2t4u6v8w0x2y4z */
            id: string;
            /**
             * Format: uri
             * @example https://example.com/hooks/agents
             */
            url: string;
            /** @example CRM sync */
            description: string | null;
            /** @description As subscribed. Deprecated: `execution.canceled`, the old spelling of `execution.cancelled`, is still accepted; an endpoint subscribed by that name (and not by the new one, nor to `*`) receives the event with `type: "execution.canceled"`. */
            events: ("*" | "execution.queued" | "execution.started" | "execution.completed" | "execution.failed" | "execution.cancelled" | "execution.waiting" | "agent.created" | "agent.updated" | "agent.paused" | "agent.resumed" | "agent.deleted" | "execution.canceled")[];
            enabled: boolean;
            /** @description Why the service disabled it (it kept failing); null otherwise */
            disabled_reason: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * @description Signing secret (`whsec_` + base64 of 32 bytes), shown only here. After a rotation the previous one keeps signing for 24 hours
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret: string;
        };
        WebhookEndpointResponse: {
            /** @example wep_01jd8z6q8r0s2t4u6v8w0x2y4z */
            id: string;
            /**
             * Format: uri
             * @example https://example.com/hooks/agents
             */
            url: string;
            /** @example CRM sync */
            description: string | null;
            /** @description As subscribed. Deprecated: `execution.canceled`, the old spelling of `execution.cancelled`, is still accepted; an endpoint subscribed by that name (and not by the new one, nor to `*`) receives the event with `type: "execution.canceled"`. */
            events: ("*" | "execution.queued" | "execution.started" | "execution.completed" | "execution.failed" | "execution.cancelled" | "execution.waiting" | "agent.created" | "agent.updated" | "agent.paused" | "agent.resumed" | "agent.deleted" | "execution.canceled")[];
            enabled: boolean;
            /** @description Why the service disabled it (it kept failing); null otherwise */
            disabled_reason: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookEndpointList: {
            /** @description Newest first */
            data: components["schemas"]["WebhookEndpointResponse"][];
            meta: components["schemas"]["PageMeta"];
        };
        UpdateWebhookEndpointDto: {
            /** Format: uri */
            url?: string;
            /** @description The event types to receive; `["*"]` for all of them. Deprecated: `execution.canceled`, the old spelling of `execution.cancelled`, is still accepted; an endpoint subscribed by that name (and not by the new one, nor to `*`) receives the event with `type: "execution.canceled"`. */
            events?: ("*" | "execution.queued" | "execution.started" | "execution.completed" | "execution.failed" | "execution.cancelled" | "execution.waiting" | "agent.created" | "agent.updated" | "agent.paused" | "agent.resumed" | "agent.deleted" | "execution.canceled")[];
            /** @description `""` clears it */
            description?: string;
            /** @description `true` re-enables an endpoint the service disabled (clearing `disabled_reason`) */
            enabled?: boolean;
        };
        EndpointAttemptItem: {
            /** @example 1 */
            attempt: number;
            /** Format: uri */
            url: string;
            /** @example 200 */
            status_code: number | null;
            /** @example null */
            error: string | null;
            /**
             * @description Latency (ms)
             * @example 84
             */
            duration_ms: number | null;
            /** @description The start of the receiver's answer (at most 1 KiB) */
            response_excerpt: string | null;
            /** Format: date-time */
            created_at: string;
        };
        EndpointDeliveryItem: {
            /** @description The delivery id (`dlv_…`) */
            id: string;
            /** @description The event id (`evt_…`): payload `id` and `webhook-id` */
            event_id: string;
            /**
             * @description The event's `type` as sent to this endpoint (`execution.canceled`, deprecated: to an endpoint subscribed by that name)
             * @enum {string}
             */
            event: "execution.queued" | "execution.started" | "execution.completed" | "execution.failed" | "execution.cancelled" | "execution.waiting" | "agent.created" | "agent.updated" | "agent.paused" | "agent.resumed" | "agent.deleted" | "execution.canceled" | "ping";
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
            /** Format: date-time */
            next_attempt_at?: string | null;
            /** Format: date-time */
            created_at: string;
            /** @description Newest first */
            attempts: components["schemas"]["EndpointAttemptItem"][];
        };
        EndpointDeliveryList: {
            /** @description Newest first */
            data: components["schemas"]["EndpointDeliveryItem"][];
            meta: components["schemas"]["PageMeta"];
        };
        ErrorObject: {
            /**
             * @description Machine-readable code
             * @example invalid_request
             * @enum {string}
             */
            code: "invalid_request" | "unauthorized" | "forbidden" | "not_found" | "method_not_allowed" | "conflict" | "agent_paused" | "request_timeout" | "payload_too_large" | "unsupported_media_type" | "headers_too_large" | "rate_limited" | "internal_error" | "service_unavailable";
            /**
             * @description What went wrong, for humans
             * @example limit must be at most 100
             */
            message: string;
            /**
             * @description The offending field, dotted for nested ones; only when a field is at fault
             * @example limit
             */
            field?: string;
            /**
             * Format: uri
             * @description `{DOCS_URL}/errors/<code>`: an HTML page explaining the code
             * @example http://localhost:3000/docs/errors/invalid_request
             */
            docs_url: string;
        };
        ErrorEnvelope: {
            error: components["schemas"]["ErrorObject"];
        };
        WebhookErrorEnvelope: {
            /**
             * @example false
             * @enum {boolean}
             */
            success: false;
            /**
             * @description Same text as `error.message`
             * @example Webhook not found
             */
            message: string;
            error: components["schemas"]["ErrorObject"];
        };
        WebhookAck: {
            /** @example true */
            success: boolean;
            /** @example exe_01jd8z4k9m2x7q3r5t6v8w0y1a */
            executionId: string;
            /** @example Webhook received; execution queued */
            message: string;
        };
        /** @description The `config` of agents of kind `http-request`: Sends the input as JSON to a URL and returns the status code and the response body. */
        HttpRequestConfig: {
            /**
             * Format: uri
             * @description http or https URL
             */
            url: string;
            /**
             * @description In any case
             * @default POST
             * @enum {string}
             */
            method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @default 10000 */
            timeout_ms?: number;
            /** @description Extra request headers (not host, content-length, transfer-encoding, connection, keep-alive, upgrade, te, trailer: the connection's own) */
            headers?: {
                [key: string]: string;
            };
        };
        /** @description The `config` of agents of kind `lead-qualification`: Scores a lead (business email, company, name, phone, buying intent) and says whether it qualifies. */
        LeadQualificationConfig: {
            /**
             * @description Score at or above which a lead qualifies
             * @default 50
             */
            threshold?: number;
            /**
             * @description Domains that do not count as a business email
             * @default [
             *       "gmail.com",
             *       "yahoo.com",
             *       "hotmail.com",
             *       "outlook.com",
             *       "live.com",
             *       "aol.com",
             *       "icloud.com",
             *       "proton.me",
             *       "protonmail.com",
             *       "gmx.com",
             *       "mail.com",
             *       "yandex.com"
             *     ]
             */
            free_email_domains?: string[];
            /**
             * @description Words in the message that show buying intent
             * @default [
             *       "pricing",
             *       "price",
             *       "quote",
             *       "demo",
             *       "buy",
             *       "purchase",
             *       "budget",
             *       "enterprise",
             *       "contract",
             *       "trial",
             *       "subscription"
             *     ]
             */
            keywords?: string[];
        };
        /** @description Output: the value */
        WorkflowTransformStep: {
            /**
             * @description Unique in the workflow
             * @example qualify
             */
            id: string;
            /** @description A value; a falsy result skips the step (status `skipped`) */
            when?: unknown;
            retry?: {
                /** @default 1 */
                max_attempts?: number;
                /** @default 1000 */
                interval_ms?: number;
                /** @default 2 */
                backoff_rate?: number;
                max_delay_ms?: number;
                /**
                 * @default full
                 * @enum {string}
                 */
                jitter?: "full" | "none";
                /** @description Error codes to retry */
                on?: string[];
            };
            /**
             * @default fail
             * @enum {string}
             */
            on_error?: "fail" | "continue";
            timeout_ms?: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "transform";
            /** @description Any JSON; a string `"{% expr %}"` stands for the result of the JSONata expression `expr` */
            value: unknown;
        };
        /** @description Output: `{status_code, headers, body}`; a status ≥ 400 fails with `http_error`. Sends `Idempotency-Key: <execution id>:<step id>` */
        WorkflowHttpStep: {
            /**
             * @description Unique in the workflow
             * @example qualify
             */
            id: string;
            /** @description A value; a falsy result skips the step (status `skipped`) */
            when?: unknown;
            retry?: {
                /** @default 1 */
                max_attempts?: number;
                /** @default 1000 */
                interval_ms?: number;
                /** @default 2 */
                backoff_rate?: number;
                max_delay_ms?: number;
                /**
                 * @default full
                 * @enum {string}
                 */
                jitter?: "full" | "none";
                /** @description Error codes to retry */
                on?: string[];
            };
            /**
             * @default fail
             * @enum {string}
             */
            on_error?: "fail" | "continue";
            timeout_ms?: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "http";
            /** @description A value → an http(s) URL */
            url: unknown;
            /**
             * @default POST
             * @enum {string}
             */
            method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @description Values; `{{secrets.NAME}}` inserts an account secret */
            headers?: {
                [key: string]: string;
            };
            /** @description Any JSON; a string `"{% expr %}"` stands for the result of the JSONata expression `expr` */
            body?: unknown;
        };
        /** @description Runs the steps of the first case whose `when` is truthy, else `default` */
        WorkflowBranchStep: {
            /**
             * @description Unique in the workflow
             * @example qualify
             */
            id: string;
            /** @description A value; a falsy result skips the step (status `skipped`) */
            when?: unknown;
            retry?: {
                /** @default 1 */
                max_attempts?: number;
                /** @default 1000 */
                interval_ms?: number;
                /** @default 2 */
                backoff_rate?: number;
                max_delay_ms?: number;
                /**
                 * @default full
                 * @enum {string}
                 */
                jitter?: "full" | "none";
                /** @description Error codes to retry */
                on?: string[];
            };
            /**
             * @default fail
             * @enum {string}
             */
            on_error?: "fail" | "continue";
            timeout_ms?: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "branch";
            cases: {
                /** @description Any JSON; a string `"{% expr %}"` stands for the result of the JSONata expression `expr` */
                when: unknown;
                /** @description Steps run in order */
                steps: components["schemas"]["WorkflowStep"][];
            }[];
            /** @description Steps run in order */
            default?: components["schemas"]["WorkflowStep"][];
        };
        /** @description Runs `steps` for each item (`$item`, `$index`); output: the last output of each item */
        WorkflowForeachStep: {
            /**
             * @description Unique in the workflow
             * @example qualify
             */
            id: string;
            /** @description A value; a falsy result skips the step (status `skipped`) */
            when?: unknown;
            retry?: {
                /** @default 1 */
                max_attempts?: number;
                /** @default 1000 */
                interval_ms?: number;
                /** @default 2 */
                backoff_rate?: number;
                max_delay_ms?: number;
                /**
                 * @default full
                 * @enum {string}
                 */
                jitter?: "full" | "none";
                /** @description Error codes to retry */
                on?: string[];
            };
            /**
             * @default fail
             * @enum {string}
             */
            on_error?: "fail" | "continue";
            timeout_ms?: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "foreach";
            /** @description A value → an array of at most 1000 items */
            items: unknown;
            /** @description Steps run in order */
            steps: components["schemas"]["WorkflowStep"][];
            /** @default 1 */
            concurrency?: number;
        };
        /** @description Ends the execution as failed */
        WorkflowFailStep: {
            /**
             * @description Unique in the workflow
             * @example qualify
             */
            id: string;
            /** @description A value; a falsy result skips the step (status `skipped`) */
            when?: unknown;
            retry?: {
                /** @default 1 */
                max_attempts?: number;
                /** @default 1000 */
                interval_ms?: number;
                /** @default 2 */
                backoff_rate?: number;
                max_delay_ms?: number;
                /**
                 * @default full
                 * @enum {string}
                 */
                jitter?: "full" | "none";
                /** @description Error codes to retry */
                on?: string[];
            };
            /**
             * @default fail
             * @enum {string}
             */
            on_error?: "fail" | "continue";
            timeout_ms?: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "fail";
            code: string;
            /** @description Any JSON; a string `"{% expr %}"` stands for the result of the JSONata expression `expr` */
            message: unknown;
        };
        /** @description Calls an OpenAI-compatible `POST {base_url}/chat/completions`. Output: the answer parsed and validated against `output_schema`, else `{text}`. Errors: `invalid_llm_output`, `llm_refused`, `llm_error`, `mcp_error`, `max_turns_exceeded`, `budget_exceeded` */
        WorkflowLlmStep: {
            /**
             * @description Unique in the workflow
             * @example qualify
             */
            id: string;
            /** @description A value; a falsy result skips the step (status `skipped`) */
            when?: unknown;
            retry?: {
                /** @default 1 */
                max_attempts?: number;
                /** @default 1000 */
                interval_ms?: number;
                /** @default 2 */
                backoff_rate?: number;
                max_delay_ms?: number;
                /**
                 * @default full
                 * @enum {string}
                 */
                jitter?: "full" | "none";
                /** @description Error codes to retry */
                on?: string[];
            };
            /**
             * @default fail
             * @enum {string}
             */
            on_error?: "fail" | "continue";
            timeout_ms?: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "llm";
            /** @description A value → the user message (a string) */
            prompt: unknown;
            /** @description A value → the system message (a string) */
            system?: unknown;
            /** @description Default: the operator’s `LLM_MODEL` */
            model?: string;
            /** @description A JSON Schema of `"type": "object"`, normalised for strict structured output: every object closed, optional properties made required and nullable; unsupported keywords are refused (docs/workflows.md) */
            output_schema?: Record<string, never>;
            temperature?: number;
            max_tokens?: number;
            tools?: ({
                name: string;
                description?: string;
                /** @description A JSON Schema of the arguments; for an agent tool, default its agent’s `input_schema` */
                parameters?: Record<string, never>;
                /**
                 * @description An agent of the same account (checked when saved): each call is a child execution; the tool message is its output, or `{"error": {code, message}}`
                 * @example agt_01jd8z2c4v6b8n0m2k4j6h8g0f
                 */
                agent?: string;
                http?: {
                    /** Format: uri */
                    url: string;
                    /**
                     * @default POST
                     * @enum {string}
                     */
                    method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                    /** @description Values; `{{secrets.NAME}}` inserts an account secret */
                    headers?: {
                        [key: string]: string;
                    };
                };
            } & (unknown | unknown))[];
            /** @description MCP servers (Streamable HTTP) whose tools are offered to the model beside `tools`: listed once per attempt, each call a `tools/call` (obeys the outbound policy; unreachable or a protocol error: `mcp_error`) */
            mcp_servers?: {
                /** Format: uri */
                url: string;
                /** @description Values; `{{secrets.NAME}}` inserts an account secret */
                headers?: {
                    [key: string]: string;
                };
                /** @description Only these of the server’s tools (default: all) */
                tools?: string[];
            }[];
            /** @default 5 */
            max_turns?: number;
            /**
             * Format: uri
             * @description Default: the operator’s `LLM_BASE_URL`; obeys the outbound policy
             */
            base_url?: string;
            api_key?: string;
        };
        /** @description Pauses the run without holding a worker: for `duration_ms`, until `until`, or until the token `token` is completed. Output: `{waited_ms}` (a time). Errors: `invalid_wait`, `wait_timeout` */
        WorkflowWaitStep: {
            /**
             * @description Unique in the workflow
             * @example qualify
             */
            id: string;
            /** @description A value; a falsy result skips the step (status `skipped`) */
            when?: unknown;
            retry?: {
                /** @default 1 */
                max_attempts?: number;
                /** @default 1000 */
                interval_ms?: number;
                /** @default 2 */
                backoff_rate?: number;
                max_delay_ms?: number;
                /**
                 * @default full
                 * @enum {string}
                 */
                jitter?: "full" | "none";
                /** @description Error codes to retry */
                on?: string[];
            };
            /**
             * @default fail
             * @enum {string}
             */
            on_error?: "fail" | "continue";
            timeout_ms?: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "wait";
            /** @description A value → an integer of milliseconds, 0 to 7776000000 (90 days) */
            duration_ms?: unknown;
            /** @description A value → an ISO 8601 timestamp with a time zone, at most 90 days ahead; one in the past does not wait */
            until?: unknown;
            /** @description A value → the id of a token this execution created (`create_token`). Output: `{data, choice, completed_at, completed_by}`; an expired token fails with `wait_timeout` */
            token?: unknown;
        } & (unknown | unknown | unknown);
        /** @description Makes a wait token to be completed once (API, dashboard or its callback URL). Output: `{id, url, expires_at}` */
        WorkflowCreateTokenStep: {
            /**
             * @description Unique in the workflow
             * @example qualify
             */
            id: string;
            /** @description A value; a falsy result skips the step (status `skipped`) */
            when?: unknown;
            retry?: {
                /** @default 1 */
                max_attempts?: number;
                /** @default 1000 */
                interval_ms?: number;
                /** @default 2 */
                backoff_rate?: number;
                max_delay_ms?: number;
                /**
                 * @default full
                 * @enum {string}
                 */
                jitter?: "full" | "none";
                /** @description Error codes to retry */
                on?: string[];
            };
            /**
             * @default fail
             * @enum {string}
             */
            on_error?: "fail" | "continue";
            /** @description A value → milliseconds until it expires, 1 to 7776000000 (90 days); default one day */
            timeout_ms?: unknown;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "create_token";
            /** @description A value → text of at most 200 characters */
            title?: unknown;
            /** @description A value → text of at most 2,000 characters */
            description?: unknown;
            /**
             * @example [
             *       "approve",
             *       "reject"
             *     ]
             */
            choices?: string[];
        };
        /** @description Starts another agent of the account as an execution of its own (`source: "agent"`). `wait: true`: the run waits, holding no worker, and the output is the child’s output; a failed or cancelled child fails the step with `agent_failed`. `wait: false`: the output is `{execution_id}` at once. Errors: `invalid_input`, `agent_paused`, `agent_depth_exceeded`, `agent_failed` */
        WorkflowAgentStep: {
            /**
             * @description Unique in the workflow
             * @example qualify
             */
            id: string;
            /** @description A value; a falsy result skips the step (status `skipped`) */
            when?: unknown;
            retry?: {
                /** @default 1 */
                max_attempts?: number;
                /** @default 1000 */
                interval_ms?: number;
                /** @default 2 */
                backoff_rate?: number;
                max_delay_ms?: number;
                /**
                 * @default full
                 * @enum {string}
                 */
                jitter?: "full" | "none";
                /** @description Error codes to retry */
                on?: string[];
            };
            /**
             * @default fail
             * @enum {string}
             */
            on_error?: "fail" | "continue";
            timeout_ms?: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "agent";
            /**
             * @description The id of an agent of the same account (checked when saved)
             * @example agt_01jd8z2c4v6b8n0m2k4j6h8g0f
             */
            agent_id: string;
            /** @description A value → an object (default `$input`) */
            input?: unknown;
            /** @default true */
            wait?: boolean;
        };
        /** @description Runs the `http-request` agent kind; output: its output */
        HttpRequestStep: {
            /**
             * @description Unique in the workflow
             * @example qualify
             */
            id: string;
            /** @description A value; a falsy result skips the step (status `skipped`) */
            when?: unknown;
            retry?: {
                /** @default 1 */
                max_attempts?: number;
                /** @default 1000 */
                interval_ms?: number;
                /** @default 2 */
                backoff_rate?: number;
                max_delay_ms?: number;
                /**
                 * @default full
                 * @enum {string}
                 */
                jitter?: "full" | "none";
                /** @description Error codes to retry */
                on?: string[];
            };
            /**
             * @default fail
             * @enum {string}
             */
            on_error?: "fail" | "continue";
            timeout_ms?: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "http-request";
            /** @description A value → an object (default `$input`) */
            input?: unknown;
            config: components["schemas"]["HttpRequestConfig"];
        };
        /** @description Runs the `lead-qualification` agent kind; output: its output */
        LeadQualificationStep: {
            /**
             * @description Unique in the workflow
             * @example qualify
             */
            id: string;
            /** @description A value; a falsy result skips the step (status `skipped`) */
            when?: unknown;
            retry?: {
                /** @default 1 */
                max_attempts?: number;
                /** @default 1000 */
                interval_ms?: number;
                /** @default 2 */
                backoff_rate?: number;
                max_delay_ms?: number;
                /**
                 * @default full
                 * @enum {string}
                 */
                jitter?: "full" | "none";
                /** @description Error codes to retry */
                on?: string[];
            };
            /**
             * @default fail
             * @enum {string}
             */
            on_error?: "fail" | "continue";
            timeout_ms?: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "lead-qualification";
            /** @description A value → an object (default `$input`) */
            input?: unknown;
            config?: components["schemas"]["LeadQualificationConfig"];
        };
        /** @description One step; `type` says which */
        WorkflowStep: components["schemas"]["WorkflowTransformStep"] | components["schemas"]["WorkflowHttpStep"] | components["schemas"]["WorkflowBranchStep"] | components["schemas"]["WorkflowForeachStep"] | components["schemas"]["WorkflowFailStep"] | components["schemas"]["WorkflowLlmStep"] | components["schemas"]["WorkflowWaitStep"] | components["schemas"]["WorkflowCreateTokenStep"] | components["schemas"]["WorkflowAgentStep"] | components["schemas"]["HttpRequestStep"] | components["schemas"]["LeadQualificationStep"];
        /** @description The `config` of agents of kind `workflow`: Runs steps defined as data (transform, http, branch, foreach, fail, llm and every agent kind), durably. */
        WorkflowConfig: {
            /** @description At most 100 steps in all */
            steps: components["schemas"]["WorkflowStep"][];
            /** @description The workflow output (default: the last step output) */
            output?: unknown;
            limits?: {
                /** @description The most model calls of the whole execution, checked before each call */
                max_llm_calls?: number;
                /** @description Tokens of the whole execution: no model call once they are used */
                max_tokens?: number;
            };
        };
        /** @description `POST /v2/agents` body for an agent of kind `http-request` */
        CreateHttpRequestAgent: {
            /**
             * @description Surrounding white space is trimmed
             * @example Inbound leads
             */
            name: string;
            /**
             * @description `http-request` (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "http-request";
            config: components["schemas"]["HttpRequestConfig"];
            /**
             * @default none
             * @enum {string}
             */
            webhook_auth?: "none" | "api_key" | "signature";
            /**
             * @description Signature forms the webhook accepts with `webhook_auth: "signature"`: `["sha256", "standard_webhooks"]` (both), or `["standard_webhooks"]` alone, which refuses `X-Signature` and `X-Hub-Signature-256` (their requests carry no timestamp, so a captured one can be replayed) with 401. Either order; stored and shown in the order `sha256`, `standard_webhooks`
             * @default [
             *       "sha256",
             *       "standard_webhooks"
             *     ]
             * @example [
             *       "standard_webhooks"
             *     ]
             */
            webhook_signature_formats?: [
                "sha256",
                "standard_webhooks"
            ] | [
                "standard_webhooks",
                "sha256"
            ] | [
                "standard_webhooks"
            ];
            /**
             * @description How long one run may take before it fails with `timeout`
             * @default 30000
             */
            timeout_ms?: number;
            /**
             * @description Flow control (docs: Flow control): `concurrency`, `throttle`, `debounce`, each with an optional `key`, a value over `$input` (`"{% $input.customer_id %}"`); null removes it
             * @example {
             *       "concurrency": {
             *         "limit": 1,
             *         "key": "{% $input.customer_id %}"
             *       }
             *     }
             */
            flow?: {
                /** @description At most `limit` executions running at once, per key (waiting ones do not count) */
                concurrency?: {
                    limit: number;
                    /** @description A value over `$input`; failing or null: the null key */
                    key?: unknown;
                };
                /** @description At most `limit` executions start in any `period_ms` window, per key */
                throttle?: {
                    limit: number;
                    period_ms: number;
                    /** @description A value over `$input`; failing or null: the null key */
                    key?: unknown;
                };
                /** @description One pending execution per key: a trigger within `period_ms` replaces its input and restarts the period; it starts `period_ms` after the last trigger, or `max_wait_ms` after the first */
                debounce?: {
                    period_ms: number;
                    /** @description A value over `$input`; failing or null: the null key */
                    key?: unknown;
                    max_wait_ms?: number;
                };
            } | null;
            /**
             * @description A JSON Schema (root `"type": "object"`) every input must satisfy: a trigger, webhook or MCP call whose input breaks it is refused (400 with `field` `input.<path>`) and creates no execution. Default: none, except for `lead-qualification` (its five fields, none required); null: none
             * @example {
             *       "type": "object",
             *       "properties": {
             *         "email": {
             *           "type": "string"
             *         }
             *       },
             *       "required": [
             *         "email"
             *       ]
             *     }
             */
            input_schema?: ({
                /** @enum {string} */
                type: "object";
            } & {
                [key: string]: unknown;
            }) | null;
            /**
             * @description Whether the agent is a tool of the MCP server (`{BASE_URL}/mcp`), under which name (unique among the account's enabled tools: 409 `conflict`) and description. Default `{"enabled": false}`
             * @example {
             *       "enabled": true,
             *       "name": "qualify_lead",
             *       "description": "Scores an inbound lead"
             *     }
             */
            mcp?: {
                /** @default false */
                enabled?: boolean;
                /** @description The tool name; null or absent: derived from the agent name */
                name?: string | null;
                description?: string | null;
            };
        };
        /** @description `POST /v2/agents` body for an agent of kind `lead-qualification` */
        CreateLeadQualificationAgent: {
            /**
             * @description Surrounding white space is trimmed
             * @example Inbound leads
             */
            name: string;
            /**
             * @description `lead-qualification` (the default when `kind` is left out) (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "lead-qualification";
            config?: components["schemas"]["LeadQualificationConfig"];
            /**
             * @default none
             * @enum {string}
             */
            webhook_auth?: "none" | "api_key" | "signature";
            /**
             * @description Signature forms the webhook accepts with `webhook_auth: "signature"`: `["sha256", "standard_webhooks"]` (both), or `["standard_webhooks"]` alone, which refuses `X-Signature` and `X-Hub-Signature-256` (their requests carry no timestamp, so a captured one can be replayed) with 401. Either order; stored and shown in the order `sha256`, `standard_webhooks`
             * @default [
             *       "sha256",
             *       "standard_webhooks"
             *     ]
             * @example [
             *       "standard_webhooks"
             *     ]
             */
            webhook_signature_formats?: [
                "sha256",
                "standard_webhooks"
            ] | [
                "standard_webhooks",
                "sha256"
            ] | [
                "standard_webhooks"
            ];
            /**
             * @description How long one run may take before it fails with `timeout`
             * @default 30000
             */
            timeout_ms?: number;
            /**
             * @description Flow control (docs: Flow control): `concurrency`, `throttle`, `debounce`, each with an optional `key`, a value over `$input` (`"{% $input.customer_id %}"`); null removes it
             * @example {
             *       "concurrency": {
             *         "limit": 1,
             *         "key": "{% $input.customer_id %}"
             *       }
             *     }
             */
            flow?: {
                /** @description At most `limit` executions running at once, per key (waiting ones do not count) */
                concurrency?: {
                    limit: number;
                    /** @description A value over `$input`; failing or null: the null key */
                    key?: unknown;
                };
                /** @description At most `limit` executions start in any `period_ms` window, per key */
                throttle?: {
                    limit: number;
                    period_ms: number;
                    /** @description A value over `$input`; failing or null: the null key */
                    key?: unknown;
                };
                /** @description One pending execution per key: a trigger within `period_ms` replaces its input and restarts the period; it starts `period_ms` after the last trigger, or `max_wait_ms` after the first */
                debounce?: {
                    period_ms: number;
                    /** @description A value over `$input`; failing or null: the null key */
                    key?: unknown;
                    max_wait_ms?: number;
                };
            } | null;
            /**
             * @description A JSON Schema (root `"type": "object"`) every input must satisfy: a trigger, webhook or MCP call whose input breaks it is refused (400 with `field` `input.<path>`) and creates no execution. Default: none, except for `lead-qualification` (its five fields, none required); null: none
             * @example {
             *       "type": "object",
             *       "properties": {
             *         "email": {
             *           "type": "string"
             *         }
             *       },
             *       "required": [
             *         "email"
             *       ]
             *     }
             */
            input_schema?: ({
                /** @enum {string} */
                type: "object";
            } & {
                [key: string]: unknown;
            }) | null;
            /**
             * @description Whether the agent is a tool of the MCP server (`{BASE_URL}/mcp`), under which name (unique among the account's enabled tools: 409 `conflict`) and description. Default `{"enabled": false}`
             * @example {
             *       "enabled": true,
             *       "name": "qualify_lead",
             *       "description": "Scores an inbound lead"
             *     }
             */
            mcp?: {
                /** @default false */
                enabled?: boolean;
                /** @description The tool name; null or absent: derived from the agent name */
                name?: string | null;
                description?: string | null;
            };
        };
        /** @description `POST /v2/agents` body for an agent of kind `workflow` */
        CreateWorkflowAgent: {
            /**
             * @description Surrounding white space is trimmed
             * @example Inbound leads
             */
            name: string;
            /**
             * @description `workflow` (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "workflow";
            config: components["schemas"]["WorkflowConfig"];
            /**
             * @default none
             * @enum {string}
             */
            webhook_auth?: "none" | "api_key" | "signature";
            /**
             * @description Signature forms the webhook accepts with `webhook_auth: "signature"`: `["sha256", "standard_webhooks"]` (both), or `["standard_webhooks"]` alone, which refuses `X-Signature` and `X-Hub-Signature-256` (their requests carry no timestamp, so a captured one can be replayed) with 401. Either order; stored and shown in the order `sha256`, `standard_webhooks`
             * @default [
             *       "sha256",
             *       "standard_webhooks"
             *     ]
             * @example [
             *       "standard_webhooks"
             *     ]
             */
            webhook_signature_formats?: [
                "sha256",
                "standard_webhooks"
            ] | [
                "standard_webhooks",
                "sha256"
            ] | [
                "standard_webhooks"
            ];
            /**
             * @description How long one run may take before it fails with `timeout`
             * @default 30000
             */
            timeout_ms?: number;
            /**
             * @description Flow control (docs: Flow control): `concurrency`, `throttle`, `debounce`, each with an optional `key`, a value over `$input` (`"{% $input.customer_id %}"`); null removes it
             * @example {
             *       "concurrency": {
             *         "limit": 1,
             *         "key": "{% $input.customer_id %}"
             *       }
             *     }
             */
            flow?: {
                /** @description At most `limit` executions running at once, per key (waiting ones do not count) */
                concurrency?: {
                    limit: number;
                    /** @description A value over `$input`; failing or null: the null key */
                    key?: unknown;
                };
                /** @description At most `limit` executions start in any `period_ms` window, per key */
                throttle?: {
                    limit: number;
                    period_ms: number;
                    /** @description A value over `$input`; failing or null: the null key */
                    key?: unknown;
                };
                /** @description One pending execution per key: a trigger within `period_ms` replaces its input and restarts the period; it starts `period_ms` after the last trigger, or `max_wait_ms` after the first */
                debounce?: {
                    period_ms: number;
                    /** @description A value over `$input`; failing or null: the null key */
                    key?: unknown;
                    max_wait_ms?: number;
                };
            } | null;
            /**
             * @description A JSON Schema (root `"type": "object"`) every input must satisfy: a trigger, webhook or MCP call whose input breaks it is refused (400 with `field` `input.<path>`) and creates no execution. Default: none, except for `lead-qualification` (its five fields, none required); null: none
             * @example {
             *       "type": "object",
             *       "properties": {
             *         "email": {
             *           "type": "string"
             *         }
             *       },
             *       "required": [
             *         "email"
             *       ]
             *     }
             */
            input_schema?: ({
                /** @enum {string} */
                type: "object";
            } & {
                [key: string]: unknown;
            }) | null;
            /**
             * @description Whether the agent is a tool of the MCP server (`{BASE_URL}/mcp`), under which name (unique among the account's enabled tools: 409 `conflict`) and description. Default `{"enabled": false}`
             * @example {
             *       "enabled": true,
             *       "name": "qualify_lead",
             *       "description": "Scores an inbound lead"
             *     }
             */
            mcp?: {
                /** @default false */
                enabled?: boolean;
                /** @description The tool name; null or absent: derived from the agent name */
                name?: string | null;
                description?: string | null;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The request id (the one sent, when well-formed; else generated); also logged */
        "X-Request-Id": string;
        /** @description Requests allowed per hour by the account's plan */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the current hour */
        "X-RateLimit-Remaining": number;
        /** @description Seconds until the hourly window resets */
        "X-RateLimit-Reset": number;
        /** @description Seconds to wait before retrying */
        "Retry-After": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getErrorPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An error code */
                code: "invalid_request" | "unauthorized" | "forbidden" | "not_found" | "method_not_allowed" | "conflict" | "agent_paused" | "request_timeout" | "payload_too_large" | "unsupported_media_type" | "headers_too_large" | "rate_limited" | "internal_error" | "service_unavailable";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every check is up */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A check failed: `status` is `error` and the failing check `down` (the schema: `behind` or `down`) */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "error",
                     *       "checks": {
                     *         "database": "down",
                     *         "queue": "up",
                     *         "schema": "down"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    rotateSigningSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SigningSecretResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    disableSigning: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signing disabled */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyListResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKeyResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API key id (`key_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked (also when it already was) */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listAgents: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentList"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createAgent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAgentDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description URL of the new agent */
                    Location?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentDetail"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Agent id (`agt_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentDetail"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Agent id (`agt_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Agent id (`agt_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAgentDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentDetail"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createWebhookCredential: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Agent id (`agt_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookCredentialDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookCredentialResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAgentVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Agent id (`agt_…`) */
                id: string;
                /** @description Version number (1 on create) */
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentVersionResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    rotateWebhookUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Agent id (`agt_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentDetail"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listAgentKinds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentKindListResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAccountStats: {
        parameters: {
            query?: {
                /** @description How many UTC days, today included */
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DailyStatsResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getAgentStats: {
        parameters: {
            query?: {
                /** @description How many UTC days, today included */
                days?: number;
            };
            header?: never;
            path: {
                /** @description Agent id (`agt_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DailyStatsResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    testAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Agent id (`agt_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestAgentDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgentTestResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    triggerAgent: {
        parameters: {
            query?: never;
            header?: {
                /** @description W3C trace context: with tracing on, the execution’s spans join this trace (its `trace_id`) */
                traceparent?: string;
                /** @description 1 to 255 characters. The same key for the same agent within 24 h answers the first execution (with `Idempotent-Replayed: true`) and starts nothing; with a different body, 409 `conflict`. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Agent id (`agt_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TriggerAgentDto"];
            };
        };
        responses: {
            /** @description Finished (`completed` or `failed`) within the wait */
            200: {
                headers: {
                    /** @description `true` on a replay */
                    "Idempotent-Replayed"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TriggerResultResponse"];
                };
            };
            /** @description `queued` (async) or still `running` after the wait */
            202: {
                headers: {
                    /** @description URL of the execution */
                    Location?: string;
                    /** @description `true` on a replay */
                    "Idempotent-Replayed"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TriggerResultResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description `agent_paused`: The agent is paused and accepts no triggers. Resume it with `PATCH /v2/agents/:id` `{"status":"active"}`.
             *
             *     `conflict`: The request conflicts with the current state: an illegal state change (for example cancelling a finished execution) or an Idempotency-Key reused with a different body.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listExecutions: {
        parameters: {
            query?: {
                /** @description One status or a comma list: `queued`, `running`, `completed`, `failed`, `cancelled` */
                status?: string;
                /** @description `created_at` from: a date (the whole UTC day, inclusive) or a timestamp */
                from?: string;
                /** @description `created_at` up to: a date (the whole UTC day, inclusive) or a timestamp */
                to?: string;
                /** @description Only executions carrying this tag; repeat it (`tag=a&tag=b`) for those carrying all of them */
                tag?: string[];
                /** @description Only the children of this execution: the executions its `agent` steps and agent tools started (`source: "agent"`) */
                parent_execution_id?: string;
                /** @description Items per page at most. A page also ends early, after at least one item, once its items pass 4 MiB of JSON (`has_more` is then true). */
                limit?: number;
                /** @description `meta.next_cursor` of the previous page, unchanged (signed: an edited cursor, another agent’s, or one sent with other filters is 400) */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Agent id (`agt_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExecutionListResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listAccountExecutions: {
        parameters: {
            query?: {
                /** @description One status or a comma list: `queued`, `running`, `completed`, `failed`, `cancelled` */
                status?: string;
                /** @description `created_at` from: a date (the whole UTC day, inclusive) or a timestamp */
                from?: string;
                /** @description `created_at` up to: a date (the whole UTC day, inclusive) or a timestamp */
                to?: string;
                /** @description Only executions carrying this tag; repeat it (`tag=a&tag=b`) for those carrying all of them */
                tag?: string[];
                /** @description Only the children of this execution: the executions its `agent` steps and agent tools started (`source: "agent"`) */
                parent_execution_id?: string;
                /** @description Items per page at most. A page also ends early, after at least one item, once its items pass 4 MiB of JSON (`has_more` is then true). */
                limit?: number;
                /** @description `meta.next_cursor` of the previous page, unchanged (signed: an edited cursor, another agent’s, or one sent with other filters is 400) */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExecutionListResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getExecution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Execution id (`exe_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExecutionDetail"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    cancelExecution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Execution id (`exe_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExecutionDetail"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `conflict`: The request conflicts with the current state: an illegal state change (for example cancelling a finished execution) or an Idempotency-Key reused with a different body. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    retryExecution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Execution id (`exe_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RetryExecutionDto"];
            };
        };
        responses: {
            202: {
                headers: {
                    /** @description URL of the execution */
                    Location?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExecutionDetail"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `conflict`: The request conflicts with the current state: an illegal state change (for example cancelling a finished execution) or an Idempotency-Key reused with a different body. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWaitTokens: {
        parameters: {
            query?: {
                status?: "waiting" | "completed" | "expired" | "cancelled";
                /** @description Agent id (`agt_…`) */
                agent_id?: string;
                /** @description Execution id (`exe_…`) */
                execution_id?: string;
                limit?: number;
                /** @description `meta.next_cursor` of the previous page, unchanged */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WaitTokenListResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWaitToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Wait token id (`wtk_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WaitTokenRecord"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    completeWaitToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Wait token id (`wtk_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompleteWaitTokenDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WaitTokenRecord"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `conflict`: The request conflicts with the current state: an illegal state change (for example cancelling a finished execution) or an Idempotency-Key reused with a different body. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    waitTokenPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Wait token id (`wtk_…`) */
                id: string;
                /** @description The secret of the token’s `url` */
                secret: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    completeWaitTokenByLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Wait token id (`wtk_…`) */
                id: string;
                /** @description The secret of the token’s `url` */
                secret: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WaitTokenRecord"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `conflict`: The request conflicts with the current state: an illegal state change (for example cancelling a finished execution) or an Idempotency-Key reused with a different body. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listFlowKeys: {
        parameters: {
            query?: {
                /** @description How many keys at most, the most queued first */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description Agent id (`agt_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlowKeysResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    bulkRetryExecutions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkRetryDto"];
            };
        };
        responses: {
            /** @description `dry_run: true`: the count only */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkRetryPreview"];
                };
            };
            /** @description The bulk action, `running` */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkActionResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getBulkAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Bulk action id (`blk_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkActionResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSchedules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Agent id (`agt_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduleList"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Agent id (`agt_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateScheduleDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description URL of the new schedule */
                    Location?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduleResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `conflict`: The request conflicts with the current state: an illegal state change (for example cancelling a finished execution) or an Idempotency-Key reused with a different body. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Schedule id (`sch_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduleResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Schedule id (`sch_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; its executions stay */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Schedule id (`sch_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateScheduleDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduleResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `conflict`: The request conflicts with the current state: an illegal state change (for example cancelling a finished execution) or an Idempotency-Key reused with a different body. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format 0.0.4 */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example # HELP aas_queue_depth Executions queued and not yet started
                     *     # TYPE aas_queue_depth gauge
                     *     aas_queue_depth 0
                     */
                    "text/plain": string;
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Execution id (`exe_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryAttemptList"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Agent id (`agt_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestWebhookDto"];
            };
        };
        responses: {
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TestWebhookResult"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `agent_paused`: The agent is paused and accepts no triggers. Resume it with `PATCH /v2/agents/:id` `{"status":"active"}`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignInDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description The session cookie */
                    "Set-Cookie"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out; the cookie is cleared */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordDto"];
            };
        };
        responses: {
            /** @description Changed; a new session */
            200: {
                headers: {
                    /** @description The new session cookie */
                    "Set-Cookie"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    setUpPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordSetupDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
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
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserListResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    inviteUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InviteUserDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitedUserResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `conflict`: The request conflicts with the current state: an illegal state change (for example cancelling a finished execution) or an Idempotency-Key reused with a different body. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    resetUserPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description User id (`usr_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordResetResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    removeUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description User id (`usr_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `conflict`: The request conflicts with the current state: an illegal state change (for example cancelling a finished execution) or an Idempotency-Key reused with a different body. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
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
                /** @description User id (`usr_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `conflict`: The request conflicts with the current state: an illegal state change (for example cancelling a finished execution) or an Idempotency-Key reused with a different body. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listSecrets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecretListResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    putSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Secret name (`^[A-Z][A-Z0-9_]{0,63}$`), used as `{{secrets.NAME}}` */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PutSecretDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecretResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Secret name (`^[A-Z][A-Z0-9_]{0,63}$`), used as `{{secrets.NAME}}` */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: {
                /** @description First UTC day, included (`YYYY-MM-DD`); default: the first day of this month */
                from?: string;
                /** @description Last UTC day, included (`YYYY-MM-DD`); default: the last day of this month. At most 366 days after `from`. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                limit?: number;
                /** @description `meta.next_cursor` of the previous page, unchanged */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookEndpointDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (`wep_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (`wep_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, with its delivery log */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (`wep_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookEndpointDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointResponse"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    rotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (`wep_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (`wep_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndpointDeliveryItem"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    listWebhookEndpointDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                /** @description `meta.next_cursor` of the previous page, unchanged */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Webhook endpoint id (`wep_…`) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndpointDeliveryList"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    redeliverWebhookEndpointDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (`wep_…`) */
                id: string;
                /** @description Delivery id (`dlv_…`) */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EndpointDeliveryItem"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    mcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    jsonrpc: "2.0";
                    id?: string | number;
                    /** @example tools/list */
                    method: string;
                    params?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The JSON-RPC answer (a result, or a JSON-RPC error such as -32601 for an unknown method); a notification is answered 202 with no body */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A notification (a message without `id`) was accepted: an empty body */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `forbidden`: The API key is valid but lacks the scope this route needs (`agents:read`, `agents:write`, `agents:trigger` or `executions:read`); or the route manages keys, users, sessions or the signing secret, which API keys and members may not; or a request with the dashboard session cookie came from another origin or lacks its `X-CSRF-Token`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    receiveWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Delivery id: a repeat within 24 h starts nothing */
                "Idempotency-Key"?: string;
                /** @description Standard Webhooks message id; the delivery id when the Standard Webhooks signature is valid, or when `Idempotency-Key` is absent */
                "webhook-id"?: string;
                /** @description Standard Webhooks: unix seconds, at most 5 minutes from now */
                "webhook-timestamp"?: string;
                /** @description Svix's name for `webhook-id`; the delivery id when the `svix-*` signature is the first to verify, or when neither `Idempotency-Key` nor `webhook-id` is present */
                "svix-id"?: string;
                /** @description Svix's name for `webhook-timestamp`: unix seconds, at most 5 minutes from now */
                "svix-timestamp"?: string;
                /** @description Delivery id used when none of `Idempotency-Key`, `webhook-id`, `svix-id` is present */
                "X-GitHub-Delivery"?: string;
                /**
                 * @description W3C trace context: with tracing on, the execution’s spans join this trace (its `trace_id`)
                 * @example 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
                 */
                traceparent?: string;
                /**
                 * @description Tags of the execution, comma-separated (at most 10, each 1 to 64 characters of A-Z a-z 0-9 _ . : -); kept as its `tags`. A bad one: 400 `field: "X-Tags"`
                 * @example campaign:black-friday,crm
                 */
                "X-Tags"?: string;
            };
            path: {
                /** @description The last segment of the agent's `webhook_url` (a secret) */
                webhook_id: string;
            };
            cookie?: never;
        };
        /** @description A JSON object, or an HTML form (`application/x-www-form-urlencoded`, UTF-8: each field a string, a field sent more than once an array of its strings in order, at most 1000 fields; names are flat, `a[b]` is one name), at most 1 MiB; any fields are kept. Signatures are over the raw body bytes in both cases. Anything else: 415. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "jane@acme.io",
                 *       "name": "Jane Doe",
                 *       "company": "Acme",
                 *       "message": "We would like a demo and pricing"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Read by lead-qualification agents (as text). Aliases: `email_address`, `user_email`
                     * @example jane@acme.io
                     */
                    email?: unknown;
                    /**
                     * @description Read by lead-qualification agents (as text). Aliases: `full_name`, `contact_name`
                     * @example Jane Doe
                     */
                    name?: unknown;
                    /**
                     * @description Read by lead-qualification agents (as text). Aliases: `company_name`, `organization`
                     * @example Acme
                     */
                    company?: unknown;
                    /**
                     * @description Read by lead-qualification agents (as text). Aliases: `phone_number`, `tel`
                     * @example +1 555 0100
                     */
                    phone?: unknown;
                    /**
                     * @description Read by lead-qualification agents (as text). Aliases: `content`, `body`, `inquiry`
                     * @example We would like a demo and pricing
                     */
                    message?: unknown;
                } & {
                    [key: string]: unknown;
                };
                /**
                 * @example {
                 *       "email": "jane@acme.io",
                 *       "name": "Jane Doe",
                 *       "interests": [
                 *         "crm",
                 *         "api"
                 *       ]
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    [key: string]: string | string[];
                };
            };
        };
        responses: {
            /** @description A repeated delivery id: the first execution, nothing started */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always `true` */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookAck"];
                };
            };
            /** @description Accepted: the execution is queued */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookAck"];
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookErrorEnvelope"];
                };
            };
            /** @description `unauthorized`: The API key is missing, malformed, unknown or revoked, or the dashboard session expired or was signed out (sign in again). REST requests send `Authorization: Bearer <API_KEY>` or the session cookie; protected webhooks send `X-API-Key` or a valid signature. Dashboard sign-in with a wrong email or password is also 401. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookErrorEnvelope"];
                };
            };
            /** @description `not_found`: The route or resource does not exist, belongs to another account, or was deleted. For the inbound webhook: the webhook URL does not exist or was rotated or deleted. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookErrorEnvelope"];
                };
            };
            /** @description `agent_paused`: The agent is paused and accepts no triggers. Resume it with `PATCH /v2/agents/:id` `{"status":"active"}`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookErrorEnvelope"];
                };
            };
            /** @description `rate_limited`: Too many requests for the account's plan. Wait the number of seconds in `Retry-After` before retrying; `X-RateLimit-*` headers show the budget. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookErrorEnvelope"];
                };
            };
            /** @description `internal_error`: The server failed unexpectedly. Retry later; the request id in `X-Request-Id` helps support find it. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookErrorEnvelope"];
                };
            };
            /** @description `service_unavailable`: A dependency (the database or the queue) is unavailable. Retry after the number of seconds in `Retry-After`. A trigger or webhook answered 503 was not acknowledged; in the rare case that the database stored it just as the connection broke, a retry with the same `Idempotency-Key` (or delivery id) returns that execution instead of starting another. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookErrorEnvelope"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getApiReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getWebhookOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description `invalid_request`: A parameter is missing, has the wrong type or an out-of-range value, or the JSON body is malformed (not valid JSON, not valid UTF-8, or not an object; a body sent with a GET or DELETE is read too), or the request itself is (a bad percent-encoding in the URL, a malformed header). `error.field` names the offending field (dotted for nested fields such as `options.callback_url`). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookErrorEnvelope"];
                };
            };
            /** @description `request_timeout`: The request line, headers and body did not all arrive within `REQUEST_TIMEOUT_MS` (30 s by default) of its first byte, as when a client or network sends them a trickle at a time; the connection was closed. Send the request again. Nothing was done with it. */
            408: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookErrorEnvelope"];
                };
            };
            /** @description `payload_too_large`: The request body is larger than 1 MiB. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookErrorEnvelope"];
                };
            };
            /** @description `unsupported_media_type`: The request body is not `application/json`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookErrorEnvelope"];
                };
            };
            /** @description `headers_too_large`: The request line and headers together are larger than 16 KiB; the connection was closed. Credentials and delivery ids are far shorter: look for a header that grew by mistake. */
            431: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookErrorEnvelope"];
                };
            };
        };
    };
    eventExecutionQueued: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (payload `id`): the same on every retry and redelivery
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1795428000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>` keyed with the endpoint secret's bytes after `whsec_`; during the 24 hours after a rotation a second `v1,` signature (old secret), space-separated
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the whole current secret
                 * @example sha256=5d7e…
                 */
                "x-signature": string;
                /**
                 * @description Same as `webhook-id`
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "x-webhook-id": string;
                /**
                 * @description Same as `webhook-timestamp`
                 * @example 1795428000
                 */
                "x-webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The event id, stable across retries
                     * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                     */
                    id: string;
                    /** @enum {string} */
                    type: "execution.queued";
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["ExecutionRecord"];
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventExecutionStarted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (payload `id`): the same on every retry and redelivery
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1795428000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>` keyed with the endpoint secret's bytes after `whsec_`; during the 24 hours after a rotation a second `v1,` signature (old secret), space-separated
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the whole current secret
                 * @example sha256=5d7e…
                 */
                "x-signature": string;
                /**
                 * @description Same as `webhook-id`
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "x-webhook-id": string;
                /**
                 * @description Same as `webhook-timestamp`
                 * @example 1795428000
                 */
                "x-webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The event id, stable across retries
                     * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                     */
                    id: string;
                    /** @enum {string} */
                    type: "execution.started";
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["ExecutionRecord"];
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventExecutionCompleted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (payload `id`): the same on every retry and redelivery
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1795428000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>` keyed with the endpoint secret's bytes after `whsec_`; during the 24 hours after a rotation a second `v1,` signature (old secret), space-separated
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the whole current secret
                 * @example sha256=5d7e…
                 */
                "x-signature": string;
                /**
                 * @description Same as `webhook-id`
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "x-webhook-id": string;
                /**
                 * @description Same as `webhook-timestamp`
                 * @example 1795428000
                 */
                "x-webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The event id, stable across retries
                     * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                     */
                    id: string;
                    /** @enum {string} */
                    type: "execution.completed";
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["ExecutionRecord"];
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventExecutionFailed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (payload `id`): the same on every retry and redelivery
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1795428000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>` keyed with the endpoint secret's bytes after `whsec_`; during the 24 hours after a rotation a second `v1,` signature (old secret), space-separated
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the whole current secret
                 * @example sha256=5d7e…
                 */
                "x-signature": string;
                /**
                 * @description Same as `webhook-id`
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "x-webhook-id": string;
                /**
                 * @description Same as `webhook-timestamp`
                 * @example 1795428000
                 */
                "x-webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The event id, stable across retries
                     * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                     */
                    id: string;
                    /** @enum {string} */
                    type: "execution.failed";
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["ExecutionRecord"];
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventExecutionCancelled: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (payload `id`): the same on every retry and redelivery
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1795428000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>` keyed with the endpoint secret's bytes after `whsec_`; during the 24 hours after a rotation a second `v1,` signature (old secret), space-separated
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the whole current secret
                 * @example sha256=5d7e…
                 */
                "x-signature": string;
                /**
                 * @description Same as `webhook-id`
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "x-webhook-id": string;
                /**
                 * @description Same as `webhook-timestamp`
                 * @example 1795428000
                 */
                "x-webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The event id, stable across retries
                     * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                     */
                    id: string;
                    /** @enum {string} */
                    type: "execution.cancelled";
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["ExecutionRecord"];
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventExecutionCanceled: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (payload `id`): the same on every retry and redelivery
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1795428000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>` keyed with the endpoint secret's bytes after `whsec_`; during the 24 hours after a rotation a second `v1,` signature (old secret), space-separated
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the whole current secret
                 * @example sha256=5d7e…
                 */
                "x-signature": string;
                /**
                 * @description Same as `webhook-id`
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "x-webhook-id": string;
                /**
                 * @description Same as `webhook-timestamp`
                 * @example 1795428000
                 */
                "x-webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The event id, stable across retries
                     * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                     */
                    id: string;
                    /** @enum {string} */
                    type: "execution.canceled";
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["ExecutionRecord"];
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventExecutionWaiting: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (payload `id`): the same on every retry and redelivery
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1795428000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>` keyed with the endpoint secret's bytes after `whsec_`; during the 24 hours after a rotation a second `v1,` signature (old secret), space-separated
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the whole current secret
                 * @example sha256=5d7e…
                 */
                "x-signature": string;
                /**
                 * @description Same as `webhook-id`
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "x-webhook-id": string;
                /**
                 * @description Same as `webhook-timestamp`
                 * @example 1795428000
                 */
                "x-webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The event id, stable across retries
                     * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                     */
                    id: string;
                    /** @enum {string} */
                    type: "execution.waiting";
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["ExecutionRecord"];
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventAgentCreated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (payload `id`): the same on every retry and redelivery
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1795428000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>` keyed with the endpoint secret's bytes after `whsec_`; during the 24 hours after a rotation a second `v1,` signature (old secret), space-separated
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the whole current secret
                 * @example sha256=5d7e…
                 */
                "x-signature": string;
                /**
                 * @description Same as `webhook-id`
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "x-webhook-id": string;
                /**
                 * @description Same as `webhook-timestamp`
                 * @example 1795428000
                 */
                "x-webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The event id, stable across retries
                     * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                     */
                    id: string;
                    /** @enum {string} */
                    type: "agent.created";
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["AgentDetail"];
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventAgentUpdated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (payload `id`): the same on every retry and redelivery
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1795428000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>` keyed with the endpoint secret's bytes after `whsec_`; during the 24 hours after a rotation a second `v1,` signature (old secret), space-separated
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the whole current secret
                 * @example sha256=5d7e…
                 */
                "x-signature": string;
                /**
                 * @description Same as `webhook-id`
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "x-webhook-id": string;
                /**
                 * @description Same as `webhook-timestamp`
                 * @example 1795428000
                 */
                "x-webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The event id, stable across retries
                     * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                     */
                    id: string;
                    /** @enum {string} */
                    type: "agent.updated";
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["AgentDetail"];
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventAgentPaused: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (payload `id`): the same on every retry and redelivery
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1795428000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>` keyed with the endpoint secret's bytes after `whsec_`; during the 24 hours after a rotation a second `v1,` signature (old secret), space-separated
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the whole current secret
                 * @example sha256=5d7e…
                 */
                "x-signature": string;
                /**
                 * @description Same as `webhook-id`
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "x-webhook-id": string;
                /**
                 * @description Same as `webhook-timestamp`
                 * @example 1795428000
                 */
                "x-webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The event id, stable across retries
                     * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                     */
                    id: string;
                    /** @enum {string} */
                    type: "agent.paused";
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["AgentDetail"];
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventAgentResumed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (payload `id`): the same on every retry and redelivery
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1795428000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>` keyed with the endpoint secret's bytes after `whsec_`; during the 24 hours after a rotation a second `v1,` signature (old secret), space-separated
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the whole current secret
                 * @example sha256=5d7e…
                 */
                "x-signature": string;
                /**
                 * @description Same as `webhook-id`
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "x-webhook-id": string;
                /**
                 * @description Same as `webhook-timestamp`
                 * @example 1795428000
                 */
                "x-webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The event id, stable across retries
                     * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                     */
                    id: string;
                    /** @enum {string} */
                    type: "agent.resumed";
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["AgentDetail"];
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventAgentDeleted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (payload `id`): the same on every retry and redelivery
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1795428000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>` keyed with the endpoint secret's bytes after `whsec_`; during the 24 hours after a rotation a second `v1,` signature (old secret), space-separated
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the whole current secret
                 * @example sha256=5d7e…
                 */
                "x-signature": string;
                /**
                 * @description Same as `webhook-id`
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "x-webhook-id": string;
                /**
                 * @description Same as `webhook-timestamp`
                 * @example 1795428000
                 */
                "x-webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The event id, stable across retries
                     * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                     */
                    id: string;
                    /** @enum {string} */
                    type: "agent.deleted";
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["AgentDetail"];
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    eventPing: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id (payload `id`): the same on every retry and redelivery
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "webhook-id": string;
                /**
                 * @description Unix seconds of this attempt
                 * @example 1795428000
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>` keyed with the endpoint secret's bytes after `whsec_`; during the 24 hours after a rotation a second `v1,` signature (old secret), space-separated
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the whole current secret
                 * @example sha256=5d7e…
                 */
                "x-signature": string;
                /**
                 * @description Same as `webhook-id`
                 * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                 */
                "x-webhook-id": string;
                /**
                 * @description Same as `webhook-timestamp`
                 * @example 1795428000
                 */
                "x-webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The event id, stable across retries
                     * @example evt_01jd8z6q8r0s2t4u6v8w0x2y4z
                     */
                    id: string;
                    /** @enum {string} */
                    type: "ping";
                    /** Format: date-time */
                    created_at: string;
                    data: components["schemas"]["WebhookEndpointResponse"];
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
