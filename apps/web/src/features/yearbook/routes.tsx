import type { RouteObject } from 'react-router';
import { screenRoute } from '../../app/routes';

const form = () => import('./TargetFormPage');

/**
 * Yearbook deliveries: a project's targets (a publisher each, with its deadlines), one target's ledger and
 * the check before a delivery, a delivery's change list; mounted by the project area under the
 * activation check. Each screen is its own chunk.
 */
export const yearbookRoutes: RouteObject[] = [
  screenRoute(
    'project.yearbook',
    'yearbook.title',
    async () => (await import('./YearbookPage')).YearbookPage,
  ),
  screenRoute(
    'project.yearbook-targets.new',
    'yearbook.form.new-title',
    async () => (await form()).NewTargetPage,
  ),
  screenRoute(
    'project.yearbook-target',
    'yearbook.target.title',
    async () => (await import('./TargetPage')).TargetPage,
  ),
  screenRoute(
    'project.yearbook-target.edit',
    'yearbook.form.edit-title',
    async () => (await form()).EditTargetPage,
  ),
  screenRoute(
    'project.yearbook-target.check',
    'yearbook.check.title',
    async () => (await import('./CheckPage')).CheckPage,
  ),
  screenRoute(
    'project.yearbook-delivery',
    'yearbook.delivery.title',
    async () => (await import('./DeliveryPage')).DeliveryPage,
  ),
];
