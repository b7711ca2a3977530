import { createRootRoute, createRoute, createRouter } from "@tanstack/react-router";
import { AccessPage } from "../pages/access/AccessPage.js";
import { MyAccessPage } from "../pages/access/MyAccessPage.js";
import { TokensPage } from "../pages/admin/TokensPage.js";
import { UsersPage } from "../pages/admin/UsersPage.js";
import { AuditPage } from "../pages/audit/AuditPage.js";
import { LoginPage } from "../pages/auth/LoginPage.js";
import { AutopilotPage } from "../pages/autopilot/AutopilotPage.js";
import { ClusterPage } from "../pages/cluster/ClusterPage.js";
import { GroupPage } from "../pages/groups/GroupPage.js";
import { GroupsPage } from "../pages/groups/GroupsPage.js";
import { OperationPage } from "../pages/operations/OperationPage.js";
import { OperationsPage } from "../pages/operations/OperationsPage.js";
import { OverviewPage } from "../pages/overview/OverviewPage.js";
import { parseOverviewSearch } from "../pages/overview/overview-state.js";
import { RegisterClusterPage } from "../pages/overview/RegisterClusterPage.js";
import { ApiReferencePage } from "../pages/reference/ApiReferencePage.js";
import { AclsPage } from "../pages/security/AclsPage.js";
import { QuotasPage } from "../pages/security/QuotasPage.js";
import { ScramUsersPage } from "../pages/security/ScramUsersPage.js";
import { TopicPage } from "../pages/topics/TopicPage.js";
import { TopicsPage } from "../pages/topics/TopicsPage.js";
import { Shell } from "./Shell.js";

/** A search parameter kept only when it is a non-empty text (so links need not name it). */
function optionalText<K extends string>(key: K, search: Record<string, unknown>): Partial<Record<K, string>> {
  const value = search[key];
  return typeof value === "string" && value ? ({ [key]: value } as Record<K, string>) : {};
}

const root = createRootRoute({ component: Shell });

const login = createRoute({
  getParentRoute: () => root,
  path: "/login",
  component: LoginPage,
  validateSearch: (search: Record<string, unknown>) => optionalText("next", search),
});
/** The overview's filters, sort and page: a filtered view is a URL to share. */
const overview = createRoute({
  getParentRoute: () => root,
  path: "/",
  component: OverviewPage,
  validateSearch: parseOverviewSearch,
});
const register = createRoute({ getParentRoute: () => root, path: "/clusters/new", component: RegisterClusterPage });
const cluster = createRoute({ getParentRoute: () => root, path: "/clusters/$id", component: ClusterPage });
const topics = createRoute({
  getParentRoute: () => root,
  path: "/clusters/$id/topics",
  component: TopicsPage,
  validateSearch: (search: Record<string, unknown>) => optionalText("q", search),
});
const topic = createRoute({ getParentRoute: () => root, path: "/clusters/$id/topics/$topic", component: TopicPage });
const groups = createRoute({ getParentRoute: () => root, path: "/clusters/$id/groups", component: GroupsPage });
const group = createRoute({ getParentRoute: () => root, path: "/clusters/$id/groups/$group", component: GroupPage });
const acls = createRoute({ getParentRoute: () => root, path: "/clusters/$id/acls", component: AclsPage });
const quotas = createRoute({ getParentRoute: () => root, path: "/clusters/$id/quotas", component: QuotasPage });
const scram = createRoute({ getParentRoute: () => root, path: "/clusters/$id/scram-users", component: ScramUsersPage });
const audit = createRoute({ getParentRoute: () => root, path: "/audit", component: AuditPage });
const autopilot = createRoute({ getParentRoute: () => root, path: "/autopilot", component: AutopilotPage });
const users = createRoute({ getParentRoute: () => root, path: "/users", component: UsersPage });
const tokens = createRoute({ getParentRoute: () => root, path: "/tokens", component: TokensPage });
const myAccess = createRoute({ getParentRoute: () => root, path: "/my-access", component: MyAccessPage });
const access = createRoute({ getParentRoute: () => root, path: "/access", component: AccessPage });
const operations = createRoute({
  getParentRoute: () => root,
  path: "/clusters/$id/operations",
  component: OperationsPage,
});
const operation = createRoute({ getParentRoute: () => root, path: "/operations/$op", component: OperationPage });
/** Open without a session, like the document it shows. */
const apiReference = createRoute({
  getParentRoute: () => root,
  path: "/api-reference",
  component: ApiReferencePage,
  validateSearch: (search: Record<string, unknown>) => optionalText("q", search),
});

/** Every page has its own URL: shareable, and the back button works. */
export const router = createRouter({
  routeTree: root.addChildren([
    login,
    overview,
    register,
    cluster,
    topics,
    topic,
    groups,
    group,
    acls,
    quotas,
    scram,
    operations,
    operation,
    audit,
    autopilot,
    users,
    tokens,
    myAccess,
    access,
    apiReference,
  ]),
  defaultPreload: "intent",
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
