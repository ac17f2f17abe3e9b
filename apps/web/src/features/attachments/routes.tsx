import type { RouteObject } from 'react-router';

/**
 * A project's files (Files Requested, Files Uploaded, the upload page), mounted by the project area
 * under the activation check. Each screen is its own chunk.
 */
export const projectAttachmentRoutes: RouteObject[] = [];
