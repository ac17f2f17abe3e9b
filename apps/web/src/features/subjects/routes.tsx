import type { RouteObject } from 'react-router';

/**
 * The subjects area (grid, new subject, subject tabs, upload, crop), mounted by the project area under
 * the activation check. Each screen is its own chunk.
 */
export const subjectRoutes: RouteObject[] = [];
