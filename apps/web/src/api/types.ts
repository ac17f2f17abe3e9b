/** Shapes of the answers the web app reads (API.md). Keys are snake_case as on the wire. */

export type Environment = 'development' | 'production' | 'test';

export interface AppConfig {
  environment: Environment;
  sign_in_region: string | null;
  landing_page_url: string | null;
  support_chat_enabled: boolean;
  support_chat_url: string | null;
  rebrand_banner_enabled: boolean;
  admin_user_url: string | null;
  companion_app_url: string | null;
  dev_mailbox: boolean;
}

export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  created_at: number;
}

export interface ListMeta {
  page: number;
  limit: number;
  total: number;
}

export interface ProjectSummary {
  id: string;
  name: string;
  short_code: string | null;
  organization_id: string;
  organization_name: string | null;
  season_id: string | null;
  season_name: string | null;
  /** Not served yet by every endpoint. */
  subjects_count?: number;
  created_at: string;
}

export interface ProjectsResponse {
  projects: ProjectSummary[];
  meta: ListMeta;
}

export interface Project extends Partial<ProjectSummary> {
  id: string;
  name: string;
}

export interface PasswordResetInfo {
  expires_at: string;
}

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  created_at: string;
}
