/**
 * The API's request and response types, generated from /api/openapi.json by openapi-typescript.
 * Do not edit: run `npm run generate:api-types` (apps/api/test/openapi-types.test.ts checks it is current).
 */

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is up */
        get: operations["getHealthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The database and the job queue are reachable, and the process is not stopping */
        get: operations["getReadyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/version.txt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The running version */
        get: operations["getVersionTxt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the web app needs to know before sign-in */
        get: operations["getApiConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with e-mail and password (password grant); form or JSON body */
        post: operations["postOauthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke a token at once (RFC 7009); 200 even when unknown */
        post: operations["postOauthRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user, the account this call acts as and, on request, all accounts */
        get: operations["currentUserShow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Switch account: make one of the caller’s accounts the current one */
        patch: operations["currentUserSwitchAccount"];
        trace?: never;
    };
    "/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One user; yourself, or a user with an account in an organization you can see */
        get: operations["userShow"];
        put?: never;
        post?: never;
        /** Delete (deactivate) a user: ends their sessions at once, hides them from lists; managers over all their organizations, never yourself */
        delete: operations["userDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plic-app-licenses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user’s application licenses */
        get: operations["licensesList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password-resets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail a single-use reset link; 202 whether or not the address exists */
        post: operations["postApiPasswordResets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password-resets/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a reset link can still be used (404 when unknown, used or expired) */
        get: operations["getApiPasswordResetsByToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set the new password; the link is used up and every session of the user ends */
        patch: operations["patchApiPasswordResetsByToken"];
        trace?: never;
    };
    "/api/organizations/{id}/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Projects of an organization (and, on request, of the ones below it), newest first by default */
        get: operations["getApiOrganizationsByIdProjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/project-organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organizations of the projects under an organization and those below it, once each, by name (paged): the Projects page's organization filter */
        get: operations["getApiOrganizationsByIdProjectOrganizations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a project from a template (its subject fields are copied); studio and lab managers */
        post: operations["projectCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One project with its counts */
        get: operations["projectShow"];
        put?: never;
        post?: never;
        /** Delete a project with its subjects, photos, crops, files, exports and renders (managers; type the name to confirm). The project is hidden at once; a job removes it and its stored files. */
        delete: operations["projectDelete"];
        options?: never;
        head?: never;
        /** Change a project’s name, short code, season, apps or head-size rule (its auto crops are made again), or give a project without a template a copy of one (studio and lab managers) */
        patch: operations["projectUpdate"];
        trace?: never;
    };
    "/api/projects/{id}/activate": {
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
        /** Open a project in an app: 200 when it is enabled for the app, else 403 not_activated */
        patch: operations["projectActivate"];
        trace?: never;
    };
    "/api/projects/{id}/data-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the portal holds about a project: counts, field names (no values), where files are stored, retention */
        get: operations["projectDataSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One organization with its support links and contacts */
        get: operations["organizationShow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change an organization (its managers, and studio or lab managers above it) */
        patch: operations["organizationUpdate"];
        trace?: never;
    };
    "/api/organizations/{id}/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Organizations below one (children, or every level with traverse_sub_organizations) */
        get: operations["organizationListChildren"];
        put?: never;
        /** Create a child: a studio adds a school (customer_role), a lab adds a studio (studio_role) */
        post: operations["organizationCreateChild"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/support": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The support links and contacts for an organization: its parent’s, for this app */
        get: operations["organizationSupport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Accounts of an organization, with filters for the All Users screen */
        get: operations["organizationListAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users with an account in an organization (and, on request, below it) */
        get: operations["organizationListUsers"];
        put?: never;
        /** Create a user with an account in the organization; limited to this app unless a manager chose all apps */
        post: operations["userCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail an invitation link (a new one replaces the old); studio and lab managers */
        post: operations["userInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who an invitation link is for (404 when unknown, used, replaced or expired) */
        get: operations["getApiInvitationsByToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation: set the password and sign in (answers a bearer token) */
        post: operations["postApiInvitationsByTokenAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/seasons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Seasons of an organization; with include_inherited, also those of the organizations above it */
        get: operations["seasonList"];
        put?: never;
        /** Create a season in the own studio or lab; the first one (or one marked current) becomes current */
        post: operations["seasonCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/seasons/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One season: of an organization in view, or of one above the caller’s (a school’s studio) */
        get: operations["seasonShow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/project-export-formats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Formats a project may use: built-in ones, its organization’s own, and those shared from above */
        get: operations["getApiProjectsByIdProjectExportFormats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/project-export-formats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An organization’s own custom formats */
        get: operations["getApiOrganizationsByIdProjectExportFormats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/project-export-formats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a custom format in the own organization (accounts that manage it) */
        post: operations["exportFormatCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/project-export-formats/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One format with its field mappings in order */
        get: operations["exportFormatShow"];
        /** Replace a custom format’s settings and mappings (built-in formats never) */
        put: operations["exportFormatUpdate"];
        post?: never;
        /** Delete a custom format */
        delete: operations["exportFormatDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/project-export-formats/{id}/copy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Copy a custom format as "name (Copy)" with its settings, mappings and duplicate search fields (the copy wizard sends its edited values as the body) */
        post: operations["exportFormatCopy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/layout-categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Layout categories an organization uses (built-in ones and its own or its parents'), with their layouts */
        get: operations["layoutList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/layout-categories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One layout category with its layouts; the id may be a slug such as subject-directory-sheets */
        get: operations["getApiLayoutCategoriesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/layouts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One layout with its definition */
        get: operations["getApiLayoutsById"];
        /** Change a layout of the manager's own organization: its name and its definition (checked by the domain's schema) */
        put: operations["layoutUpdate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/layouts/{id}/copy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Copy a layout in view (a built-in one, say) into the manager's own organization, to edit it there */
        post: operations["layoutCopy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/layouts/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The layout's first page as a 640x480 PNG, for a subject in view or for sample subjects */
        get: operations["getApiLayoutsByIdPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/layout-renders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Print a layout for subjects of a project (subject_ids or a selection; all without either): a PDF made by a job (worker_status running) */
        post: operations["layoutRenderCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/layout-renders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A project's renders, newest first, optionally of some render types, a page at a time */
        get: operations["layoutRenderList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/layout-renders/worker-statuses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The worker status of renders in view, by worker token (unknown tokens are left out) */
        get: operations["layoutRenderWorkerStatuses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/layout-renders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One render */
        get: operations["layoutRenderShow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/layout-renders/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redirect to a signed, expiring download of a complete render's PDF; format=json answers the address */
        get: operations["layoutRenderDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/project-exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A project's exports, newest first */
        get: operations["projectExportList"];
        put?: never;
        /** Run an export format over the selected subjects (empty included ids = all, minus excluded ids): checked, then built by a job */
        post: operations["projectExportCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/project-exports/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The pre-export check: what would go wrong for these options and subjects (nothing is written) */
        post: operations["projectExportCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/project-exports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One export with its progress */
        get: operations["projectExportShow"];
        put?: never;
        post?: never;
        /** Delete a done or stalled export and its archive (its creator or a manager); 409 while running */
        delete: operations["projectExportDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/project-exports/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redirect to a signed, expiring download of a completed export's ZIP (audited); format=json answers the address; 410 once expired */
        get: operations["projectExportDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/yearbook-targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A project's yearbook targets (publishers), oldest first */
        get: operations["yearbookTargetList"];
        put?: never;
        /** A yearbook target: the publisher (a preset), the export format it takes and its deadlines */
        post: operations["yearbookTargetCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/yearbook-targets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One yearbook target */
        get: operations["yearbookTargetShow"];
        put?: never;
        post?: never;
        /** Delete a target without deliveries (409 once it has one: the ledger stays) */
        delete: operations["yearbookTargetDelete"];
        options?: never;
        head?: never;
        /** Change a target's publisher, format, deadlines or contact */
        patch: operations["yearbookTargetUpdate"];
        trace?: never;
    };
    "/api/yearbook-targets/{id}/pose": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Choose a subject's yearbook photo (the yearbook flag) among its photos, until the target's pose deadline (422 after) */
        put: operations["yearbookTargetChoosePose"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/yearbook-deadline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's next yearbook deadline (over all its targets) and what is still missing for it; null when none is ahead */
        get: operations["yearbookDeadlineShow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/yearbook-targets/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A target's deliveries (the ledger), newest first, with their counts */
        get: operations["yearbookDeliveryList"];
        put?: never;
        /** Make a delivery: full (everyone) or changes (only what changed since the last delivery, with the full MASTER.TXT); built by a job */
        post: operations["yearbookDeliveryCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/yearbook-targets/{id}/deliveries/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What the next delivery would hold and every warning, naming the subjects (nothing is written) */
        post: operations["yearbookDeliveryCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/yearbook-deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One delivery with its manifest (per subject: photo by content hash, crop, values) and its change list */
        get: operations["yearbookDeliveryShow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/yearbook-deliveries/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redirect to a signed, expiring download of a completed delivery's ZIP (recorded in its ledger); format=json answers the address */
        get: operations["yearbookDeliveryDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/yearbook-deliveries/{id}/changes.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A delivery's change list in plain words, as a PDF */
        get: operations["getApiYearbookDeliveriesByIdChangesPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/yearbook-deliveries/{id}/changes.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A delivery's change list, as a CSV file */
        get: operations["getApiYearbookDeliveriesByIdChangesCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/project-templates/field-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The subject-field catalogue */
        get: operations["templateFieldKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/project-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reusable templates of an organization, newest first */
        get: operations["templateList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/project-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a template in the own studio or lab (managers) */
        post: operations["templateCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/project-templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One template with its fields in order; hidden fields only with canViewHiddenFields */
        get: operations["templateShow"];
        /** Replace a template’s name and fields (only templates not tied to a project) */
        put: operations["templateUpdate"];
        post?: never;
        /** Delete a template (studio or lab managers of its organization); projects keep their copies */
        delete: operations["templateDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/subject-selection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resolve a subject selection (grid filter, plus included ids, minus excluded ids): its count, and ids on request */
        post: operations["postApiProjectsByIdSubjectSelection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/subject-consents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set or clear consent (directory information opt-out, leave out of the yearbook) for a selection of subjects; school staff only */
        post: operations["postApiProjectsByIdSubjectConsents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/subject-consent-imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read consent from the school's own file (a verified CSV, TSV or XLSX of the project's files) matched by Student ID; with apply, set the flags; school staff only */
        post: operations["postApiProjectsByIdSubjectConsentImports"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/subjects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The subjects grid: field filters (Any/Blank), images, keyword, added since, sort; 12 a page */
        get: operations["getApiProjectsByIdSubjects"];
        put?: never;
        /** Add a subject with values for the project’s fields (customers: visible fields only) */
        post: operations["subjectCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/subjects/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Keyword search over the subjects of a project (first 50 matches) */
        get: operations["getApiProjectsByIdSubjectsSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subjects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One subject; with include_photos, its photos (primary first) with their assignments */
        get: operations["subjectShow"];
        put?: never;
        post?: never;
        /** Delete a subject */
        delete: operations["subjectDelete"];
        options?: never;
        head?: never;
        /** Change a subject’s values (merged; hidden values are kept as they are) or its yearbook photo (422 under `yearbook_photo_id` once a pose deadline of the project’s yearbook targets has passed, for every caller) */
        patch: operations["subjectUpdate"];
        trace?: never;
    };
    "/api/projects/{id}/duplicate-subjects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Groups of selected subjects whose chosen fields match (case and surrounding spaces ignored, blanks never match); fields default to First Name, Last Name, Student ID */
        post: operations["subjectFindDuplicates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subjects/{id}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Keep this subject and merge duplicates into it: their photos move to it, their values fill its blanks (never overwriting one), then they are deleted (recorded in the activity trail; only a new import brings them back) */
        post: operations["subjectMerge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/albums": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Albums of a project, optionally by tag */
        get: operations["getApiAlbums"];
        put?: never;
        /** Create a project album (the subject-photo album is named and tagged by the web app) */
        post: operations["postApiAlbums"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/albums/{id}/photos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Verified photos of an album, a page at a time (each photo carries signed addresses) */
        get: operations["getApiAlbumsByIdPhotos"];
        put?: never;
        /** Create a photo record and get its presigned upload (png or jpeg, size limited) */
        post: operations["postApiAlbumsByIdPhotos"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One photo with signed addresses */
        get: operations["getApiPhotosById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Review a photo’s checks: mark it for a retake (or clear the mark), accept its flags (or reopen them) */
        patch: operations["photoCheckRetake"];
        trace?: never;
    };
    "/api/photos/{id}/verify": {
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
        /** Start the check of the uploaded bytes (a job: real png/jpeg, whole, within the pixel limit, then thumbnails); 202 while verifying */
        patch: operations["patchApiPhotosByIdVerify"];
        trace?: never;
    };
    "/api/photos/{id}/thumb": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redirect to a signed address of a thumbnail (tiny 80 px wide, small 200, large 600 high, full) */
        get: operations["getApiPhotosByIdThumb"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subject-photo-assignments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Assign a photo to a subject of the same project, optionally as primary */
        post: operations["postApiSubjectPhotoAssignments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subject-photo-assignments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Unassign a photo from a subject */
        delete: operations["deleteApiSubjectPhotoAssignmentsById"];
        options?: never;
        head?: never;
        /** Make an assignment the subject’s primary photo */
        patch: operations["patchApiSubjectPhotoAssignmentsById"];
        trace?: never;
    };
    "/api/photos/{id}/photo-crops": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Crops of a photo */
        get: operations["getApiPhotosByIdPhotoCrops"];
        put?: never;
        /** Save a crop (fractions 0..1, each side over 10%); is_default replaces the default */
        post: operations["postApiPhotosByIdPhotoCrops"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-crops/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a crop */
        delete: operations["deleteApiPhotoCropsById"];
        options?: never;
        head?: never;
        /** Change a crop */
        patch: operations["patchApiPhotoCropsById"];
        trace?: never;
    };
    "/api/projects/{id}/project-imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a photo import into a project */
        post: operations["postApiProjectsByIdProjectImports"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/project-imports/{id}/finish": {
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
        /** Finish a photo import (idempotent: retries are harmless) */
        patch: operations["patchApiProjectImportsByIdFinish"];
        trace?: never;
    };
    "/api/projects/{id}/photo-checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project’s review list: photos by state (open, accepted, retake, all), flag and class, with their subject, flags and portrait auto crop; the project’s counts in meta */
        get: operations["photoCheckList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/auto-crops": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make the project’s auto crops again (202), with a new head-size rule when given; crops made by a person stay */
        post: operations["photoCheckAutoCrops"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/attachment-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask schools for files for some projects; each project’s organization is e-mailed (studios) */
        post: operations["fileRequestCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/attachment-requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One file request with its requested projects */
        get: operations["fileRequestShow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/attachment-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** File requests made by an organization */
        get: operations["getApiOrganizationsByIdAttachmentRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/attachment-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** File requests asking for a project’s files */
        get: operations["getApiProjectsByIdAttachmentRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Files attached to a project (unverified ones show as Not Uploaded) */
        get: operations["attachmentList"];
        put?: never;
        /** Create an attachment and get its presigned upload; the type is inferred from the extension when blank */
        post: operations["postApiProjectsByIdAttachments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/attachments/{id}/verify": {
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
        /** Check the uploaded file against its type; then the request’s creator is e-mailed, unless `notify` is false (a batch: see uploads-complete) */
        patch: operations["patchApiAttachmentsByIdVerify"];
        trace?: never;
    };
    "/api/attachment-requests/{id}/uploads-complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End an upload batch: one e-mail to the request’s creator names every verified file of it not announced yet */
        post: operations["postApiAttachmentRequestsByIdUploadsComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/attachments/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redirect to a signed, expiring download of a verified file (audited); format=json answers the address */
        get: operations["attachmentDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/attachments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a file that never arrived (Not Uploaded); verified files are kept (409) */
        delete: operations["attachmentDiscard"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/subject-imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The roster imports of a project, newest first (paged) */
        get: operations["subjectImportList"];
        put?: never;
        /** Start a roster import: a file by presigned POST (then verify), or a verified file-request upload of the project */
        post: operations["postApiProjectsByIdSubjectImports"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subject-imports/{id}/verify": {
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
        /** Take the uploaded roster and read it (422 with the row and reason when it cannot be read) */
        patch: operations["patchApiSubjectImportsByIdVerify"];
        trace?: never;
    };
    "/api/subject-imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A roster import: columns, sample rows, suggested mapping, check, progress and report */
        get: operations["getApiSubjectImportsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set the mapping ({column: field id or null to skip}), match_by, mode; save_mapping keeps it for the organization */
        patch: operations["subjectImportUpdate"];
        trace?: never;
    };
    "/api/subject-imports/{id}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What the import would do: rows created, updated (with the changes), unchanged; row errors */
        post: operations["subjectImportCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subject-imports/{id}/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Apply a checked import as a job (progress on the import); refused while rows have errors unless skipped */
        post: operations["subjectImportApply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/subject-imports/{id}/skipped-rows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The rows an applied import skipped, with why, as CSV (cells neutralized against formulas) */
        get: operations["getApiSubjectImportsByIdSkippedRows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/photo-batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The picture day batches of a project, newest first (paged) */
        get: operations["photoBatchList"];
        put?: never;
        /** Start a picture day batch: how its photos are matched to the project’s subjects */
        post: operations["photoBatchCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-batches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A batch: its state and report (photos, cards, matched, unmatched, subjects...) */
        get: operations["getApiPhotoBatchesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stations/{id}/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The station's live batch (tethered capture), matched by check-in in its session: opened on the first call (201), the same one after (200) */
        post: operations["stationBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stations/{id}/now": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The station's "now" view (tethered capture): its current student (its last check-in), that student's frames in its live batch with signed thumbnails, checks and auto crop, and `retake_now` when the last frame failed a check */
        get: operations["stationNow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stations/{id}/now/pick": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** The photographer's pick among the current student's frames (one per student; an applied pick becomes the primary); the "now" view after it */
        put: operations["stationPick"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-batches/{id}/photos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A file of the batch: a photo record with its presigned form (201), or the existing one for the same name and size (200: a resumed upload) */
        post: operations["postApiPhotoBatchesByIdPhotos"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-batches/{id}/mapping-file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The mapping file (file name -> field value) of a batch matched by mapping file, by presigned POST */
        post: operations["postApiPhotoBatchesByIdMappingFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-batches/{id}/match": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Match the batch’s photos to subjects (a job: cards, file names or the mapping file); 202 */
        post: operations["photoBatchMatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-batches/{id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The batch’s photos in capture order, each with its state, subject, reason and thumbnails (paged) */
        get: operations["getApiPhotoBatchesByIdItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-batch-items/{id}": {
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
        /** Review a photo of a batch: assign it to a subject of the project, or ignore it */
        patch: operations["photoBatchReview"];
        trace?: never;
    };
    "/api/photo-batches/{id}/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Assign the matched photos to their subjects (a job, once); 202 */
        post: operations["photoBatchApply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's live events (text/event-stream): `ready` once listening, then events such as `photo-batch.state`, `photo-batch.photo-verified`, `check-in`, `photos.assigned` and `photo-check.failed` (ids and a state, never student data), `resync` when some may have been missed */
        get: operations["projectEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The activity trail of an organization's tree, newest first (paged); a school reads its projects' rows */
        get: operations["getApiOrganizationsByIdAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/audit-events/actors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The people in the trail the caller reads (the Activity page's Who filter), by name (paged) */
        get: operations["getApiOrganizationsByIdAuditEventsActors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/audit-events.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The same trail as CSV (same filters, every row, streamed; cells neutralized against formulas) */
        get: operations["getApiOrganizationsByIdAuditEventsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project’s counts by class (portrait, checked crop, retake pending, no photo) and a page of the subjects without a portrait */
        get: operations["getApiProjectsByIdCoverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/coverage.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The subjects without a portrait as CSV (UTF-8 with a byte-order mark; cells neutralized against formulas) */
        get: operations["getApiProjectsByIdCoverageCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/coverage/print": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Print the subjects without a portrait (the Contact Sheet, a page per class): a layout render made by a job, followed and downloaded as any render */
        post: operations["coveragePrint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/coverage/notify/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The “missing portraits” e-mail as it would go now (recipient, subject and text), shown before sending it; sends nothing */
        get: operations["getApiProjectsByIdCoverageNotifyPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/coverage/notify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail the project’s school the missing portraits (counts and a link to the coverage page; no names), recorded in the activity trail */
        post: operations["postApiProjectsByIdCoverageNotify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/photo-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The photo sessions of a project, latest date first, each with its counts and stations (paged) */
        get: operations["photoSessionList"];
        put?: never;
        /** A photo session of the project (a picture day, a retake day) on a date */
        post: operations["photoSessionCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A photo session: counts (checked_in, photographed, absent, retake, walk_ups, remaining) and stations */
        get: operations["photoSessionShow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a photo session: its name, and `live_apply` (tethered capture: a station's live batch applies its matched frames as they come, the first good frame of a student becoming the primary unless one exists; false, the default: held for the studio's review) */
        patch: operations["photoSessionUpdate"];
        trace?: never;
    };
    "/api/photo-sessions/{id}/stations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A station of the session, with its link: a Bearer token that signs a device in for this session only, until the end of the session's day */
        post: operations["stationCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stations/{id}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a station's link: its device is signed out at once */
        delete: operations["stationRevokeLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-sessions/{id}/roster": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Everything a station caches to work offline: every subject (and walk-up awaiting review) with name, class fields, card code, Student ID and status in the session */
        get: operations["photoSessionRoster"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-sessions/{id}/check-ins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The session’s check-ins received at or after `since` (all without it), oldest first, and the `next_since` to ask with next */
        get: operations["checkInList"];
        put?: never;
        /** A station's check-ins (up to 500): each item's outcome (created, duplicate for a client_id seen before, rejected with errors) */
        post: operations["checkInCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-sessions/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The session's live events (text/event-stream): `ready` once listening, then `check-in` events (ids and a status, never student data), `resync` when some may have been missed */
        get: operations["photoSessionEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-sessions/{id}/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A clock card shown at a station: the station's time on it, stored for the camera clock offset */
        post: operations["photoSessionClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-sessions/{id}/walk-ups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The walk-ups added in the session (students not on the roster), awaiting review or approved */
        get: operations["walkUpList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/walk-ups/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a walk-up: it becomes a subject of the project with its card code, and its check-ins move to it (409 when already approved) */
        post: operations["walkUpApprove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-sessions/{id}/absent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The session's people whose status is absent, with the reason (the check-in's note), by class and name */
        get: operations["getApiPhotoSessionsByIdAbsent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-sessions/{id}/absent.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The session's people whose status is absent, as CSV (UTF-8 with a byte-order mark; cells neutralized against formulas) */
        get: operations["getApiPhotoSessionsByIdAbsentCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-sessions/{id}/retakes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The session's people whose status is asked for a retake, with the reason (the check-in's note), by class and name */
        get: operations["getApiPhotoSessionsByIdRetakes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-sessions/{id}/retakes.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The session's people whose status is asked for a retake, as CSV (UTF-8 with a byte-order mark; cells neutralized against formulas) */
        get: operations["getApiPhotoSessionsByIdRetakesCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/photo-sessions/{id}/camera-card": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One subject of the session's project: its camera card again, as a PDF (the built-in Camera Card layout) */
        get: operations["photoSessionCameraCard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/family/claims": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Claim a child with its access code and last name: e-mails a one-time sign-in link (15 minutes) when they match; 202 whether or not they do. 429 with Retry-After past the limits per address, e-mail and code */
        post: operations["postApiFamilyClaims"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/family/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with the e-mailed link’s token (once, within 15 minutes): a family token, and the child claimed */
        post: operations["postApiFamilySessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/family/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop the e-mails about new photos (the link every family e-mail carries) */
        post: operations["postApiFamilyUnsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/family/proofs/{grant}/{photo_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A proof of a child’s photo by its signed address (a gallery read gives them; they expire): a JPEG of at most 1,200 px marked PROOF with the yearbook crop drawn, never the original; 404 when expired, revoked or not the child’s */
        get: operations["getApiFamilyProofsByGrantByPhotoId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/family/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in guardian: its e-mail and whether it wants the “photos are ready” e-mail */
        get: operations["getApiFamilyMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Ask for (or stop) the “photos are ready” e-mail */
        patch: operations["familyUpdateSettings"];
        trace?: never;
    };
    "/api/family/children": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The children the guardian claimed (every school and season), first name, last name and class only */
        get: operations["getApiFamilyChildren"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/family/children/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One claimed child (any other id 404) */
        get: operations["getApiFamilyChildrenById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/family/children/{id}/photos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A claimed child’s photos as proofs (signed addresses that expire) with the yearbook crop: this season’s, then earlier seasons’ the studio has */
        get: operations["getApiFamilyChildrenByIdPhotos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/family/children/{id}/yearbook-pose": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Choose the child’s yearbook pose among this season’s photos, until the project’s family_pose_deadline (409 after it or when the studio turned it off) */
        put: operations["familyChoosePose"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/family/children/{id}/opt-out-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The guardian’s opt-out requests for the child, newest first */
        get: operations["getApiFamilyChildrenByIdOptOutRequests"];
        put?: never;
        /** Ask the school for the directory information or yearbook opt-out (the school decides, or it applies at once where the school said so) */
        post: operations["familyRequestOptOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/guardians": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The guardians who claimed the project’s children (e-mail, when, last sign-in) */
        get: operations["getApiProjectsByIdGuardians"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/guardian-links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a guardian from a child: it no longer sees the child */
        delete: operations["guardianLinkDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/family-pose-choices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The yearbook poses guardians chose for the project’s children */
        get: operations["getApiProjectsByIdFamilyPoseChoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/opt-out-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Guardians’ opt-out requests for the project’s children, pending first */
        get: operations["optOutRequestList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/opt-out-requests/{id}": {
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
        /** Approve (sets the consent flags, a trail row naming the guardian) or decline a pending request; the school’s own accounts */
        patch: operations["optOutRequestDecide"];
        trace?: never;
    };
    "/api/projects/{id}/family-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project’s family settings: pose deadline, and whether opt-out requests apply at once */
        get: operations["getApiProjectsByIdFamilySettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Whether guardians’ opt-out requests apply at once (the school’s own accounts) */
        patch: operations["familySettingsUpdate"];
        trace?: never;
    };
    "/api/projects/{id}/family-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The children’s family access codes (a child without one gets one now); studio and lab */
        get: operations["familyCodeList"];
        put?: never;
        /** Issue new access codes for a selection of children: the old codes stop working (claims made stay); studio and lab */
        post: operations["familyCodeIssue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/dev/mailbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Development only: the latest 100 e-mails the app wrote */
        get: operations["getApiDevMailbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/family/unsubscribe/one-click": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop the e-mails about new photos from the mail provider’s own Unsubscribe button (RFC 8058 one-click: the List-Unsubscribe address) */
        post: operations["postApiFamilyUnsubscribeOneClick"];
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
        /** @description API.md's error shape: a code, with a message (400) or a reason (403) */
        Error: {
            /** @example not_found */
            error: string;
            message?: string;
            /** @example not_licensed */
            reason?: string;
        };
        /** @description Messages by field (`base` for the record as a whole) */
        FieldErrors: {
            /**
             * @example {
             *       "name": [
             *         "can't be blank"
             *       ]
             *     }
             */
            errors: {
                [key: string]: string[];
            };
        };
    };
    responses: {
        /** @description Malformed JSON, a wrong query or path parameter (`bad_request`) */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No token, or an expired or revoked one (`unauthorized`) */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Signed in but not allowed (`forbidden`, with its `reason`) */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such record, or one the caller may not see (`not_found`) */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body breaks the rules: messages by field */
        UnprocessableEntity: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FieldErrors"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getReadyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "unavailable" | "draining";
                    };
                };
            };
        };
    };
    getVersionTxt: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version, as text/plain */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getApiConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        config: {
                            /** @enum {string} */
                            environment: "development" | "production" | "test";
                            version: string;
                            sign_in_region: string | null;
                            landing_page_url: string | null;
                            support_chat_enabled: boolean;
                            support_chat_url: string | null;
                            rebrand_banner_enabled: boolean;
                            admin_user_url: string | null;
                            companion_app_url: string | null;
                            layout_editor_url: string | null;
                            dev_mailbox: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postOauthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                        expires_in: number;
                        created_at: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "too_many_requests";
                    };
                };
            };
        };
    };
    postOauthRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
        };
    };
    currentUserShow: {
        parameters: {
            query?: {
                include_accounts?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            name: string;
                            email: string;
                            organization_id: string | null;
                            organization_name: string | null;
                            roles: string[];
                            current_account_id: string | null;
                            default_account_id: string | null;
                            accounts_count: number;
                            active_plic_app_slugs: string[];
                            manages_own_organization: boolean;
                            managed_sub_organization_ids: string[];
                            enable_plic_app_whitelist: boolean;
                            plic_app_whitelist_slugs: string[];
                            invitation_sent_at: string | null;
                            invitation_accepted_at: string | null;
                            invitation_sent: boolean;
                            invitation_accepted: boolean;
                            plic_user_admin_url: string | null;
                            created_at: string;
                            current_account: {
                                id: string;
                                user_id: string;
                                organization_id: string;
                                created_at: string;
                                managed_organization_ids: string[];
                                enabled_for_school_portal: boolean;
                                enabled_for_plic_io: boolean;
                                enable_plic_app_whitelist: boolean;
                                plic_app_whitelist_slugs: string[];
                                is_default: boolean;
                                is_current: boolean;
                                organization: {
                                    id: string;
                                    name: string | null;
                                    /** @enum {string} */
                                    role: "customer_role" | "studio_role" | "lab_role" | "vertically_integrated_role";
                                    short_code: string | null;
                                    parent_organization_id: string | null;
                                    parent_organization_name: string | null;
                                };
                            } | null;
                            accounts?: {
                                id: string;
                                user_id: string;
                                organization_id: string;
                                created_at: string;
                                managed_organization_ids: string[];
                                enabled_for_school_portal: boolean;
                                enabled_for_plic_io: boolean;
                                enable_plic_app_whitelist: boolean;
                                plic_app_whitelist_slugs: string[];
                                is_default: boolean;
                                is_current: boolean;
                                organization: {
                                    id: string;
                                    name: string | null;
                                    /** @enum {string} */
                                    role: "customer_role" | "studio_role" | "lab_role" | "vertically_integrated_role";
                                    short_code: string | null;
                                    parent_organization_id: string | null;
                                    parent_organization_name: string | null;
                                };
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    currentUserSwitchAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    user: {
                        current_account_id: string | number;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            name: string;
                            email: string;
                            organization_id: string | null;
                            organization_name: string | null;
                            roles: string[];
                            current_account_id: string | null;
                            default_account_id: string | null;
                            accounts_count: number;
                            active_plic_app_slugs: string[];
                            manages_own_organization: boolean;
                            managed_sub_organization_ids: string[];
                            enable_plic_app_whitelist: boolean;
                            plic_app_whitelist_slugs: string[];
                            invitation_sent_at: string | null;
                            invitation_accepted_at: string | null;
                            invitation_sent: boolean;
                            invitation_accepted: boolean;
                            plic_user_admin_url: string | null;
                            created_at: string;
                            current_account: {
                                id: string;
                                user_id: string;
                                organization_id: string;
                                created_at: string;
                                managed_organization_ids: string[];
                                enabled_for_school_portal: boolean;
                                enabled_for_plic_io: boolean;
                                enable_plic_app_whitelist: boolean;
                                plic_app_whitelist_slugs: string[];
                                is_default: boolean;
                                is_current: boolean;
                                organization: {
                                    id: string;
                                    name: string | null;
                                    /** @enum {string} */
                                    role: "customer_role" | "studio_role" | "lab_role" | "vertically_integrated_role";
                                    short_code: string | null;
                                    parent_organization_id: string | null;
                                    parent_organization_name: string | null;
                                };
                            } | null;
                            accounts?: {
                                id: string;
                                user_id: string;
                                organization_id: string;
                                created_at: string;
                                managed_organization_ids: string[];
                                enabled_for_school_portal: boolean;
                                enabled_for_plic_io: boolean;
                                enable_plic_app_whitelist: boolean;
                                plic_app_whitelist_slugs: string[];
                                is_default: boolean;
                                is_current: boolean;
                                organization: {
                                    id: string;
                                    name: string | null;
                                    /** @enum {string} */
                                    role: "customer_role" | "studio_role" | "lab_role" | "vertically_integrated_role";
                                    short_code: string | null;
                                    parent_organization_id: string | null;
                                    parent_organization_name: string | null;
                                };
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    userShow: {
        parameters: {
            query?: {
                include_accounts?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            name: string;
                            email: string;
                            organization_id: string | null;
                            organization_name: string | null;
                            roles: string[];
                            current_account_id: string | null;
                            default_account_id: string | null;
                            accounts_count: number;
                            active_plic_app_slugs: string[];
                            manages_own_organization: boolean;
                            managed_sub_organization_ids: string[];
                            enable_plic_app_whitelist: boolean;
                            plic_app_whitelist_slugs: string[];
                            invitation_sent_at: string | null;
                            invitation_accepted_at: string | null;
                            invitation_sent: boolean;
                            invitation_accepted: boolean;
                            plic_user_admin_url: string | null;
                            created_at: string;
                            current_account: {
                                id: string;
                                user_id: string;
                                organization_id: string;
                                created_at: string;
                                managed_organization_ids: string[];
                                enabled_for_school_portal: boolean;
                                enabled_for_plic_io: boolean;
                                enable_plic_app_whitelist: boolean;
                                plic_app_whitelist_slugs: string[];
                                is_default: boolean;
                                is_current: boolean;
                                organization: {
                                    id: string;
                                    name: string | null;
                                    /** @enum {string} */
                                    role: "customer_role" | "studio_role" | "lab_role" | "vertically_integrated_role";
                                    short_code: string | null;
                                    parent_organization_id: string | null;
                                    parent_organization_name: string | null;
                                };
                            } | null;
                            accounts?: {
                                id: string;
                                user_id: string;
                                organization_id: string;
                                created_at: string;
                                managed_organization_ids: string[];
                                enabled_for_school_portal: boolean;
                                enabled_for_plic_io: boolean;
                                enable_plic_app_whitelist: boolean;
                                plic_app_whitelist_slugs: string[];
                                is_default: boolean;
                                is_current: boolean;
                                organization: {
                                    id: string;
                                    name: string | null;
                                    /** @enum {string} */
                                    role: "customer_role" | "studio_role" | "lab_role" | "vertically_integrated_role";
                                    short_code: string | null;
                                    parent_organization_id: string | null;
                                    parent_organization_name: string | null;
                                };
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    userDelete: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    licensesList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plic_app_licenses: {
                            id: string;
                            plic_app_slug: string;
                            active: boolean;
                            expires_at: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    postApiPasswordResets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    plic_app_id?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiPasswordResetsByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        password_reset: {
                            expires_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    patchApiPasswordResetsByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiOrganizationsByIdProjects: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                traverse_sub_organizations?: "true" | "false";
                include_unseasoned?: "true" | "false";
                keyword?: string;
                sort?: "created_at" | "-created_at" | "name" | "-name" | "organization_name" | "-organization_name" | "season_name" | "-season_name" | "subjects_count" | "-subjects_count";
                "filter[plic_app_slug]"?: string;
                "filter[season_id]"?: "current" | "none" | string;
                "filter[organization_id]"?: string;
                "workflow_ids[]"?: string | string[];
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projects: {
                            id: string;
                            name: string;
                            short_code: string | null;
                            organization_id: string;
                            organization_name: string;
                            season_id: string | null;
                            season_name: string | null;
                            project_template_id: string | null;
                            enable_plic_app_whitelist: boolean;
                            plic_app_whitelist_slugs: string[];
                            subjects_count: number;
                            attachments_count: number;
                            attachment_requests_count: number;
                            pending_attachment_requests_count: number;
                            project_exports_count: number;
                            head_size_share: number;
                            eye_line_from_top: number;
                            family_pose_deadline: string | null;
                            family_opt_outs_apply_at_once: boolean;
                            created_at: string;
                            updated_at: string;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiOrganizationsByIdProjectOrganizations: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organizations: {
                            id: string;
                            name: string;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    projectCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    project: {
                        name: string;
                        short_code?: string | null;
                        organization_id: string | number;
                        season_id?: (string | null) | (number | null);
                        enable_for_all_apps?: boolean;
                    };
                    project_template_id: string | number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project: {
                            id: string;
                            name: string;
                            short_code: string | null;
                            organization_id: string;
                            organization_name: string;
                            season_id: string | null;
                            season_name: string | null;
                            project_template_id: string | null;
                            enable_plic_app_whitelist: boolean;
                            plic_app_whitelist_slugs: string[];
                            subjects_count: number;
                            attachments_count: number;
                            attachment_requests_count: number;
                            pending_attachment_requests_count: number;
                            project_exports_count: number;
                            head_size_share: number;
                            eye_line_from_top: number;
                            family_pose_deadline: string | null;
                            family_opt_outs_apply_at_once: boolean;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    projectShow: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project: {
                            id: string;
                            name: string;
                            short_code: string | null;
                            organization_id: string;
                            organization_name: string;
                            season_id: string | null;
                            season_name: string | null;
                            project_template_id: string | null;
                            enable_plic_app_whitelist: boolean;
                            plic_app_whitelist_slugs: string[];
                            subjects_count: number;
                            attachments_count: number;
                            attachment_requests_count: number;
                            pending_attachment_requests_count: number;
                            project_exports_count: number;
                            head_size_share: number;
                            eye_line_from_top: number;
                            family_pose_deadline: string | null;
                            family_opt_outs_apply_at_once: boolean;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    projectDelete: {
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
                "application/json": {
                    confirm_name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_deletion: {
                            project_id: string;
                            /** @enum {string} */
                            status: "deleting";
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    projectUpdate: {
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
                "application/json": {
                    project?: {
                        name?: string;
                        short_code?: string | null;
                        season_id?: (string | null) | (number | null);
                        enable_for_all_apps?: boolean;
                        head_size_share?: number | null;
                        eye_line_from_top?: number | null;
                        /** Format: date-time */
                        family_pose_deadline?: string | null;
                    };
                    project_template_id?: string | number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project: {
                            id: string;
                            name: string;
                            short_code: string | null;
                            organization_id: string;
                            organization_name: string;
                            season_id: string | null;
                            season_name: string | null;
                            project_template_id: string | null;
                            enable_plic_app_whitelist: boolean;
                            plic_app_whitelist_slugs: string[];
                            subjects_count: number;
                            attachments_count: number;
                            attachment_requests_count: number;
                            pending_attachment_requests_count: number;
                            project_exports_count: number;
                            head_size_share: number;
                            eye_line_from_top: number;
                            family_pose_deadline: string | null;
                            family_opt_outs_apply_at_once: boolean;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    projectActivate: {
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
                "application/json": {
                    plic_app_id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project: {
                            id: string;
                            name: string;
                            short_code: string | null;
                            organization_id: string;
                            organization_name: string;
                            season_id: string | null;
                            season_name: string | null;
                            project_template_id: string | null;
                            enable_plic_app_whitelist: boolean;
                            plic_app_whitelist_slugs: string[];
                            subjects_count: number;
                            attachments_count: number;
                            attachment_requests_count: number;
                            pending_attachment_requests_count: number;
                            project_exports_count: number;
                            head_size_share: number;
                            eye_line_from_top: number;
                            family_pose_deadline: string | null;
                            family_opt_outs_apply_at_once: boolean;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    projectDataSummary: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data_summary: {
                            project_id: string;
                            project_name: string;
                            organization_name: string;
                            project_created_at: string;
                            counts: {
                                subjects: number;
                                photos: number;
                                files: number;
                                exports: number;
                                renders: number;
                                guardians: number;
                            };
                            field_names: string[];
                            hidden_fields_count: number;
                            storage: {
                                /** @enum {string} */
                                driver: "local" | "s3";
                                description: string;
                            };
                            retention: {
                                export_retention_days: number;
                                render_retention_days: number;
                                audit_retention_days: number;
                                guardian_retention_days: number;
                                walk_up_retention_days: number;
                            };
                            oldest_record_at: string | null;
                            newest_record_at: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    organizationShow: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization: {
                            id: string;
                            name: string;
                            role: string;
                            short_code: string | null;
                            contact_name: string | null;
                            contact_phone: string | null;
                            contact_email: string | null;
                            logo_url: string | null;
                            logo_thumb_url: string | null;
                            support_url: string | null;
                            parent_organization_id: string | null;
                            parent_organization_name: string | null;
                            current_season_id: string | null;
                            created_at: string;
                            updated_at: string;
                            support_links: {
                                id: string;
                                label: string;
                                external_url: string;
                                plic_app_slug: string;
                            }[];
                            support_contacts: {
                                id: string;
                                label: string;
                                name: string | null;
                                email: string | null;
                                phone_number: string | null;
                                phone_number_formatted: string | null;
                                plic_app_slug: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    organizationUpdate: {
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
                "application/json": {
                    organization: {
                        name?: string;
                        short_code?: string | null;
                        contact_name?: string | null;
                        contact_phone?: string | null;
                        contact_email?: string | null;
                        logo_url?: string | null;
                        support_url?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization: {
                            id: string;
                            name: string;
                            role: string;
                            short_code: string | null;
                            contact_name: string | null;
                            contact_phone: string | null;
                            contact_email: string | null;
                            logo_url: string | null;
                            logo_thumb_url: string | null;
                            support_url: string | null;
                            parent_organization_id: string | null;
                            parent_organization_name: string | null;
                            current_season_id: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    organizationListChildren: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                traverse_sub_organizations?: "true" | "false";
                keyword?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organizations: {
                            id: string;
                            name: string;
                            role: string;
                            short_code: string | null;
                            contact_name: string | null;
                            contact_phone: string | null;
                            contact_email: string | null;
                            logo_url: string | null;
                            logo_thumb_url: string | null;
                            support_url: string | null;
                            parent_organization_id: string | null;
                            parent_organization_name: string | null;
                            current_season_id: string | null;
                            created_at: string;
                            updated_at: string;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    organizationCreateChild: {
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
                "application/json": {
                    organization: {
                        name: string;
                        /** @enum {string} */
                        role?: "customer_role" | "studio_role" | "lab_role" | "vertically_integrated_role";
                        short_code?: string | null;
                        contact_name?: string | null;
                        contact_phone?: string | null;
                        contact_email?: string | null;
                        logo_url?: string | null;
                        support_url?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization: {
                            id: string;
                            name: string;
                            role: string;
                            short_code: string | null;
                            contact_name: string | null;
                            contact_phone: string | null;
                            contact_email: string | null;
                            logo_url: string | null;
                            logo_thumb_url: string | null;
                            support_url: string | null;
                            parent_organization_id: string | null;
                            parent_organization_name: string | null;
                            current_season_id: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    organizationSupport: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        organization: {
                            id: string;
                            name: string;
                        };
                        support_links: {
                            id: string;
                            label: string;
                            external_url: string;
                            plic_app_slug: string;
                        }[];
                        support_contacts: {
                            id: string;
                            label: string;
                            name: string | null;
                            email: string | null;
                            phone_number: string | null;
                            phone_number_formatted: string | null;
                            plic_app_slug: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    organizationListAccounts: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                traverse_sub_organizations?: "true" | "false";
                keyword?: string;
                include_managed_organization_ids?: "true" | "false";
                include_organizations?: "true" | "false";
                include_users?: "true" | "false";
                "filter[school_portal_permission]"?: "allowed" | "not-allowed";
                "filter[invite_status]"?: "accepted" | "sent" | "not-sent";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accounts: {
                            id: string;
                            user_id: string;
                            organization_id: string;
                            created_at: string;
                            enabled_for_school_portal: boolean;
                            /** @enum {string} */
                            school_portal_permission: "allowed" | "not-allowed";
                            managed_organization_ids?: string[];
                            user?: {
                                id: string;
                                name: string;
                                email: string;
                                invitation_sent_at: string | null;
                                invitation_accepted_at: string | null;
                                created_at: string;
                            };
                            organization?: {
                                id: string;
                                name: string;
                                role: string;
                            };
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    organizationListUsers: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                traverse_sub_organizations?: "true" | "false";
                keyword?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: {
                            id: string;
                            name: string;
                            email: string;
                            invitation_sent_at: string | null;
                            invitation_accepted_at: string | null;
                            created_at: string;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    userCreate: {
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
                "application/json": {
                    user: {
                        name: string;
                        email: string;
                        enable_for_all_apps?: boolean;
                        organization_id?: unknown;
                    };
                    /** @default school-portal */
                    plic_app_id?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            name: string;
                            email: string;
                            organization_id: string | null;
                            organization_name: string | null;
                            roles: string[];
                            current_account_id: string | null;
                            default_account_id: string | null;
                            accounts_count: number;
                            active_plic_app_slugs: string[];
                            manages_own_organization: boolean;
                            managed_sub_organization_ids: string[];
                            enable_plic_app_whitelist: boolean;
                            plic_app_whitelist_slugs: string[];
                            invitation_sent_at: string | null;
                            invitation_accepted_at: string | null;
                            invitation_sent: boolean;
                            invitation_accepted: boolean;
                            plic_user_admin_url: string | null;
                            created_at: string;
                            current_account: {
                                id: string;
                                user_id: string;
                                organization_id: string;
                                created_at: string;
                                managed_organization_ids: string[];
                                enabled_for_school_portal: boolean;
                                enabled_for_plic_io: boolean;
                                enable_plic_app_whitelist: boolean;
                                plic_app_whitelist_slugs: string[];
                                is_default: boolean;
                                is_current: boolean;
                                organization: {
                                    id: string;
                                    name: string | null;
                                    /** @enum {string} */
                                    role: "customer_role" | "studio_role" | "lab_role" | "vertically_integrated_role";
                                    short_code: string | null;
                                    parent_organization_id: string | null;
                                    parent_organization_name: string | null;
                                };
                            } | null;
                            accounts?: {
                                id: string;
                                user_id: string;
                                organization_id: string;
                                created_at: string;
                                managed_organization_ids: string[];
                                enabled_for_school_portal: boolean;
                                enabled_for_plic_io: boolean;
                                enable_plic_app_whitelist: boolean;
                                plic_app_whitelist_slugs: string[];
                                is_default: boolean;
                                is_current: boolean;
                                organization: {
                                    id: string;
                                    name: string | null;
                                    /** @enum {string} */
                                    role: "customer_role" | "studio_role" | "lab_role" | "vertically_integrated_role";
                                    short_code: string | null;
                                    parent_organization_id: string | null;
                                    parent_organization_name: string | null;
                                };
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    userInvite: {
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
                "application/json": {
                    /** @default school-portal */
                    plic_app_id?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            name: string;
                            email: string;
                            organization_id: string | null;
                            organization_name: string | null;
                            roles: string[];
                            current_account_id: string | null;
                            default_account_id: string | null;
                            accounts_count: number;
                            active_plic_app_slugs: string[];
                            manages_own_organization: boolean;
                            managed_sub_organization_ids: string[];
                            enable_plic_app_whitelist: boolean;
                            plic_app_whitelist_slugs: string[];
                            invitation_sent_at: string | null;
                            invitation_accepted_at: string | null;
                            invitation_sent: boolean;
                            invitation_accepted: boolean;
                            plic_user_admin_url: string | null;
                            created_at: string;
                            current_account: {
                                id: string;
                                user_id: string;
                                organization_id: string;
                                created_at: string;
                                managed_organization_ids: string[];
                                enabled_for_school_portal: boolean;
                                enabled_for_plic_io: boolean;
                                enable_plic_app_whitelist: boolean;
                                plic_app_whitelist_slugs: string[];
                                is_default: boolean;
                                is_current: boolean;
                                organization: {
                                    id: string;
                                    name: string | null;
                                    /** @enum {string} */
                                    role: "customer_role" | "studio_role" | "lab_role" | "vertically_integrated_role";
                                    short_code: string | null;
                                    parent_organization_id: string | null;
                                    parent_organization_name: string | null;
                                };
                            } | null;
                            accounts?: {
                                id: string;
                                user_id: string;
                                organization_id: string;
                                created_at: string;
                                managed_organization_ids: string[];
                                enabled_for_school_portal: boolean;
                                enabled_for_plic_io: boolean;
                                enable_plic_app_whitelist: boolean;
                                plic_app_whitelist_slugs: string[];
                                is_default: boolean;
                                is_current: boolean;
                                organization: {
                                    id: string;
                                    name: string | null;
                                    /** @enum {string} */
                                    role: "customer_role" | "studio_role" | "lab_role" | "vertically_integrated_role";
                                    short_code: string | null;
                                    parent_organization_id: string | null;
                                    parent_organization_name: string | null;
                                };
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiInvitationsByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitation: {
                            name: string;
                            email: string;
                            expires_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiInvitationsByTokenAccept: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                        expires_in: number;
                        created_at: number;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    seasonList: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                include_inherited?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        seasons: {
                            id: string;
                            organization_id: string;
                            name: string;
                            period_start: string | null;
                            period_end: string | null;
                            current: boolean;
                            projects_count: number;
                            created_at: string;
                            updated_at: string;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    seasonCreate: {
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
                "application/json": {
                    season: {
                        name: string;
                        /** Format: date */
                        period_start?: string | null;
                        /** Format: date */
                        period_end?: string | null;
                        current?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        season: {
                            id: string;
                            organization_id: string;
                            name: string;
                            period_start: string | null;
                            period_end: string | null;
                            current: boolean;
                            projects_count: number;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    seasonShow: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        season: {
                            id: string;
                            organization_id: string;
                            name: string;
                            period_start: string | null;
                            period_end: string | null;
                            current: boolean;
                            projects_count: number;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiProjectsByIdProjectExportFormats: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_export_formats: {
                            id: string;
                            name: string;
                            organization_id: string | null;
                            organization_name: string | null;
                            standard_key: string | null;
                            is_global: boolean;
                            is_custom: boolean;
                            created_by_user_id: string | null;
                            created_by_user_name: string | null;
                            created_by_user_deleted: boolean;
                            available_to_suborganizations: boolean;
                            restrict_to_orgs_managed_by_creator: boolean;
                            output_directory_name: string | null;
                            include_data: boolean;
                            include_images: boolean;
                            include_readme: boolean;
                            files_at_root: boolean;
                            copyright_statement: string | null;
                            yearbook: boolean;
                            allow_custom_directory_group_field: boolean;
                            directory_group_field_key: string | null;
                            duplicate_search_fields: string[];
                            field_mappings: {
                                field_key: string | null;
                                custom_label: string | null;
                                position: number;
                            }[];
                            data_directory_name: string | null;
                            data_directory_group_enabled: boolean;
                            data_delimiter_format: string;
                            data_newline_format: string;
                            data_file_name: string;
                            data_file_extension: string;
                            data_allow_custom_file_name: boolean;
                            data_downcase_field_names: boolean;
                            data_include_headers: boolean;
                            data_quote_fields: boolean;
                            data_include_unmapped_fields: boolean;
                            data_zero_pad_field_key: string | null;
                            data_zero_pad_field_length: number | null;
                            data_escape_formulas: boolean;
                            /** @enum {string} */
                            data_encoding: "utf-8" | "utf-8-bom" | "windows-1252" | "ascii";
                            data_master_file: boolean;
                            data_image_rows_only: boolean;
                            images_directory_name: string | null;
                            images_directory_group_enabled: boolean;
                            images_content_type: string;
                            images_crop_width_pixels: number;
                            images_crop_height_pixels: number;
                            images_pixels_per_inch: number | null;
                            images_name_primary_field_first_key: string | null;
                            images_name_primary_field_second_key: string | null;
                            images_name_primary_separator: string | null;
                            images_name_zero_pad_enabled: boolean;
                            images_name_zero_pad_length: number;
                            images_name_append_sequential_number: boolean;
                            created_at: string;
                            updated_at: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiOrganizationsByIdProjectExportFormats: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_export_formats: {
                            id: string;
                            name: string;
                            organization_id: string | null;
                            organization_name: string | null;
                            standard_key: string | null;
                            is_global: boolean;
                            is_custom: boolean;
                            created_by_user_id: string | null;
                            created_by_user_name: string | null;
                            created_by_user_deleted: boolean;
                            available_to_suborganizations: boolean;
                            restrict_to_orgs_managed_by_creator: boolean;
                            output_directory_name: string | null;
                            include_data: boolean;
                            include_images: boolean;
                            include_readme: boolean;
                            files_at_root: boolean;
                            copyright_statement: string | null;
                            yearbook: boolean;
                            allow_custom_directory_group_field: boolean;
                            directory_group_field_key: string | null;
                            duplicate_search_fields: string[];
                            field_mappings: {
                                field_key: string | null;
                                custom_label: string | null;
                                position: number;
                            }[];
                            data_directory_name: string | null;
                            data_directory_group_enabled: boolean;
                            data_delimiter_format: string;
                            data_newline_format: string;
                            data_file_name: string;
                            data_file_extension: string;
                            data_allow_custom_file_name: boolean;
                            data_downcase_field_names: boolean;
                            data_include_headers: boolean;
                            data_quote_fields: boolean;
                            data_include_unmapped_fields: boolean;
                            data_zero_pad_field_key: string | null;
                            data_zero_pad_field_length: number | null;
                            data_escape_formulas: boolean;
                            /** @enum {string} */
                            data_encoding: "utf-8" | "utf-8-bom" | "windows-1252" | "ascii";
                            data_master_file: boolean;
                            data_image_rows_only: boolean;
                            images_directory_name: string | null;
                            images_directory_group_enabled: boolean;
                            images_content_type: string;
                            images_crop_width_pixels: number;
                            images_crop_height_pixels: number;
                            images_pixels_per_inch: number | null;
                            images_name_primary_field_first_key: string | null;
                            images_name_primary_field_second_key: string | null;
                            images_name_primary_separator: string | null;
                            images_name_zero_pad_enabled: boolean;
                            images_name_zero_pad_length: number;
                            images_name_append_sequential_number: boolean;
                            created_at: string;
                            updated_at: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    exportFormatCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    project_export_format: {
                        name: string;
                        /** @default false */
                        available_to_suborganizations?: boolean;
                        /** @default false */
                        restrict_to_orgs_managed_by_creator?: boolean;
                        output_directory_name?: string | null;
                        /** @default true */
                        include_data?: boolean;
                        /** @default true */
                        include_images?: boolean;
                        /** @default true */
                        include_readme?: boolean;
                        /** @default false */
                        files_at_root?: boolean;
                        copyright_statement?: string | null;
                        /** @default false */
                        yearbook?: boolean;
                        /** @default false */
                        allow_custom_directory_group_field?: boolean;
                        directory_group_field_key?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | null) | ("" | null);
                        /**
                         * @default [
                         *       "first_name",
                         *       "last_name",
                         *       "student_id"
                         *     ]
                         */
                        duplicate_search_fields?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes")[];
                        field_mappings?: {
                            /** @enum {string|null} */
                            field_key?: "student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | "image_file_name" | "image_folder" | "volume" | "image_size" | null;
                            custom_label?: string | null;
                            position: number;
                        }[];
                        data_directory_name?: string | null;
                        /** @default false */
                        data_directory_group_enabled?: boolean;
                        /**
                         * @default comma
                         * @enum {string}
                         */
                        data_delimiter_format?: "comma" | "tab" | "space";
                        /**
                         * @default crlf
                         * @enum {string}
                         */
                        data_newline_format?: "crlf" | "lf" | "cr";
                        /** @default data */
                        data_file_name?: string;
                        /**
                         * @default csv
                         * @enum {string}
                         */
                        data_file_extension?: "csv" | "txt";
                        /** @default false */
                        data_allow_custom_file_name?: boolean;
                        /** @default false */
                        data_downcase_field_names?: boolean;
                        /** @default true */
                        data_include_headers?: boolean;
                        /** @default false */
                        data_quote_fields?: boolean;
                        /** @default false */
                        data_include_unmapped_fields?: boolean;
                        data_zero_pad_field_key?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | null) | ("" | null);
                        data_zero_pad_field_length?: number | null;
                        /** @default true */
                        data_escape_formulas?: boolean;
                        /**
                         * @default utf-8
                         * @enum {string}
                         */
                        data_encoding?: "utf-8" | "utf-8-bom" | "windows-1252" | "ascii";
                        /** @default false */
                        data_master_file?: boolean;
                        /** @default false */
                        data_image_rows_only?: boolean;
                        images_directory_name?: string | null;
                        /** @default false */
                        images_directory_group_enabled?: boolean;
                        /**
                         * @default image/jpeg
                         * @enum {string}
                         */
                        images_content_type?: "image/jpeg" | "image/png" | "image/bmp";
                        images_crop_width_pixels?: number | null;
                        images_crop_height_pixels?: number | null;
                        images_pixels_per_inch?: number | null;
                        images_name_primary_field_first_key?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | null) | ("" | null);
                        images_name_primary_field_second_key?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | null) | ("" | null);
                        /** @default underscore */
                        images_name_primary_separator?: ("underscore" | "hyphen" | "comma" | null) | ("" | null);
                        /** @default false */
                        images_name_zero_pad_enabled?: boolean;
                        images_name_zero_pad_length?: number | null;
                        /** @default false */
                        images_name_append_sequential_number?: boolean;
                        organization_id?: string | number;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_export_format: {
                            id: string;
                            name: string;
                            organization_id: string | null;
                            organization_name: string | null;
                            standard_key: string | null;
                            is_global: boolean;
                            is_custom: boolean;
                            created_by_user_id: string | null;
                            created_by_user_name: string | null;
                            created_by_user_deleted: boolean;
                            available_to_suborganizations: boolean;
                            restrict_to_orgs_managed_by_creator: boolean;
                            output_directory_name: string | null;
                            include_data: boolean;
                            include_images: boolean;
                            include_readme: boolean;
                            files_at_root: boolean;
                            copyright_statement: string | null;
                            yearbook: boolean;
                            allow_custom_directory_group_field: boolean;
                            directory_group_field_key: string | null;
                            duplicate_search_fields: string[];
                            field_mappings: {
                                field_key: string | null;
                                custom_label: string | null;
                                position: number;
                            }[];
                            data_directory_name: string | null;
                            data_directory_group_enabled: boolean;
                            data_delimiter_format: string;
                            data_newline_format: string;
                            data_file_name: string;
                            data_file_extension: string;
                            data_allow_custom_file_name: boolean;
                            data_downcase_field_names: boolean;
                            data_include_headers: boolean;
                            data_quote_fields: boolean;
                            data_include_unmapped_fields: boolean;
                            data_zero_pad_field_key: string | null;
                            data_zero_pad_field_length: number | null;
                            data_escape_formulas: boolean;
                            /** @enum {string} */
                            data_encoding: "utf-8" | "utf-8-bom" | "windows-1252" | "ascii";
                            data_master_file: boolean;
                            data_image_rows_only: boolean;
                            images_directory_name: string | null;
                            images_directory_group_enabled: boolean;
                            images_content_type: string;
                            images_crop_width_pixels: number;
                            images_crop_height_pixels: number;
                            images_pixels_per_inch: number | null;
                            images_name_primary_field_first_key: string | null;
                            images_name_primary_field_second_key: string | null;
                            images_name_primary_separator: string | null;
                            images_name_zero_pad_enabled: boolean;
                            images_name_zero_pad_length: number;
                            images_name_append_sequential_number: boolean;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    exportFormatShow: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_export_format: {
                            id: string;
                            name: string;
                            organization_id: string | null;
                            organization_name: string | null;
                            standard_key: string | null;
                            is_global: boolean;
                            is_custom: boolean;
                            created_by_user_id: string | null;
                            created_by_user_name: string | null;
                            created_by_user_deleted: boolean;
                            available_to_suborganizations: boolean;
                            restrict_to_orgs_managed_by_creator: boolean;
                            output_directory_name: string | null;
                            include_data: boolean;
                            include_images: boolean;
                            include_readme: boolean;
                            files_at_root: boolean;
                            copyright_statement: string | null;
                            yearbook: boolean;
                            allow_custom_directory_group_field: boolean;
                            directory_group_field_key: string | null;
                            duplicate_search_fields: string[];
                            field_mappings: {
                                field_key: string | null;
                                custom_label: string | null;
                                position: number;
                            }[];
                            data_directory_name: string | null;
                            data_directory_group_enabled: boolean;
                            data_delimiter_format: string;
                            data_newline_format: string;
                            data_file_name: string;
                            data_file_extension: string;
                            data_allow_custom_file_name: boolean;
                            data_downcase_field_names: boolean;
                            data_include_headers: boolean;
                            data_quote_fields: boolean;
                            data_include_unmapped_fields: boolean;
                            data_zero_pad_field_key: string | null;
                            data_zero_pad_field_length: number | null;
                            data_escape_formulas: boolean;
                            /** @enum {string} */
                            data_encoding: "utf-8" | "utf-8-bom" | "windows-1252" | "ascii";
                            data_master_file: boolean;
                            data_image_rows_only: boolean;
                            images_directory_name: string | null;
                            images_directory_group_enabled: boolean;
                            images_content_type: string;
                            images_crop_width_pixels: number;
                            images_crop_height_pixels: number;
                            images_pixels_per_inch: number | null;
                            images_name_primary_field_first_key: string | null;
                            images_name_primary_field_second_key: string | null;
                            images_name_primary_separator: string | null;
                            images_name_zero_pad_enabled: boolean;
                            images_name_zero_pad_length: number;
                            images_name_append_sequential_number: boolean;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    exportFormatUpdate: {
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
                "application/json": {
                    project_export_format: {
                        name: string;
                        /** @default false */
                        available_to_suborganizations?: boolean;
                        /** @default false */
                        restrict_to_orgs_managed_by_creator?: boolean;
                        output_directory_name?: string | null;
                        /** @default true */
                        include_data?: boolean;
                        /** @default true */
                        include_images?: boolean;
                        /** @default true */
                        include_readme?: boolean;
                        /** @default false */
                        files_at_root?: boolean;
                        copyright_statement?: string | null;
                        /** @default false */
                        yearbook?: boolean;
                        /** @default false */
                        allow_custom_directory_group_field?: boolean;
                        directory_group_field_key?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | null) | ("" | null);
                        /**
                         * @default [
                         *       "first_name",
                         *       "last_name",
                         *       "student_id"
                         *     ]
                         */
                        duplicate_search_fields?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes")[];
                        field_mappings?: {
                            /** @enum {string|null} */
                            field_key?: "student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | "image_file_name" | "image_folder" | "volume" | "image_size" | null;
                            custom_label?: string | null;
                            position: number;
                        }[];
                        data_directory_name?: string | null;
                        /** @default false */
                        data_directory_group_enabled?: boolean;
                        /**
                         * @default comma
                         * @enum {string}
                         */
                        data_delimiter_format?: "comma" | "tab" | "space";
                        /**
                         * @default crlf
                         * @enum {string}
                         */
                        data_newline_format?: "crlf" | "lf" | "cr";
                        /** @default data */
                        data_file_name?: string;
                        /**
                         * @default csv
                         * @enum {string}
                         */
                        data_file_extension?: "csv" | "txt";
                        /** @default false */
                        data_allow_custom_file_name?: boolean;
                        /** @default false */
                        data_downcase_field_names?: boolean;
                        /** @default true */
                        data_include_headers?: boolean;
                        /** @default false */
                        data_quote_fields?: boolean;
                        /** @default false */
                        data_include_unmapped_fields?: boolean;
                        data_zero_pad_field_key?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | null) | ("" | null);
                        data_zero_pad_field_length?: number | null;
                        /** @default true */
                        data_escape_formulas?: boolean;
                        /**
                         * @default utf-8
                         * @enum {string}
                         */
                        data_encoding?: "utf-8" | "utf-8-bom" | "windows-1252" | "ascii";
                        /** @default false */
                        data_master_file?: boolean;
                        /** @default false */
                        data_image_rows_only?: boolean;
                        images_directory_name?: string | null;
                        /** @default false */
                        images_directory_group_enabled?: boolean;
                        /**
                         * @default image/jpeg
                         * @enum {string}
                         */
                        images_content_type?: "image/jpeg" | "image/png" | "image/bmp";
                        images_crop_width_pixels?: number | null;
                        images_crop_height_pixels?: number | null;
                        images_pixels_per_inch?: number | null;
                        images_name_primary_field_first_key?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | null) | ("" | null);
                        images_name_primary_field_second_key?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | null) | ("" | null);
                        /** @default underscore */
                        images_name_primary_separator?: ("underscore" | "hyphen" | "comma" | null) | ("" | null);
                        /** @default false */
                        images_name_zero_pad_enabled?: boolean;
                        images_name_zero_pad_length?: number | null;
                        /** @default false */
                        images_name_append_sequential_number?: boolean;
                        organization_id?: string | number;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_export_format: {
                            id: string;
                            name: string;
                            organization_id: string | null;
                            organization_name: string | null;
                            standard_key: string | null;
                            is_global: boolean;
                            is_custom: boolean;
                            created_by_user_id: string | null;
                            created_by_user_name: string | null;
                            created_by_user_deleted: boolean;
                            available_to_suborganizations: boolean;
                            restrict_to_orgs_managed_by_creator: boolean;
                            output_directory_name: string | null;
                            include_data: boolean;
                            include_images: boolean;
                            include_readme: boolean;
                            files_at_root: boolean;
                            copyright_statement: string | null;
                            yearbook: boolean;
                            allow_custom_directory_group_field: boolean;
                            directory_group_field_key: string | null;
                            duplicate_search_fields: string[];
                            field_mappings: {
                                field_key: string | null;
                                custom_label: string | null;
                                position: number;
                            }[];
                            data_directory_name: string | null;
                            data_directory_group_enabled: boolean;
                            data_delimiter_format: string;
                            data_newline_format: string;
                            data_file_name: string;
                            data_file_extension: string;
                            data_allow_custom_file_name: boolean;
                            data_downcase_field_names: boolean;
                            data_include_headers: boolean;
                            data_quote_fields: boolean;
                            data_include_unmapped_fields: boolean;
                            data_zero_pad_field_key: string | null;
                            data_zero_pad_field_length: number | null;
                            data_escape_formulas: boolean;
                            /** @enum {string} */
                            data_encoding: "utf-8" | "utf-8-bom" | "windows-1252" | "ascii";
                            data_master_file: boolean;
                            data_image_rows_only: boolean;
                            images_directory_name: string | null;
                            images_directory_group_enabled: boolean;
                            images_content_type: string;
                            images_crop_width_pixels: number;
                            images_crop_height_pixels: number;
                            images_pixels_per_inch: number | null;
                            images_name_primary_field_first_key: string | null;
                            images_name_primary_field_second_key: string | null;
                            images_name_primary_separator: string | null;
                            images_name_zero_pad_enabled: boolean;
                            images_name_zero_pad_length: number;
                            images_name_append_sequential_number: boolean;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    exportFormatDelete: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    exportFormatCopy: {
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
                "application/json": {
                    project_export_format: {
                        name: string;
                        /** @default false */
                        available_to_suborganizations?: boolean;
                        /** @default false */
                        restrict_to_orgs_managed_by_creator?: boolean;
                        output_directory_name?: string | null;
                        /** @default true */
                        include_data?: boolean;
                        /** @default true */
                        include_images?: boolean;
                        /** @default true */
                        include_readme?: boolean;
                        /** @default false */
                        files_at_root?: boolean;
                        copyright_statement?: string | null;
                        /** @default false */
                        yearbook?: boolean;
                        /** @default false */
                        allow_custom_directory_group_field?: boolean;
                        directory_group_field_key?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | null) | ("" | null);
                        /**
                         * @default [
                         *       "first_name",
                         *       "last_name",
                         *       "student_id"
                         *     ]
                         */
                        duplicate_search_fields?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes")[];
                        field_mappings?: {
                            /** @enum {string|null} */
                            field_key?: "student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | "image_file_name" | "image_folder" | "volume" | "image_size" | null;
                            custom_label?: string | null;
                            position: number;
                        }[];
                        data_directory_name?: string | null;
                        /** @default false */
                        data_directory_group_enabled?: boolean;
                        /**
                         * @default comma
                         * @enum {string}
                         */
                        data_delimiter_format?: "comma" | "tab" | "space";
                        /**
                         * @default crlf
                         * @enum {string}
                         */
                        data_newline_format?: "crlf" | "lf" | "cr";
                        /** @default data */
                        data_file_name?: string;
                        /**
                         * @default csv
                         * @enum {string}
                         */
                        data_file_extension?: "csv" | "txt";
                        /** @default false */
                        data_allow_custom_file_name?: boolean;
                        /** @default false */
                        data_downcase_field_names?: boolean;
                        /** @default true */
                        data_include_headers?: boolean;
                        /** @default false */
                        data_quote_fields?: boolean;
                        /** @default false */
                        data_include_unmapped_fields?: boolean;
                        data_zero_pad_field_key?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | null) | ("" | null);
                        data_zero_pad_field_length?: number | null;
                        /** @default true */
                        data_escape_formulas?: boolean;
                        /**
                         * @default utf-8
                         * @enum {string}
                         */
                        data_encoding?: "utf-8" | "utf-8-bom" | "windows-1252" | "ascii";
                        /** @default false */
                        data_master_file?: boolean;
                        /** @default false */
                        data_image_rows_only?: boolean;
                        images_directory_name?: string | null;
                        /** @default false */
                        images_directory_group_enabled?: boolean;
                        /**
                         * @default image/jpeg
                         * @enum {string}
                         */
                        images_content_type?: "image/jpeg" | "image/png" | "image/bmp";
                        images_crop_width_pixels?: number | null;
                        images_crop_height_pixels?: number | null;
                        images_pixels_per_inch?: number | null;
                        images_name_primary_field_first_key?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | null) | ("" | null);
                        images_name_primary_field_second_key?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | null) | ("" | null);
                        /** @default underscore */
                        images_name_primary_separator?: ("underscore" | "hyphen" | "comma" | null) | ("" | null);
                        /** @default false */
                        images_name_zero_pad_enabled?: boolean;
                        images_name_zero_pad_length?: number | null;
                        /** @default false */
                        images_name_append_sequential_number?: boolean;
                        organization_id?: string | number;
                    };
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_export_format: {
                            id: string;
                            name: string;
                            organization_id: string | null;
                            organization_name: string | null;
                            standard_key: string | null;
                            is_global: boolean;
                            is_custom: boolean;
                            created_by_user_id: string | null;
                            created_by_user_name: string | null;
                            created_by_user_deleted: boolean;
                            available_to_suborganizations: boolean;
                            restrict_to_orgs_managed_by_creator: boolean;
                            output_directory_name: string | null;
                            include_data: boolean;
                            include_images: boolean;
                            include_readme: boolean;
                            files_at_root: boolean;
                            copyright_statement: string | null;
                            yearbook: boolean;
                            allow_custom_directory_group_field: boolean;
                            directory_group_field_key: string | null;
                            duplicate_search_fields: string[];
                            field_mappings: {
                                field_key: string | null;
                                custom_label: string | null;
                                position: number;
                            }[];
                            data_directory_name: string | null;
                            data_directory_group_enabled: boolean;
                            data_delimiter_format: string;
                            data_newline_format: string;
                            data_file_name: string;
                            data_file_extension: string;
                            data_allow_custom_file_name: boolean;
                            data_downcase_field_names: boolean;
                            data_include_headers: boolean;
                            data_quote_fields: boolean;
                            data_include_unmapped_fields: boolean;
                            data_zero_pad_field_key: string | null;
                            data_zero_pad_field_length: number | null;
                            data_escape_formulas: boolean;
                            /** @enum {string} */
                            data_encoding: "utf-8" | "utf-8-bom" | "windows-1252" | "ascii";
                            data_master_file: boolean;
                            data_image_rows_only: boolean;
                            images_directory_name: string | null;
                            images_directory_group_enabled: boolean;
                            images_content_type: string;
                            images_crop_width_pixels: number;
                            images_crop_height_pixels: number;
                            images_pixels_per_inch: number | null;
                            images_name_primary_field_first_key: string | null;
                            images_name_primary_field_second_key: string | null;
                            images_name_primary_separator: string | null;
                            images_name_zero_pad_enabled: boolean;
                            images_name_zero_pad_length: number;
                            images_name_append_sequential_number: boolean;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    layoutList: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        layout_categories: {
                            id: string;
                            slug: string;
                            name: string;
                            organization_id: string | null;
                            layouts_count: number;
                            layouts: {
                                id: string;
                                name: string;
                                layout_category_id: string;
                                organization_id: string | null;
                                /** @enum {string} */
                                layout_type: "Basic" | "Sheet";
                                definition: {
                                    [key: string]: unknown;
                                };
                                grid_width: number | null;
                                grid_height: number | null;
                                parent_layout_id: string | null;
                                sub_layout_ids: string[];
                                flipped_layout_id: string | null;
                                pose_number: number | null;
                                preview_url: string;
                            }[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiLayoutCategoriesById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        layout_category: {
                            id: string;
                            slug: string;
                            name: string;
                            organization_id: string | null;
                            layouts_count: number;
                            layouts: {
                                id: string;
                                name: string;
                                layout_category_id: string;
                                organization_id: string | null;
                                /** @enum {string} */
                                layout_type: "Basic" | "Sheet";
                                definition: {
                                    [key: string]: unknown;
                                };
                                grid_width: number | null;
                                grid_height: number | null;
                                parent_layout_id: string | null;
                                sub_layout_ids: string[];
                                flipped_layout_id: string | null;
                                pose_number: number | null;
                                preview_url: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiLayoutsById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        layout: {
                            id: string;
                            name: string;
                            layout_category_id: string;
                            organization_id: string | null;
                            /** @enum {string} */
                            layout_type: "Basic" | "Sheet";
                            definition: {
                                [key: string]: unknown;
                            };
                            grid_width: number | null;
                            grid_height: number | null;
                            parent_layout_id: string | null;
                            sub_layout_ids: string[];
                            flipped_layout_id: string | null;
                            pose_number: number | null;
                            preview_url: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    layoutUpdate: {
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
                "application/json": {
                    layout: {
                        name?: string;
                        definition: {
                            page: {
                                width: number;
                                height: number;
                                /**
                                 * @default {
                                 *       "top": 36,
                                 *       "right": 36,
                                 *       "bottom": 36,
                                 *       "left": 36
                                 *     }
                                 */
                                margins?: {
                                    top: number;
                                    right: number;
                                    bottom: number;
                                    left: number;
                                };
                            };
                            grid: {
                                width: number;
                                height: number;
                                /**
                                 * @default fixed
                                 * @enum {string}
                                 */
                                fit?: "fixed" | "group";
                            };
                            unit: {
                                width: number;
                                height: number;
                                boxes: ({
                                    /** @enum {string} */
                                    kind: "photo";
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                    /**
                                     * @default primary
                                     * @enum {string}
                                     */
                                    pose?: "primary" | "latest";
                                    /**
                                     * @default portrait
                                     * @enum {string}
                                     */
                                    orientation?: "portrait" | "landscape";
                                } | {
                                    /** @enum {string} */
                                    kind: "text";
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                    template: string;
                                    size: number;
                                    min_size?: number;
                                    /**
                                     * @default normal
                                     * @enum {string}
                                     */
                                    weight?: "normal" | "bold";
                                    /**
                                     * @default left
                                     * @enum {string}
                                     */
                                    align?: "left" | "center" | "right";
                                } | {
                                    /** @enum {string} */
                                    kind: "barcode";
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                    field: string;
                                    /**
                                     * @default code128
                                     * @enum {string}
                                     */
                                    symbology?: "code128" | "qrcode";
                                } | {
                                    /** @enum {string} */
                                    kind: "static";
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                    text: string;
                                    size: number;
                                    /**
                                     * @default normal
                                     * @enum {string}
                                     */
                                    weight?: "normal" | "bold";
                                    /**
                                     * @default left
                                     * @enum {string}
                                     */
                                    align?: "left" | "center" | "right";
                                })[];
                            };
                            /**
                             * @default next
                             * @enum {string}
                             */
                            fill?: "same" | "next";
                            /** @default false */
                            cut_marks?: boolean;
                            /**
                             * @default {
                             *       "template": "{group}",
                             *       "size": 18
                             *     }
                             */
                            title?: {
                                /** @default {group} */
                                template?: string;
                                /** @default 18 */
                                size?: number;
                                lines?: {
                                    parts: string[];
                                    otherwise?: string;
                                    size: number;
                                    /**
                                     * @default normal
                                     * @enum {string}
                                     */
                                    weight?: "normal" | "bold";
                                }[];
                            };
                            /**
                             * @default page
                             * @enum {string}
                             */
                            group_break?: "page" | "flow";
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        layout: {
                            id: string;
                            name: string;
                            layout_category_id: string;
                            organization_id: string | null;
                            /** @enum {string} */
                            layout_type: "Basic" | "Sheet";
                            definition: {
                                [key: string]: unknown;
                            };
                            grid_width: number | null;
                            grid_height: number | null;
                            parent_layout_id: string | null;
                            sub_layout_ids: string[];
                            flipped_layout_id: string | null;
                            pose_number: number | null;
                            preview_url: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    layoutCopy: {
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
                "application/json": {
                    /** @default {} */
                    layout?: {
                        name?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        layout: {
                            id: string;
                            name: string;
                            layout_category_id: string;
                            organization_id: string | null;
                            /** @enum {string} */
                            layout_type: "Basic" | "Sheet";
                            definition: {
                                [key: string]: unknown;
                            };
                            grid_width: number | null;
                            grid_height: number | null;
                            parent_layout_id: string | null;
                            sub_layout_ids: string[];
                            flipped_layout_id: string | null;
                            pose_number: number | null;
                            preview_url: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiLayoutsByIdPreview: {
        parameters: {
            query?: {
                subject_id?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PNG image, 640x480 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    layoutRenderCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    layout_render: {
                        layout_id: string;
                        project_id: string;
                        pdf_name?: string;
                        batch_name?: string;
                        subject_ids?: string[];
                        filter?: {
                            keyword?: string;
                            field_1?: string;
                            value_1?: string;
                            field_2?: string;
                            value_2?: string;
                            /** @enum {string} */
                            images?: "any" | "with" | "without" | "retake";
                            /** Format: date-time */
                            added_since?: string;
                        } | null;
                        included_subject_ids?: string[];
                        excluded_subject_ids?: string[];
                        /** @default [] */
                        group_by?: string[];
                        /** @default [] */
                        sort_by?: string[];
                        /**
                         * @default leave_out
                         * @enum {string}
                         */
                        subjects_without_photo?: "leave_out" | "placeholder";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        layout_render: {
                            id: string;
                            project_id: string;
                            layout_id: string;
                            layout_name: string;
                            /** @enum {string} */
                            render_type: "Basic" | "Sheet";
                            render_name: string;
                            batch_name: string | null;
                            format: string;
                            subjects_count: number;
                            group_by: string[];
                            sort_by: string[];
                            /** @enum {string} */
                            subjects_without_photo: "leave_out" | "placeholder";
                            worker_token: string;
                            /** @enum {string} */
                            worker_status: "running" | "complete" | "failed";
                            failure_reason: string | null;
                            is_completed: boolean;
                            page_count: number | null;
                            download_url: string | null;
                            created_at: string;
                            completed_at: string | null;
                            expires_at: string | null;
                            expired_at: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    layoutRenderList: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                "render_types[]"?: ("Basic" | "Sheet")[];
                render_types?: ("Basic" | "Sheet")[];
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        layout_renders: {
                            id: string;
                            project_id: string;
                            layout_id: string;
                            layout_name: string;
                            /** @enum {string} */
                            render_type: "Basic" | "Sheet";
                            render_name: string;
                            batch_name: string | null;
                            format: string;
                            subjects_count: number;
                            group_by: string[];
                            sort_by: string[];
                            /** @enum {string} */
                            subjects_without_photo: "leave_out" | "placeholder";
                            worker_token: string;
                            /** @enum {string} */
                            worker_status: "running" | "complete" | "failed";
                            failure_reason: string | null;
                            is_completed: boolean;
                            page_count: number | null;
                            download_url: string | null;
                            created_at: string;
                            completed_at: string | null;
                            expires_at: string | null;
                            expired_at: string | null;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    layoutRenderWorkerStatuses: {
        parameters: {
            query?: {
                "worker_tokens[]"?: string[];
                worker_tokens?: string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        worker_statuses: {
                            worker_token: string;
                            /** @enum {string} */
                            worker_status: "running" | "complete" | "failed";
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    layoutRenderShow: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        layout_render: {
                            id: string;
                            project_id: string;
                            layout_id: string;
                            layout_name: string;
                            /** @enum {string} */
                            render_type: "Basic" | "Sheet";
                            render_name: string;
                            batch_name: string | null;
                            format: string;
                            subjects_count: number;
                            group_by: string[];
                            sort_by: string[];
                            /** @enum {string} */
                            subjects_without_photo: "leave_out" | "placeholder";
                            worker_token: string;
                            /** @enum {string} */
                            worker_status: "running" | "complete" | "failed";
                            failure_reason: string | null;
                            is_completed: boolean;
                            page_count: number | null;
                            download_url: string | null;
                            created_at: string;
                            completed_at: string | null;
                            expires_at: string | null;
                            expired_at: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    layoutRenderDownload: {
        parameters: {
            query?: {
                format?: "redirect" | "json";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        download: {
                            url: string;
                            expires_at: string;
                        };
                    };
                };
            };
            /** @description Redirect to the signed address (Location) */
            302: {
                headers: {
                    /** @description Where the answer is */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    projectExportList: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_exports: {
                            id: string;
                            project_id: string;
                            project_export_format_id: string | null;
                            project_export_format_name: string;
                            created_by_user: {
                                id: string;
                                name: string;
                                email: string;
                                deleted_at: string | null;
                            } | null;
                            subjects_count: number;
                            included_subject_ids: string[];
                            excluded_subject_ids: string[];
                            include_subjects_without_images: boolean;
                            use_default_photo_crops: boolean;
                            use_photo_crop_name: boolean;
                            duplicate_search_fields: string[];
                            custom_directory_group_field_key: string | null;
                            selected_pose: string;
                            /** @enum {string} */
                            selected_background: "default" | "ordered";
                            job_id: string | null;
                            /** @enum {string|null} */
                            job_status: "working" | "completed" | "failed" | null;
                            job_status_at: number | null;
                            job_status_total: number | null;
                            job_status_message: string | null;
                            created_at: string;
                            updated_at: string;
                            export_started_at: string | null;
                            export_completed_at: string | null;
                            expires_at: string | null;
                            expired_at: string | null;
                            stalled: boolean;
                            check_report: {
                                subjects_count: number;
                                issues: {
                                    /** @enum {string} */
                                    code: "missing_image" | "missing_value" | "duplicate_value" | "name_collision" | "forbidden_characters" | "leading_zeros" | "upscaled" | "no_crop" | "auto_cropped" | "missing_field" | "transliterated" | "left_out_of_index" | "yearbook_opt_out" | "leading_zeros_collide" | "leading_zeros_in_csv" | "not_a_number" | "pspa_row_without_image" | "pspa_name_not_unique" | "pspa_unsafe_name" | "pspa_image_size" | "pspa_aspect" | "pspa_staff_unmarked";
                                    message: string;
                                    field_key: string | null;
                                    count: number;
                                    subject_ids: string[];
                                    changes?: {
                                        subject_id: string;
                                        field: string;
                                        from: string;
                                        to: string;
                                    }[];
                                }[];
                            } | null;
                            download_path: string | null;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    projectExportCreate: {
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
                "application/json": {
                    project_export: {
                        project_export_format_id: string;
                        /** @default [] */
                        included_subject_ids?: string[];
                        /** @default [] */
                        excluded_subject_ids?: string[];
                        /** @default true */
                        include_subjects_without_images?: boolean;
                        /** @default true */
                        use_default_photo_crops?: boolean;
                        /** @default false */
                        use_photo_crop_name?: boolean;
                        /** @default [] */
                        duplicate_search_fields?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes")[];
                        custom_directory_group_field_key?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | null) | ("" | null);
                        /** @default primary */
                        selected_pose?: string;
                        /**
                         * @default default
                         * @enum {string}
                         */
                        selected_background?: "default" | "ordered";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_export: {
                            id: string;
                            project_id: string;
                            project_export_format_id: string | null;
                            project_export_format_name: string;
                            created_by_user: {
                                id: string;
                                name: string;
                                email: string;
                                deleted_at: string | null;
                            } | null;
                            subjects_count: number;
                            included_subject_ids: string[];
                            excluded_subject_ids: string[];
                            include_subjects_without_images: boolean;
                            use_default_photo_crops: boolean;
                            use_photo_crop_name: boolean;
                            duplicate_search_fields: string[];
                            custom_directory_group_field_key: string | null;
                            selected_pose: string;
                            /** @enum {string} */
                            selected_background: "default" | "ordered";
                            job_id: string | null;
                            /** @enum {string|null} */
                            job_status: "working" | "completed" | "failed" | null;
                            job_status_at: number | null;
                            job_status_total: number | null;
                            job_status_message: string | null;
                            created_at: string;
                            updated_at: string;
                            export_started_at: string | null;
                            export_completed_at: string | null;
                            expires_at: string | null;
                            expired_at: string | null;
                            stalled: boolean;
                            check_report: {
                                subjects_count: number;
                                issues: {
                                    /** @enum {string} */
                                    code: "missing_image" | "missing_value" | "duplicate_value" | "name_collision" | "forbidden_characters" | "leading_zeros" | "upscaled" | "no_crop" | "auto_cropped" | "missing_field" | "transliterated" | "left_out_of_index" | "yearbook_opt_out" | "leading_zeros_collide" | "leading_zeros_in_csv" | "not_a_number" | "pspa_row_without_image" | "pspa_name_not_unique" | "pspa_unsafe_name" | "pspa_image_size" | "pspa_aspect" | "pspa_staff_unmarked";
                                    message: string;
                                    field_key: string | null;
                                    count: number;
                                    subject_ids: string[];
                                    changes?: {
                                        subject_id: string;
                                        field: string;
                                        from: string;
                                        to: string;
                                    }[];
                                }[];
                            } | null;
                            download_path: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    projectExportCheck: {
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
                "application/json": {
                    project_export: {
                        project_export_format_id: string;
                        /** @default [] */
                        included_subject_ids?: string[];
                        /** @default [] */
                        excluded_subject_ids?: string[];
                        /** @default true */
                        include_subjects_without_images?: boolean;
                        /** @default true */
                        use_default_photo_crops?: boolean;
                        /** @default false */
                        use_photo_crop_name?: boolean;
                        /** @default [] */
                        duplicate_search_fields?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes")[];
                        custom_directory_group_field_key?: ("student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | null) | ("" | null);
                        /** @default primary */
                        selected_pose?: string;
                        /**
                         * @default default
                         * @enum {string}
                         */
                        selected_background?: "default" | "ordered";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        report: {
                            subjects_count: number;
                            issues: {
                                /** @enum {string} */
                                code: "missing_image" | "missing_value" | "duplicate_value" | "name_collision" | "forbidden_characters" | "leading_zeros" | "upscaled" | "no_crop" | "auto_cropped" | "missing_field" | "transliterated" | "left_out_of_index" | "yearbook_opt_out" | "leading_zeros_collide" | "leading_zeros_in_csv" | "not_a_number" | "pspa_row_without_image" | "pspa_name_not_unique" | "pspa_unsafe_name" | "pspa_image_size" | "pspa_aspect" | "pspa_staff_unmarked";
                                message: string;
                                field_key: string | null;
                                count: number;
                                subject_ids: string[];
                                changes?: {
                                    subject_id: string;
                                    field: string;
                                    from: string;
                                    to: string;
                                }[];
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    projectExportShow: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_export: {
                            id: string;
                            project_id: string;
                            project_export_format_id: string | null;
                            project_export_format_name: string;
                            created_by_user: {
                                id: string;
                                name: string;
                                email: string;
                                deleted_at: string | null;
                            } | null;
                            subjects_count: number;
                            included_subject_ids: string[];
                            excluded_subject_ids: string[];
                            include_subjects_without_images: boolean;
                            use_default_photo_crops: boolean;
                            use_photo_crop_name: boolean;
                            duplicate_search_fields: string[];
                            custom_directory_group_field_key: string | null;
                            selected_pose: string;
                            /** @enum {string} */
                            selected_background: "default" | "ordered";
                            job_id: string | null;
                            /** @enum {string|null} */
                            job_status: "working" | "completed" | "failed" | null;
                            job_status_at: number | null;
                            job_status_total: number | null;
                            job_status_message: string | null;
                            created_at: string;
                            updated_at: string;
                            export_started_at: string | null;
                            export_completed_at: string | null;
                            expires_at: string | null;
                            expired_at: string | null;
                            stalled: boolean;
                            check_report: {
                                subjects_count: number;
                                issues: {
                                    /** @enum {string} */
                                    code: "missing_image" | "missing_value" | "duplicate_value" | "name_collision" | "forbidden_characters" | "leading_zeros" | "upscaled" | "no_crop" | "auto_cropped" | "missing_field" | "transliterated" | "left_out_of_index" | "yearbook_opt_out" | "leading_zeros_collide" | "leading_zeros_in_csv" | "not_a_number" | "pspa_row_without_image" | "pspa_name_not_unique" | "pspa_unsafe_name" | "pspa_image_size" | "pspa_aspect" | "pspa_staff_unmarked";
                                    message: string;
                                    field_key: string | null;
                                    count: number;
                                    subject_ids: string[];
                                    changes?: {
                                        subject_id: string;
                                        field: string;
                                        from: string;
                                        to: string;
                                    }[];
                                }[];
                            } | null;
                            download_path: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    projectExportDelete: {
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
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": null;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    projectExportDownload: {
        parameters: {
            query?: {
                format?: "redirect" | "json";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        download: {
                            url: string;
                            expires_at: string;
                        };
                    };
                };
            };
            /** @description Redirect to the signed address (Location) */
            302: {
                headers: {
                    /** @description Where the answer is */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    yearbookTargetList: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        yearbook_targets: {
                            id: string;
                            project_id: string;
                            publisher: string;
                            publisher_name: string;
                            project_export_format_id: string | null;
                            project_export_format_name: string | null;
                            image_width: number | null;
                            image_height: number | null;
                            data_encoding: string | null;
                            header: boolean | null;
                            master_file: boolean | null;
                            deadlines: {
                                name: string;
                                /** @description YYYY-MM-DD */
                                date: string;
                                days_left: number;
                                passed: boolean;
                            }[];
                            notify_days_before: number;
                            school_contact_email: string | null;
                            pose_deadline: string | null;
                            poses_open: boolean;
                            deliveries_count: number;
                            last_delivery: {
                                id: string;
                                number: number;
                                /** @enum {string} */
                                kind: "full" | "changes";
                                /** @enum {string} */
                                status: "queued" | "working" | "completed" | "failed";
                                created_at: string;
                            } | null;
                            created_by_user: {
                                id: string;
                                name: string;
                            } | null;
                            created_at: string;
                            updated_at: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    yearbookTargetCreate: {
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
                "application/json": {
                    yearbook_target: {
                        /** @enum {string} */
                        publisher: "jostens" | "walsworth" | "herff_jones" | "balfour" | "lifetouch_yearbooks" | "treering" | "entourage" | "memento_studiosource" | "friesens" | "pictavo" | "other_pspa";
                        project_export_format_id: string;
                        /** @default [] */
                        deadlines?: {
                            name: string;
                            date: string;
                        }[];
                        /** @default 7 */
                        notify_days_before?: number;
                        /**
                         * Format: email
                         * @default null
                         */
                        school_contact_email?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        yearbook_target: {
                            id: string;
                            project_id: string;
                            publisher: string;
                            publisher_name: string;
                            project_export_format_id: string | null;
                            project_export_format_name: string | null;
                            image_width: number | null;
                            image_height: number | null;
                            data_encoding: string | null;
                            header: boolean | null;
                            master_file: boolean | null;
                            deadlines: {
                                name: string;
                                /** @description YYYY-MM-DD */
                                date: string;
                                days_left: number;
                                passed: boolean;
                            }[];
                            notify_days_before: number;
                            school_contact_email: string | null;
                            pose_deadline: string | null;
                            poses_open: boolean;
                            deliveries_count: number;
                            last_delivery: {
                                id: string;
                                number: number;
                                /** @enum {string} */
                                kind: "full" | "changes";
                                /** @enum {string} */
                                status: "queued" | "working" | "completed" | "failed";
                                created_at: string;
                            } | null;
                            created_by_user: {
                                id: string;
                                name: string;
                            } | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    yearbookTargetShow: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        yearbook_target: {
                            id: string;
                            project_id: string;
                            publisher: string;
                            publisher_name: string;
                            project_export_format_id: string | null;
                            project_export_format_name: string | null;
                            image_width: number | null;
                            image_height: number | null;
                            data_encoding: string | null;
                            header: boolean | null;
                            master_file: boolean | null;
                            deadlines: {
                                name: string;
                                /** @description YYYY-MM-DD */
                                date: string;
                                days_left: number;
                                passed: boolean;
                            }[];
                            notify_days_before: number;
                            school_contact_email: string | null;
                            pose_deadline: string | null;
                            poses_open: boolean;
                            deliveries_count: number;
                            last_delivery: {
                                id: string;
                                number: number;
                                /** @enum {string} */
                                kind: "full" | "changes";
                                /** @enum {string} */
                                status: "queued" | "working" | "completed" | "failed";
                                created_at: string;
                            } | null;
                            created_by_user: {
                                id: string;
                                name: string;
                            } | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    yearbookTargetDelete: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    yearbookTargetUpdate: {
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
                "application/json": {
                    yearbook_target: {
                        /** @enum {string} */
                        publisher?: "jostens" | "walsworth" | "herff_jones" | "balfour" | "lifetouch_yearbooks" | "treering" | "entourage" | "memento_studiosource" | "friesens" | "pictavo" | "other_pspa";
                        project_export_format_id?: string;
                        deadlines?: {
                            name: string;
                            date: string;
                        }[];
                        notify_days_before?: number;
                        /** Format: email */
                        school_contact_email?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        yearbook_target: {
                            id: string;
                            project_id: string;
                            publisher: string;
                            publisher_name: string;
                            project_export_format_id: string | null;
                            project_export_format_name: string | null;
                            image_width: number | null;
                            image_height: number | null;
                            data_encoding: string | null;
                            header: boolean | null;
                            master_file: boolean | null;
                            deadlines: {
                                name: string;
                                /** @description YYYY-MM-DD */
                                date: string;
                                days_left: number;
                                passed: boolean;
                            }[];
                            notify_days_before: number;
                            school_contact_email: string | null;
                            pose_deadline: string | null;
                            poses_open: boolean;
                            deliveries_count: number;
                            last_delivery: {
                                id: string;
                                number: number;
                                /** @enum {string} */
                                kind: "full" | "changes";
                                /** @enum {string} */
                                status: "queued" | "working" | "completed" | "failed";
                                created_at: string;
                            } | null;
                            created_by_user: {
                                id: string;
                                name: string;
                            } | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    yearbookTargetChoosePose: {
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
                "application/json": {
                    pose: {
                        subject_id: string;
                        photo_id: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pose: {
                            subject_id: string;
                            photo_id: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    yearbookDeadlineShow: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        yearbook_deadline: {
                            yearbook_target_id: string;
                            publisher_name: string;
                            name: string;
                            date: string;
                            days_left: number;
                            missing: {
                                without_photo: number;
                                pose_not_chosen: number;
                                subjects: number;
                            };
                        } | null;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    yearbookDeliveryList: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        yearbook_deliveries: {
                            id: string;
                            yearbook_target_id: string;
                            project_id: string;
                            number: number;
                            /** @enum {string} */
                            kind: "full" | "changes";
                            since_delivery_id: string | null;
                            /** @enum {string} */
                            status: "queued" | "working" | "completed" | "failed";
                            status_message: string | null;
                            format_name: string;
                            counts: {
                                subjects: number;
                                images: number;
                                added: number;
                                replaced: number;
                                corrected: number;
                                removed: number;
                                unchanged: number;
                            };
                            archive_bytes: number | null;
                            created_by_user: {
                                id: string;
                                name: string;
                            } | null;
                            created_at: string;
                            completed_at: string | null;
                            downloads: {
                                user: {
                                    id: string;
                                    name: string;
                                } | null;
                                /** @enum {string} */
                                what: "archive" | "change_list_pdf" | "change_list_csv";
                                at: string;
                            }[];
                            download_path: string | null;
                            change_list_pdf_path: string;
                            change_list_csv_path: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    yearbookDeliveryCreate: {
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
                "application/json": {
                    delivery: {
                        /** @enum {string} */
                        kind: "full" | "changes";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        yearbook_delivery: {
                            id: string;
                            yearbook_target_id: string;
                            project_id: string;
                            number: number;
                            /** @enum {string} */
                            kind: "full" | "changes";
                            since_delivery_id: string | null;
                            /** @enum {string} */
                            status: "queued" | "working" | "completed" | "failed";
                            status_message: string | null;
                            format_name: string;
                            counts: {
                                subjects: number;
                                images: number;
                                added: number;
                                replaced: number;
                                corrected: number;
                                removed: number;
                                unchanged: number;
                            };
                            archive_bytes: number | null;
                            created_by_user: {
                                id: string;
                                name: string;
                            } | null;
                            created_at: string;
                            completed_at: string | null;
                            downloads: {
                                user: {
                                    id: string;
                                    name: string;
                                } | null;
                                /** @enum {string} */
                                what: "archive" | "change_list_pdf" | "change_list_csv";
                                at: string;
                            }[];
                            download_path: string | null;
                            change_list_pdf_path: string;
                            change_list_csv_path: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    yearbookDeliveryCheck: {
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
                "application/json": {
                    delivery: {
                        /** @enum {string} */
                        kind: "full" | "changes";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        check: {
                            /** @enum {string} */
                            kind: "full" | "changes";
                            since_delivery_id: string | null;
                            would_hold: {
                                subjects: number;
                                images: number;
                                added: number;
                                replaced: number;
                                corrected: number;
                                removed: number;
                                unchanged: number;
                            };
                            changes: {
                                subject_id: string;
                                /** @enum {string} */
                                kind: "added" | "replaced" | "corrected" | "removed";
                                name: string;
                                grade: string;
                                teacher: string;
                                /** @enum {string|null} */
                                reason: "left" | "yearbook_opt_out" | null;
                                fields: {
                                    field: string;
                                    from: string;
                                    to: string;
                                }[];
                                image_file_name: string | null;
                                text: string;
                            }[];
                            warnings: {
                                /** @enum {string} */
                                code: "no_yearbook_photo" | "pose_not_chosen" | "image_size" | "aspect" | "same_photo_two_subjects" | "name_twice_in_class" | "staff_unmarked" | "yearbook_opt_out" | "value_has_tab" | "value_too_long" | "value_outside_encoding" | "format_problem";
                                message: string;
                                count: number;
                                subjects: {
                                    id: string;
                                    name: string;
                                    grade: string;
                                    teacher: string;
                                }[];
                            }[];
                            not_pictured: {
                                id: string;
                                name: string;
                                grade: string;
                                teacher: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    yearbookDeliveryShow: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        yearbook_delivery: {
                            id: string;
                            yearbook_target_id: string;
                            project_id: string;
                            number: number;
                            /** @enum {string} */
                            kind: "full" | "changes";
                            since_delivery_id: string | null;
                            /** @enum {string} */
                            status: "queued" | "working" | "completed" | "failed";
                            status_message: string | null;
                            format_name: string;
                            counts: {
                                subjects: number;
                                images: number;
                                added: number;
                                replaced: number;
                                corrected: number;
                                removed: number;
                                unchanged: number;
                            };
                            archive_bytes: number | null;
                            created_by_user: {
                                id: string;
                                name: string;
                            } | null;
                            created_at: string;
                            completed_at: string | null;
                            downloads: {
                                user: {
                                    id: string;
                                    name: string;
                                } | null;
                                /** @enum {string} */
                                what: "archive" | "change_list_pdf" | "change_list_csv";
                                at: string;
                            }[];
                            download_path: string | null;
                            change_list_pdf_path: string;
                            change_list_csv_path: string;
                            manifest: {
                                subject_id: string;
                                /** @enum {string} */
                                change: "added" | "replaced" | "corrected" | "unchanged" | "removed";
                                /** @enum {string|null} */
                                removal_reason: "left" | "yearbook_opt_out" | null;
                                photo_id: string | null;
                                content_sha256: string | null;
                                crop: {
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                } | null;
                                image_file_name: string | null;
                                values: {
                                    [key: string]: string;
                                };
                            }[];
                            changes: {
                                subject_id: string;
                                /** @enum {string} */
                                kind: "added" | "replaced" | "corrected" | "removed";
                                name: string;
                                grade: string;
                                teacher: string;
                                /** @enum {string|null} */
                                reason: "left" | "yearbook_opt_out" | null;
                                fields: {
                                    field: string;
                                    from: string;
                                    to: string;
                                }[];
                                image_file_name: string | null;
                                text: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    yearbookDeliveryDownload: {
        parameters: {
            query?: {
                format?: "redirect" | "json";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        download: {
                            url: string;
                            expires_at: string;
                        };
                    };
                };
            };
            /** @description Redirect to the signed address (Location) */
            302: {
                headers: {
                    /** @description Where the answer is */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiYearbookDeliveriesByIdChangesPdf: {
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
            /** @description application/pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiYearbookDeliveriesByIdChangesCsv: {
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
            /** @description text/csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    templateFieldKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        field_keys: {
                            key: string;
                            label: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    templateList: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_templates: {
                            id: string;
                            name: string;
                            organization_id: string;
                            organization_name: string;
                            project_id: string | null;
                            created_at: string;
                            updated_at: string;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    templateCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    project_template: {
                        name: string;
                        subject_fields_attributes: {
                            /** @enum {string|null} */
                            field_key?: "student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | null;
                            label?: string | null;
                            /** @default true */
                            visible_to_customers?: boolean;
                            /** @default false */
                            auto_suggest_enabled?: boolean;
                        }[];
                        organization_id?: string | number;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_template: {
                            id: string;
                            name: string;
                            organization_id: string;
                            organization_name: string;
                            project_id: string | null;
                            created_at: string;
                            updated_at: string;
                            subject_fields: {
                                id: string;
                                project_template_id: string;
                                field_key: string | null;
                                label: string | null;
                                effective_label: string;
                                is_custom: boolean;
                                arrangement_position: number;
                                auto_suggest_enabled: boolean;
                                visible_to_customers: boolean;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    templateShow: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_template: {
                            id: string;
                            name: string;
                            organization_id: string;
                            organization_name: string;
                            project_id: string | null;
                            created_at: string;
                            updated_at: string;
                            subject_fields: {
                                id: string;
                                project_template_id: string;
                                field_key: string | null;
                                label: string | null;
                                effective_label: string;
                                is_custom: boolean;
                                arrangement_position: number;
                                auto_suggest_enabled: boolean;
                                visible_to_customers: boolean;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    templateUpdate: {
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
                "application/json": {
                    project_template: {
                        name: string;
                        subject_fields_attributes: {
                            /** @enum {string|null} */
                            field_key?: "student_id" | "first_name" | "last_name" | "middle_name" | "nickname" | "teacher" | "grade" | "home_room" | "period" | "track" | "department" | "title" | "email" | "phone" | "birth_date" | "gender" | "address" | "city" | "state" | "zip" | "parent_name" | "parent_email" | "parent_phone" | "group" | "team" | "sport" | "jersey_number" | "position" | "package" | "access_code" | "notes" | null;
                            label?: string | null;
                            /** @default true */
                            visible_to_customers?: boolean;
                            /** @default false */
                            auto_suggest_enabled?: boolean;
                        }[];
                        organization_id?: string | number;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_template: {
                            id: string;
                            name: string;
                            organization_id: string;
                            organization_name: string;
                            project_id: string | null;
                            created_at: string;
                            updated_at: string;
                            subject_fields: {
                                id: string;
                                project_template_id: string;
                                field_key: string | null;
                                label: string | null;
                                effective_label: string;
                                is_custom: boolean;
                                arrangement_position: number;
                                auto_suggest_enabled: boolean;
                                visible_to_customers: boolean;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    templateDelete: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiProjectsByIdSubjectSelection: {
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
                "application/json": {
                    filter?: {
                        keyword?: string;
                        field_1?: string;
                        value_1?: string;
                        field_2?: string;
                        value_2?: string;
                        /** @enum {string} */
                        images?: "any" | "with" | "without" | "retake";
                        /** Format: date-time */
                        added_since?: string;
                    } | null;
                    /** @default [] */
                    included_subject_ids?: string[];
                    /** @default [] */
                    excluded_subject_ids?: string[];
                    ids?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        selection: {
                            count: number;
                            subject_ids?: string[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    postApiProjectsByIdSubjectConsents: {
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
                "application/json": {
                    selection: {
                        filter?: {
                            keyword?: string;
                            field_1?: string;
                            value_1?: string;
                            field_2?: string;
                            value_2?: string;
                            /** @enum {string} */
                            images?: "any" | "with" | "without" | "retake";
                            /** Format: date-time */
                            added_since?: string;
                        } | null;
                        /** @default [] */
                        included_subject_ids?: string[];
                        /** @default [] */
                        excluded_subject_ids?: string[];
                    };
                    directory_opt_out?: boolean;
                    yearbook_opt_out?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subject_consents: {
                            changed: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    postApiProjectsByIdSubjectConsentImports: {
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
                "application/json": {
                    consent_import: {
                        attachment_id: string;
                        student_id_column?: string | null;
                        directory_opt_out_column?: string | null;
                        yearbook_opt_out_column?: string | null;
                        sheet_name?: string;
                        /** @enum {string} */
                        encoding?: "utf-8" | "utf-16le" | "utf-16be" | "windows-1252" | "iso-8859-1";
                    };
                    /** @default false */
                    apply?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        consent_import: {
                            file_name: string;
                            columns: string[];
                            student_id_column: string | null;
                            directory_opt_out_column: string | null;
                            yearbook_opt_out_column: string | null;
                            rows: number;
                            matched: number;
                            unmatched: {
                                count: number;
                                lines: number[];
                            };
                            invalid: {
                                count: number;
                                rows: {
                                    line: number;
                                    column: string;
                                    value: string;
                                }[];
                            };
                            conflicting: {
                                count: number;
                                lines: number[];
                            };
                            changes: number;
                            applied: boolean;
                            changed: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiProjectsByIdSubjects: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                keyword?: string;
                "filter[field_1]"?: string;
                "filter[value_1]"?: string;
                "filter[field_2]"?: string;
                "filter[value_2]"?: string;
                images?: "any" | "with" | "without" | "retake";
                added_since?: string;
                sort?: ("reverse_full_name" | "full_name" | "created_at") | string;
                direction?: "asc" | "desc";
                ids_only?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subjects: {
                            id: string;
                            project_id: string;
                            properties: {
                                [key: string]: string;
                            };
                            mapped_properties: {
                                [key: string]: string;
                            };
                            display_name: string;
                            full_name: string;
                            reverse_full_name: string;
                            grade: string | null;
                            photos_count: number;
                            primary_photo_id: string | null;
                            primary_photo_thumbnails: {
                                [key: string]: string | null;
                            } | null;
                            yearbook_photo_id: string | null;
                            card_code: string;
                            directory_opt_out: boolean;
                            yearbook_opt_out: boolean;
                            photos?: {
                                id: string;
                                album_id: string;
                                project_id: string;
                                width: number | null;
                                height: number | null;
                                category: string | null;
                                chroma_key: string | null;
                                tags: string[];
                                merge_duplicate: boolean;
                                subject_ids: string[];
                                default_photo_crop_id: string | null;
                                upload_file_name: string;
                                upload_file_size: number;
                                upload_content_type: string;
                                uploaded_at: string | null;
                                upload_verified_at: string | null;
                                /** @enum {string} */
                                verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                                verification_error: string | null;
                                merged_into_photo_id: string | null;
                                face: {
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                    eye_y: number;
                                } | null;
                                checks: {
                                    code: string;
                                    message: string;
                                }[];
                                retake_needed: boolean;
                                created_by_plic_app_id: string | null;
                                created_at: string;
                                presigned_get: string | null;
                                thumbnails: {
                                    tiny: string | null;
                                    small: string | null;
                                    large: string | null;
                                    full: string | null;
                                };
                                presigned_post?: {
                                    url: string;
                                    fields: {
                                        [key: string]: string;
                                    };
                                };
                                assignment_id: string;
                                is_primary: boolean;
                            }[];
                            created_by_plic_app_id: string | null;
                            created_at: string;
                            updated_at: string;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    } | {
                        subject_ids: string[];
                        meta: {
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    subjectCreate: {
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
                "application/json": {
                    subject: {
                        properties: {
                            [key: string]: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subject: {
                            id: string;
                            project_id: string;
                            properties: {
                                [key: string]: string;
                            };
                            mapped_properties: {
                                [key: string]: string;
                            };
                            display_name: string;
                            full_name: string;
                            reverse_full_name: string;
                            grade: string | null;
                            photos_count: number;
                            primary_photo_id: string | null;
                            primary_photo_thumbnails: {
                                [key: string]: string | null;
                            } | null;
                            yearbook_photo_id: string | null;
                            card_code: string;
                            directory_opt_out: boolean;
                            yearbook_opt_out: boolean;
                            photos?: {
                                id: string;
                                album_id: string;
                                project_id: string;
                                width: number | null;
                                height: number | null;
                                category: string | null;
                                chroma_key: string | null;
                                tags: string[];
                                merge_duplicate: boolean;
                                subject_ids: string[];
                                default_photo_crop_id: string | null;
                                upload_file_name: string;
                                upload_file_size: number;
                                upload_content_type: string;
                                uploaded_at: string | null;
                                upload_verified_at: string | null;
                                /** @enum {string} */
                                verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                                verification_error: string | null;
                                merged_into_photo_id: string | null;
                                face: {
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                    eye_y: number;
                                } | null;
                                checks: {
                                    code: string;
                                    message: string;
                                }[];
                                retake_needed: boolean;
                                created_by_plic_app_id: string | null;
                                created_at: string;
                                presigned_get: string | null;
                                thumbnails: {
                                    tiny: string | null;
                                    small: string | null;
                                    large: string | null;
                                    full: string | null;
                                };
                                presigned_post?: {
                                    url: string;
                                    fields: {
                                        [key: string]: string;
                                    };
                                };
                                assignment_id: string;
                                is_primary: boolean;
                            }[];
                            created_by_plic_app_id: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiProjectsByIdSubjectsSearch: {
        parameters: {
            query: {
                q: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subjects: {
                            id: string;
                            project_id: string;
                            properties: {
                                [key: string]: string;
                            };
                            mapped_properties: {
                                [key: string]: string;
                            };
                            display_name: string;
                            full_name: string;
                            reverse_full_name: string;
                            grade: string | null;
                            photos_count: number;
                            primary_photo_id: string | null;
                            primary_photo_thumbnails: {
                                [key: string]: string | null;
                            } | null;
                            yearbook_photo_id: string | null;
                            card_code: string;
                            directory_opt_out: boolean;
                            yearbook_opt_out: boolean;
                            photos?: {
                                id: string;
                                album_id: string;
                                project_id: string;
                                width: number | null;
                                height: number | null;
                                category: string | null;
                                chroma_key: string | null;
                                tags: string[];
                                merge_duplicate: boolean;
                                subject_ids: string[];
                                default_photo_crop_id: string | null;
                                upload_file_name: string;
                                upload_file_size: number;
                                upload_content_type: string;
                                uploaded_at: string | null;
                                upload_verified_at: string | null;
                                /** @enum {string} */
                                verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                                verification_error: string | null;
                                merged_into_photo_id: string | null;
                                face: {
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                    eye_y: number;
                                } | null;
                                checks: {
                                    code: string;
                                    message: string;
                                }[];
                                retake_needed: boolean;
                                created_by_plic_app_id: string | null;
                                created_at: string;
                                presigned_get: string | null;
                                thumbnails: {
                                    tiny: string | null;
                                    small: string | null;
                                    large: string | null;
                                    full: string | null;
                                };
                                presigned_post?: {
                                    url: string;
                                    fields: {
                                        [key: string]: string;
                                    };
                                };
                                assignment_id: string;
                                is_primary: boolean;
                            }[];
                            created_by_plic_app_id: string | null;
                            created_at: string;
                            updated_at: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    subjectShow: {
        parameters: {
            query?: {
                include_photos?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subject: {
                            id: string;
                            project_id: string;
                            properties: {
                                [key: string]: string;
                            };
                            mapped_properties: {
                                [key: string]: string;
                            };
                            display_name: string;
                            full_name: string;
                            reverse_full_name: string;
                            grade: string | null;
                            photos_count: number;
                            primary_photo_id: string | null;
                            primary_photo_thumbnails: {
                                [key: string]: string | null;
                            } | null;
                            yearbook_photo_id: string | null;
                            card_code: string;
                            directory_opt_out: boolean;
                            yearbook_opt_out: boolean;
                            photos?: {
                                id: string;
                                album_id: string;
                                project_id: string;
                                width: number | null;
                                height: number | null;
                                category: string | null;
                                chroma_key: string | null;
                                tags: string[];
                                merge_duplicate: boolean;
                                subject_ids: string[];
                                default_photo_crop_id: string | null;
                                upload_file_name: string;
                                upload_file_size: number;
                                upload_content_type: string;
                                uploaded_at: string | null;
                                upload_verified_at: string | null;
                                /** @enum {string} */
                                verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                                verification_error: string | null;
                                merged_into_photo_id: string | null;
                                face: {
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                    eye_y: number;
                                } | null;
                                checks: {
                                    code: string;
                                    message: string;
                                }[];
                                retake_needed: boolean;
                                created_by_plic_app_id: string | null;
                                created_at: string;
                                presigned_get: string | null;
                                thumbnails: {
                                    tiny: string | null;
                                    small: string | null;
                                    large: string | null;
                                    full: string | null;
                                };
                                presigned_post?: {
                                    url: string;
                                    fields: {
                                        [key: string]: string;
                                    };
                                };
                                assignment_id: string;
                                is_primary: boolean;
                            }[];
                            created_by_plic_app_id: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    subjectDelete: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    subjectUpdate: {
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
                "application/json": {
                    subject: {
                        properties?: {
                            [key: string]: string;
                        };
                        yearbook_photo_id?: string | null;
                        directory_opt_out?: boolean;
                        yearbook_opt_out?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subject: {
                            id: string;
                            project_id: string;
                            properties: {
                                [key: string]: string;
                            };
                            mapped_properties: {
                                [key: string]: string;
                            };
                            display_name: string;
                            full_name: string;
                            reverse_full_name: string;
                            grade: string | null;
                            photos_count: number;
                            primary_photo_id: string | null;
                            primary_photo_thumbnails: {
                                [key: string]: string | null;
                            } | null;
                            yearbook_photo_id: string | null;
                            card_code: string;
                            directory_opt_out: boolean;
                            yearbook_opt_out: boolean;
                            photos?: {
                                id: string;
                                album_id: string;
                                project_id: string;
                                width: number | null;
                                height: number | null;
                                category: string | null;
                                chroma_key: string | null;
                                tags: string[];
                                merge_duplicate: boolean;
                                subject_ids: string[];
                                default_photo_crop_id: string | null;
                                upload_file_name: string;
                                upload_file_size: number;
                                upload_content_type: string;
                                uploaded_at: string | null;
                                upload_verified_at: string | null;
                                /** @enum {string} */
                                verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                                verification_error: string | null;
                                merged_into_photo_id: string | null;
                                face: {
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                    eye_y: number;
                                } | null;
                                checks: {
                                    code: string;
                                    message: string;
                                }[];
                                retake_needed: boolean;
                                created_by_plic_app_id: string | null;
                                created_at: string;
                                presigned_get: string | null;
                                thumbnails: {
                                    tiny: string | null;
                                    small: string | null;
                                    large: string | null;
                                    full: string | null;
                                };
                                presigned_post?: {
                                    url: string;
                                    fields: {
                                        [key: string]: string;
                                    };
                                };
                                assignment_id: string;
                                is_primary: boolean;
                            }[];
                            created_by_plic_app_id: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    subjectFindDuplicates: {
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
                "application/json": {
                    filter?: {
                        keyword?: string;
                        field_1?: string;
                        value_1?: string;
                        field_2?: string;
                        value_2?: string;
                        /** @enum {string} */
                        images?: "any" | "with" | "without" | "retake";
                        /** Format: date-time */
                        added_since?: string;
                    } | null;
                    /** @default [] */
                    included_subject_ids?: string[];
                    /** @default [] */
                    excluded_subject_ids?: string[];
                    fields?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        duplicate_groups: {
                            values: {
                                [key: string]: string;
                            };
                            subjects: {
                                id: string;
                                project_id: string;
                                properties: {
                                    [key: string]: string;
                                };
                                mapped_properties: {
                                    [key: string]: string;
                                };
                                display_name: string;
                                full_name: string;
                                reverse_full_name: string;
                                grade: string | null;
                                photos_count: number;
                                primary_photo_id: string | null;
                                primary_photo_thumbnails: {
                                    [key: string]: string | null;
                                } | null;
                                yearbook_photo_id: string | null;
                                card_code: string;
                                directory_opt_out: boolean;
                                yearbook_opt_out: boolean;
                                photos?: {
                                    id: string;
                                    album_id: string;
                                    project_id: string;
                                    width: number | null;
                                    height: number | null;
                                    category: string | null;
                                    chroma_key: string | null;
                                    tags: string[];
                                    merge_duplicate: boolean;
                                    subject_ids: string[];
                                    default_photo_crop_id: string | null;
                                    upload_file_name: string;
                                    upload_file_size: number;
                                    upload_content_type: string;
                                    uploaded_at: string | null;
                                    upload_verified_at: string | null;
                                    /** @enum {string} */
                                    verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                                    verification_error: string | null;
                                    merged_into_photo_id: string | null;
                                    face: {
                                        x: number;
                                        y: number;
                                        width: number;
                                        height: number;
                                        eye_y: number;
                                    } | null;
                                    checks: {
                                        code: string;
                                        message: string;
                                    }[];
                                    retake_needed: boolean;
                                    created_by_plic_app_id: string | null;
                                    created_at: string;
                                    presigned_get: string | null;
                                    thumbnails: {
                                        tiny: string | null;
                                        small: string | null;
                                        large: string | null;
                                        full: string | null;
                                    };
                                    presigned_post?: {
                                        url: string;
                                        fields: {
                                            [key: string]: string;
                                        };
                                    };
                                    assignment_id: string;
                                    is_primary: boolean;
                                }[];
                                created_by_plic_app_id: string | null;
                                created_at: string;
                                updated_at: string;
                            }[];
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    subjectMerge: {
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
                "application/json": {
                    merged_subject_ids: (string | number)[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subject: {
                            id: string;
                            project_id: string;
                            properties: {
                                [key: string]: string;
                            };
                            mapped_properties: {
                                [key: string]: string;
                            };
                            display_name: string;
                            full_name: string;
                            reverse_full_name: string;
                            grade: string | null;
                            photos_count: number;
                            primary_photo_id: string | null;
                            primary_photo_thumbnails: {
                                [key: string]: string | null;
                            } | null;
                            yearbook_photo_id: string | null;
                            card_code: string;
                            directory_opt_out: boolean;
                            yearbook_opt_out: boolean;
                            photos?: {
                                id: string;
                                album_id: string;
                                project_id: string;
                                width: number | null;
                                height: number | null;
                                category: string | null;
                                chroma_key: string | null;
                                tags: string[];
                                merge_duplicate: boolean;
                                subject_ids: string[];
                                default_photo_crop_id: string | null;
                                upload_file_name: string;
                                upload_file_size: number;
                                upload_content_type: string;
                                uploaded_at: string | null;
                                upload_verified_at: string | null;
                                /** @enum {string} */
                                verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                                verification_error: string | null;
                                merged_into_photo_id: string | null;
                                face: {
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                    eye_y: number;
                                } | null;
                                checks: {
                                    code: string;
                                    message: string;
                                }[];
                                retake_needed: boolean;
                                created_by_plic_app_id: string | null;
                                created_at: string;
                                presigned_get: string | null;
                                thumbnails: {
                                    tiny: string | null;
                                    small: string | null;
                                    large: string | null;
                                    full: string | null;
                                };
                                presigned_post?: {
                                    url: string;
                                    fields: {
                                        [key: string]: string;
                                    };
                                };
                                assignment_id: string;
                                is_primary: boolean;
                            }[];
                            created_by_plic_app_id: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                        merged_subject_ids: string[];
                        moved_photo_ids: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiAlbums: {
        parameters: {
            query: {
                tag?: string;
                parent_resource_type: "Project";
                parent_resource_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        albums: {
                            id: string;
                            name: string;
                            tags: string[];
                            parent_resource_type: string;
                            parent_resource_id: string;
                            created_at: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    postApiAlbums: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    album: {
                        name: string;
                        /** @default [] */
                        tags?: string[];
                        /** @enum {string} */
                        parent_resource_type: "Project";
                        parent_resource_id: string | number;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        album: {
                            id: string;
                            name: string;
                            tags: string[];
                            parent_resource_type: string;
                            parent_resource_id: string;
                            created_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiAlbumsByIdPhotos: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photos: {
                            id: string;
                            album_id: string;
                            project_id: string;
                            width: number | null;
                            height: number | null;
                            category: string | null;
                            chroma_key: string | null;
                            tags: string[];
                            merge_duplicate: boolean;
                            subject_ids: string[];
                            default_photo_crop_id: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            upload_content_type: string;
                            uploaded_at: string | null;
                            upload_verified_at: string | null;
                            /** @enum {string} */
                            verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                            verification_error: string | null;
                            merged_into_photo_id: string | null;
                            face: {
                                x: number;
                                y: number;
                                width: number;
                                height: number;
                                eye_y: number;
                            } | null;
                            checks: {
                                code: string;
                                message: string;
                            }[];
                            retake_needed: boolean;
                            created_by_plic_app_id: string | null;
                            created_at: string;
                            presigned_get: string | null;
                            thumbnails: {
                                tiny: string | null;
                                small: string | null;
                                large: string | null;
                                full: string | null;
                            };
                            presigned_post?: {
                                url: string;
                                fields: {
                                    [key: string]: string;
                                };
                            };
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiAlbumsByIdPhotos: {
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
                "application/json": {
                    photo: {
                        upload_file_name: string;
                        upload_file_size: number;
                        /** @enum {string} */
                        upload_content_type: "image/jpeg" | "image/png";
                        subject_ids?: (string | number)[];
                        /** @default [] */
                        tags?: string[];
                        /** @default false */
                        merge_duplicate?: boolean;
                        /** @enum {string|null} */
                        chroma_key?: "processed" | null;
                        category?: string | null;
                        /** @default school-portal */
                        created_by_plic_app_id?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo: {
                            id: string;
                            album_id: string;
                            project_id: string;
                            width: number | null;
                            height: number | null;
                            category: string | null;
                            chroma_key: string | null;
                            tags: string[];
                            merge_duplicate: boolean;
                            subject_ids: string[];
                            default_photo_crop_id: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            upload_content_type: string;
                            uploaded_at: string | null;
                            upload_verified_at: string | null;
                            /** @enum {string} */
                            verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                            verification_error: string | null;
                            merged_into_photo_id: string | null;
                            face: {
                                x: number;
                                y: number;
                                width: number;
                                height: number;
                                eye_y: number;
                            } | null;
                            checks: {
                                code: string;
                                message: string;
                            }[];
                            retake_needed: boolean;
                            created_by_plic_app_id: string | null;
                            created_at: string;
                            presigned_get: string | null;
                            thumbnails: {
                                tiny: string | null;
                                small: string | null;
                                large: string | null;
                                full: string | null;
                            };
                            presigned_post?: {
                                url: string;
                                fields: {
                                    [key: string]: string;
                                };
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiPhotosById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo: {
                            id: string;
                            album_id: string;
                            project_id: string;
                            width: number | null;
                            height: number | null;
                            category: string | null;
                            chroma_key: string | null;
                            tags: string[];
                            merge_duplicate: boolean;
                            subject_ids: string[];
                            default_photo_crop_id: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            upload_content_type: string;
                            uploaded_at: string | null;
                            upload_verified_at: string | null;
                            /** @enum {string} */
                            verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                            verification_error: string | null;
                            merged_into_photo_id: string | null;
                            face: {
                                x: number;
                                y: number;
                                width: number;
                                height: number;
                                eye_y: number;
                            } | null;
                            checks: {
                                code: string;
                                message: string;
                            }[];
                            retake_needed: boolean;
                            created_by_plic_app_id: string | null;
                            created_at: string;
                            presigned_get: string | null;
                            thumbnails: {
                                tiny: string | null;
                                small: string | null;
                                large: string | null;
                                full: string | null;
                            };
                            presigned_post?: {
                                url: string;
                                fields: {
                                    [key: string]: string;
                                };
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    photoCheckRetake: {
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
                "application/json": {
                    photo: {
                        retake_needed?: boolean;
                        checks_accepted?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_check: {
                            photo_id: string;
                            subject: {
                                id: string;
                                name: string;
                            } | null;
                            thumbnail_url: string | null;
                            face: {
                                x: number;
                                y: number;
                                width: number;
                                height: number;
                                eye_y: number;
                            } | null;
                            checks: {
                                code: string;
                                message: string;
                            }[];
                            retake_needed: boolean;
                            checks_accepted: boolean;
                            checks_accepted_at: string | null;
                            checked_at: string | null;
                            auto_crop: {
                                x: number;
                                y: number;
                                width: number;
                                height: number;
                            } | null;
                            has_manual_crop: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    patchApiPhotosByIdVerify: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo: {
                            id: string;
                            album_id: string;
                            project_id: string;
                            width: number | null;
                            height: number | null;
                            category: string | null;
                            chroma_key: string | null;
                            tags: string[];
                            merge_duplicate: boolean;
                            subject_ids: string[];
                            default_photo_crop_id: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            upload_content_type: string;
                            uploaded_at: string | null;
                            upload_verified_at: string | null;
                            /** @enum {string} */
                            verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                            verification_error: string | null;
                            merged_into_photo_id: string | null;
                            face: {
                                x: number;
                                y: number;
                                width: number;
                                height: number;
                                eye_y: number;
                            } | null;
                            checks: {
                                code: string;
                                message: string;
                            }[];
                            retake_needed: boolean;
                            created_by_plic_app_id: string | null;
                            created_at: string;
                            presigned_get: string | null;
                            thumbnails: {
                                tiny: string | null;
                                small: string | null;
                                large: string | null;
                                full: string | null;
                            };
                            presigned_post?: {
                                url: string;
                                fields: {
                                    [key: string]: string;
                                };
                            };
                        };
                        merged?: boolean;
                    };
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo: {
                            id: string;
                            album_id: string;
                            project_id: string;
                            width: number | null;
                            height: number | null;
                            category: string | null;
                            chroma_key: string | null;
                            tags: string[];
                            merge_duplicate: boolean;
                            subject_ids: string[];
                            default_photo_crop_id: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            upload_content_type: string;
                            uploaded_at: string | null;
                            upload_verified_at: string | null;
                            /** @enum {string} */
                            verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                            verification_error: string | null;
                            merged_into_photo_id: string | null;
                            face: {
                                x: number;
                                y: number;
                                width: number;
                                height: number;
                                eye_y: number;
                            } | null;
                            checks: {
                                code: string;
                                message: string;
                            }[];
                            retake_needed: boolean;
                            created_by_plic_app_id: string | null;
                            created_at: string;
                            presigned_get: string | null;
                            thumbnails: {
                                tiny: string | null;
                                small: string | null;
                                large: string | null;
                                full: string | null;
                            };
                            presigned_post?: {
                                url: string;
                                fields: {
                                    [key: string]: string;
                                };
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiPhotosByIdThumb: {
        parameters: {
            query?: {
                size?: "tiny" | "small" | "large" | "full";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the signed address (Location) */
            302: {
                headers: {
                    /** @description Where the answer is */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiSubjectPhotoAssignments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    subject_photo_assignment: {
                        subject_id: string | number;
                        photo_id: string | number;
                        /** @default false */
                        is_primary?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subject_photo_assignment: {
                            id: string;
                            subject_id: string;
                            photo_id: string;
                            is_primary: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    deleteApiSubjectPhotoAssignmentsById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    patchApiSubjectPhotoAssignmentsById: {
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
                "application/json": {
                    subject_photo_assignment: {
                        /** @enum {boolean} */
                        is_primary: true;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subject_photo_assignment: {
                            id: string;
                            subject_id: string;
                            photo_id: string;
                            is_primary: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiPhotosByIdPhotoCrops: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_crops: {
                            id: string;
                            photo_id: string;
                            name: string;
                            is_default: boolean;
                            /** @enum {string} */
                            source: "manual" | "auto";
                            x: number;
                            y: number;
                            width: number;
                            height: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiPhotosByIdPhotoCrops: {
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
                "application/json": {
                    photo_crop: {
                        /** @default School Portal 8x10 */
                        name?: string;
                        /** @default false */
                        is_default?: boolean;
                        x: number;
                        y: number;
                        width: number;
                        height: number;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_crop: {
                            id: string;
                            photo_id: string;
                            name: string;
                            is_default: boolean;
                            /** @enum {string} */
                            source: "manual" | "auto";
                            x: number;
                            y: number;
                            width: number;
                            height: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    deleteApiPhotoCropsById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    patchApiPhotoCropsById: {
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
                "application/json": {
                    photo_crop: {
                        /** @default School Portal 8x10 */
                        name?: string;
                        /** @default false */
                        is_default?: boolean;
                        x: number;
                        y: number;
                        width: number;
                        height: number;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_crop: {
                            id: string;
                            photo_id: string;
                            name: string;
                            is_default: boolean;
                            /** @enum {string} */
                            source: "manual" | "auto";
                            x: number;
                            y: number;
                            width: number;
                            height: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    postApiProjectsByIdProjectImports: {
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
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_import: {
                            id: string;
                            project_id: string;
                            created_at: string;
                            finished_at: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    patchApiProjectImportsByIdFinish: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project_import: {
                            id: string;
                            project_id: string;
                            created_at: string;
                            finished_at: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    photoCheckList: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                code?: "no_face" | "several_faces" | "face_cut" | "too_small" | "blurred" | "underexposed" | "overexposed";
                class?: string;
                state?: "open" | "accepted" | "retake" | "all";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_checks: {
                            photo_id: string;
                            subject: {
                                id: string;
                                name: string;
                            } | null;
                            thumbnail_url: string | null;
                            face: {
                                x: number;
                                y: number;
                                width: number;
                                height: number;
                                eye_y: number;
                            } | null;
                            checks: {
                                code: string;
                                message: string;
                            }[];
                            retake_needed: boolean;
                            checks_accepted: boolean;
                            checks_accepted_at: string | null;
                            checked_at: string | null;
                            auto_crop: {
                                x: number;
                                y: number;
                                width: number;
                                height: number;
                            } | null;
                            has_manual_crop: boolean;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                            counts: {
                                checked: number;
                                flagged_open: number;
                                accepted: number;
                                retakes: number;
                                auto_cropped: number;
                                centred_no_face: number;
                                by_code: {
                                    [key: string]: number;
                                };
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    photoCheckAutoCrops: {
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
                "application/json": {
                    head_size?: {
                        head_size_share?: number;
                        eye_line_from_top?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    fileRequestCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    attachment_request: {
                        name: string;
                        description: string;
                    };
                    project_ids: (string | number)[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attachment_request: {
                            id: string;
                            organization_id: string;
                            name: string;
                            description: string;
                            created_at: string;
                            updated_at: string;
                            created_by_user: {
                                id: string;
                                name: string;
                            } | null;
                            projects: {
                                id: string;
                                name: string;
                                organization_name: string;
                                pending: boolean;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    fileRequestShow: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attachment_request: {
                            id: string;
                            organization_id: string;
                            name: string;
                            description: string;
                            created_at: string;
                            updated_at: string;
                            created_by_user: {
                                id: string;
                                name: string;
                            } | null;
                            projects: {
                                id: string;
                                name: string;
                                organization_name: string;
                                pending: boolean;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiOrganizationsByIdAttachmentRequests: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attachment_requests: {
                            id: string;
                            organization_id: string;
                            name: string;
                            description: string;
                            created_at: string;
                            updated_at: string;
                            created_by_user: {
                                id: string;
                                name: string;
                            } | null;
                            projects: {
                                id: string;
                                name: string;
                                organization_name: string;
                                pending: boolean;
                            }[];
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiProjectsByIdAttachmentRequests: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attachment_requests: {
                            id: string;
                            organization_id: string;
                            name: string;
                            description: string;
                            created_at: string;
                            updated_at: string;
                            created_by_user: {
                                id: string;
                                name: string;
                            } | null;
                            projects: {
                                id: string;
                                name: string;
                                organization_name: string;
                                pending: boolean;
                            }[];
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    attachmentList: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attachments: {
                            id: string;
                            project_id: string;
                            attachment_request_id: string | null;
                            name: string;
                            description: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            upload_content_type: string;
                            uploaded_at: string | null;
                            upload_verified_at: string | null;
                            is_upload_verified: boolean;
                            created_at: string;
                            updated_at: string;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiProjectsByIdAttachments: {
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
                "application/json": {
                    attachment: {
                        name?: string;
                        description?: string | null;
                        attachment_request_id?: (string | null) | (number | null);
                        upload_file_name: string;
                        upload_file_size: number;
                        upload_content_type?: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attachment: {
                            id: string;
                            project_id: string;
                            attachment_request_id: string | null;
                            name: string;
                            description: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            upload_content_type: string;
                            uploaded_at: string | null;
                            upload_verified_at: string | null;
                            is_upload_verified: boolean;
                            created_at: string;
                            updated_at: string;
                            presigned_post: {
                                url: string;
                                fields: {
                                    [key: string]: string;
                                };
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    patchApiAttachmentsByIdVerify: {
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
                "application/json": {
                    /** @default true */
                    notify?: boolean;
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attachment: {
                            id: string;
                            project_id: string;
                            attachment_request_id: string | null;
                            name: string;
                            description: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            upload_content_type: string;
                            uploaded_at: string | null;
                            upload_verified_at: string | null;
                            is_upload_verified: boolean;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    postApiAttachmentRequestsByIdUploadsComplete: {
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
                "application/json": {
                    attachment_ids: (string | number)[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notified_attachment_ids: string[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    attachmentDownload: {
        parameters: {
            query?: {
                format?: "redirect" | "json";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        download: {
                            url: string;
                            expires_at: string;
                        };
                    };
                };
            };
            /** @description Redirect to the signed address (Location) */
            302: {
                headers: {
                    /** @description Where the answer is */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    attachmentDiscard: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    subjectImportList: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subject_imports: {
                            id: string;
                            project_id: string;
                            attachment_id: string | null;
                            created_by_user_id: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            /** @enum {string} */
                            status: "uploading" | "ready" | "checked" | "applying" | "applied" | "failed" | "expired";
                            /** @enum {string|null} */
                            file_format: "csv" | "xlsx" | "oneroster" | null;
                            encoding: string | null;
                            delimiter: string | null;
                            sheet_name: string | null;
                            sheet_names: string[];
                            /** @enum {string} */
                            oneroster_student_id: "identifier" | "sourced_id";
                            columns: string[];
                            sample_rows: string[][];
                            row_count: number;
                            mapping: {
                                [key: string]: string | null;
                            };
                            /** @enum {string} */
                            match_by: "auto" | "student_id" | "name_and_grade";
                            /** @enum {string} */
                            mode: "add_only" | "add_and_update";
                            skip_invalid_rows: boolean;
                            check: {
                                total_rows: number;
                                create_count: number;
                                update_count: number;
                                unchanged_count: number;
                                existing_skipped_count: number;
                                error_count: number;
                                creates: {
                                    line: number;
                                    name: string;
                                }[];
                                updates: {
                                    line: number;
                                    subject_id: string;
                                    name: string;
                                    changes: {
                                        field_id: string;
                                        label: string;
                                        from: string;
                                        to: string;
                                    }[];
                                }[];
                                errors: {
                                    line: number;
                                    messages: string[];
                                }[];
                                delete_count: number;
                                deletes: {
                                    line: number;
                                    subject_id: string;
                                    name: string;
                                }[];
                                warning_count: number;
                                warnings: {
                                    line: number;
                                    messages: string[];
                                    file?: string;
                                    name?: string;
                                }[];
                                notices: string[];
                            } | null;
                            report: {
                                created: number;
                                updated: number;
                                unchanged: number;
                                deleted: number;
                                skipped: number;
                                skipped_rows: {
                                    line: number;
                                    messages: string[];
                                }[];
                            } | null;
                            progress: {
                                done: number;
                                total: number;
                            };
                            failure: string | null;
                            applied_at: string | null;
                            created_at: string;
                            updated_at: string;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiProjectsByIdSubjectImports: {
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
                "application/json": {
                    attachment_id?: string | number;
                    subject_import?: {
                        attachment_id?: string | number;
                        upload_file_name?: string;
                        upload_file_size?: number;
                        /** @enum {string|null} */
                        encoding?: "utf-8" | "utf-16le" | "utf-16be" | "windows-1252" | "iso-8859-1" | null;
                        sheet_name?: string | null;
                        /** @enum {string} */
                        oneroster_student_id?: "identifier" | "sourced_id";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subject_import: {
                            id: string;
                            project_id: string;
                            attachment_id: string | null;
                            created_by_user_id: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            /** @enum {string} */
                            status: "uploading" | "ready" | "checked" | "applying" | "applied" | "failed" | "expired";
                            /** @enum {string|null} */
                            file_format: "csv" | "xlsx" | "oneroster" | null;
                            encoding: string | null;
                            delimiter: string | null;
                            sheet_name: string | null;
                            sheet_names: string[];
                            /** @enum {string} */
                            oneroster_student_id: "identifier" | "sourced_id";
                            columns: string[];
                            sample_rows: string[][];
                            row_count: number;
                            mapping: {
                                [key: string]: string | null;
                            };
                            /** @enum {string} */
                            match_by: "auto" | "student_id" | "name_and_grade";
                            /** @enum {string} */
                            mode: "add_only" | "add_and_update";
                            skip_invalid_rows: boolean;
                            check: {
                                total_rows: number;
                                create_count: number;
                                update_count: number;
                                unchanged_count: number;
                                existing_skipped_count: number;
                                error_count: number;
                                creates: {
                                    line: number;
                                    name: string;
                                }[];
                                updates: {
                                    line: number;
                                    subject_id: string;
                                    name: string;
                                    changes: {
                                        field_id: string;
                                        label: string;
                                        from: string;
                                        to: string;
                                    }[];
                                }[];
                                errors: {
                                    line: number;
                                    messages: string[];
                                }[];
                                delete_count: number;
                                deletes: {
                                    line: number;
                                    subject_id: string;
                                    name: string;
                                }[];
                                warning_count: number;
                                warnings: {
                                    line: number;
                                    messages: string[];
                                    file?: string;
                                    name?: string;
                                }[];
                                notices: string[];
                            } | null;
                            report: {
                                created: number;
                                updated: number;
                                unchanged: number;
                                deleted: number;
                                skipped: number;
                                skipped_rows: {
                                    line: number;
                                    messages: string[];
                                }[];
                            } | null;
                            progress: {
                                done: number;
                                total: number;
                            };
                            failure: string | null;
                            applied_at: string | null;
                            created_at: string;
                            updated_at: string;
                            suggested_mapping: {
                                [key: string]: string | null;
                            };
                            fields: {
                                id: string;
                                field_key: string | null;
                                label: string;
                            }[];
                            presigned_post?: {
                                url: string;
                                fields: {
                                    [key: string]: string;
                                };
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    patchApiSubjectImportsByIdVerify: {
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
                "application/json": {
                    subject_import?: {
                        /** @enum {string|null} */
                        encoding?: "utf-8" | "utf-16le" | "utf-16be" | "windows-1252" | "iso-8859-1" | null;
                        sheet_name?: string | null;
                        /** @enum {string} */
                        oneroster_student_id?: "identifier" | "sourced_id";
                    };
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subject_import: {
                            id: string;
                            project_id: string;
                            attachment_id: string | null;
                            created_by_user_id: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            /** @enum {string} */
                            status: "uploading" | "ready" | "checked" | "applying" | "applied" | "failed" | "expired";
                            /** @enum {string|null} */
                            file_format: "csv" | "xlsx" | "oneroster" | null;
                            encoding: string | null;
                            delimiter: string | null;
                            sheet_name: string | null;
                            sheet_names: string[];
                            /** @enum {string} */
                            oneroster_student_id: "identifier" | "sourced_id";
                            columns: string[];
                            sample_rows: string[][];
                            row_count: number;
                            mapping: {
                                [key: string]: string | null;
                            };
                            /** @enum {string} */
                            match_by: "auto" | "student_id" | "name_and_grade";
                            /** @enum {string} */
                            mode: "add_only" | "add_and_update";
                            skip_invalid_rows: boolean;
                            check: {
                                total_rows: number;
                                create_count: number;
                                update_count: number;
                                unchanged_count: number;
                                existing_skipped_count: number;
                                error_count: number;
                                creates: {
                                    line: number;
                                    name: string;
                                }[];
                                updates: {
                                    line: number;
                                    subject_id: string;
                                    name: string;
                                    changes: {
                                        field_id: string;
                                        label: string;
                                        from: string;
                                        to: string;
                                    }[];
                                }[];
                                errors: {
                                    line: number;
                                    messages: string[];
                                }[];
                                delete_count: number;
                                deletes: {
                                    line: number;
                                    subject_id: string;
                                    name: string;
                                }[];
                                warning_count: number;
                                warnings: {
                                    line: number;
                                    messages: string[];
                                    file?: string;
                                    name?: string;
                                }[];
                                notices: string[];
                            } | null;
                            report: {
                                created: number;
                                updated: number;
                                unchanged: number;
                                deleted: number;
                                skipped: number;
                                skipped_rows: {
                                    line: number;
                                    messages: string[];
                                }[];
                            } | null;
                            progress: {
                                done: number;
                                total: number;
                            };
                            failure: string | null;
                            applied_at: string | null;
                            created_at: string;
                            updated_at: string;
                            suggested_mapping: {
                                [key: string]: string | null;
                            };
                            fields: {
                                id: string;
                                field_key: string | null;
                                label: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiSubjectImportsById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subject_import: {
                            id: string;
                            project_id: string;
                            attachment_id: string | null;
                            created_by_user_id: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            /** @enum {string} */
                            status: "uploading" | "ready" | "checked" | "applying" | "applied" | "failed" | "expired";
                            /** @enum {string|null} */
                            file_format: "csv" | "xlsx" | "oneroster" | null;
                            encoding: string | null;
                            delimiter: string | null;
                            sheet_name: string | null;
                            sheet_names: string[];
                            /** @enum {string} */
                            oneroster_student_id: "identifier" | "sourced_id";
                            columns: string[];
                            sample_rows: string[][];
                            row_count: number;
                            mapping: {
                                [key: string]: string | null;
                            };
                            /** @enum {string} */
                            match_by: "auto" | "student_id" | "name_and_grade";
                            /** @enum {string} */
                            mode: "add_only" | "add_and_update";
                            skip_invalid_rows: boolean;
                            check: {
                                total_rows: number;
                                create_count: number;
                                update_count: number;
                                unchanged_count: number;
                                existing_skipped_count: number;
                                error_count: number;
                                creates: {
                                    line: number;
                                    name: string;
                                }[];
                                updates: {
                                    line: number;
                                    subject_id: string;
                                    name: string;
                                    changes: {
                                        field_id: string;
                                        label: string;
                                        from: string;
                                        to: string;
                                    }[];
                                }[];
                                errors: {
                                    line: number;
                                    messages: string[];
                                }[];
                                delete_count: number;
                                deletes: {
                                    line: number;
                                    subject_id: string;
                                    name: string;
                                }[];
                                warning_count: number;
                                warnings: {
                                    line: number;
                                    messages: string[];
                                    file?: string;
                                    name?: string;
                                }[];
                                notices: string[];
                            } | null;
                            report: {
                                created: number;
                                updated: number;
                                unchanged: number;
                                deleted: number;
                                skipped: number;
                                skipped_rows: {
                                    line: number;
                                    messages: string[];
                                }[];
                            } | null;
                            progress: {
                                done: number;
                                total: number;
                            };
                            failure: string | null;
                            applied_at: string | null;
                            created_at: string;
                            updated_at: string;
                            suggested_mapping: {
                                [key: string]: string | null;
                            };
                            fields: {
                                id: string;
                                field_key: string | null;
                                label: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    subjectImportUpdate: {
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
                "application/json": {
                    subject_import: {
                        mapping?: {
                            [key: string]: (string | null) | (number | null);
                        };
                        /** @enum {string} */
                        match_by?: "auto" | "student_id" | "name_and_grade";
                        /** @enum {string} */
                        mode?: "add_only" | "add_and_update";
                        skip_invalid_rows?: boolean;
                        save_mapping?: boolean;
                        /** @enum {string|null} */
                        encoding?: "utf-8" | "utf-16le" | "utf-16be" | "windows-1252" | "iso-8859-1" | null;
                        sheet_name?: string | null;
                        /** @enum {string} */
                        oneroster_student_id?: "identifier" | "sourced_id";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subject_import: {
                            id: string;
                            project_id: string;
                            attachment_id: string | null;
                            created_by_user_id: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            /** @enum {string} */
                            status: "uploading" | "ready" | "checked" | "applying" | "applied" | "failed" | "expired";
                            /** @enum {string|null} */
                            file_format: "csv" | "xlsx" | "oneroster" | null;
                            encoding: string | null;
                            delimiter: string | null;
                            sheet_name: string | null;
                            sheet_names: string[];
                            /** @enum {string} */
                            oneroster_student_id: "identifier" | "sourced_id";
                            columns: string[];
                            sample_rows: string[][];
                            row_count: number;
                            mapping: {
                                [key: string]: string | null;
                            };
                            /** @enum {string} */
                            match_by: "auto" | "student_id" | "name_and_grade";
                            /** @enum {string} */
                            mode: "add_only" | "add_and_update";
                            skip_invalid_rows: boolean;
                            check: {
                                total_rows: number;
                                create_count: number;
                                update_count: number;
                                unchanged_count: number;
                                existing_skipped_count: number;
                                error_count: number;
                                creates: {
                                    line: number;
                                    name: string;
                                }[];
                                updates: {
                                    line: number;
                                    subject_id: string;
                                    name: string;
                                    changes: {
                                        field_id: string;
                                        label: string;
                                        from: string;
                                        to: string;
                                    }[];
                                }[];
                                errors: {
                                    line: number;
                                    messages: string[];
                                }[];
                                delete_count: number;
                                deletes: {
                                    line: number;
                                    subject_id: string;
                                    name: string;
                                }[];
                                warning_count: number;
                                warnings: {
                                    line: number;
                                    messages: string[];
                                    file?: string;
                                    name?: string;
                                }[];
                                notices: string[];
                            } | null;
                            report: {
                                created: number;
                                updated: number;
                                unchanged: number;
                                deleted: number;
                                skipped: number;
                                skipped_rows: {
                                    line: number;
                                    messages: string[];
                                }[];
                            } | null;
                            progress: {
                                done: number;
                                total: number;
                            };
                            failure: string | null;
                            applied_at: string | null;
                            created_at: string;
                            updated_at: string;
                            suggested_mapping: {
                                [key: string]: string | null;
                            };
                            fields: {
                                id: string;
                                field_key: string | null;
                                label: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    subjectImportCheck: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subject_import: {
                            id: string;
                            project_id: string;
                            attachment_id: string | null;
                            created_by_user_id: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            /** @enum {string} */
                            status: "uploading" | "ready" | "checked" | "applying" | "applied" | "failed" | "expired";
                            /** @enum {string|null} */
                            file_format: "csv" | "xlsx" | "oneroster" | null;
                            encoding: string | null;
                            delimiter: string | null;
                            sheet_name: string | null;
                            sheet_names: string[];
                            /** @enum {string} */
                            oneroster_student_id: "identifier" | "sourced_id";
                            columns: string[];
                            sample_rows: string[][];
                            row_count: number;
                            mapping: {
                                [key: string]: string | null;
                            };
                            /** @enum {string} */
                            match_by: "auto" | "student_id" | "name_and_grade";
                            /** @enum {string} */
                            mode: "add_only" | "add_and_update";
                            skip_invalid_rows: boolean;
                            check: {
                                total_rows: number;
                                create_count: number;
                                update_count: number;
                                unchanged_count: number;
                                existing_skipped_count: number;
                                error_count: number;
                                creates: {
                                    line: number;
                                    name: string;
                                }[];
                                updates: {
                                    line: number;
                                    subject_id: string;
                                    name: string;
                                    changes: {
                                        field_id: string;
                                        label: string;
                                        from: string;
                                        to: string;
                                    }[];
                                }[];
                                errors: {
                                    line: number;
                                    messages: string[];
                                }[];
                                delete_count: number;
                                deletes: {
                                    line: number;
                                    subject_id: string;
                                    name: string;
                                }[];
                                warning_count: number;
                                warnings: {
                                    line: number;
                                    messages: string[];
                                    file?: string;
                                    name?: string;
                                }[];
                                notices: string[];
                            } | null;
                            report: {
                                created: number;
                                updated: number;
                                unchanged: number;
                                deleted: number;
                                skipped: number;
                                skipped_rows: {
                                    line: number;
                                    messages: string[];
                                }[];
                            } | null;
                            progress: {
                                done: number;
                                total: number;
                            };
                            failure: string | null;
                            applied_at: string | null;
                            created_at: string;
                            updated_at: string;
                            suggested_mapping: {
                                [key: string]: string | null;
                            };
                            fields: {
                                id: string;
                                field_key: string | null;
                                label: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    subjectImportApply: {
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
                "application/json": {
                    subject_import?: {
                        skip_invalid_rows?: boolean;
                    };
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subject_import: {
                            id: string;
                            project_id: string;
                            attachment_id: string | null;
                            created_by_user_id: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            /** @enum {string} */
                            status: "uploading" | "ready" | "checked" | "applying" | "applied" | "failed" | "expired";
                            /** @enum {string|null} */
                            file_format: "csv" | "xlsx" | "oneroster" | null;
                            encoding: string | null;
                            delimiter: string | null;
                            sheet_name: string | null;
                            sheet_names: string[];
                            /** @enum {string} */
                            oneroster_student_id: "identifier" | "sourced_id";
                            columns: string[];
                            sample_rows: string[][];
                            row_count: number;
                            mapping: {
                                [key: string]: string | null;
                            };
                            /** @enum {string} */
                            match_by: "auto" | "student_id" | "name_and_grade";
                            /** @enum {string} */
                            mode: "add_only" | "add_and_update";
                            skip_invalid_rows: boolean;
                            check: {
                                total_rows: number;
                                create_count: number;
                                update_count: number;
                                unchanged_count: number;
                                existing_skipped_count: number;
                                error_count: number;
                                creates: {
                                    line: number;
                                    name: string;
                                }[];
                                updates: {
                                    line: number;
                                    subject_id: string;
                                    name: string;
                                    changes: {
                                        field_id: string;
                                        label: string;
                                        from: string;
                                        to: string;
                                    }[];
                                }[];
                                errors: {
                                    line: number;
                                    messages: string[];
                                }[];
                                delete_count: number;
                                deletes: {
                                    line: number;
                                    subject_id: string;
                                    name: string;
                                }[];
                                warning_count: number;
                                warnings: {
                                    line: number;
                                    messages: string[];
                                    file?: string;
                                    name?: string;
                                }[];
                                notices: string[];
                            } | null;
                            report: {
                                created: number;
                                updated: number;
                                unchanged: number;
                                deleted: number;
                                skipped: number;
                                skipped_rows: {
                                    line: number;
                                    messages: string[];
                                }[];
                            } | null;
                            progress: {
                                done: number;
                                total: number;
                            };
                            failure: string | null;
                            applied_at: string | null;
                            created_at: string;
                            updated_at: string;
                            suggested_mapping: {
                                [key: string]: string | null;
                            };
                            fields: {
                                id: string;
                                field_key: string | null;
                                label: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiSubjectImportsByIdSkippedRows: {
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
            /** @description text/csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    photoBatchList: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_batches: {
                            id: string;
                            project_id: string;
                            name: string;
                            /** @enum {string} */
                            match_by: "camera_card" | "file_name" | "mapping_file" | "check_in";
                            photo_session_id: string | null;
                            station_id: string | null;
                            match_field_key: string;
                            match_field_label: string | null;
                            create_extras: boolean;
                            retakes: boolean;
                            /** @enum {string} */
                            primary: "if_none" | "newest";
                            /** @enum {string} */
                            state: "open" | "matching" | "matched" | "applying" | "applied" | "failed";
                            error: string | null;
                            mapping_file: {
                                file_name: string;
                                byte_size: number;
                                uploaded: boolean;
                            } | null;
                            counts: {
                                photos: number;
                                uploaded: number;
                                pending: number;
                                not_uploaded: number;
                                verifying: number;
                                cards: number;
                                matched: number;
                                unmatched: number;
                                ambiguous: number;
                                ignored: number;
                                warned: number;
                                subjects_matched: number;
                                subjects_without_photos: number;
                                subjects_with_several_photos: number;
                                subjects_photographed_again: number;
                            };
                            not_uploaded_files: {
                                total: number;
                                file_names: string[];
                            };
                            matched_at: string | null;
                            applied_at: string | null;
                            created_by_user_id: string | null;
                            created_at: string;
                            updated_at: string;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    photoBatchCreate: {
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
                "application/json": {
                    photo_batch: {
                        name: string;
                        /** @enum {string} */
                        match_by: "camera_card" | "file_name" | "mapping_file" | "check_in";
                        photo_session_id?: string | number;
                        match_field_key?: string;
                        create_extras?: boolean;
                        retakes?: boolean;
                        /** @enum {string} */
                        primary?: "if_none" | "newest";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_batch: {
                            id: string;
                            project_id: string;
                            name: string;
                            /** @enum {string} */
                            match_by: "camera_card" | "file_name" | "mapping_file" | "check_in";
                            photo_session_id: string | null;
                            station_id: string | null;
                            match_field_key: string;
                            match_field_label: string | null;
                            create_extras: boolean;
                            retakes: boolean;
                            /** @enum {string} */
                            primary: "if_none" | "newest";
                            /** @enum {string} */
                            state: "open" | "matching" | "matched" | "applying" | "applied" | "failed";
                            error: string | null;
                            mapping_file: {
                                file_name: string;
                                byte_size: number;
                                uploaded: boolean;
                            } | null;
                            counts: {
                                photos: number;
                                uploaded: number;
                                pending: number;
                                not_uploaded: number;
                                verifying: number;
                                cards: number;
                                matched: number;
                                unmatched: number;
                                ambiguous: number;
                                ignored: number;
                                warned: number;
                                subjects_matched: number;
                                subjects_without_photos: number;
                                subjects_with_several_photos: number;
                                subjects_photographed_again: number;
                            };
                            not_uploaded_files: {
                                total: number;
                                file_names: string[];
                            };
                            matched_at: string | null;
                            applied_at: string | null;
                            created_by_user_id: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiPhotoBatchesById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_batch: {
                            id: string;
                            project_id: string;
                            name: string;
                            /** @enum {string} */
                            match_by: "camera_card" | "file_name" | "mapping_file" | "check_in";
                            photo_session_id: string | null;
                            station_id: string | null;
                            match_field_key: string;
                            match_field_label: string | null;
                            create_extras: boolean;
                            retakes: boolean;
                            /** @enum {string} */
                            primary: "if_none" | "newest";
                            /** @enum {string} */
                            state: "open" | "matching" | "matched" | "applying" | "applied" | "failed";
                            error: string | null;
                            mapping_file: {
                                file_name: string;
                                byte_size: number;
                                uploaded: boolean;
                            } | null;
                            counts: {
                                photos: number;
                                uploaded: number;
                                pending: number;
                                not_uploaded: number;
                                verifying: number;
                                cards: number;
                                matched: number;
                                unmatched: number;
                                ambiguous: number;
                                ignored: number;
                                warned: number;
                                subjects_matched: number;
                                subjects_without_photos: number;
                                subjects_with_several_photos: number;
                                subjects_photographed_again: number;
                            };
                            not_uploaded_files: {
                                total: number;
                                file_names: string[];
                            };
                            matched_at: string | null;
                            applied_at: string | null;
                            created_by_user_id: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    stationBatch: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_batch: {
                            id: string;
                            project_id: string;
                            name: string;
                            /** @enum {string} */
                            match_by: "camera_card" | "file_name" | "mapping_file" | "check_in";
                            photo_session_id: string | null;
                            station_id: string | null;
                            match_field_key: string;
                            match_field_label: string | null;
                            create_extras: boolean;
                            retakes: boolean;
                            /** @enum {string} */
                            primary: "if_none" | "newest";
                            /** @enum {string} */
                            state: "open" | "matching" | "matched" | "applying" | "applied" | "failed";
                            error: string | null;
                            mapping_file: {
                                file_name: string;
                                byte_size: number;
                                uploaded: boolean;
                            } | null;
                            counts: {
                                photos: number;
                                uploaded: number;
                                pending: number;
                                not_uploaded: number;
                                verifying: number;
                                cards: number;
                                matched: number;
                                unmatched: number;
                                ambiguous: number;
                                ignored: number;
                                warned: number;
                                subjects_matched: number;
                                subjects_without_photos: number;
                                subjects_with_several_photos: number;
                                subjects_photographed_again: number;
                            };
                            not_uploaded_files: {
                                total: number;
                                file_names: string[];
                            };
                            matched_at: string | null;
                            applied_at: string | null;
                            created_by_user_id: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_batch: {
                            id: string;
                            project_id: string;
                            name: string;
                            /** @enum {string} */
                            match_by: "camera_card" | "file_name" | "mapping_file" | "check_in";
                            photo_session_id: string | null;
                            station_id: string | null;
                            match_field_key: string;
                            match_field_label: string | null;
                            create_extras: boolean;
                            retakes: boolean;
                            /** @enum {string} */
                            primary: "if_none" | "newest";
                            /** @enum {string} */
                            state: "open" | "matching" | "matched" | "applying" | "applied" | "failed";
                            error: string | null;
                            mapping_file: {
                                file_name: string;
                                byte_size: number;
                                uploaded: boolean;
                            } | null;
                            counts: {
                                photos: number;
                                uploaded: number;
                                pending: number;
                                not_uploaded: number;
                                verifying: number;
                                cards: number;
                                matched: number;
                                unmatched: number;
                                ambiguous: number;
                                ignored: number;
                                warned: number;
                                subjects_matched: number;
                                subjects_without_photos: number;
                                subjects_with_several_photos: number;
                                subjects_photographed_again: number;
                            };
                            not_uploaded_files: {
                                total: number;
                                file_names: string[];
                            };
                            matched_at: string | null;
                            applied_at: string | null;
                            created_by_user_id: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    stationNow: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        station_now: {
                            station_id: string;
                            photo_session_id: string;
                            photo_batch_id: string | null;
                            live_apply: boolean;
                            student: {
                                check_in_id: string;
                                subject_id: string | null;
                                walk_up_id: string | null;
                                /** @enum {string} */
                                status: "photographed" | "retake";
                                checked_in_at: string;
                                name: string;
                                card_code: string | null;
                            } | null;
                            frames: {
                                photo_id: string;
                                photo_batch_item_id: string;
                                file_name: string;
                                captured_at: string | null;
                                /** @enum {string} */
                                state: "pending" | "card" | "matched" | "unmatched" | "ambiguous" | "ignored";
                                /** @enum {string|null} */
                                reason_code: "card" | "no_card_before" | "unknown_code" | "new_subject" | "no_value" | "no_such_value" | "several_subjects" | "not_in_mapping_file" | "not_verified" | "pending_before" | "unreadable_card" | "unreadable_card_before" | "long_pause" | "duplicate" | "clock_card" | "no_clock_card" | "unknown_clock_card" | "no_capture_time" | "no_check_in_before" | "undone_check_in" | "walk_up_pending" | "long_after_check_in" | "near_check_in" | null;
                                reason: string | null;
                                /** @enum {string} */
                                verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                                thumbnails: {
                                    tiny: string | null;
                                    small: string | null;
                                    large: string | null;
                                    full: string | null;
                                };
                                checked: boolean;
                                checks: {
                                    code: string;
                                    message: string;
                                }[];
                                face: {
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                } | null;
                                auto_crop: {
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                } | null;
                                picked: boolean;
                                applied: boolean;
                                is_primary: boolean;
                            }[];
                            retake_now: boolean;
                            retake_reasons: string[];
                            processing: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    stationPick: {
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
                "application/json": {
                    photo_id: string | number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        station_now: {
                            station_id: string;
                            photo_session_id: string;
                            photo_batch_id: string | null;
                            live_apply: boolean;
                            student: {
                                check_in_id: string;
                                subject_id: string | null;
                                walk_up_id: string | null;
                                /** @enum {string} */
                                status: "photographed" | "retake";
                                checked_in_at: string;
                                name: string;
                                card_code: string | null;
                            } | null;
                            frames: {
                                photo_id: string;
                                photo_batch_item_id: string;
                                file_name: string;
                                captured_at: string | null;
                                /** @enum {string} */
                                state: "pending" | "card" | "matched" | "unmatched" | "ambiguous" | "ignored";
                                /** @enum {string|null} */
                                reason_code: "card" | "no_card_before" | "unknown_code" | "new_subject" | "no_value" | "no_such_value" | "several_subjects" | "not_in_mapping_file" | "not_verified" | "pending_before" | "unreadable_card" | "unreadable_card_before" | "long_pause" | "duplicate" | "clock_card" | "no_clock_card" | "unknown_clock_card" | "no_capture_time" | "no_check_in_before" | "undone_check_in" | "walk_up_pending" | "long_after_check_in" | "near_check_in" | null;
                                reason: string | null;
                                /** @enum {string} */
                                verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                                thumbnails: {
                                    tiny: string | null;
                                    small: string | null;
                                    large: string | null;
                                    full: string | null;
                                };
                                checked: boolean;
                                checks: {
                                    code: string;
                                    message: string;
                                }[];
                                face: {
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                } | null;
                                auto_crop: {
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                } | null;
                                picked: boolean;
                                applied: boolean;
                                is_primary: boolean;
                            }[];
                            retake_now: boolean;
                            retake_reasons: string[];
                            processing: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    postApiPhotoBatchesByIdPhotos: {
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
                "application/json": {
                    photo: {
                        upload_file_name?: string;
                        upload_file_size?: number;
                        /** @enum {string} */
                        upload_content_type?: "image/jpeg" | "image/png";
                        /**
                         * @deprecated
                         * @description Deprecated: the older name of upload_file_name.
                         */
                        file_name?: string;
                        /**
                         * @deprecated
                         * @description Deprecated: the older name of upload_file_size.
                         */
                        byte_size?: number;
                        /**
                         * @deprecated
                         * @description Deprecated: the older name of upload_content_type.
                         * @enum {string}
                         */
                        content_type?: "image/jpeg" | "image/png";
                        last_modified?: number | string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo: {
                            id: string;
                            album_id: string;
                            project_id: string;
                            width: number | null;
                            height: number | null;
                            category: string | null;
                            chroma_key: string | null;
                            tags: string[];
                            merge_duplicate: boolean;
                            subject_ids: string[];
                            default_photo_crop_id: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            upload_content_type: string;
                            uploaded_at: string | null;
                            upload_verified_at: string | null;
                            /** @enum {string} */
                            verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                            verification_error: string | null;
                            merged_into_photo_id: string | null;
                            face: {
                                x: number;
                                y: number;
                                width: number;
                                height: number;
                                eye_y: number;
                            } | null;
                            checks: {
                                code: string;
                                message: string;
                            }[];
                            retake_needed: boolean;
                            created_by_plic_app_id: string | null;
                            created_at: string;
                            presigned_get: string | null;
                            thumbnails: {
                                tiny: string | null;
                                small: string | null;
                                large: string | null;
                                full: string | null;
                            };
                            presigned_post?: {
                                url: string;
                                fields: {
                                    [key: string]: string;
                                };
                            };
                        };
                        photo_batch_item: {
                            id: string;
                            photo_batch_id: string;
                            photo_id: string;
                            file_name: string;
                            byte_size: number;
                            last_modified: string | null;
                            captured_at: string | null;
                            /** @enum {string} */
                            verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                            verified: boolean;
                            /** @enum {string} */
                            state: "pending" | "card" | "matched" | "unmatched" | "ambiguous" | "ignored";
                            subject_id: string | null;
                            candidate_subject_ids: string[];
                            card_code: string | null;
                            /** @enum {string|null} */
                            reason_code: "card" | "no_card_before" | "unknown_code" | "new_subject" | "no_value" | "no_such_value" | "several_subjects" | "not_in_mapping_file" | "not_verified" | "pending_before" | "unreadable_card" | "unreadable_card_before" | "long_pause" | "duplicate" | "clock_card" | "no_clock_card" | "unknown_clock_card" | "no_capture_time" | "no_check_in_before" | "undone_check_in" | "walk_up_pending" | "long_after_check_in" | "near_check_in" | null;
                            reason: string | null;
                            value_read: string | null;
                            /** @enum {string|null} */
                            warning_code: "zeros_restored" | null;
                            warning: string | null;
                            reviewed: boolean;
                            applied: boolean;
                            thumbnails: {
                                tiny: string | null;
                                small: string | null;
                                large: string | null;
                                full: string | null;
                            };
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo: {
                            id: string;
                            album_id: string;
                            project_id: string;
                            width: number | null;
                            height: number | null;
                            category: string | null;
                            chroma_key: string | null;
                            tags: string[];
                            merge_duplicate: boolean;
                            subject_ids: string[];
                            default_photo_crop_id: string | null;
                            upload_file_name: string;
                            upload_file_size: number;
                            upload_content_type: string;
                            uploaded_at: string | null;
                            upload_verified_at: string | null;
                            /** @enum {string} */
                            verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                            verification_error: string | null;
                            merged_into_photo_id: string | null;
                            face: {
                                x: number;
                                y: number;
                                width: number;
                                height: number;
                                eye_y: number;
                            } | null;
                            checks: {
                                code: string;
                                message: string;
                            }[];
                            retake_needed: boolean;
                            created_by_plic_app_id: string | null;
                            created_at: string;
                            presigned_get: string | null;
                            thumbnails: {
                                tiny: string | null;
                                small: string | null;
                                large: string | null;
                                full: string | null;
                            };
                            presigned_post?: {
                                url: string;
                                fields: {
                                    [key: string]: string;
                                };
                            };
                        };
                        photo_batch_item: {
                            id: string;
                            photo_batch_id: string;
                            photo_id: string;
                            file_name: string;
                            byte_size: number;
                            last_modified: string | null;
                            captured_at: string | null;
                            /** @enum {string} */
                            verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                            verified: boolean;
                            /** @enum {string} */
                            state: "pending" | "card" | "matched" | "unmatched" | "ambiguous" | "ignored";
                            subject_id: string | null;
                            candidate_subject_ids: string[];
                            card_code: string | null;
                            /** @enum {string|null} */
                            reason_code: "card" | "no_card_before" | "unknown_code" | "new_subject" | "no_value" | "no_such_value" | "several_subjects" | "not_in_mapping_file" | "not_verified" | "pending_before" | "unreadable_card" | "unreadable_card_before" | "long_pause" | "duplicate" | "clock_card" | "no_clock_card" | "unknown_clock_card" | "no_capture_time" | "no_check_in_before" | "undone_check_in" | "walk_up_pending" | "long_after_check_in" | "near_check_in" | null;
                            reason: string | null;
                            value_read: string | null;
                            /** @enum {string|null} */
                            warning_code: "zeros_restored" | null;
                            warning: string | null;
                            reviewed: boolean;
                            applied: boolean;
                            thumbnails: {
                                tiny: string | null;
                                small: string | null;
                                large: string | null;
                                full: string | null;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    postApiPhotoBatchesByIdMappingFile: {
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
                "application/json": {
                    mapping_file: {
                        file_name: string;
                        byte_size: number;
                        file_name_column?: string;
                        value_column?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_batch: {
                            id: string;
                            project_id: string;
                            name: string;
                            /** @enum {string} */
                            match_by: "camera_card" | "file_name" | "mapping_file" | "check_in";
                            photo_session_id: string | null;
                            station_id: string | null;
                            match_field_key: string;
                            match_field_label: string | null;
                            create_extras: boolean;
                            retakes: boolean;
                            /** @enum {string} */
                            primary: "if_none" | "newest";
                            /** @enum {string} */
                            state: "open" | "matching" | "matched" | "applying" | "applied" | "failed";
                            error: string | null;
                            mapping_file: {
                                file_name: string;
                                byte_size: number;
                                uploaded: boolean;
                            } | null;
                            counts: {
                                photos: number;
                                uploaded: number;
                                pending: number;
                                not_uploaded: number;
                                verifying: number;
                                cards: number;
                                matched: number;
                                unmatched: number;
                                ambiguous: number;
                                ignored: number;
                                warned: number;
                                subjects_matched: number;
                                subjects_without_photos: number;
                                subjects_with_several_photos: number;
                                subjects_photographed_again: number;
                            };
                            not_uploaded_files: {
                                total: number;
                                file_names: string[];
                            };
                            matched_at: string | null;
                            applied_at: string | null;
                            created_by_user_id: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                        presigned_post: {
                            url: string;
                            fields: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    photoBatchMatch: {
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
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_batch: {
                            id: string;
                            project_id: string;
                            name: string;
                            /** @enum {string} */
                            match_by: "camera_card" | "file_name" | "mapping_file" | "check_in";
                            photo_session_id: string | null;
                            station_id: string | null;
                            match_field_key: string;
                            match_field_label: string | null;
                            create_extras: boolean;
                            retakes: boolean;
                            /** @enum {string} */
                            primary: "if_none" | "newest";
                            /** @enum {string} */
                            state: "open" | "matching" | "matched" | "applying" | "applied" | "failed";
                            error: string | null;
                            mapping_file: {
                                file_name: string;
                                byte_size: number;
                                uploaded: boolean;
                            } | null;
                            counts: {
                                photos: number;
                                uploaded: number;
                                pending: number;
                                not_uploaded: number;
                                verifying: number;
                                cards: number;
                                matched: number;
                                unmatched: number;
                                ambiguous: number;
                                ignored: number;
                                warned: number;
                                subjects_matched: number;
                                subjects_without_photos: number;
                                subjects_with_several_photos: number;
                                subjects_photographed_again: number;
                            };
                            not_uploaded_files: {
                                total: number;
                                file_names: string[];
                            };
                            matched_at: string | null;
                            applied_at: string | null;
                            created_by_user_id: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiPhotoBatchesByIdItems: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                state?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_batch_items: {
                            id: string;
                            photo_batch_id: string;
                            photo_id: string;
                            file_name: string;
                            byte_size: number;
                            last_modified: string | null;
                            captured_at: string | null;
                            /** @enum {string} */
                            verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                            verified: boolean;
                            /** @enum {string} */
                            state: "pending" | "card" | "matched" | "unmatched" | "ambiguous" | "ignored";
                            subject_id: string | null;
                            candidate_subject_ids: string[];
                            card_code: string | null;
                            /** @enum {string|null} */
                            reason_code: "card" | "no_card_before" | "unknown_code" | "new_subject" | "no_value" | "no_such_value" | "several_subjects" | "not_in_mapping_file" | "not_verified" | "pending_before" | "unreadable_card" | "unreadable_card_before" | "long_pause" | "duplicate" | "clock_card" | "no_clock_card" | "unknown_clock_card" | "no_capture_time" | "no_check_in_before" | "undone_check_in" | "walk_up_pending" | "long_after_check_in" | "near_check_in" | null;
                            reason: string | null;
                            value_read: string | null;
                            /** @enum {string|null} */
                            warning_code: "zeros_restored" | null;
                            warning: string | null;
                            reviewed: boolean;
                            applied: boolean;
                            thumbnails: {
                                tiny: string | null;
                                small: string | null;
                                large: string | null;
                                full: string | null;
                            };
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    photoBatchReview: {
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
                "application/json": {
                    photo_batch_item: {
                        subject_id: string | number;
                    } | {
                        ignored: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_batch_item: {
                            id: string;
                            photo_batch_id: string;
                            photo_id: string;
                            file_name: string;
                            byte_size: number;
                            last_modified: string | null;
                            captured_at: string | null;
                            /** @enum {string} */
                            verification_state: "uploaded" | "verifying" | "verified" | "refused" | "merged";
                            verified: boolean;
                            /** @enum {string} */
                            state: "pending" | "card" | "matched" | "unmatched" | "ambiguous" | "ignored";
                            subject_id: string | null;
                            candidate_subject_ids: string[];
                            card_code: string | null;
                            /** @enum {string|null} */
                            reason_code: "card" | "no_card_before" | "unknown_code" | "new_subject" | "no_value" | "no_such_value" | "several_subjects" | "not_in_mapping_file" | "not_verified" | "pending_before" | "unreadable_card" | "unreadable_card_before" | "long_pause" | "duplicate" | "clock_card" | "no_clock_card" | "unknown_clock_card" | "no_capture_time" | "no_check_in_before" | "undone_check_in" | "walk_up_pending" | "long_after_check_in" | "near_check_in" | null;
                            reason: string | null;
                            value_read: string | null;
                            /** @enum {string|null} */
                            warning_code: "zeros_restored" | null;
                            warning: string | null;
                            reviewed: boolean;
                            applied: boolean;
                            thumbnails: {
                                tiny: string | null;
                                small: string | null;
                                large: string | null;
                                full: string | null;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    photoBatchApply: {
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
                "application/json": {
                    photo_batch?: {
                        /** @enum {string} */
                        primary?: "if_none" | "newest";
                    };
                } | null;
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_batch: {
                            id: string;
                            project_id: string;
                            name: string;
                            /** @enum {string} */
                            match_by: "camera_card" | "file_name" | "mapping_file" | "check_in";
                            photo_session_id: string | null;
                            station_id: string | null;
                            match_field_key: string;
                            match_field_label: string | null;
                            create_extras: boolean;
                            retakes: boolean;
                            /** @enum {string} */
                            primary: "if_none" | "newest";
                            /** @enum {string} */
                            state: "open" | "matching" | "matched" | "applying" | "applied" | "failed";
                            error: string | null;
                            mapping_file: {
                                file_name: string;
                                byte_size: number;
                                uploaded: boolean;
                            } | null;
                            counts: {
                                photos: number;
                                uploaded: number;
                                pending: number;
                                not_uploaded: number;
                                verifying: number;
                                cards: number;
                                matched: number;
                                unmatched: number;
                                ambiguous: number;
                                ignored: number;
                                warned: number;
                                subjects_matched: number;
                                subjects_without_photos: number;
                                subjects_with_several_photos: number;
                                subjects_photographed_again: number;
                            };
                            not_uploaded_files: {
                                total: number;
                                file_names: string[];
                            };
                            matched_at: string | null;
                            applied_at: string | null;
                            created_by_user_id: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    projectEvents: {
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
            /** @description text/event-stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiOrganizationsByIdAuditEvents: {
        parameters: {
            query?: {
                actor_id?: string;
                action?: "session.sign_in" | "session.sign_in_failed" | "project_export.create" | "project_export.download" | "layout_render.create" | "layout_render.download" | "yearbook_delivery.create" | "yearbook_delivery.download" | "attachment.download" | "photo.download" | "subject_import.apply" | "photo_batch.apply" | "coverage.notify" | "subject.delete" | "subject.merge" | "subject.consent_change" | "photo.delete" | "project.delete" | "user.delete" | "user.rights_change" | "license.change" | "family.sign_in" | "family.view" | "family.pose_choice" | "family.opt_out_request" | "guardian_link.delete" | "opt_out_request.decide";
                project_id?: string;
                since?: string;
                until?: string;
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        audit_events: {
                            id: string;
                            action: string;
                            record_type: string;
                            record_id: string | null;
                            project_id: string | null;
                            project_name: string | null;
                            user: {
                                id: string;
                                name: string;
                            } | null;
                            account_id: string | null;
                            acting_organization: {
                                id: string;
                                name: string;
                            } | null;
                            owner_organization_id: string | null;
                            ip: string | null;
                            details: {
                                [key: string]: unknown;
                            };
                            created_at: string;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiOrganizationsByIdAuditEventsActors: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        actors: {
                            id: string;
                            name: string;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiOrganizationsByIdAuditEventsCsv: {
        parameters: {
            query?: {
                actor_id?: string;
                action?: "session.sign_in" | "session.sign_in_failed" | "project_export.create" | "project_export.download" | "layout_render.create" | "layout_render.download" | "yearbook_delivery.create" | "yearbook_delivery.download" | "attachment.download" | "photo.download" | "subject_import.apply" | "photo_batch.apply" | "coverage.notify" | "subject.delete" | "subject.merge" | "subject.consent_change" | "photo.delete" | "project.delete" | "user.delete" | "user.rights_change" | "license.change" | "family.sign_in" | "family.view" | "family.pose_choice" | "family.opt_out_request" | "guardian_link.delete" | "opt_out_request.decide";
                project_id?: string;
                since?: string;
                until?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiProjectsByIdCoverage: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        coverage: {
                            project_id: string;
                            class_fields: {
                                /** @enum {string} */
                                key: "teacher" | "grade" | "home_room";
                                label: string;
                            }[];
                            totals: {
                                subjects: number;
                                with_portrait: number;
                                with_checked_crop: number;
                                retake_pending: number;
                                without_photo: number;
                                without_portrait: number;
                            };
                            classes: {
                                subjects: number;
                                with_portrait: number;
                                with_checked_crop: number;
                                retake_pending: number;
                                without_photo: number;
                                teacher: string | null;
                                grade: string | null;
                                home_room: string | null;
                                without_portrait: number;
                            }[];
                        };
                        missing: {
                            id: string;
                            display_name: string;
                            first_name: string | null;
                            last_name: string | null;
                            student_id: string | null;
                            grade: string | null;
                            teacher: string | null;
                            home_room: string | null;
                            photos_count: number;
                            needs_retake: boolean;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiProjectsByIdCoverageCsv: {
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
            /** @description text/csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    coveragePrint: {
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
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        layout_render: {
                            id: string;
                            project_id: string;
                            layout_id: string;
                            layout_name: string;
                            /** @enum {string} */
                            render_type: "Basic" | "Sheet";
                            render_name: string;
                            batch_name: string | null;
                            format: string;
                            subjects_count: number;
                            group_by: string[];
                            sort_by: string[];
                            /** @enum {string} */
                            subjects_without_photo: "leave_out" | "placeholder";
                            worker_token: string;
                            /** @enum {string} */
                            worker_status: "running" | "complete" | "failed";
                            failure_reason: string | null;
                            is_completed: boolean;
                            page_count: number | null;
                            download_url: string | null;
                            created_at: string;
                            completed_at: string | null;
                            expires_at: string | null;
                            expired_at: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiProjectsByIdCoverageNotifyPreview: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notification_preview: {
                            organization_name: string;
                            to: string;
                            subject: string;
                            text: string;
                            subjects: number;
                            without_portrait: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiProjectsByIdCoverageNotify: {
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
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notification: {
                            organization_name: string;
                            subjects: number;
                            without_portrait: number;
                            sent_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    photoSessionList: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_sessions: {
                            id: string;
                            project_id: string;
                            name: string;
                            date: string;
                            live_apply: boolean;
                            counts: {
                                checked_in: number;
                                photographed: number;
                                absent: number;
                                retake: number;
                                walk_ups: number;
                                remaining: number;
                            };
                            stations: {
                                id: string;
                                photo_session_id: string;
                                name: string;
                                link_expires_at: string | null;
                                link_revoked_at: string | null;
                                link_active: boolean;
                                clock_offset_ms: number | null;
                                clock_station_at: string | null;
                                created_at: string;
                                updated_at: string;
                            }[];
                            created_at: string;
                            updated_at: string;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    photoSessionCreate: {
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
                "application/json": {
                    photo_session: {
                        name: string;
                        /** Format: date */
                        date: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_session: {
                            id: string;
                            project_id: string;
                            name: string;
                            date: string;
                            live_apply: boolean;
                            counts: {
                                checked_in: number;
                                photographed: number;
                                absent: number;
                                retake: number;
                                walk_ups: number;
                                remaining: number;
                            };
                            stations: {
                                id: string;
                                photo_session_id: string;
                                name: string;
                                link_expires_at: string | null;
                                link_revoked_at: string | null;
                                link_active: boolean;
                                clock_offset_ms: number | null;
                                clock_station_at: string | null;
                                created_at: string;
                                updated_at: string;
                            }[];
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    photoSessionShow: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_session: {
                            id: string;
                            project_id: string;
                            name: string;
                            date: string;
                            live_apply: boolean;
                            counts: {
                                checked_in: number;
                                photographed: number;
                                absent: number;
                                retake: number;
                                walk_ups: number;
                                remaining: number;
                            };
                            stations: {
                                id: string;
                                photo_session_id: string;
                                name: string;
                                link_expires_at: string | null;
                                link_revoked_at: string | null;
                                link_active: boolean;
                                clock_offset_ms: number | null;
                                clock_station_at: string | null;
                                created_at: string;
                                updated_at: string;
                            }[];
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    photoSessionUpdate: {
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
                "application/json": {
                    photo_session: {
                        name?: string;
                        live_apply?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photo_session: {
                            id: string;
                            project_id: string;
                            name: string;
                            date: string;
                            live_apply: boolean;
                            counts: {
                                checked_in: number;
                                photographed: number;
                                absent: number;
                                retake: number;
                                walk_ups: number;
                                remaining: number;
                            };
                            stations: {
                                id: string;
                                photo_session_id: string;
                                name: string;
                                link_expires_at: string | null;
                                link_revoked_at: string | null;
                                link_active: boolean;
                                clock_offset_ms: number | null;
                                clock_station_at: string | null;
                                created_at: string;
                                updated_at: string;
                            }[];
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    stationCreate: {
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
                "application/json": {
                    station: {
                        name: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        station: {
                            id: string;
                            photo_session_id: string;
                            name: string;
                            link_expires_at: string | null;
                            link_revoked_at: string | null;
                            link_active: boolean;
                            clock_offset_ms: number | null;
                            clock_station_at: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                        station_link: {
                            url: string;
                            token: string;
                            expires_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    stationRevokeLink: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        station: {
                            id: string;
                            photo_session_id: string;
                            name: string;
                            link_expires_at: string | null;
                            link_revoked_at: string | null;
                            link_active: boolean;
                            clock_offset_ms: number | null;
                            clock_station_at: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    photoSessionRoster: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subjects: {
                            subject_id: string | null;
                            walk_up_id: string | null;
                            display_name: string;
                            first_name: string | null;
                            last_name: string | null;
                            grade: string | null;
                            teacher: string | null;
                            home_room: string | null;
                            student_id: string | null;
                            card_code: string;
                            current: {
                                /** @enum {string} */
                                status: "photographed" | "absent" | "retake";
                                at: string;
                                station_id: string;
                                check_in_id: string;
                                note: string | null;
                            } | null;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    checkInList: {
        parameters: {
            query?: {
                since?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        check_ins: {
                            id: string;
                            photo_session_id: string;
                            station_id: string;
                            client_id: string;
                            subject_id: string | null;
                            walk_up_id: string | null;
                            /** @enum {string} */
                            status: "photographed" | "absent" | "retake" | "undo";
                            at: string;
                            note: string | null;
                            received_at: string;
                        }[];
                        next_since: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    checkInCreate: {
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
                "application/json": {
                    check_ins: {
                        /** Format: uuid */
                        client_id: string;
                        station_id: string | number;
                        subject_id?: string | number;
                        code?: string;
                        walk_up?: {
                            first_name: string;
                            last_name: string;
                            grade?: string;
                            teacher?: string;
                            home_room?: string;
                            student_id?: string;
                        };
                        /** @enum {string} */
                        status: "photographed" | "absent" | "retake" | "undo";
                        /** Format: date-time */
                        at: string;
                        note?: string | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        check_ins: {
                            client_id: string;
                            /** @enum {string} */
                            outcome: "created" | "duplicate" | "rejected";
                            check_in: {
                                id: string;
                                photo_session_id: string;
                                station_id: string;
                                client_id: string;
                                subject_id: string | null;
                                walk_up_id: string | null;
                                /** @enum {string} */
                                status: "photographed" | "absent" | "retake" | "undo";
                                at: string;
                                note: string | null;
                                received_at: string;
                            } | null;
                            walk_up: {
                                id: string;
                                photo_session_id: string;
                                station_id: string | null;
                                fields: {
                                    [key: string]: string;
                                };
                                card_code: string;
                                subject_id: string | null;
                                approved_at: string | null;
                                created_at: string;
                                updated_at: string;
                            } | null;
                            errors: {
                                [key: string]: string[];
                            } | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    photoSessionEvents: {
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
            /** @description text/event-stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    photoSessionClock: {
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
                "application/json": {
                    clock: {
                        station_id: string | number;
                        /** Format: date-time */
                        at: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        station: {
                            id: string;
                            photo_session_id: string;
                            name: string;
                            link_expires_at: string | null;
                            link_revoked_at: string | null;
                            link_active: boolean;
                            clock_offset_ms: number | null;
                            clock_station_at: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                        server_time: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    walkUpList: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        walk_ups: {
                            id: string;
                            photo_session_id: string;
                            station_id: string | null;
                            fields: {
                                [key: string]: string;
                            };
                            card_code: string;
                            subject_id: string | null;
                            approved_at: string | null;
                            created_at: string;
                            updated_at: string;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    walkUpApprove: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        walk_up: {
                            id: string;
                            photo_session_id: string;
                            station_id: string | null;
                            fields: {
                                [key: string]: string;
                            };
                            card_code: string;
                            subject_id: string | null;
                            approved_at: string | null;
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiPhotoSessionsByIdAbsent: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        absent: {
                            subject_id: string | null;
                            walk_up_id: string | null;
                            display_name: string;
                            first_name: string | null;
                            last_name: string | null;
                            student_id: string | null;
                            grade: string | null;
                            teacher: string | null;
                            home_room: string | null;
                            card_code: string;
                            /** @enum {string} */
                            status: "absent" | "retake";
                            reason: string | null;
                            at: string;
                            station_id: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiPhotoSessionsByIdAbsentCsv: {
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
            /** @description text/csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiPhotoSessionsByIdRetakes: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        retakes: {
                            subject_id: string | null;
                            walk_up_id: string | null;
                            display_name: string;
                            first_name: string | null;
                            last_name: string | null;
                            student_id: string | null;
                            grade: string | null;
                            teacher: string | null;
                            home_room: string | null;
                            card_code: string;
                            /** @enum {string} */
                            status: "absent" | "retake";
                            reason: string | null;
                            at: string;
                            station_id: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiPhotoSessionsByIdRetakesCsv: {
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
            /** @description text/csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    photoSessionCameraCard: {
        parameters: {
            query: {
                subject_id: string | number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description application/pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    postApiFamilyClaims: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    claim: {
                        code: string;
                        last_name: string;
                        /** Format: email */
                        email: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
            422: components["responses"]["UnprocessableEntity"];
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "too_many_requests";
                    };
                };
            };
        };
    };
    postApiFamilySessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        family_session: {
                            token: string;
                            expires_at: string;
                            guardian: {
                                email: string;
                                notify_photos_ready: boolean;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    postApiFamilyUnsubscribe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiFamilyProofsByGrantByPhotoId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                grant: string;
                photo_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description image/jpeg */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiFamilyMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        guardian: {
                            email: string;
                            notify_photos_ready: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    familyUpdateSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    guardian: {
                        notify_photos_ready: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        guardian: {
                            email: string;
                            notify_photos_ready: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiFamilyChildren: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        children: {
                            id: string;
                            first_name: string;
                            last_name: string;
                            class: string;
                            yearbook_pose: {
                                open: boolean;
                                deadline: string | null;
                                photo_id: string | null;
                                chosen_by_guardian: boolean;
                            };
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getApiFamilyChildrenById: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        child: {
                            id: string;
                            first_name: string;
                            last_name: string;
                            class: string;
                            yearbook_pose: {
                                open: boolean;
                                deadline: string | null;
                                photo_id: string | null;
                                chosen_by_guardian: boolean;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiFamilyChildrenByIdPhotos: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        photos: {
                            id: string;
                            proof_url: string;
                            crop: {
                                x: number;
                                y: number;
                                width: number;
                                height: number;
                            } | null;
                            /** @enum {string} */
                            season: "current" | "earlier";
                            year: number;
                            is_yearbook_pose: boolean;
                        }[];
                        expires_at: string;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    familyChoosePose: {
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
                "application/json": {
                    photo_id: string | number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        child: {
                            id: string;
                            first_name: string;
                            last_name: string;
                            class: string;
                            yearbook_pose: {
                                open: boolean;
                                deadline: string | null;
                                photo_id: string | null;
                                chosen_by_guardian: boolean;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiFamilyChildrenByIdOptOutRequests: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        opt_out_requests: {
                            id: string;
                            directory_opt_out: boolean;
                            yearbook_opt_out: boolean;
                            /** @enum {string} */
                            state: "pending" | "approved" | "declined";
                            created_at: string;
                            decided_at: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    familyRequestOptOut: {
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
                "application/json": {
                    /** @enum {boolean} */
                    directory_opt_out?: true;
                    /** @enum {boolean} */
                    yearbook_opt_out?: true;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        opt_out_request: {
                            id: string;
                            directory_opt_out: boolean;
                            yearbook_opt_out: boolean;
                            /** @enum {string} */
                            state: "pending" | "approved" | "declined";
                            created_at: string;
                            decided_at: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiProjectsByIdGuardians: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        guardians: {
                            id: string;
                            subject_id: string;
                            email: string;
                            claimed_at: string;
                            last_signed_in_at: string | null;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    guardianLinkDelete: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getApiProjectsByIdFamilyPoseChoices: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        family_pose_choices: {
                            subject_id: string;
                            photo_id: string;
                            chosen_at: string;
                            /** @enum {boolean} */
                            chosen_by_guardian: true;
                            current: boolean;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    optOutRequestList: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                state?: "pending" | "approved" | "declined";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        opt_out_requests: {
                            id: string;
                            subject_id: string;
                            guardian_email: string | null;
                            directory_opt_out: boolean;
                            yearbook_opt_out: boolean;
                            /** @enum {string} */
                            state: "pending" | "approved" | "declined";
                            decided_by: {
                                id: string;
                                name: string;
                            } | null;
                            decided_at: string | null;
                            created_at: string;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    optOutRequestDecide: {
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
                "application/json": {
                    opt_out_request: {
                        /** @enum {string} */
                        state: "approved" | "declined";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        opt_out_request: {
                            id: string;
                            subject_id: string;
                            guardian_email: string | null;
                            directory_opt_out: boolean;
                            yearbook_opt_out: boolean;
                            /** @enum {string} */
                            state: "pending" | "approved" | "declined";
                            decided_by: {
                                id: string;
                                name: string;
                            } | null;
                            decided_at: string | null;
                            created_at: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiProjectsByIdFamilySettings: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        family_settings: {
                            family_pose_deadline: string | null;
                            family_opt_outs_apply_at_once: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    familySettingsUpdate: {
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
                "application/json": {
                    family_settings: {
                        family_opt_outs_apply_at_once: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        family_settings: {
                            family_pose_deadline: string | null;
                            family_opt_outs_apply_at_once: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    familyCodeList: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        family_codes: {
                            subject_id: string;
                            code: string;
                            created_at: string;
                            guardians_count: number;
                        }[];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    familyCodeIssue: {
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
                "application/json": {
                    selection: {
                        filter?: {
                            keyword?: string;
                            field_1?: string;
                            value_1?: string;
                            field_2?: string;
                            value_2?: string;
                            /** @enum {string} */
                            images?: "any" | "with" | "without" | "retake";
                            /** Format: date-time */
                            added_since?: string;
                        } | null;
                        /** @default [] */
                        included_subject_ids?: string[];
                        /** @default [] */
                        excluded_subject_ids?: string[];
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        family_codes: {
                            issued: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableEntity"];
        };
    };
    getApiDevMailbox: {
        parameters: {
            query?: {
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: {
                            id: string;
                            to: string;
                            subject: string;
                            text: string;
                            html: string | null;
                            status: string;
                            created_at: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    postApiFamilyUnsubscribeOneClick: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
}
