import type { RouteObject } from 'react-router';

/** File requests (list, new, detail), mounted by the app router among the signed-in, licensed routes. */
export const attachmentRequestRoutes: RouteObject[] = [];
